/**
 * The sandbox operator switch (SANDBOX_FAULTS) driven through the HTTP stream: for every provider of the
 * search and every fault kind, sandbox mode starts its fakes from the environment exactly as `npm start`
 * does, the real adapters call them, and POST /api/organisations/search (over a real socket) ends cleanly:
 * a failing, malformed or hanging registry is `channel-degraded` (spec rule 6), a slow one is not, and an
 * agent or web-search fault never degrades the registry's channel. The stream never hangs: the route's
 * maximum duration (6 s here) bounds a hanging provider whose adapter timeout is longer. A slow provider's
 * search runs under a longer maximum duration, so that a loaded machine cannot turn "slow" into "cut off".
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '../../src/app/api/organisations/search/route';
import { createSearchProviderPorts } from '../../src/adapters/search/search-ports';
import { providerCache } from '../../src/adapters/db/schema';
import { createInternalMatches } from '../../src/adapters/db/queries/internal-matches';
import { createLogger } from '../../src/adapters/logging/logger';
import { parseEnvOrThrow } from '../../src/config/env';
import { searchPortsOf } from '../../src/composition-root';
import { streamItemSchema, type StreamItem } from '../../src/core/candidates';
import { SANDBOX_FAULT_KINDS, type SandboxFaultKind, type SandboxFaultProvider } from '../../src/core/sandbox-faults';
import { startSandbox } from '../../src/sandbox/start-sandbox';
import { createSearchOrganisations } from '../../src/server/search/search-organisations';
import { makeAccount } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';

const MAX_DURATION_SECONDS = 6;
/** For the `slow` kind: its answers (SANDBOX_SLOW_MS late each) must never meet the route's limit. */
const SLOW_MAX_DURATION_SECONDS = 30;
/** A liveness bound, not a speed target: the stream ends (cut by the limit at the latest) rather than hanging; generous for loaded machines. */
const ENDS_WITHIN_MS = MAX_DURATION_SECONDS * 1000 + 15_000;
/** Above every bound here, so that a slow stream fails on its assertion rather than on the test's timeout. */
const TEST_TIMEOUT_MS = SLOW_MAX_DURATION_SECONDS * 1000 + 15_000;
let ctx: TestContext;
let server: ServerType;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestContainer({ env: { SEARCH_MAX_DURATION_SECONDS: String(MAX_DURATION_SECONDS), SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: (request) => POST(request), port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await ctx.close();
});

/** Starts the sandbox with SANDBOX_FAULTS set as an operator would, wires the search to it, runs one search. */
async function searchWithFault(provider: SandboxFaultProvider, kind: SandboxFaultKind, country: 'AUS' | 'GBR'): Promise<{ items: StreamItem[]; ms: number }> {
  const env = parseEnvOrThrow({ APP_ENV: 'sandbox', SANDBOX_LATENCY: 'zero', SANDBOX_FAULTS: `${provider}:${kind}`, LOG_LEVEL: 'silent' });
  const log = createLogger({ level: 'silent' });
  const sandbox = await startSandbox(env, log);
  try {
    const db = ctx.container.database.db;
    ctx.container.searchOrganisations = createSearchOrganisations({
      ...searchPortsOf(createSearchProviderPorts(sandbox.env, db, log, { websiteFetcher: sandbox.websiteFetcher }), log),
      internalMatches: createInternalMatches(db),
      flags: ctx.container.flags,
      logo: ctx.container.logo,
      log,
    });
    ctx.container.env.SEARCH_MAX_DURATION_SECONDS = kind === 'slow' ? SLOW_MAX_DURATION_SECONDS : MAX_DURATION_SECONDS;
    // Every case calls the fakes: nothing answers from the shared provider cache of an earlier case.
    await db.delete(providerCache);
    const account = await makeAccount(db);
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/organisations/search`, {
      method: 'POST',
      headers: { authorization: account.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ query: country === 'AUS' ? 'koala logistics' : 'Harbourline Logistics', countryIsoAlpha3: country }),
    });
    expect(response.status).toBe(200);
    const text = await response.text(); // resolves only when the body ends normally
    return {
      items: text
        .split('\n')
        .filter(Boolean)
        .map((line) => streamItemSchema.parse(JSON.parse(line))),
      ms: performance.now() - started,
    };
  } finally {
    await sandbox.close();
  }
}

const degraded = (items: StreamItem[]) => items.filter((item) => item._type === 'channel-degraded').length;

describe.each([
  ['registry_au', 'AUS'],
  ['registry_global', 'GBR'],
] as const)('%s', (provider, country) => {
  it.each(SANDBOX_FAULT_KINDS)(
    `${provider} %s: the stream ends cleanly, degraded exactly when the registry failed`,
    async (kind) => {
      const { items, ms } = await searchWithFault(provider, kind, country);
      expect(ms).toBeLessThan(kind === 'slow' ? SLOW_MAX_DURATION_SECONDS * 1000 : ENDS_WITHIN_MS);
      expect(degraded(items)).toBe(kind === 'slow' ? 0 : 1);
      if (kind === 'slow') expect(items.some((item) => item._type === 'candidate' && item.source.startsWith('registry'))).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );
});

describe.each(['agent', 'web_search'] as const)('%s', (provider) => {
  it.each(SANDBOX_FAULT_KINDS)(
    `${provider} %s: the stream ends cleanly and the registry's channel is not degraded`,
    async (kind) => {
      const { items, ms } = await searchWithFault(provider, kind, 'AUS');
      expect(ms).toBeLessThan(kind === 'slow' ? SLOW_MAX_DURATION_SECONDS * 1000 : ENDS_WITHIN_MS);
      expect(degraded(items)).toBe(0);
      expect(items.some((item) => item._type === 'candidate' && item.source === 'registry_au')).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('company_data (enrichment only, not on the search stream)', () => {
  it.each(SANDBOX_FAULT_KINDS)(
    'company_data %s: the switch reaches its fake',
    async (kind) => {
      const env = parseEnvOrThrow({ APP_ENV: 'sandbox', SANDBOX_LATENCY: 'zero', SANDBOX_FAULTS: `company_data:${kind}` });
      const sandbox = await startSandbox(env, createLogger({ level: 'silent' }));
      try {
        const started = performance.now();
        const answer = await fetch(`${sandbox.env.COMPANY_DATA_BASE_URL}/v2/companies/koala.example`, { signal: AbortSignal.timeout(4000) })
          .then(async (response) => ({ status: response.status, body: await response.text() }))
          .catch((error: unknown) => ({ status: 0, body: String(error) }));
        if (kind === 'failing') expect(answer.status).toBe(500);
        if (kind === 'hanging') expect(answer.status).toBe(0);
        if (kind === 'slow') expect(performance.now() - started).toBeGreaterThan(1400);
        if (kind === 'malformed') expect(() => JSON.parse(answer.body)).toThrow();
      } finally {
        await sandbox.close();
      }
    },
    20_000,
  );
});

describe('outside the sandbox', () => {
  it('the environment refuses SANDBOX_FAULTS with APP_ENV=production, and an unknown provider or kind anywhere', () => {
    expect(() => parseEnvOrThrow({ APP_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), SANDBOX_FAULTS: 'agent:slow' })).toThrow(/sandbox-only/);
    expect(() => parseEnvOrThrow({ SANDBOX_FAULTS: 'registry:failing' })).toThrow(/SANDBOX_FAULTS/);
    expect(() => parseEnvOrThrow({ SANDBOX_FAULTS: 'agent:broken' })).toThrow(/SANDBOX_FAULTS/);
    expect(parseEnvOrThrow({ SANDBOX_FAULTS: 'agent:slow, registry_au:hanging' }).SANDBOX_FAULTS).toEqual([
      { provider: 'agent', kind: 'slow' },
      { provider: 'registry_au', kind: 'hanging' },
    ]);
  });
});
