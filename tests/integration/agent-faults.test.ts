/**
 * The agent's fault matrix over real sockets (issue section 8): for the model endpoint and for the search API,
 * each fault either recovers or ends the generator quietly; no error escapes, a warning is logged, and what
 * was already yielded stays yielded. A search fault whose outcome time decides (a timeout, a slow body) runs the
 * Brave client's timeouts and the fake's delays on a manual clock, which the test moves once the search waits on it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunTimer } from '../../src/adapters/agent/run-timer';
import { createSearchAgent } from '../../src/adapters/agent/search-agent';
import type { AgentCandidate, DiscoveryQuery } from '../../src/server/search/ports';
import type { Fault } from '../../src/sandbox/faults';
import { startFakeOpenAi, type FakeOpenAi } from '../../src/sandbox/llm/fake-openai-server';
import { startFakeBrave, type FakeBrave } from '../../src/sandbox/web-search/fake-brave-server';
import type { Timers } from '../../src/server/ports';
import { createManualTimers, type ManualTimers } from '../../src/server/timers';
import { at, captureLog, noRunTimeout, sandboxModel, sandboxWebSearch, timeoutAtRequest } from '../support/agent-runs';
import { advanceWhenWaiting } from './abr-support';

const AUS: DiscoveryQuery = { query: 'solar installers', countryIsoAlpha3: 'AUS', limit: 10 };
const FOUND = 3; // what a clean run finds for AUS "solar installers"
/** The run's time limit as the agent is told it (its warning names it); when it strikes is the run timer's. */
const TIMEOUT_MS = 1500;
/** The Brave client's timeout per attempt: far above a slow first byte, far below an answer that comes too late. */
const SEARCH_TIMEOUT_MS = 3000;

let llm: FakeOpenAi;
let brave: FakeBrave;

afterEach(async () => {
  await llm.close();
  await brave.close();
});

async function run(runTimer: RunTimer, searchTimers?: Timers): Promise<{ found: AgentCandidate[]; warnings: string[] }> {
  const { log, warningMessages } = captureLog();
  const webSearch = sandboxWebSearch(brave.url, log, SEARCH_TIMEOUT_MS, searchTimers);
  const agent = createSearchAgent({ model: sandboxModel(llm.url), webSearch, log, timeoutMs: TIMEOUT_MS, maxRetries: 1, runTimer });
  const found: AgentCandidate[] = [];
  // Any error escaping the generator fails the test here.
  for await (const c of agent.discover(AUS, new AbortController().signal)) found.push(c);
  return { found, warnings: warningMessages() };
}

const MODEL_FAILED = 'agent: model call failed; run ended';
const TIMED_OUT = 'agent: run timed out; kept what was found';

/**
 * The model endpoint (Chat Completions), with a model that searches twice. Request 1 asks for the search, request 2
 * streams the three reports and the second search, request 3 reports what that second search found (a turn of
 * reports alone ends the run: there is no closing text turn), the "later turn" of the rows below. SDK: maxRetries 1 (one retry on 5xx/network, after its 2 s backoff). The
 * run times out only in the rows that expect it, and then exactly while the faulty request is in flight
 * (whatever the machine's speed); the other rows never time out.
 */
const modelMatrix: { name: string; fault: Fault; times: number; request: number; found: number; warning: string | null }[] = [
  { name: 'timeout (first turn)', fault: { kind: 'delay', ms: 10_000 }, times: 1, request: 1, found: 0, warning: TIMED_OUT },
  { name: 'timeout (later turn)', fault: { kind: 'delay', ms: 10_000 }, times: 1, request: 3, found: FOUND, warning: TIMED_OUT },
  { name: '5xx then success', fault: { kind: 'status', status: 500 }, times: 1, request: 1, found: FOUND, warning: null },
  { name: 'two 5xx (first turn)', fault: { kind: 'status', status: 503 }, times: 2, request: 1, found: 0, warning: MODEL_FAILED },
  { name: 'two 5xx (later turn)', fault: { kind: 'status', status: 500 }, times: 2, request: 3, found: FOUND, warning: MODEL_FAILED },
  { name: '403', fault: { kind: 'status', status: 403 }, times: 1, request: 1, found: 0, warning: MODEL_FAILED },
  { name: '403 (later turn)', fault: { kind: 'status', status: 403 }, times: 1, request: 3, found: FOUND, warning: MODEL_FAILED },
  { name: 'malformed JSON', fault: { kind: 'malformed' }, times: 1, request: 1, found: 0, warning: MODEL_FAILED },
  { name: 'malformed JSON (later turn)', fault: { kind: 'malformed' }, times: 1, request: 3, found: FOUND, warning: MODEL_FAILED },
  { name: 'slow first byte', fault: { kind: 'slow-body', ms: 700 }, times: 1, request: 2, found: FOUND, warning: null },
  { name: 'connection reset then success', fault: { kind: 'reset' }, times: 1, request: 1, found: FOUND, warning: null },
  { name: 'connection reset twice', fault: { kind: 'reset' }, times: 2, request: 3, found: FOUND, warning: MODEL_FAILED },
  { name: 'hang', fault: { kind: 'hang' }, times: 1, request: 2, found: 0, warning: TIMED_OUT },
];

