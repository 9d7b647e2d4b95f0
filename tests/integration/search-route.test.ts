/**
 * POST /api/organisations/search over real sockets (the route served by @hono/node-server, read with
 * fetch): answers before the first byte (401, 400, 429, 503), the NDJSON stream's headers and items,
 * streaming without buffering, and the client's abort reaching every port and the contract fakes.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST, maxDuration } from '../../src/app/api/organisations/search/route';
import { createInternalMatches } from '../../src/adapters/db/queries/internal-matches';
import { setFlagValue } from '../../src/adapters/db/queries/feature-flags';
import { createPostgresSearchRateLimiter } from '../../src/adapters/rate-limit/postgres-rate-limiter';
import { ndjsonResponse } from '../../src/app/http/ndjson';
import { streamItemSchema, type StreamItem } from '../../src/core/candidates';
import { FLAGS } from '../../src/core/flags';
import { RateLimitedError } from '../../src/core/errors';
import type { AgentCandidate, RegistryResult } from '../../src/server/search/ports';
import { createSearchOrganisations, type SearchOrganisationsDependencies } from '../../src/server/search/search-organisations';
import type { Db } from '../../src/adapters/db/client';
import { createTestContainer, type TestContext } from '../support/test-container';
import { makeAccount } from '../support/factories';
import { fakeUrls, searchPortsOverFakes, startSearchFakes, type SearchFakes } from '../../bench/search-stream-ports';

const RATE_LIMIT = 5;

let ctx: TestContext;
let db: Db;
let server: ServerType;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestContainer({ env: { SEARCH_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) } });
  db = ctx.container.database.db;
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: (request) => POST(request), port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await ctx.close();
});

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Polls `condition`; the bound only says "it did not hang", so it is generous for a loaded machine. */
async function until(condition: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await wait(10);
  return condition();
}

/** Controllable in-memory ports that record what reached them. */
function portFakes(options: { registry?: RegistryResult; registryDelayMs?: number; agent?: AgentCandidate[]; agentGapMs?: number; leadMs?: number } = {}) {
  const seen = {
    searches: [] as string[],
    registrySignal: undefined as AbortSignal | undefined,
    registryFinished: false,
    agentSignal: undefined as AbortSignal | undefined,
    agentYields: 0,
    agentStoppedAt: undefined as number | undefined,
  };
  const deps: SearchOrganisationsDependencies = {
    nationalRegistry: {
      async searchByName(name, o) {
        seen.searches.push(name);
        seen.registrySignal = o.signal;
        await wait(options.registryDelayMs ?? 0, o.signal);
        seen.registryFinished = true;
        if (o.signal?.aborted) return { candidates: [], error: { kind: 'aborted', message: 'aborted' } };
        return options.registry ?? { candidates: [], error: null };
      },
    },
    globalRegistry: { searchByName: async () => ({ candidates: [], error: null }) },
    agent: {
      async *discover(_query, signal) {
        seen.agentSignal = signal;
        try {
          for (const candidate of options.agent ?? []) {
            if (seen.agentYields > 0) await wait(options.agentGapMs ?? 0, signal);
            if (signal.aborted) return;
            seen.agentYields += 1;
            yield candidate;
          }
        } finally {
          seen.agentStoppedAt = Date.now();
        }
      },
    },
    websiteValidator: { validate: async () => ({ accepted: true, tier: 1, score: 1, reason: 'test' }) },
    internalMatches: createInternalMatches(db),
    flags: ctx.container.flags,
    logo: ctx.container.logo,
    log: { debug: () => undefined, warn: () => undefined },
    registryLeadMs: options.leadMs ?? 50,
  };
  ctx.container.searchOrganisations = createSearchOrganisations(deps);
  return seen;
}

const agentCandidate = (name: string): AgentCandidate => ({ name, countryIsoAlpha3: 'AUS', website: null, description: name, identifiers: [] });

function post(body: unknown, authorization: string | null, signal?: AbortSignal) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization !== null) headers.authorization = authorization;
  return fetch(`${baseUrl}/api/organisations/search`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body), signal });
}

