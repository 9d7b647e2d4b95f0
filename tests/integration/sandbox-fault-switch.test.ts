/**
 * The sandbox operator switch (SANDBOX_FAULTS) driven through the HTTP stream: for every provider of the
 * search and every fault kind, sandbox mode starts its fakes from the environment exactly as `npm start`
 * does, the real adapters call them, and POST /api/organisations/search (over a real socket) ends cleanly:
 * a failing, malformed or hanging registry is `channel-degraded` (spec rule 6), a slow one is not, and an
 * agent or web-search fault never degrades the registry's channel. The stream never hangs: the route's
 * maximum duration (6 s here) bounds a hanging provider whose adapter timeout is longer.
 *
 * No case waits on the real clock for the sandbox's delays, the registry lead or the time limit. Each case has two
 * manual clocks: the fakes' (their `slow` and `late` delays), which the test moves on whenever a fake's answer waits
 * on it, and the product's (the registry lead and its website window, the route's time limit), which it moves only
 * to let a `late` or `hanging` provider run into the lead and the limit, as it would in real time: a slow answer
 * (SANDBOX_SLOW_MS) comes within every bound of the product, a late or hanging one after them.
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
import { SANDBOX_LATE_MS, SANDBOX_SLOW_MS } from '../../src/sandbox/fault-switch';
import { startSandbox } from '../../src/sandbox/start-sandbox';
import { REGISTRY_LEAD_MS } from '../../src/server/search/registry-lead';
import { createSearchOrganisations } from '../../src/server/search/search-organisations';
import { createManualTimers, type ManualTimers } from '../../src/server/timers';
import { makeAccount } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { waitUntil } from './abr-support';

const MAX_DURATION_SECONDS = 6;
const MAX_DURATION_MS = MAX_DURATION_SECONDS * 1000;
/** A liveness bound in real time, generous for loaded machines: a stream that never ends fails here. */
const TEST_TIMEOUT_MS = 45_000;
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

const isRegistryCandidate = (item: StreamItem) => item._type === 'candidate' && item.source.startsWith('registry');

/**
 * Time passes for one search as it would in real time. Slow: each answer a fake holds back comes once the fakes'
 * clock reaches it (the product's clock stands still: a slow answer is within every bound). Late or hanging: the
 * faulty provider's answer does not come before the product's clock reaches the time limit; first the other
 * channels have had their real-time answers (the registry's rows once the registry answered, which a late or hanging
 * web search holds back until the lead window closes).
 */
async function letTimePass(
  provider: SandboxFaultProvider,
  kind: SandboxFaultKind,
  clocks: { fakes: ManualTimers; product: ManualTimers },
  stream: { items: StreamItem[]; ended: Promise<void> },
): Promise<void> {
  let ended = false;
  stream.ended.then(
    () => (ended = true),
    () => (ended = true),
  );
  if (kind === 'slow') {
    for (;;) {
      await Promise.race([clocks.fakes.whenPending(), stream.ended]);
      const due = clocks.fakes.nextDue();
      if (ended || due === undefined) return;
      await clocks.fakes.advance(due - clocks.fakes.now());
    }
  }
  if (kind !== 'late' && kind !== 'hanging') return;
  // The route's time limit and the search's registry lead are armed (the search starts on the stream's first read).
  if (provider !== 'agent') await clocks.product.whenPending(2);
  if (provider === 'web_search') await clocks.product.advance(REGISTRY_LEAD_MS);
  if (provider === 'agent' || provider === 'web_search') await waitUntil(() => ended || stream.items.some(isRegistryCandidate), TEST_TIMEOUT_MS);
  await clocks.product.advance(MAX_DURATION_MS - clocks.product.now());
}

