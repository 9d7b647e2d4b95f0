/**
 * POST /api/organisations/search over a real socket with its maximum duration set short
 * (SEARCH_MAX_DURATION_SECONDS=1): a stream cut by the limit ends cleanly (the unanswered registry reported
 * as channel-degraded, then the end of the body), and a client that goes away is not an error: nothing is
 * logged at error level and the controller is never closed twice. The limit runs on a manual clock that the test
 * moves instead of waiting.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '../../src/app/api/organisations/search/route';
import { createInternalMatches } from '../../src/adapters/db/queries/internal-matches';
import { streamItemSchema } from '../../src/core/candidates';
import type { AgentCandidate } from '../../src/server/search/ports';
import { createSearchOrganisations } from '../../src/server/search/search-organisations';
import { createManualTimers } from '../../src/server/timers';
import { makeAccount } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { memoryLogger, waitUntil } from './abr-support';

let ctx: TestContext;
let server: ServerType;
let baseUrl: string;
const logged = memoryLogger();
const timers = createManualTimers();

beforeAll(async () => {
  ctx = await createTestContainer({ env: { SEARCH_MAX_DURATION_SECONDS: '1' }, log: logged.log, timers });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: (request) => POST(request), port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await ctx.close();
});

const untilAborted = (signal: AbortSignal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
const candidate = (name: string): AgentCandidate => ({ name, countryIsoAlpha3: 'AUS', website: null, description: name, identifiers: [] });

/** A registry that answers only when aborted, and an agent that yields one candidate then waits for the abort. */
function hangingPorts() {
  ctx.container.searchOrganisations = createSearchOrganisations({
    nationalRegistry: {
      async searchByName(_name, { signal }) {
        if (signal) await untilAborted(signal);
        return { candidates: [], error: { kind: 'aborted', message: 'aborted' } };
      },
    },
    globalRegistry: { searchByName: async () => ({ candidates: [], error: null }) },
    agent: {
      async *discover(_query, signal) {
        yield candidate('Acme Pty Ltd');
        await untilAborted(signal);
      },
    },
    websiteValidator: { validate: async () => ({ accepted: true, tier: 1, score: 1, reason: 'test' }) },
    internalMatches: createInternalMatches(ctx.container.database.db),
    flags: ctx.container.flags,
    logo: ctx.container.logo,
    log: ctx.container.log,
    registryLeadMs: 20,
  });
}

/** Appends the body's lines to `lines` as they come; resolves when the body ends normally. */
async function readLines(response: Response, lines: string[]): Promise<void> {
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (let next = await reader?.read(); next && !next.done; next = await reader?.read()) {
    const parts = (buffered + next.value).split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean));
  }
  if (buffered.trim() !== '') lines.push(buffered);
}

const errorLines = () => logged.lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

async function search(authorization: string, body: object, signal?: AbortSignal) {
  return fetch(`${baseUrl}/api/organisations/search`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
}

describe('the maximum duration, through the route', () => {
  it('cuts a stream at SEARCH_MAX_DURATION_SECONDS and ends it cleanly, the unanswered registry reported degraded', async () => {
    hangingPorts();
    const account = await makeAccount(ctx.container.database.db);
    const started = timers.now();
    const response = await search(account.authorization, { query: 'acme', countryIsoAlpha3: 'AUS' });
    expect(response.status).toBe(200);
    let endedAt: number | undefined;
    const lines: string[] = [];
    const body = readLines(response, lines).then(() => (endedAt = timers.now() - started)); // resolves only when the body ends normally
    await waitUntil(() => lines.length > 0); // the agent's candidate, released by the (real) 20 ms lead
    await timers.advance(999);
    expect(endedAt).toBeUndefined();
    await timers.advance(1);
    await body;
    // Cut when the clock reached the limit (the hanging providers would never end the stream).
    expect(endedAt).toBe(1000);
    const items = lines.map((line) => streamItemSchema.parse(JSON.parse(line)));
    expect(items.map((item) => item._type)).toEqual(['candidate', 'channel-degraded']);
    expect(errorLines()).toEqual([]);
  });

  it('agentic mode: cut the same way, with no registry to report', async () => {
    hangingPorts();
    const account = await makeAccount(ctx.container.database.db);
    const response = await search(account.authorization, { query: 'acme', countryIsoAlpha3: 'AUS', mode: 'agentic' });
    const lines: string[] = [];
    const body = readLines(response, lines);
    await waitUntil(() => lines.length > 0);
    await timers.advance(1000);
    await body;
    const items = lines.map((line) => streamItemSchema.parse(JSON.parse(line)));
    expect(items.map((item) => item._type)).toEqual(['candidate']);
  });
});

describe('a client abort', () => {
  it('logs no error and never closes the stream twice', async () => {
    hangingPorts();
    const before = logged.lines.length;
    for (let i = 0; i < 5; i += 1) {
      const account = await makeAccount(ctx.container.database.db);
      const client = new AbortController();
      const response = await search(account.authorization, { query: 'acme', countryIsoAlpha3: 'AUS' }, client.signal);
      const reader = response.body?.getReader();
      await reader?.read();
      client.abort();
      await reader?.read().catch(() => undefined);
    }
    await timers.advance(1500); // past the time limit of every aborted search
    const after = logged.lines.slice(before).map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(after.filter((line) => line.level >= 50)).toEqual([]);
    expect(after.filter((line) => /already closed/i.test(line.msg))).toEqual([]);
  });
});