/** Reads NDJSON lines as they arrive, each with its arrival time since `started`. */
async function* lines(response: Response, started: number): AsyncGenerator<{ item: StreamItem; at: number }> {
  if (!response.body) return;
  const decoder = new TextDecoder();
  let buffered = '';
  const reader = response.body.getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      buffered += decoder.decode(chunk.value, { stream: true });
      let newline = buffered.indexOf('\n');
      while (newline !== -1) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        yield { item: streamItemSchema.parse(JSON.parse(line)), at: performance.now() - started };
        newline = buffered.indexOf('\n');
      }
    }
    expect(buffered).toBe('');
  } finally {
    // A reader that stops early hangs up, like a browser leaving the page.
    await reader.cancel().catch(() => undefined);
  }
}

async function allLines(response: Response): Promise<StreamItem[]> {
  const items: StreamItem[] = [];
  for await (const { item } of lines(response, performance.now())) items.push(item);
  return items;
}

describe('before the first byte', () => {
  it('answers 401 JSON without an account', async () => {
    const seen = portFakes();
    const response = await post({ query: 'acme', countryIsoAlpha3: 'AUS' }, null);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toMatchObject({ code: 'unauthorized' });
    expect(seen.searches).toEqual([]);
  });

  it.each([
    ['a query over 200 characters', { query: 'a'.repeat(201), countryIsoAlpha3: 'AUS' }, 'query', 'too_big'],
    ['a blank query', { query: '   ', countryIsoAlpha3: 'AUS' }, 'query', 'too_small'],
    ['a missing query', { countryIsoAlpha3: 'AUS' }, 'query', 'required'],
    ['a lower-case country', { query: 'acme', countryIsoAlpha3: 'aus' }, 'countryIsoAlpha3', 'invalid_format'],
    ['XXX', { query: 'acme', countryIsoAlpha3: 'XXX' }, 'countryIsoAlpha3', 'invalid_value'],
    ['an unknown mode', { query: 'acme', countryIsoAlpha3: 'AUS', mode: 'fast' }, 'mode', 'invalid_value'],
    ['an unknown preset', { query: 'acme', countryIsoAlpha3: 'AUS', abrPreset: 'everything' }, 'abrPreset', 'invalid_value'],
    ['websiteTopK over 30', { query: 'acme', countryIsoAlpha3: 'AUS', websiteTopK: 31 }, 'websiteTopK', 'too_big'],
    ['websiteTopK below 0', { query: 'acme', countryIsoAlpha3: 'AUS', websiteTopK: -1 }, 'websiteTopK', 'too_small'],
    ['a fractional websiteTopK', { query: 'acme', countryIsoAlpha3: 'AUS', websiteTopK: 1.5 }, 'websiteTopK', 'invalid_type'],
    ['a string includeSoleTraders', { query: 'acme', countryIsoAlpha3: 'AUS', includeSoleTraders: 'yes' }, 'includeSoleTraders', 'invalid_type'],
    ['a body that is not JSON', '{"query":', '', 'invalid_json'],
  ])('answers 400 JSON for %s, naming the field and rule, and never starts a search', async (_label, body, field, rule) => {
    const account = await makeAccount(db);
    const seen = portFakes();
    const response = await post(body, account.authorization);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/json');
    const json = (await response.json()) as { code: string; issues: { field: string; rule: string }[] };
    expect(json.code).toBe('validation_failed');
    expect(json.issues).toContainEqual(expect.objectContaining({ field, rule }));
    expect(seen.searches).toEqual([]);
  });

  it('accepts a query of exactly 200 characters and passes it on untruncated', async () => {
    const account = await makeAccount(db);
    const seen = portFakes();
    const query = `acme ${'x'.repeat(195)}`;
    const response = await post({ query, countryIsoAlpha3: 'AUS', mode: 'direct' }, account.authorization);
    expect(response.status).toBe(200);
    await response.text();
    expect(seen.searches).toEqual([query]);
  });

  it(`answers 429 with Retry-After in seconds after ${RATE_LIMIT} searches a minute, per account, counted before validation (429 wins over 400)`, async () => {
    const account = await makeAccount(db);
    const fresh = await makeAccount(db);
    portFakes();
    for (let i = 0; i < RATE_LIMIT - 1; i += 1) {
      const ok = await post({ query: 'acme', countryIsoAlpha3: 'AUS', mode: 'direct' }, account.authorization);
      expect(ok.status).toBe(200);
      await ok.text();
    }
    const invalid = await post({ query: '' }, account.authorization);
    expect(invalid.status).toBe(400);
    const invalidOverLimit = await post({ query: '' }, account.authorization);
    expect(invalidOverLimit.status).toBe(429);
    const limited = await post({ query: 'acme', countryIsoAlpha3: 'AUS' }, account.authorization);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await limited.json()).toMatchObject({ code: 'rate_limited' });
    const other = await post({ query: 'acme', countryIsoAlpha3: 'AUS', mode: 'direct' }, fresh.authorization);
    expect(other.status).toBe(200);
    await other.text();
  });

  it('does not count a search that reaches no provider (a query that is only a mistyped identifier)', async () => {
    const account = await makeAccount(db);
    const seen = portFakes();
    for (let i = 0; i < RATE_LIMIT - 1; i += 1) {
      const ok = await post({ query: 'acme', countryIsoAlpha3: 'AUS', mode: 'direct' }, account.authorization);
      expect(ok.status).toBe(200);
      await ok.text();
    }
    const searchesBefore = seen.searches.length;
    for (let i = 0; i < RATE_LIMIT + 2; i += 1) {
      const mistyped = await post({ query: '73 434 904 927', countryIsoAlpha3: 'AUS', mode: 'direct' }, account.authorization);
      expect(mistyped.status).toBe(200);
      expect(await mistyped.text()).toContain('identifierSuggestions');
    }
    expect(seen.searches.length).toBe(searchesBefore);
    const last = await post({ query: 'acme', countryIsoAlpha3: 'AUS', mode: 'direct' }, account.authorization);
    expect(last.status).toBe(200);
    await last.text();
    expect((await post({ query: 'acme', countryIsoAlpha3: 'AUS', mode: 'direct' }, account.authorization)).status).toBe(429);
  });

  it('shares the limit between instances (another process over the same database sees the same count)', async () => {
    const account = await makeAccount(db);
    portFakes();
    for (let i = 0; i < RATE_LIMIT; i += 1) {
      const ok = await post({ query: 'acme', countryIsoAlpha3: 'AUS', mode: 'direct' }, account.authorization);
      expect(ok.status).toBe(200);
      await ok.text();
    }
    const otherInstance = createPostgresSearchRateLimiter({ connectionString: ctx.database.url, pointsPerMinute: RATE_LIMIT });
    try {
      await expect(otherInstance.consumeOrThrow(account.id)).rejects.toBeInstanceOf(RateLimitedError);
    } finally {
      await otherInstance.close();
    }
  });
});