/** Starts the sandbox with SANDBOX_FAULTS set as an operator would, wires the search to it, runs one search. */
async function searchWithFault(
  provider: SandboxFaultProvider,
  kind: SandboxFaultKind,
  country: 'AUS' | 'GBR',
): Promise<{ items: StreamItem[]; endedAt: number }> {
  const env = parseEnvOrThrow({ APP_ENV: 'sandbox', SANDBOX_LATENCY: 'zero', SANDBOX_FAULTS: `${provider}:${kind}`, LOG_LEVEL: 'silent' });
  const log = createLogger({ level: 'silent' });
  const clocks = { fakes: createManualTimers(), product: createManualTimers() };
  const sandbox = await startSandbox(env, log, { timers: clocks.fakes });
  try {
    const db = ctx.container.database.db;
    ctx.container.searchOrganisations = createSearchOrganisations({
      ...searchPortsOf(createSearchProviderPorts(sandbox.env, db, log, { websiteFetcher: sandbox.websiteFetcher }), log),
      internalMatches: createInternalMatches(db),
      flags: ctx.container.flags,
      logo: ctx.container.logo,
      log,
      timers: clocks.product,
    });
    ctx.container.timers = clocks.product;
    // Every case calls the fakes: nothing answers from the shared provider cache of an earlier case.
    await db.delete(providerCache);
    const account = await makeAccount(db);
    const response = await fetch(`${baseUrl}/api/organisations/search`, {
      method: 'POST',
      headers: { authorization: account.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ query: country === 'AUS' ? 'koala logistics' : 'Harbourline Logistics', countryIsoAlpha3: country }),
    });
    expect(response.status).toBe(200);
    const items: StreamItem[] = [];
    const ended = readItems(response, items); // resolves only when the body ends normally
    await letTimePass(provider, kind, clocks, { items, ended });
    await ended;
    return { items, endedAt: clocks.product.now() };
  } finally {
    await sandbox.close();
  }
}

/** Appends the stream's items as they come; resolves when the body ends normally. */
async function readItems(response: Response, items: StreamItem[]): Promise<void> {
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (let next = await reader?.read(); next && !next.done; next = await reader?.read()) {
    const lines = (buffered + next.value).split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') items.push(streamItemSchema.parse(JSON.parse(line)));
  }
  if (buffered.trim() !== '') items.push(streamItemSchema.parse(JSON.parse(buffered)));
}

const degraded = (items: StreamItem[]) => items.filter((item) => item._type === 'channel-degraded').length;

describe.each([
  ['registry_au', 'AUS'],
  ['registry_global', 'GBR'],
] as const)('%s', (provider, country) => {
  it.each(SANDBOX_FAULT_KINDS)(
    `${provider} %s: the stream ends cleanly, degraded exactly when the registry failed`,
    async (kind) => {
      const { items, endedAt } = await searchWithFault(provider, kind, country);
      // Ended by the time limit at the latest, on the product's clock.
      expect(endedAt).toBeLessThanOrEqual(MAX_DURATION_MS);
      expect(degraded(items)).toBe(kind === 'slow' ? 0 : 1);
      if (kind === 'slow') expect(items.some(isRegistryCandidate)).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );
});

describe.each(['agent', 'web_search'] as const)('%s', (provider) => {
  it.each(SANDBOX_FAULT_KINDS)(
    `${provider} %s: the stream ends cleanly and the registry's channel is not degraded`,
    async (kind) => {
      const { items, endedAt } = await searchWithFault(provider, kind, 'AUS');
      expect(endedAt).toBeLessThanOrEqual(MAX_DURATION_MS);
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
      const fakes = createManualTimers();
      const sandbox = await startSandbox(env, createLogger({ level: 'silent' }), { timers: fakes });
      try {
        // A hanging fake never answers: the client's patience (real time) ends the call.
        const patience = kind === 'hanging' ? AbortSignal.timeout(1000) : undefined;
        let answered = false;
        const call = fetch(`${sandbox.env.COMPANY_DATA_BASE_URL}/v2/companies/koalalogistics.com.au`, {
          headers: { authorization: `Basic ${sandbox.env.COMPANY_DATA_API_KEY}` },
          signal: patience,
        })
          .then(async (response) => ({ status: response.status, body: await response.text() }))
          .catch((error: unknown) => ({ status: 0, body: String(error) }))
          .finally(() => (answered = true));
        if (kind === 'slow' || kind === 'late') {
          // The answer waits on the fakes' clock, as long as the kind says, and comes once the clock gets there.
          await fakes.whenPending();
          expect(fakes.nextDue()).toBe(kind === 'slow' ? SANDBOX_SLOW_MS : SANDBOX_LATE_MS);
          await fakes.advance((fakes.nextDue() ?? 0) - 1);
          expect(answered).toBe(false);
          await fakes.advance(1);
        }
        const answer = await call;
        if (kind === 'failing') expect(answer.status).toBe(500);
        if (kind === 'hanging') expect([answer.status, fakes.pending]).toEqual([0, 0]);
        if (kind === 'slow' || kind === 'late') expect(answer.status).toBe(200);
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
