/**
 * Fuzz suite over every route of the running product (the reconciliation service and batch matching included) (the production build under `npm start`, so Next's
 * routing, the proxy and the route handlers are all on the path): 10,000 generated requests (path ids,
 * query strings, bodies, methods, content types, credentials, server-action calls), from a fixed seed
 * (FUZZ_SEED overrides it). Every answer: no 5xx; every 4xx in the README's JSON error shape (a page's HTML
 * not-found page excepted); no internal message or stack trace in any body.
 *
 * The fuzz account is its own (an API key and a signed-in user), so its rate limits are spent without
 * touching the demo account the browser tests use. Sign-in itself is not fuzzed: the per-address sign-in
 * limit is shared with every other test that signs in.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { createApiKey } from '../../src/adapters/auth/api-keys';
import { createAuth } from '../../src/adapters/auth/better-auth';
import { createUser } from '../../src/adapters/auth/users';
import type { Database } from '../../src/adapters/db/client';
import { openProductDatabase } from './support/product-database';
import { insertAccount } from '../../src/adapters/db/queries/accounts';
import { linkOrganisationToAccount } from '../../src/adapters/db/queries/organisations-write';
import { parseEnvOrThrow } from '../../src/config/env';
import { makeOrganisation } from '../support/factories';
import { fuzzRequest, seededRandom, type FuzzCredentials, type FuzzRequest } from './support/request-fuzz';

const baseUrl = inject('baseUrl');
const REQUESTS = 10_000;
const CONCURRENCY = 8;
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const LEAKS =
  /\n\s+at .+:\d+:\d+|node_modules|invalid input syntax|syntax error at|violates .* constraint|relation "|ECONNREFUSED|TypeError|ReferenceError|ZodError|drizzle/i;

let database: Database;
let credentials: FuzzCredentials;

beforeAll(async () => {
  database = await openProductDatabase();
  const port = new URL(baseUrl).port;
  const env = parseEnvOrThrow({ APP_ENV: 'sandbox', DATA_DIR: inject('dataDir'), PORT: port, LOG_LEVEL: 'silent' });
  const auth = createAuth(database.db, env);
  const account = await insertAccount(database.db, { name: `Fuzz ${Date.now()}` });
  const email = `fuzz-${Date.now()}@example.com`;
  const password = 'fuzz-password-123';
  await createUser({ auth, database }, { accountId: account.id, email, password });
  const { apiKey } = await createApiKey(database.db, { accountId: account.id, name: 'fuzz' });
  const organisation = await makeOrganisation(database.db, { profileStatus: 'COMPLETED' }, { ownerAccountId: account.id });
  const origin = new URL(baseUrl).origin;
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  expect(signIn.status).toBe(200);
  const sessionCookie = signIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const batch = await fetch(`${baseUrl}/api/match/batches`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      fileName: 'fuzz.csv',
      csv: 'name,country\nKoala Logistics Pty Ltd,AUS\nHarbourline Logistics,GBR\n',
      columns: { name: 'name', country: 'country' },
    }),
  });
  expect(batch.status).toBe(202);
  const batchId = z.object({ data: z.object({ batchId: z.string() }) }).parse(await batch.json()).data.batchId;
  credentials = { apiKey, sessionCookie, origin, organisationId: organisation.id, batchId, serverActions: serverActions(organisation.id) };
}, 120_000);

afterAll(async () => {
  await database?.close();
});

/** The build's server actions, each with a page path that renders it. */
function serverActions(organisationId: string): { id: string; page: string }[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), '.next', 'server', 'server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { workers: Record<string, unknown> }>;
  };
  return Object.entries(manifest.node).flatMap(([id, { workers }]) => {
    const page = Object.keys(workers)[0];
    if (!page) return [];
    const route = page
      .replace(/^app/, '')
      .replace(/\/page$/, '')
      .replace(/\/\([^)]+\)/g, '')
      .replace('[id]', organisationId);
    return [{ id, page: route || '/' }];
  });
}

interface Finding {
  request: string;
  status: number;
  problem: string;
  body: string;
}

async function check(request: FuzzRequest, statuses: Map<number, number>): Promise<Finding | undefined> {
  const label = `${request.method} ${request.path} ${JSON.stringify(request.headers)} ${request.body?.slice(0, 200) ?? ''}`;
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    return { request: label, status: 0, problem: `no answer: ${String(error)}`, body: '' };
  }
  const body = await response.text().catch((error: unknown) => `(body failed: ${String(error)})`);
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  const finding = (problem: string): Finding => ({ request: label, status: response.status, problem, body: body.slice(0, 300) });
  if (response.status >= 500) return finding('5xx');
  const contentType = response.headers.get('content-type') ?? '';
  const html = contentType.startsWith('text/html');
  if (LEAKS.test(html ? body.replace(/<script[\s\S]*?<\/script>/g, '') : body)) return finding('internal detail in the body');
  if (response.status < 400) return undefined;
  if (html && request.page && response.status === 404) return undefined;
  if (!contentType.startsWith('application/json')) return finding(`4xx not JSON (${contentType || 'no content type'})`);
  if (request.method === 'HEAD') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return finding('4xx body is not JSON');
  }
  if (!isErrorShape(parsed)) return finding('4xx body is not {error, code, issues?}');
  if (response.status === 405 && !response.headers.get('allow')) return finding('405 without Allow');
  if (response.status === 429 && !response.headers.get('retry-after')) return finding('429 without Retry-After');
  return undefined;
}