describe('rate limit and the providers', () => {
  let original: typeof ctx.container.searchRateLimiter;
  beforeEach(() => {
    original = ctx.container.searchRateLimiter;
  });
  afterEach(() => {
    Object.assign(ctx.container, { searchRateLimiter: original });
  });

  /** The container's limiter replaced, until the test ends, by one whose shared count answers when the test says so. */
  function slowCount(options: { headroom: boolean; refuse: boolean }) {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    Object.assign(ctx.container, {
      searchRateLimiter: {
        hasHeadroom: () => options.headroom,
        consumeOrThrow: async () => {
          await answered;
          if (options.refuse) throw new RateLimitedError(42);
        },
        refund: async () => undefined,
      } satisfies typeof original,
    });
    return { answer };
  }

  it('with headroom in its view of the window, the search starts while the shared count is confirmed', async () => {
    const account = await makeAccount(db);
    const seen = portFakes({ registry: { candidates: [], error: null } });
    const count = slowCount({ headroom: true, refuse: false });
    const pending = post({ query: 'acme', countryIsoAlpha3: 'AUS', mode: 'direct' }, account.authorization);
    expect(await until(() => seen.searches.length > 0)).toBe(true);
    count.answer();
    const response = await pending;
    expect(response.status).toBe(200);
    await response.text();
  });

  it('a search started on headroom and then refused by the shared count answers 429 and is stopped', async () => {
    const account = await makeAccount(db);
    const seen = portFakes({ registryDelayMs: 5000 });
    const count = slowCount({ headroom: true, refuse: true });
    const pending = post({ query: 'acme', countryIsoAlpha3: 'AUS', mode: 'direct' }, account.authorization);
    expect(await until(() => seen.searches.length > 0)).toBe(true);
    count.answer();
    const response = await pending;
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('42');
    expect(await response.json()).toMatchObject({ code: 'rate_limited' });
    expect(await until(() => seen.registrySignal?.aborted === true && seen.registryFinished)).toBe(true);
  });

  it('without headroom no provider is called until the shared count has admitted the search', async () => {
    const account = await makeAccount(db);
    const seen = portFakes();
    const count = slowCount({ headroom: false, refuse: true });
    const pending = post({ query: 'acme', countryIsoAlpha3: 'AUS', mode: 'auto' }, account.authorization);
    await wait(150);
    expect(seen.searches).toEqual([]);
    expect(seen.agentSignal).toBeUndefined();
    count.answer();
    expect((await pending).status).toBe(429);
    await wait(50);
    expect(seen.searches).toEqual([]);
    expect(seen.agentSignal).toBeUndefined();
  });
});