describe('model endpoint fault matrix', () => {
  beforeEach(async () => {
    llm = await startFakeOpenAi({ policy: { searchesPerRun: 2 } });
    brave = await startFakeBrave();
  });

  for (const row of modelMatrix) {
    it(`${row.name}: ${row.found} found, ${row.warning ?? 'no warning'}`, async () => {
      at(llm.faults, row.request, row.fault, row.times);
      const timesOut = row.warning === TIMED_OUT;
      const { found, warnings } = await run(timesOut ? timeoutAtRequest(llm.faults, row.request) : noRunTimeout);
      expect(found).toHaveLength(row.found);
      if (row.warning === null) expect(warnings).toEqual([]);
      else expect(warnings).toContain(row.warning);
      // The timeout cut the late or hanging answer: the fake saw its client go away (rather than the run waiting it out).
      if (timesOut) await vi.waitFor(() => expect(llm.connections.closedByClient).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
    });
  }
});

const SEARCH_FAILED = 'agent: web search failed';
const RETRYING = 'brave: attempt failed, retrying once';

/**
 * The search API (Brave), on the run's only search. Adapter: SEARCH_TIMEOUT_MS per attempt, one retry on 5xx/network.
 * `clock`: time decides the row; the clock moves that far once the search waits on it.
 */
const searchMatrix: { name: string; fault: Fault; times: number; found: number; warnings: string[]; clock?: number }[] = [
  { name: 'timeout', fault: { kind: 'delay', ms: 60_000 }, times: 1, found: 0, warnings: [SEARCH_FAILED], clock: SEARCH_TIMEOUT_MS },
  { name: '5xx then success', fault: { kind: 'status', status: 502 }, times: 1, found: FOUND, warnings: [RETRYING] },
  { name: 'two 5xx', fault: { kind: 'status', status: 500 }, times: 2, found: 0, warnings: [RETRYING, SEARCH_FAILED] },
  { name: '403', fault: { kind: 'status', status: 403 }, times: 1, found: 0, warnings: [SEARCH_FAILED] },
  { name: 'malformed JSON', fault: { kind: 'malformed' }, times: 1, found: 0, warnings: [SEARCH_FAILED] },
  { name: 'slow first byte', fault: { kind: 'slow-body', ms: 400 }, times: 1, found: FOUND, warnings: [], clock: 400 },
  { name: 'connection reset then success', fault: { kind: 'reset' }, times: 1, found: FOUND, warnings: [RETRYING] },
  { name: 'hang', fault: { kind: 'hang' }, times: 1, found: 0, warnings: [SEARCH_FAILED], clock: SEARCH_TIMEOUT_MS },
];

describe('search API fault matrix', () => {
  let timers: ManualTimers;
  beforeEach(async () => {
    llm = await startFakeOpenAi();
    brave = await startFakeBrave();
    timers = createManualTimers();
    brave.faults.timers = timers;
  });

  for (const row of searchMatrix) {
    it(`${row.name}: ${row.found} found, warnings ${JSON.stringify(row.warnings)}`, async () => {
      brave.faults.inject(row.fault, row.times);
      const { found, warnings } =
        row.clock === undefined
          ? await run(noRunTimeout)
          : await advanceWhenWaiting({ timers, plan: brave.faults }, row.clock, run(noRunTimeout, timers), { fakeDelay: row.fault.kind !== 'hang' });
      expect(found).toHaveLength(row.found);
      expect(warnings).toEqual(row.warnings);
      // The model was told and ended the run itself: with its reports, or with a closing text when it had nothing to report.
      expect(llm.stats.completedTurns.at(-1)).toBe(row.found > 0 ? 'report' : 'text');
    });
  }

  it('a failure on a later search keeps what the earlier one found', async () => {
    await llm.close();
    llm = await startFakeOpenAi({ policy: { searchesPerRun: 2 } });
    at(brave.faults, 2, { kind: 'status', status: 500 }, 2);
    const { found, warnings } = await run(noRunTimeout);
    expect(found).toHaveLength(FOUND);
    expect(warnings).toEqual([RETRYING, SEARCH_FAILED]);
    expect(brave.connections.requests).toHaveLength(3);
  });
});
