/**
 * The registry lead through the route (spec: POST /api/organisations/search, rule 2; Limits: REGISTRY_LEAD_MS
 * 5000): outside Australia a global aggregator slower than the lead is not cut at 5 s and reported degraded; the
 * agent streams once the lead expires and the aggregator's late answer is folded in within the search's time
 * limit. The route runs with its own container (the real adapters), the aggregator's contract fake answering
 * 6 s late (the fake's latency injection), every other provider's fake at zero latency. The lead, the time limit and
 * the fake's delay run on one manual clock that the test moves (to the lead, then to the late answer) instead of
 * waiting 6 s; each item is stamped with the clock's time when it arrived.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '../../src/app/api/organisations/search/route';
import { streamItemSchema, type StreamItem } from '../../src/core/candidates';
import { REGISTRY_LEAD_MS } from '../../src/server/search/registry-lead';
import { createManualTimers } from '../../src/server/timers';
import { startFakeOpenCorporates, type FakeOpenCorporates } from '../../src/sandbox/opencorporates/fake-opencorporates-server';
import { makeAccount } from '../support/factories';
import { waitUntil } from './abr-support';
import { startSandboxProviders, type SandboxProviders } from '../support/sandbox-providers';
import { createTestContainer, type TestContext } from '../support/test-container';

const LATE_MS = REGISTRY_LEAD_MS + 1000;
const timers = createManualTimers();

let providers: SandboxProviders;
let aggregator: FakeOpenCorporates;
let ctx: TestContext;
let server: ServerType;
let baseUrl: string;

beforeAll(async () => {
  providers = await startSandboxProviders('zero');
  aggregator = await startFakeOpenCorporates({ latency: 'zero' });
  aggregator.faults.timers = timers;
  ctx = await createTestContainer({
    env: { ...providers.env, OPENCORPORATES_BASE_URL: aggregator.url, SEARCH_MAX_DURATION_SECONDS: '20' },
    websiteFetcher: providers.sandbox.websiteFetcher,
    timers,
  });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: (request) => POST(request), port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await ctx?.close();
  await aggregator?.close();
  await providers?.sandbox.close();
});

/** The stream's items, each with the time it arrived (ms since the request on the manual clock), as they come. */
async function streamed(authorization: string, body: object, items: { item: StreamItem; at: number }[]): Promise<void> {
  const started = timers.now();
  const response = await fetch(`${baseUrl}/api/organisations/search`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  if (!response.body) throw new Error('no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') items.push({ item: streamItemSchema.parse(JSON.parse(line)), at: timers.now() - started });
  }
}

describe('a global aggregator slower than the registry lead', () => {
  it('is folded in when it answers, not cut at the lead and reported degraded', async () => {
    expect(REGISTRY_LEAD_MS).toBe(5000);
    aggregator.faults.clear();
    aggregator.faults.inject({ kind: 'delay', ms: LATE_MS });
    const account = await makeAccount(ctx.database.db);
    const items: { item: StreamItem; at: number }[] = [];
    const ended = streamed(account.authorization, { query: 'fernhollow analytics', countryIsoAlpha3: 'GBR' }, items);
    const isAgentRow = ({ item }: { item: StreamItem }) => item._type === 'candidate' && item.source === 'agent';
    // Three waits on the clock: the route's time limit, the lead, and the aggregator's call sitting out its delay at the fake.
    await timers.whenPending(3);
    await timers.advance(REGISTRY_LEAD_MS);
    // The agent's rows stream once the lead has expired (no sooner: they were held); then the aggregator answers.
    await waitUntil(() => items.some(isAgentRow));
    await timers.advance(LATE_MS - REGISTRY_LEAD_MS);
    await ended;

    expect(items.map(({ item }) => item._type)).not.toContain('channel-degraded');
    // The agent's row came when the lead expired, before the aggregator answered.
    const agentRows = items.filter(isAgentRow);
    expect(agentRows.length).toBeGreaterThan(0);
    expect(agentRows[0]?.at).toBeGreaterThanOrEqual(REGISTRY_LEAD_MS);
    expect(agentRows[0]?.at).toBeLessThan(LATE_MS);
    // The aggregator's answer came later and was folded in: its company number, as a new row or a patch of the agent's.
    const late = items.filter(({ at }) => at >= LATE_MS - 50).map(({ item }) => item);
    const lateIdentifiers = late.flatMap((item) => (item._type === 'candidate' || item._type === 'identifierPatch' ? item.identifiers : []));
    expect(lateIdentifiers.map((i) => i.value)).toEqual(expect.arrayContaining([expect.stringMatching(/09876543/)]));
  }, 60_000);
});