describe('the stream', () => {
  it('is NDJSON with no-store caching, one schema-valid StreamItem per line', async () => {
    const account = await makeAccount(db);
    portFakes({
      registry: {
        candidates: [
          {
            name: 'Acme Pty Ltd',
            countryIsoAlpha3: 'AUS',
            identifiers: [{ type: 'ABN', value: '51824753556' }],
            description: 'registry',
            website: null,
            websiteValidated: false,
            nameKind: 'entity',
            matchedBusinessName: null,
            parentEntityName: null,
            type: 'ProprietaryLimited',
            score: 90,
          },
        ],
        error: null,
      },
      agent: [agentCandidate('Acme Services Pty Ltd')],
    });
    const response = await post({ query: 'acme', countryIsoAlpha3: 'AUS' }, account.authorization);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const items = await allLines(response);
    expect(items.map((i) => (i._type === 'candidate' ? [i.key, i.source] : i._type))).toEqual([
      ['AUS|acme pty ltd', 'registry_au'],
      ['AUS|acme services pty ltd', 'agent'],
    ]);
  });

  it('writes the first item while a slower provider is still working (nothing buffered)', async () => {
    const account = await makeAccount(db);
    // The registry answers only after a minute: a route that buffered would not write the first item in the test's time.
    const seen = portFakes({ registryDelayMs: 60_000, leadMs: 50, agent: [agentCandidate('Acme Pty Ltd')] });
    const response = await post({ query: 'acme', countryIsoAlpha3: 'AUS' }, account.authorization);
    const stream = lines(response, performance.now());
    const first = await stream.next();
    expect(first.done).toBe(false);
    expect(seen.registryFinished).toBe(false);
    await stream.return(undefined);
  });

  it('direct mode with a degraded registry: the whole body is one channel-degraded line', async () => {
    const account = await makeAccount(db);
    portFakes({ registry: { candidates: [], error: { kind: 'http', status: 500, message: 'boom' } } });
    const response = await post({ query: 'acme', countryIsoAlpha3: 'AUS', mode: 'direct' }, account.authorization);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"_type":"channel-degraded","channel":"registry"}\n');
  });

  it('runs agentic whatever was asked when hybridSearch is off for the account', async () => {
    const account = await makeAccount(db);
    await setFlagValue(db, { flagKey: FLAGS.hybridSearch.key, accountId: account.id, value: false });
    const seen = portFakes({ agent: [agentCandidate('Acme Pty Ltd')] });
    const response = await post({ query: 'acme', countryIsoAlpha3: 'AUS', mode: 'direct' }, account.authorization);
    expect((await allLines(response)).map((i) => i._type === 'candidate' && i.source)).toEqual(['agent']);
    expect(seen.searches).toEqual([]);
  });

  it('declares the 60 s maximum duration, and a stream cut by its time limit ends cleanly: the unanswered registry is reported degraded', async () => {
    expect(maxDuration).toBe(60);
    // Neither the registry nor the agent's second candidate would come within the test's time: only the cut ends it.
    portFakes({ registryDelayMs: 60_000, leadMs: 10, agent: [agentCandidate('Acme Pty Ltd'), agentCandidate('Beta Pty Ltd')], agentGapMs: 60_000 });
    const search = ctx.container.searchOrganisations;
    if (!search) throw new Error('not wired');
    const account = await makeAccount(db);
    const timeLimit = new AbortController(); // the route's time limit, struck once the first item is out
    const response = ndjsonResponse(search.stream({ query: 'acme', countryIsoAlpha3: 'AUS' }, { accountId: account.id }, timeLimit.signal), {
      log: { error: () => undefined },
    });
    const types: string[] = [];
    for await (const { item } of lines(response, performance.now())) {
      types.push(item._type);
      timeLimit.abort(new DOMException('the time limit', 'TimeoutError')); // as AbortSignal.timeout aborts
    }
    expect(types).toEqual(['candidate', 'channel-degraded']);
  });
});

