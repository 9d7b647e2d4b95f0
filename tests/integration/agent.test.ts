/**
 * The web-search agent over real sockets: the real AI SDK with the openai-compatible provider against the
 * Chat Completions fake, and the real Brave adapter against the Brave fake.
 */
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLanguageModel } from '../../src/adapters/agent/language-model';
import { createSearchAgent, type SearchAgentOptions } from '../../src/adapters/agent/search-agent';
import { createSearchAgentFromEnv } from '../../src/adapters/agent/search-agent-from-env';
import type { AgentCandidate, DiscoveryQuery } from '../../src/server/search/ports';
import { startFakeOpenAi, type FakeOpenAi, type FakeOpenAiOptions } from '../../src/sandbox/llm/fake-openai-server';
import { startFakeBrave, type FakeBrave } from '../../src/sandbox/web-search/fake-brave-server';
import { at, captureLog, noRunTimeout, sandboxModel, sandboxWebSearch, timeoutAtRequest } from '../support/agent-runs';

let llm: FakeOpenAi;
let brave: FakeBrave;

async function startFakes(options: FakeOpenAiOptions = {}) {
  llm = await startFakeOpenAi(options);
  brave = await startFakeBrave();
}

afterEach(async () => {
  await llm?.close();
  await brave?.close();
});

function agentFor(log: pino.Logger, overrides: Partial<SearchAgentOptions> = {}) {
  const webSearch = sandboxWebSearch(brave.url, log, 2000);
  // No wall-clock limit unless a test sets one: a slow machine must not turn a clean run into a timeout.
  return createSearchAgent({ model: sandboxModel(llm.url), webSearch, log, timeoutMs: 10_000, maxRetries: 0, runTimer: noRunTimeout, ...overrides });
}

async function collect(gen: AsyncGenerator<AgentCandidate>): Promise<AgentCandidate[]> {
  const out: AgentCandidate[] = [];
  for await (const c of gen) out.push(c);
  return out;
}

const AUS: DiscoveryQuery = { query: 'solar installers', countryIsoAlpha3: 'AUS', limit: 10 };
const GLO: DiscoveryQuery = { query: 'solar installers', countryIsoAlpha3: 'GLO', limit: 10 };

describe('country mode', () => {
  beforeEach(() => startFakes());

  it('streams the in-country organisations and drops the wrong-country and injected ones', async () => {
    const { log, lines } = captureLog();
    const found = await collect(agentFor(log).discover(AUS, new AbortController().signal));
    expect(found.map((c) => [c.name, c.countryIsoAlpha3, c.website])).toEqual([
      ['Sunbright Solar Pty Ltd', 'AUS', 'https://sunbrightsolar.com.au'],
      ['Harbourline Solar Installations', 'AUS', 'https://harbourlinesolar.com.au'],
      ['Outback Energy Systems Pty Ltd', 'AUS', 'https://outbackenergy.com.au'],
    ]);
    // The NZ installer surfaced in Australian results and was reported honestly as New Zealand.
    const rejected = lines.filter((l) => l.msg === 'agent: candidate rejected').map((l) => l.reason);
    expect(rejected).toContain('wrong_country');
    // The injected "evil.example in USA" never streams.
    expect(found.some((c) => (c.website ?? '').includes('evil'))).toBe(false);
    expect(found.every((c) => !c.description.includes('<'))).toBe(true);
    // Brave received the country as alpha-2.
    expect(brave.connections.requests[0]?.url).toContain('country=AU');
    // The turn of reports (two of them rejected) ended the run: no closing text turn was asked for.
    expect(llm.stats.completedTurns).toEqual(['search', 'report']);
    expect(llm.stats.finishedRuns).toBe(0);
  });

  it('yields the first candidate before the model has finished the run', async () => {
    await llm.close();
    // The next report comes a minute after the first: the report turn is surely still streaming when the
    // first candidate arrives, however slow the machine. The test stops there (cancelling the call).
    llm = await startFakeOpenAi({ timings: { callGapMs: 60_000 } });
    const { log } = captureLog();
    const found: AgentCandidate[] = [];
    for await (const c of agentFor(log).discover(AUS, new AbortController().signal)) {
      found.push(c);
      break;
    }
    expect(found.map((c) => c.name)).toEqual(['Sunbright Solar Pty Ltd']);
    expect(llm.stats.completedTurns).toEqual(['search']); // the report turn is still streaming
    expect(llm.stats.finishedRuns).toBe(0);
  });

  it('stops at the requested limit and stops calling the model', async () => {
    const { log } = captureLog();
    const found = await collect(agentFor(log).discover({ ...AUS, limit: 2 }, new AbortController().signal));
    expect(found).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 100));
    expect(llm.stats.finishedRuns).toBe(0);
    expect(llm.stats.requests).toBe(2);
  });
});

