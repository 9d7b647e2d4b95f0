/**
 * The website validator (tier 1 affinity, tier 2 content grounding) over real sockets against the fake home
 * pages, and the `validate-website` CLI command.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/adapters/logging/logger';
import { createSafeFetcher, type PageFetcher, type SafeFetcherOptions } from '../../src/adapters/website-validation/safe-fetch';
import { createWebsiteValidator } from '../../src/adapters/website-validation/website-validator';
import type { CommandContext } from '../../src/cli/command';
import { createValidateWebsiteCommand } from '../../src/cli/commands/validate-website';
import { EXIT_OK, EXIT_USAGE, runCli } from '../../src/cli/run-cli';
import { parseEnvOrThrow } from '../../src/config/env';
import { sandboxWebsiteFetcherOptions, startFakeWebsites, type FakeWebsites } from '../../src/sandbox/websites/fake-websites-server';
import type { WebsiteValidator } from '../../src/server/search/ports';

let fake: FakeWebsites;
const fetchers: PageFetcher[] = [];
const log = createLogger({ level: 'silent', destination: 'stderr' });

beforeAll(async () => {
  fake = await startFakeWebsites();
});
afterAll(async () => {
  await Promise.all(fetchers.map((f) => f.close()));
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

function validatorOver(options: SafeFetcherOptions): WebsiteValidator {
  const fetcher = createSafeFetcher(options);
  fetchers.push(fetcher);
  return createWebsiteValidator({ fetcher, log });
}

const sandboxValidator = (limits?: SafeFetcherOptions['limits']) => validatorOver({ ...sandboxWebsiteFetcherOptions(fake), limits });

describe('website validator against the fake home pages', () => {
  it('tier 1 accepts a strong brand-to-domain match without fetching anything', async () => {
    const verdict = await sandboxValidator().validate('SUNBRIGHT SOLAR PTY LTD', 'https://www.sunbrightsolar.com.au/');
    expect(verdict).toMatchObject({ accepted: true, tier: 1, score: 1 });
    expect(verdict.reason).toContain('strong affinity');
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ['OUTBACK ENERGY SYSTEMS PTY LTD', 'https://outbackenergy.com.au/', 'copyright line "Outback Energy Systems Pty Ltd"'],
    ['KOALA LOGISTICS PTY LTD', 'koalafreight.com.au', 'schema.org Organization legalName "Koala Logistics Pty Ltd"'],
    ['KOOKABURRA CAPITAL LIMITED', 'https://kookaburra.com.au', 'schema.org Organization legalName "Kookaburra Capital Limited"'],
    ['WATTLE CONSULTING PTY LTD', 'wattle.com.au', 'og:site_name "Wattle Consulting" confirms the name (domain affinity medium)'],
  ])('tier 2 accepts %s on %s: %s', async (name, url, reason) => {
    const verdict = await sandboxValidator().validate(name, url);
    expect(verdict).toMatchObject({ accepted: true, tier: 2 });
    expect(verdict.score).toBeGreaterThanOrEqual(0.92);
    expect(verdict.reason).toContain(reason);
    expect(fake.requests.length).toBeGreaterThan(0);
  });

  it.each([
    ['HARBOUR CITY FINANCIAL LIMITED', 'harbourcity.com.au', 'redirected to another domain (harbourcity-finance.com)'],
    ['BARRAMUNDI SYSTEMS LIMITED', 'barramundi.com.au', 'the page is a parked domain'],
    ['ACME WIDGETS PTY LTD', 'https://widgetwatch.com.au/', 'title names the company but the domain affinity is none'],
    ['WOMBAT WORKS PTY LTD', 'wombat.com.au', 'refreshes to another domain (example.com)'],
    ['ACME WIDGETS PTY LTD', 'sunbrightsolar.com.au', 'no name on the page matches the company name'],
  ])('tier 2 rejects %s on %s: %s', async (name, url, reason) => {
    const verdict = await sandboxValidator().validate(name, url);
    expect(verdict).toMatchObject({ accepted: false, tier: 2 });
    expect(verdict.reason).toContain(reason);
  });

  it('never reads past the byte budget: a confirming line after it does not count', async () => {
    const verdict = await sandboxValidator({ maxBytes: 256 * 1024 }).validate('BIGPAGE MEDIA PTY LTD', 'bigpage.com.au');
    expect(verdict).toMatchObject({ accepted: false, tier: 2, reason: 'no name on the page matches the company name' });
  });

  // A short time budget only where the server never answers: elsewhere a loaded machine must not turn the
  // failure under test into a timeout.
  it.each([
    ['slowpoke.com.au', 'fetch failed: timeout', 300],
    ['brochure.com.au', 'fetch failed: not-html', 5_000],
    ['redirect-loop.com.au', 'fetch failed: too-many-redirects', 5_000],
    ['nobody-home.com.au', 'fetch failed: http-status: HTTP 404', 5_000],
  ])('a failed fetch of %s is a rejection, never a throw: %s', async (url, reason, timeoutMs) => {
    const verdict = await sandboxValidator({ timeoutMs }).validate('SLOWPOKE LOGISTICS PTY LTD', url);
    expect(verdict).toMatchObject({ accepted: false, tier: 2 });
    expect(verdict.reason).toContain(reason);
  });

  it('with the production policy the loopback fake is refused: fetch failed, blocked address, nothing reached', async () => {
    const production = validatorOver({ resolveHost: async () => ['127.0.0.1'] });
    const verdict = await production.validate('OUTBACK ENERGY SYSTEMS PTY LTD', 'https://outbackenergy.com.au/');
    expect(verdict).toMatchObject({ accepted: false, tier: 2 });
    expect(verdict.reason).toContain('fetch failed: blocked-address');
    expect(fake.requests).toHaveLength(0);
  });

  it('offline stops after tier 1 and fetches nothing', async () => {
    const verdict = await sandboxValidator().validate('OUTBACK ENERGY SYSTEMS PTY LTD', 'https://outbackenergy.com.au/', { offline: true });
    expect(verdict).toMatchObject({ accepted: false, tier: 1, score: 0.7 });
    expect(verdict.reason).toContain('content grounding skipped (offline)');
    expect(fake.requests).toHaveLength(0);
  });

  it('rejects social and directory hosts and non-public addresses at tier 1 without fetching', async () => {
    const validator = sandboxValidator();
    expect(await validator.validate('ACME WIDGETS PTY LTD', 'https://www.facebook.com/acmewidgets')).toMatchObject({ accepted: false, tier: 1, score: 0 });
    expect(await validator.validate('ACME WIDGETS PTY LTD', 'http://127.0.0.1/')).toMatchObject({ accepted: false, tier: 1, score: 0 });
    expect(fake.requests).toHaveLength(0);
  });

  it('fetches a home page once per host while it is cached', async () => {
    const validator = sandboxValidator();
    await validator.validate('OUTBACK ENERGY SYSTEMS PTY LTD', 'https://outbackenergy.com.au/');
    await validator.validate('OUTBACK ENERGY SYSTEMS PTY LTD', 'outbackenergy.com.au/about');
    expect(fake.requests).toEqual([{ host: 'outbackenergy.com.au', path: '/' }]);
  });
});

describe('validate-website CLI command', () => {
  async function cli(...argv: string[]) {
    const stdout = new PassThrough();
    const out: Buffer[] = [];
    stdout.on('data', (c: Buffer) => out.push(c));
    const env = parseEnvOrThrow({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const code = await runCli(argv, { env, log, stdout, stderr: new PassThrough() });
    return { code, json: JSON.parse(Buffer.concat(out).toString('utf8').trim()) as Record<string, unknown> };
  }

  it('is registered: --offline prints tier 1 {accepted, tier, score, reason}', async () => {
    const accepted = await cli('validate-website', '--name', 'Acme Widgets Pty Ltd', '--url', 'https://www.acmewidgets.com.au', '--offline');
    expect(accepted.code).toBe(EXIT_OK);
    expect(accepted.json).toEqual({ accepted: true, tier: 1, score: 1, reason: 'strong affinity 1: label is the name (acmewidgets.com.au)' });
    const medium = await cli('validate-website', '--name', 'Commonwealth Bank of Australia', '--url', 'commbank.com.au', '--offline');
    expect(medium.json).toMatchObject({ accepted: false, tier: 1, score: 0.65 });
  });

  it('rejects missing flags as a usage error naming the flag', async () => {
    const missing = await cli('validate-website', '--name', 'Acme');
    expect(missing.code).toBe(EXIT_USAGE);
    expect(missing.json).toEqual({ error: 'validate-website: --url: is required' });
  });

  it('runs tier 2 over the network (here the fake home pages)', async () => {
    const command = createValidateWebsiteCommand({ fetcher: sandboxWebsiteFetcherOptions(fake) });
    const unused = () => Promise.reject(new Error('validate-website needs no database'));
    const context: CommandContext = {
      env: parseEnvOrThrow({ NODE_ENV: 'test' }),
      log,
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      database: unused,
      auth: unused,
    };
    const outcome = await command.execute(context, { name: 'KOALA LOGISTICS PTY LTD', url: 'https://koalafreight.com.au/' });
    expect(outcome).toEqual({
      ok: true,
      result: { accepted: true, tier: 2, score: 1, reason: 'schema.org Organization legalName "Koala Logistics Pty Ltd" confirms the name' },
    });
  });
});
