/**
 * The safe fetcher over real sockets against the fake home pages (src/sandbox/websites). Without the
 * test-only loopback allowance every private, loopback, link-local and reserved destination is refused, at
 * connect time and on every redirect hop, and nothing reaches the server; with it, the limits hold.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSafeFetcher, type PageFetcher, type ResolveHost, type SafeFetcherOptions } from '../../src/adapters/website-validation/safe-fetch';
import { sandboxWebsiteFetcherOptions, startFakeWebsites, type FakeWebsites } from '../../src/sandbox/websites/fake-websites-server';

let fake: FakeWebsites;
const fetchers: PageFetcher[] = [];

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

function fetcher(options: SafeFetcherOptions): PageFetcher {
  const created = createSafeFetcher(options);
  fetchers.push(created);
  return created;
}

/** The sandbox wiring: every host resolves to loopback and the loopback allowance is on. */
const sandboxFetcher = (options: Partial<SafeFetcherOptions> = {}) => fetcher({ ...sandboxWebsiteFetcherOptions(fake), ...options });

/** The production policy, with DNS answers chosen by the test. */
const productionFetcher = (answers: Record<string, string[]>, resolved: string[] = []) => {
  const resolveHost: ResolveHost = async (hostname) => {
    resolved.push(hostname);
    return answers[hostname] ?? ['127.0.0.1'];
  };
  return fetcher({ resolveHost });
};