describe('worldwide (GLO) mode', () => {
  beforeEach(() => startFakes());

  it('normalises each headquarters country to alpha-3 and drops unmappable or missing ones with a warning', async () => {
    const { log, warnings } = captureLog();
    const found = await collect(agentFor(log).discover(GLO, new AbortController().signal));
    expect(found.map((c) => [c.name, c.countryIsoAlpha3])).toEqual([
      ['Sunbright Solar Pty Ltd', 'AUS'], // "Australia"
      ['Thameside Solar Ltd', 'GBR'], // "United Kingdom"
      ['Lone Pine Solar Inc.', 'USA'], // "United States"
      ['Sonnenfeld Solartechnik GmbH', 'DEU'], // "DE"
    ]);
    expect(found.every((c) => c.countryIsoAlpha3 !== 'GLO')).toBe(true);
    const dropped = warnings().filter((w) => w.msg === 'agent: candidate dropped');
    expect(dropped.map((w) => [w.reason, w.name])).toEqual([
      ['country_unmappable', 'Atlantis Renewables'],
      ['country_missing', 'Meridian Sun Group'],
      ['website_not_in_results', 'totally legit holdings'],
    ]);
    // No country is sent to the search API under GLO.
    expect(brave.connections.requests[0]?.url).not.toContain('country=');
  });

  it('rejects the injected organisation even though its country is valid (provenance)', async () => {
    const { log } = captureLog();
    const found = await collect(agentFor(log).discover(GLO, new AbortController().signal));
    expect(found.some((c) => c.website === 'https://totally-legit-holdings.com')).toBe(false);
  });
});

describe('budgets', () => {
  it('caps model steps and web searches per run', async () => {
    await startFakes({ policy: { searchesPerRun: Number.POSITIVE_INFINITY } });
    const { log } = captureLog();
    const found = await collect(
      agentFor(log, { maxSteps: 6, maxSearches: 2 }).discover({ query: 'logistics freight', countryIsoAlpha3: 'GBR', limit: 10 }, new AbortController().signal),
    );
    expect(found.map((c) => c.name)).toEqual(['Pennine Freight Ltd']);
    expect(llm.stats.requests).toBe(6);
    expect(brave.connections.requests).toHaveLength(2);
  });

  it('stops after the step that crosses the token budget', async () => {
    await startFakes({ policy: { searchesPerRun: Number.POSITIVE_INFINITY } });
    const { log } = captureLog();
    await collect(agentFor(log, { maxSteps: 20, maxSearches: 20, maxTotalTokens: 1 }).discover(AUS, new AbortController().signal));
    expect(llm.stats.requests).toBe(1);
  });

  it('ends at the total timeout, keeping what was already yielded, with a warning', async () => {
    // Two searches: the second search's (slow) report turn is the third request. The run times out once that request
    // has reached the fake: after the first reports.
    await startFakes({ policy: { searchesPerRun: 2 } });
    at(llm.faults, 3, { kind: 'delay', ms: 60_000 }, 1);
    const { log, warnings } = captureLog();
    const found = await collect(agentFor(log, { runTimer: timeoutAtRequest(llm.faults, 3) }).discover(AUS, new AbortController().signal));
    expect(found).toHaveLength(3);
    expect(warnings().map((w) => w.msg)).toContain('agent: run timed out; kept what was found');
    await vi.waitFor(() => expect(llm.connections.closedByClient).toBe(1), { timeout: 10_000 });
  });
});

