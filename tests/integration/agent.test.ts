/**
 * The web-search agent over real sockets: the real AI SDK with the openai-compatible provider against the
 * Chat Completions fake, and the real Brave adapter against the Brave fake.
 */
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLanguageModel } from '../../src/adapters/agent/language-model';
import { createSearchAgent, type SearchAgentOptions } from '../../src/adapters/agent/search-agent';
import { createSearchAgentFromEnv } from '../../src/adapters/agent/search-agent-from-env';
import { createBraveWebSearch } from '../../src/adapters/web-search/adapter';
import { createBraveClient } from '../../src/adapters/web-search/client';
import type { AgentCandidate, DiscoveryQuery } from '../../src/server/search/ports';
import { startFakeOpenAi, type FakeOpenAi, type FakeOpenAiOptions } from '../../src/sandbox/llm/fake-openai-server';
import { startFakeBrave, type FakeBrave } from '../../src/sandbox/web-search/fake-brave-server';

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

function captureLog() {
  const lines: LogLine[] = [];
  const log = pino({ level: 'debug', base: undefined }, { write: (s: string) => void lines.push(JSON.parse(s) as LogLine) });
  return { log, lines, warnings: () => lines.filter((l) => l.level === 40) };
}

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
  const model = createLanguageModel({
    AGENT_PROVIDER: 'openai-compatible',
    AGENT_MODEL: 'sandbox-agent',
    AGENT_BASE_URL: `${llm.url}/v1`,
    AGENT_API_KEY: 'sandbox',
  });
  if (!model.ok) throw new Error('model configuration rejected');
  const webSearch = createBraveWebSearch({ client: createBraveClient({ apiKey: 'sandbox', baseUrl: brave.url, log, timeoutMs: 2000, retryDelayMs: 10 }), log });
  return createSearchAgent({ model: model.model, webSearch, log, timeoutMs: 10_000, maxRetries: 0, ...overrides });
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
    expect(llm.stats.finishedRuns).toBe(1);
  });

  it('yields the first candidate before the model has finished the run', async () => {
    await llm.close();
    llm = await startFakeOpenAi({ timings: { callGapMs: 150, finalTurnMs: 1500 } });
    const { log } = captureLog();
    const started = Date.now();
    let firstAt = 0;
    let finishedRunsAtFirst = -1;
    const found: AgentCandidate[] = [];
    for await (const c of agentFor(log).discover(AUS, new AbortController().signal)) {
      if (found.length === 0) {
        firstAt = Date.now() - started;
        finishedRunsAtFirst = llm.stats.finishedRuns;
        expect(llm.stats.completedTurns).toEqual(['search']); // the report turn is still streaming
      }
      found.push(c);
    }
    const total = Date.now() - started;
    expect(found).toHaveLength(3);
    expect(finishedRunsAtFirst).toBe(0);
    expect(total - firstAt).toBeGreaterThan(1500);
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
    await startFakes({ timings: { finalTurnMs: 5000 } });
    const { log, warnings } = captureLog();
    const started = Date.now();
    const found = await collect(agentFor(log, { timeoutMs: 1200 }).discover(AUS, new AbortController().signal));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(found).toHaveLength(3);
    expect(warnings().map((w) => w.msg)).toContain('agent: run timed out; kept what was found');
    await new Promise((r) => setTimeout(r, 100));
    expect(llm.connections.closedByClient).toBe(1);
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
    await new Promise((r) => setTimeout(r, 100));
    expect(llm.connections.closedByClient).toBe(1);
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
    await new Promise((r) => setTimeout(r, 100));
    expect(brave.connections.closedByClient).toBe(1);
    expect(warnings()).toEqual([]);
  });

  it('a consumer that stops early cancels the model call', async () => {
    await startFakes({ timings: { callGapMs: 500 } });
    const { log } = captureLog();
    for await (const c of agentFor(log).discover(AUS, new AbortController().signal)) {
      expect(c.name).toBe('Sunbright Solar Pty Ltd');
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(llm.connections.closedByClient).toBe(1);
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