describe('abort', () => {
  it("the client's abort stops every port, and no work continues after the client is gone", async () => {
    const account = await makeAccount(db);
    const seen = portFakes({
      registryDelayMs: 10_000,
      leadMs: 20,
      agent: Array.from({ length: 50 }, (_, i) => agentCandidate(`Acme ${i} Pty Ltd`)),
      // Ten yields would take 5 s: far longer than an abort takes to reach the agent, even on a loaded machine.
      agentGapMs: 500,
    });
    const client = new AbortController();
    const response = await post({ query: 'acme', countryIsoAlpha3: 'AUS' }, account.authorization, client.signal);
    const stream = lines(response, performance.now());
    await stream.next();
    client.abort();
    await stream.next().catch(() => undefined);
    expect(await until(() => seen.registrySignal?.aborted === true && seen.agentSignal?.aborted === true)).toBe(true);
    expect(await until(() => seen.agentStoppedAt !== undefined)).toBe(true);
    const yieldsAtStop = seen.agentYields;
    await wait(400);
    expect(seen.agentYields).toBe(yieldsAtStop);
    expect(seen.agentYields).toBeLessThan(10);
  });

  describe('with the real adapters against the contract fakes', () => {
    let fakes: SearchFakes;
    beforeAll(async () => {
      fakes = await startSearchFakes('zero');
    });
    afterAll(async () => {
      await fakes.close();
    });

    function wireRealAdapters() {
      const ports = searchPortsOverFakes(fakeUrls(fakes), ctx.container.log, { registryLeadMs: 50 });
      ctx.container.searchOrganisations = createSearchOrganisations({
        ...ports,
        internalMatches: createInternalMatches(db),
        flags: ctx.container.flags,
        logo: ctx.container.logo,
        log: ctx.container.log,
      });
    }

    it('streams real items from the fakes', async () => {
      wireRealAdapters();
      const account = await makeAccount(db);
      const response = await post({ query: 'kookaburra', countryIsoAlpha3: 'AUS', mode: 'direct', abrPreset: 'entity-only' }, account.authorization);
      const items = await allLines(response);
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((i) => i._type === 'candidate' && i.source === 'registry_au')).toBe(true);
    });

    it('AUS: the fake registry and model see their connections closed by the client', async () => {
      wireRealAdapters();
      fakes.abr.faults.inject({ kind: 'hang' });
      fakes.openAi.faults.inject({ kind: 'hang' });
      const abrClosed = fakes.abr.connections.closedByClient;
      const modelClosed = fakes.openAi.connections.closedByClient;
      try {
        const account = await makeAccount(db);
        const client = new AbortController();
        const response = await post({ query: 'acme', countryIsoAlpha3: 'AUS' }, account.authorization, client.signal);
        expect(response.status).toBe(200);
        expect(await until(() => fakes.abr.connections.opened > 0 && fakes.openAi.connections.opened > 0)).toBe(true);
        client.abort();
        expect(await until(() => fakes.abr.connections.closedByClient > abrClosed && fakes.openAi.connections.closedByClient > modelClosed)).toBe(true);
      } finally {
        fakes.abr.faults.clear();
        fakes.openAi.faults.clear();
      }
    });

    it('GBR: the fake aggregator sees its connection closed by the client', async () => {
      wireRealAdapters();
      fakes.openCorporates.faults.inject({ kind: 'hang' });
      const closed = fakes.openCorporates.connections.closedByClient;
      try {
        const account = await makeAccount(db);
        const client = new AbortController();
        const response = await post({ query: 'acme', countryIsoAlpha3: 'GBR', mode: 'direct' }, account.authorization, client.signal);
        expect(response.status).toBe(200);
        const opened = fakes.openCorporates.connections.opened;
        expect(await until(() => fakes.openCorporates.connections.opened >= opened && fakes.openCorporates.connections.requests.length > 0)).toBe(true);
        await wait(50);
        client.abort();
        expect(await until(() => fakes.openCorporates.connections.closedByClient > closed)).toBe(true);
      } finally {
        fakes.openCorporates.faults.clear();
      }
    });
  });
});