describe('abort', () => {
  it('closes the model connection and ends the generator without throwing', async () => {
    await startFakes({ timings: { callGapMs: 2000 } });
    const { log } = captureLog();
    const controller = new AbortController();
    const found: AgentCandidate[] = [];
    for await (const c of agentFor(log).discover(AUS, controller.signal)) {
      found.push(c);
      controller.abort();
    }
    expect(found).toHaveLength(1);
    await vi.waitFor(() => expect(llm.connections.closedByClient).toBe(1), { timeout: 10_000 });
    expect(llm.stats.completedTurns).toEqual(['search']);
  });

  it('closes the search API connection when aborted during a search', async () => {
    await startFakes();
    brave.faults.inject({ kind: 'hang' }, 1);
    const { log, warnings } = captureLog();
    const controller = new AbortController();
    const run = collect(agentFor(log).discover(AUS, controller.signal));
    while (brave.connections.requests.length === 0) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    expect(await run).toEqual([]);
    await vi.waitFor(() => expect(brave.connections.closedByClient).toBe(1), { timeout: 10_000 });
    expect(warnings()).toEqual([]);
  });

  it('a consumer that stops early cancels the model call', async () => {
    await startFakes({ timings: { callGapMs: 500 } });
    const { log } = captureLog();
    for await (const c of agentFor(log).discover(AUS, new AbortController().signal)) {
      expect(c.name).toBe('Sunbright Solar Pty Ltd');
      break;
    }
    await vi.waitFor(() => expect(llm.connections.closedByClient).toBe(1), { timeout: 10_000 });
  });
});

describe('configuration', () => {
  it('without a model or a search key the agent yields nothing and warns once', async () => {
    const { log, warnings } = captureLog();
    const agent = createSearchAgentFromEnv(
      {
        AGENT_PROVIDER: undefined,
        AGENT_MODEL: undefined,
        AGENT_BASE_URL: undefined,
        AGENT_API_KEY: undefined,
        WEB_SEARCH_API_KEY: undefined,
        WEB_SEARCH_BASE_URL: 'https://api.search.brave.com',
      },
      log,
    );
    expect(await collect(agent.discover(AUS, new AbortController().signal))).toEqual([]);
    expect(await collect(agent.discover(AUS, new AbortController().signal))).toEqual([]);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]?.missing).toEqual(['AGENT_PROVIDER', 'AGENT_MODEL', 'WEB_SEARCH_API_KEY']);
  });

  it('createLanguageModel names what each provider is missing', () => {
    const base = { AGENT_MODEL: 'm', AGENT_BASE_URL: undefined, AGENT_API_KEY: undefined };
    expect(createLanguageModel({ ...base, AGENT_PROVIDER: 'openai' })).toEqual({ ok: false, missing: ['AGENT_API_KEY'] });
    expect(createLanguageModel({ ...base, AGENT_PROVIDER: 'anthropic' })).toEqual({ ok: false, missing: ['AGENT_API_KEY'] });
    expect(createLanguageModel({ ...base, AGENT_PROVIDER: 'openai-compatible' })).toEqual({ ok: false, missing: ['AGENT_BASE_URL'] });
    expect(createLanguageModel({ ...base, AGENT_PROVIDER: 'anthropic', AGENT_API_KEY: 'k' }).ok).toBe(true);
  });

  it('from the sandbox environment the agent finds organisations', async () => {
    await startFakes();
    const { log } = captureLog();
    const agent = createSearchAgentFromEnv(
      {
        AGENT_PROVIDER: 'openai-compatible',
        AGENT_MODEL: 'sandbox-agent',
        AGENT_BASE_URL: `${llm.url}/v1`,
        AGENT_API_KEY: 'sandbox',
        WEB_SEARCH_API_KEY: 'sandbox',
        WEB_SEARCH_BASE_URL: brave.url,
      },
      log,
    );
    expect(await collect(agent.discover(AUS, new AbortController().signal))).toHaveLength(3);
  });
});
