/**
 * The Brave adapter against the Brave fake over real sockets: results, country, auth, faults and abort. Where time
 * decides a fault's outcome (a timeout, a slow body) the client's timeouts and the fake's delays run on a manual clock,
 * which the test moves once the call waits on it.
 */
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBraveWebSearch } from '../../src/adapters/web-search/adapter';
import { createBraveClient } from '../../src/adapters/web-search/client';
import type { Fault } from '../../src/sandbox/faults';
import type { ProviderResult, WebSearchHit } from '../../src/server/search/ports';
import { startFakeBrave, type FakeBrave } from '../../src/sandbox/web-search/fake-brave-server';
import type { Timers } from '../../src/server/ports';
import { createManualTimers } from '../../src/server/timers';
import { advanceWhenWaiting } from './abr-support';

const log = pino({ level: 'silent' });

/** The hits of a successful answer; a failure fails the test with its reason. */
function hitsOf(answer: ProviderResult<WebSearchHit[]>): WebSearchHit[] {
  if (!answer.ok) throw new Error(`expected hits, got ${answer.failure.kind}: ${answer.failure.message}`);
  return answer.value;
}
let brave: FakeBrave;

const timers = createManualTimers();

beforeEach(async () => {
  brave = await startFakeBrave();
  brave.faults.timers = timers;
});
afterEach(async () => {
  await brave.close();
});

const TIMEOUT_MS = 800;
const search = (options: { apiKey?: string; timeoutMs?: number; timers?: Timers } = {}) =>
  createBraveWebSearch({
    client: createBraveClient({
      apiKey: options.apiKey ?? 'sandbox-key',
      baseUrl: brave.url,
      log,
      timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
      retryDelayMs: 10,
      ...(options.timers ? { timers: options.timers } : {}),
    }),
    log,
  });

describe('Brave adapter', () => {
  it('returns plain-text hits for the country, sending alpha-2 and the subscription token', async () => {
    const hits = hitsOf(await search().search('solar installers', { countryAlpha2: 'au', count: 3 }));
    expect(hits.map((h) => h.url)).toEqual(['https://www.sunbrightsolar.com.au/', 'https://harbourlinesolar.com.au/about', 'https://outbackenergy.com.au/']);
    expect(hits.every((h) => !h.snippet.includes('<strong>') && h.source === 'brave')).toBe(true);
    const sent = new URL(brave.connections.requests[0]?.url ?? '', brave.url);
    expect(sent.pathname).toBe('/res/v1/web/search');
    expect(sent.searchParams.get('country')).toBe('AU');
    expect(sent.searchParams.get('count')).toBe('3');
  });

  it('searches worldwide without a country, and without one for countries Brave does not support', async () => {
    await search().search('solar installers', { count: 5 });
    await search().search('solar installers', { countryAlpha2: 'KE', count: 5 });
    for (const r of brave.connections.requests) expect(new URL(r.url, brave.url).searchParams.has('country')).toBe(false);
  });

  it('an empty subscription token is a 401, not retried', async () => {
    expect(await search({ apiKey: ' ' }).search('solar', { count: 5 })).toMatchObject({ ok: false, failure: { kind: 'http', status: 401 } });
    expect(brave.connections.requests).toHaveLength(1);
  });

  /** `clock`: the row's outcome is decided by time; the clock moves that far once the call waits on it. */
  const matrix: { name: string; fault: Fault; times: number; outcome: 'hits' | { kind: string; status?: number }; requests: number; clock?: number }[] = [
    { name: 'timeout', fault: { kind: 'delay', ms: 3000 }, times: 1, outcome: { kind: 'timeout' }, requests: 1, clock: TIMEOUT_MS },
    { name: '5xx then success', fault: { kind: 'status', status: 503 }, times: 1, outcome: 'hits', requests: 2 },
    { name: 'two 5xx', fault: { kind: 'status', status: 500 }, times: 2, outcome: { kind: 'http', status: 500 }, requests: 2 },
    { name: '429 then success', fault: { kind: 'status', status: 429 }, times: 1, outcome: 'hits', requests: 2 },
    { name: '403', fault: { kind: 'status', status: 403 }, times: 1, outcome: { kind: 'http', status: 403 }, requests: 1 },
    { name: 'malformed JSON', fault: { kind: 'malformed' }, times: 1, outcome: { kind: 'malformed' }, requests: 1 },
    { name: 'slow first byte', fault: { kind: 'slow-body', ms: 400 }, times: 1, outcome: 'hits', requests: 1, clock: 400 },
    {
      name: 'slow first byte beyond the timeout',
      fault: { kind: 'slow-body', ms: 3000 },
      times: 1,
      outcome: { kind: 'timeout' },
      requests: 1,
      clock: TIMEOUT_MS,
    },
    { name: 'connection reset then success', fault: { kind: 'reset' }, times: 1, outcome: 'hits', requests: 2 },
    { name: 'connection reset twice', fault: { kind: 'reset' }, times: 2, outcome: { kind: 'network' }, requests: 2 },
    { name: 'hang', fault: { kind: 'hang' }, times: 1, outcome: { kind: 'timeout' }, requests: 1, clock: TIMEOUT_MS },
  ];

  for (const row of matrix) {
    it(`fault: ${row.name} -> ${row.outcome === 'hits' ? 'hits' : JSON.stringify(row.outcome)} after ${row.requests} request(s)`, async () => {
      brave.faults.inject(row.fault, row.times);
      const answer =
        row.clock === undefined
          ? await search().search('solar installers', { countryAlpha2: 'AU', count: 5 })
          : await advanceWhenWaiting(
              { timers, plan: brave.faults },
              row.clock,
              search({ timers }).search('solar installers', { countryAlpha2: 'AU', count: 5 }),
              {
                fakeDelay: row.fault.kind !== 'hang',
              },
            );
      if (row.outcome === 'hits') {
        expect(hitsOf(answer).length).toBeGreaterThan(0);
      } else {
        expect(answer).toMatchObject({ ok: false, failure: row.outcome });
      }
      expect(brave.connections.requests).toHaveLength(row.requests);
    });
  }

  it('the caller aborting closes the connection and answers aborted', async () => {
    brave.faults.inject({ kind: 'hang' }, 1);
    const controller = new AbortController();
    const attempt = search({ timeoutMs: 5000 }).search('solar', { count: 5, signal: controller.signal });
    while (brave.connections.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(await attempt).toMatchObject({ ok: false, failure: { kind: 'aborted' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(brave.connections.closedByClient).toBe(1);
    expect(brave.connections.requests).toHaveLength(1);
  });
});