describe('safe fetcher: the production policy (no loopback allowance)', () => {
  it.each([
    ['http://127.0.0.1/', 'loopback'],
    ['http://127.8.9.10/', 'loopback'],
    ['http://[::1]/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://10.0.0.1/', 'private'],
    ['http://192.168.1.1/', 'private'],
    ['http://172.16.0.1/', 'private'],
    ['http://169.254.169.254/latest/meta-data/', 'linkLocal'],
    ['http://100.64.0.1/', 'carrierGradeNat'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://[fc00::1]/', 'uniqueLocal'],
    ['http://[fe80::1]/', 'linkLocal'],
    ['http://224.0.0.1/', 'multicast'],
  ])('refuses the address literal %s (%s)', async (url, range) => {
    const result = await productionFetcher({}).fetchPage(url);
    expect(result).toMatchObject({ ok: false, failure: { kind: 'blocked-address' } });
    expect(result.ok ? '' : result.failure.message).toContain(range);
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ['loopback', ['127.0.0.1']],
    ['loopback v6', ['::1']],
    ['private', ['10.1.2.3']],
    ['cloud metadata', ['169.254.169.254']],
    ['IPv4-mapped private', ['::ffff:192.168.0.10']],
    ['a mixed answer', ['8.8.8.8', '10.0.0.1']],
    ['no answer', []],
  ])('refuses a host name resolving to %s, at connect time, without reaching the server', async (_, addresses) => {
    const resolved: string[] = [];
    const result = await productionFetcher({ 'sunbrightsolar.com.au': addresses }, resolved).fetchPage('https://sunbrightsolar.com.au/');
    expect(result).toMatchObject({ ok: false, failure: { kind: 'blocked-address' } });
    expect(resolved).toEqual(['sunbrightsolar.com.au']);
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ['ftp://acme.com.au/', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['https://user:secret@acme.com.au/', 'credentials'],
    ['https://acme.com.au:8443/', 'port'],
    ['http://localhost/', 'internal'],
    ['http://printer.local/', 'internal'],
    ['http://metadata.google.internal/', 'internal'],
    ['http://router.home.arpa/', 'internal'],
    ['http://intranet/', 'public suffix'],
    ['http://acme.notatld/', 'public suffix'],
    ['not a url', 'not a URL'],
  ])('refuses the URL %s before any lookup (%s)', async (url, why) => {
    const resolved: string[] = [];
    const result = await productionFetcher({}, resolved).fetchPage(url);
    expect(result).toMatchObject({ ok: false, failure: { kind: 'blocked-url' } });
    expect(result.ok ? '' : result.failure.message).toContain(why);
    expect(resolved).toEqual([]);
  });
});

describe('safe fetcher: with the test-only loopback allowance (the sandbox wiring)', () => {
  it('fetches a fake home page over a real socket, Host header and all', async () => {
    const result = await sandboxFetcher().fetchPage('https://sunbrightsolar.com.au/');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.page).toMatchObject({ url: 'https://sunbrightsolar.com.au/', status: 200, contentType: 'text/html', truncated: false, redirects: [] });
    expect(result.page.html).toContain('Sunbright Solar Pty Ltd');
    expect(fake.requests).toEqual([{ host: 'sunbrightsolar.com.au', path: '/' }]);
  });

  it('follows a redirect chain by hand and reports the final URL', async () => {
    const result = await sandboxFetcher().fetchPage('https://wattle.com.au/');
    expect(result).toMatchObject({
      ok: true,
      page: { url: 'https://www.wattle.com.au/au/home', redirects: ['https://www.wattle.com.au/', 'https://www.wattle.com.au/au/home'] },
    });
  });

  it.each([
    ['https://169.254.169.254/latest/meta-data/', 'linkLocal'],
    ['https://10.0.0.8/', 'private'],
    ['https://[fd00::1]/', 'uniqueLocal'],
  ])('still refuses a redirect to %s', async (target, range) => {
    const result = await sandboxFetcher().fetchPage(`https://bounce.com.au/?to=${encodeURIComponent(target)}`);
    expect(result).toMatchObject({ ok: false, failure: { kind: 'blocked-address' }, redirects: [target] });
    expect(result.ok ? '' : result.failure.message).toContain(range);
  });

  it('still refuses a redirect to a host name resolving to a private address (checked when connecting to that hop)', async () => {
    const resolved: string[] = [];
    const f = sandboxFetcher({
      resolveHost: async (hostname) => {
        resolved.push(hostname);
        return hostname === 'internal-api.com.au' ? ['10.20.30.40'] : ['127.0.0.1'];
      },
    });
    const result = await f.fetchPage(`https://bounce.com.au/?to=${encodeURIComponent('https://internal-api.com.au/admin')}`);
    expect(result).toMatchObject({
      ok: false,
      failure: { kind: 'blocked-address', message: 'internal-api.com.au: address 10.20.30.40 is private, not public' },
    });
    expect(resolved).toEqual(['bounce.com.au', 'internal-api.com.au']);
  });

  it('checks every new connection: a host that rebinds to a private address is refused on its next connect', async () => {
    const answers = [['127.0.0.1'], ['10.0.0.1']];
    const f = sandboxFetcher({ resolveHost: async () => answers.shift() ?? ['10.0.0.1'] });
    expect((await f.fetchPage('https://sunbrightsolar.com.au/')).ok).toBe(true);
    expect(await f.fetchPage('https://sunbrightsolar.com.au/')).toMatchObject({ ok: false, failure: { kind: 'blocked-address' } });
    expect(fake.requests).toHaveLength(1);
  });

  it('refuses a redirect from https down to http', async () => {
    const result = await sandboxFetcher().fetchPage(`https://bounce.com.au/?to=${encodeURIComponent('http://sunbrightsolar.com.au/')}`);
    expect(result).toMatchObject({ ok: false, failure: { kind: 'blocked-url', message: 'redirect downgrades https to http' } });
  });

  it('stops after maxRedirects hops', async () => {
    const result = await sandboxFetcher({ limits: { maxRedirects: 3 } }).fetchPage('https://redirect-loop.com.au/');
    expect(result).toMatchObject({ ok: false, failure: { kind: 'too-many-redirects' } });
    expect(fake.requests).toHaveLength(4);
  });

  it('stops reading at maxBytes of the body', async () => {
    const result = await sandboxFetcher({ limits: { maxBytes: 64 * 1024 } }).fetchPage('https://bigpage.com.au/');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.page.truncated).toBe(true);
    expect(Buffer.byteLength(result.page.html)).toBeLessThanOrEqual(64 * 1024);
    expect(result.page.html).not.toContain('Bigpage Media');
  });

  it('decodes a gzip body and counts the decoded bytes', async () => {
    const whole = await sandboxFetcher().fetchPage('https://kookaburra.com.au/');
    expect(whole).toMatchObject({ ok: true, page: { truncated: false } });
    expect(whole.ok && whole.page.html).toContain('Kookaburra Capital Limited');
    const cut = await sandboxFetcher({ limits: { maxBytes: 200 } }).fetchPage('https://kookaburra.com.au/');
    expect(cut).toMatchObject({ ok: true, page: { truncated: true } });
    expect(cut.ok && cut.page.html.length).toBe(200);
  });

  it('gives up after timeoutMs on a server that never answers', async () => {
    const started = Date.now();
    const result = await sandboxFetcher({ limits: { timeoutMs: 300 } }).fetchPage('https://slowpoke.com.au/');
    expect(result).toMatchObject({ ok: false, failure: { kind: 'timeout' } });
    // The server never answers, so only a timer ends the fetch: the configured 300 ms one, not the 10 s default
    // (a bound at half the default, generous for a loaded machine).
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await sandboxFetcher().fetchPage('https://slowpoke.com.au/', { signal: controller.signal });
    expect(result).toMatchObject({ ok: false, failure: { kind: 'aborted' } });
  });

  it('accepts only HTML and 2xx answers', async () => {
    expect(await sandboxFetcher().fetchPage('https://brochure.com.au/')).toMatchObject({
      ok: false,
      failure: { kind: 'not-html', message: 'content type application/pdf is not HTML' },
    });
    expect(await sandboxFetcher().fetchPage('https://nobody-here.com.au/')).toMatchObject({ ok: false, failure: { kind: 'http-status', status: 404 } });
  });

  it('still refuses what the URL rules refuse', async () => {
    expect(await sandboxFetcher().fetchPage('http://localhost/')).toMatchObject({ ok: false, failure: { kind: 'blocked-url' } });
    expect(await sandboxFetcher().fetchPage('https://sunbrightsolar.com.au:8080/')).toMatchObject({ ok: false, failure: { kind: 'blocked-url' } });
  });
});