function isErrorShape(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { error, code, issues } = value as Record<string, unknown>;
  return typeof error === 'string' && typeof code === 'string' && (issues === undefined || Array.isArray(issues));
}

describe('fuzz over every route', () => {
  it(`${REQUESTS} generated requests: no 5xx, every 4xx in the JSON error shape, nothing internal (seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const requests = Array.from({ length: REQUESTS }, () => fuzzRequest(random, credentials));
    const findings: Finding[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests.length) {
          const request = requests[next++] as FuzzRequest;
          const found = await check(request, statuses);
          if (found) findings.push(found);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const histogram = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    console.log(`fuzz: ${REQUESTS} requests in ${seconds.toFixed(1)} s (${histogram}); ${findings.length} findings`);
    const byProblem = new Map<string, Finding[]>();
    for (const finding of findings)
      byProblem.set(`${finding.problem} ${finding.status}`, [...(byProblem.get(`${finding.problem} ${finding.status}`) ?? []), finding]);
    const summary = [...byProblem.entries()].map(([problem, list]) => `${list.length} x ${problem}; e.g. ${list[0]?.request} -> ${list[0]?.body}`);
    expect(summary).toEqual([]);
  }, 300_000);
});

describe('the odd requests the issue names, one by one', () => {
  const json = async (response: Response) => ({
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: (await response.json()) as Record<string, unknown>,
  });
  const key = () => ({ authorization: `Bearer ${credentials.apiKey}` });

  it('malformed percent-encoding and a NUL in a path id answer 400 JSON on every route with an id', async () => {
    for (const bad of ['%ZZ', '%C0%AF', '%00']) {
      for (const route of [
        `/api/organisations/${bad}`,
        `/api/organisations/${bad}/naics`,
        `/api/organisations/${bad}/enrich`,
        `/api/identify/sidebar/${bad}/organisation`,
        `/organisations/${bad}/figures`,
        `/organisations/${bad}`,
      ]) {
        const method = route.endsWith('/naics') || route.endsWith('/enrich') ? 'POST' : 'GET';
        const answer = await json(await fetch(`${baseUrl}${route}`, { method, headers: key(), redirect: 'manual' }));
        expect(answer, route).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
      }
    }
  });

  it('malformed server-action bodies answer 400 JSON', async () => {
    const action = credentials.serverActions[0];
    if (!action) throw new Error('no server action in the build');
    for (const body of ['not json', '[', '["$Q1"]', '']) {
      const response = await fetch(`${baseUrl}${action.page}`, {
        method: 'POST',
        headers: { cookie: credentials.sessionCookie, origin: credentials.origin, 'next-action': action.id, 'content-type': 'text/plain;charset=UTF-8' },
        body,
      });
      expect(await json(response)).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    }
  });

  it('wrong methods answer 405 JSON with Allow; an unknown /api path 404 JSON', async () => {
    const wrong = await fetch(`${baseUrl}/api/organisations/search`, { method: 'DELETE', headers: key() });
    expect(wrong.headers.get('allow')).toBe('POST, OPTIONS');
    expect(await json(wrong)).toMatchObject({ status: 405, body: { code: 'method_not_allowed' } });
    const page = await fetch(`${baseUrl}/dashboard`, { method: 'PUT', headers: { cookie: credentials.sessionCookie } });
    expect(page.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(page.status).toBe(405);
    expect(await json(await fetch(`${baseUrl}/api/no/such/route`, { headers: key() }))).toMatchObject({
      status: 404,
      type: expect.stringMatching(/^application\/json/),
      body: { code: 'not_found' },
    });
  });

  it('figures and flag counts answer API-key callers, and 401 JSON (never a redirect to sign-in) without credentials', async () => {
    // A fresh organisation: the fuzz above may have rejected (deleted) the one it was given.
    const accountId =
      (await database.pool.query<{ account_id: string }>('select account_id from api_keys where name = $1 order by created_at desc limit 1', ['fuzz'])).rows[0]
        ?.account_id ?? '';
    const organisation = await makeOrganisation(database.db, { profileStatus: 'COMPLETED' }, { ownerAccountId: accountId });
    await linkOrganisationToAccount(database.db, { accountId, organisationId: organisation.id });
    for (const route of ['/organisations/flag-counts', `/organisations/${organisation.id}/figures`]) {
      expect((await fetch(`${baseUrl}${route}`, { headers: key(), redirect: 'manual' })).status, route).toBe(200);
      expect(await json(await fetch(`${baseUrl}${route}`, { redirect: 'manual' }))).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    }
  });
});
