/**
 * Fuzz suite over every route of the running product (the reconciliation service and batch matching included) (the production build under `npm start`, so Next's
 * routing, the proxy and the route handlers are all on the path): 10,000 generated requests (path ids,
 * query strings, bodies, methods, content types, credentials, server-action calls), from a fixed seed
 * (FUZZ_SEED overrides it). Every answer: no 5xx; every 4xx in the README's JSON error shape (a page's HTML
 * not-found page excepted); no internal message or stack trace in any body. Then, over raw sockets, what fetch
 * will not send: every HTTP method (TRACE, TRACK, CONNECT, WebDAV, unknown tokens), odd request targets (raw
 * spaces, NULs, //, ..), headers and URLs past 16 KB, no Host; and JSON nested 10,000 deep everywhere.
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
import { rawRequest, type RawAnswer } from '../support/raw-http';
import { deeplyNested, fuzzRequest, seededRandom, type FuzzCredentials, type FuzzRequest } from './support/request-fuzz';

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

/** `work` on every item, CONCURRENCY at a time (the generated fuzz and the raw-socket sends alike): the answers in the items' order. */
async function inPool<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const index = next++;
        answers[index] = await work(items[index] as T);
      }
    }),
  );
  return answers;
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
  const problem = problemOf({
    method: request.method,
    page: request.page,
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body,
    allow: response.headers.get('allow'),
    retryAfter: response.headers.get('retry-after'),
  });
  if (problem) return finding(problem);
  return undefined;
}

interface Answer {
  method: string;
  /** A page route: its HTML not-found page is a right 404. */
  page: boolean;
  status: number;
  contentType: string;
  body: string;
  allow: string | null;
  retryAfter: string | null;
}

/** What is wrong with an answer, if anything: a 5xx, an internal detail, a 4xx outside the JSON error shape. */
function problemOf(answer: Answer): string | undefined {
  const { method, page, status, contentType, body } = answer;
  if (status >= 500) return '5xx';
  const html = contentType.startsWith('text/html');
  if (LEAKS.test(html ? body.replace(/<script[\s\S]*?<\/script>/g, '') : body)) return 'internal detail in the body';
  if (status < 400) return undefined;
  if (html && page && status === 404) return undefined;
  if (!contentType.startsWith('application/json')) return `4xx not JSON (${contentType || 'no content type'})`;
  if (method === 'HEAD') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return '4xx body is not JSON';
  }
  if (!isErrorShape(parsed)) return '4xx body is not {error, code, issues?}';
  if (status === 405 && !answer.allow) return '405 without Allow';
  if (status === 429 && !answer.retryAfter) return '429 without Retry-After';
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
    const started = performance.now();
    for (const found of await inPool(requests, (request) => check(request, statuses))) if (found) findings.push(found);
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

/** Every method Node's parser knows plus tokens it does not; TRACE, TRACK and CONNECT are ones fetch refuses to send. */
const EVERY_METHOD = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'TRACK',
  'CONNECT',
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'SEARCH',
  'PURGE',
  'QUERY',
  'LINK',
  'UNLINK',
  'REPORT',
  'MKCALENDAR',
  'ACL',
  'BIND',
  'SOURCE',
  'FOO',
  'BREW',
  'X-CUSTOM',
];
/** Raw request targets, written as they are (spaces, NULs and dot segments included). */
const ODD_TARGETS = [
  '/a b',
  '/api/organisations/a b',
  '/%00',
  '/api/%00',
  '/api/organisations/%00/naics',
  '/?q=%00',
  '//',
  '//api/health',
  '///dashboard',
  '/api/../api/health',
  '/..',
  '/../../etc/passwd',
  '/./dashboard',
  '/api/organisations/..%2f..%2fhealth',
  '/%2e%2e/api/health',
  '/\\',
  '/%',
  '/%E0%A4%A',
  '/api/flags/%2e%2e',
  '/\u00e9',
  '/api/health#fragment',
  '*',
  'http://evil.example/api/health',
  '/api/auth/%ZZ',
  '/organisations/%C0%AF/figures',
  '/_next/%00',
  '/_next/static/../../package.json',
];

describe('requests fetch will not send, written on the socket', () => {
  const { hostname, port } = new URL(baseUrl);
  const paths = () => [
    '/',
    '/dashboard',
    '/sign-in',
    '/api/organisations/search',
    '/api/flags/AU',
    '/api/openapi.json',
    '/api/health',
    '/api/auth/sign-in/email',
    '/api/no/such/route',
    `/organisations/${credentials.organisationId}`,
    '/organisations/flag-counts',
    '/api/reconcile',
    '/_next/static/nothing.js',
    '/icon.svg',
  ];
  const send = async (method: string, target: string, headers: string[] = [], body = ''): Promise<Finding | undefined> => {
    const text = `${method} ${target} HTTP/1.1\r\n${['Host: ' + new URL(baseUrl).host, 'Connection: close', ...headers, ...(body ? [`Content-Length: ${Buffer.byteLength(body)}`] : [])].join('\r\n')}\r\n\r\n${body}`;
    const label = `${method} ${target.slice(0, 120)} ${headers.map((header) => header.slice(0, 60)).join(' | ')}`;
    let answer: RawAnswer;
    try {
      answer = await rawRequest(hostname, Number(port), text);
    } catch (error) {
      return { request: label, status: 0, problem: `no answer: ${String(error)}`, body: '' };
    }
    const problem = problemOf({
      method,
      page: !target.startsWith('/api/') && (method === 'GET' || method === 'HEAD'),
      status: answer.status,
      contentType: answer.headers['content-type'] ?? '',
      body: answer.body,
      allow: answer.headers.allow ?? null,
      retryAfter: answer.headers['retry-after'] ?? null,
    });
    return problem ? { request: label, status: answer.status, problem, body: answer.body.slice(0, 300) } : undefined;
  };
  const expectNoFindings = (findings: (Finding | undefined)[]) => expect(findings.filter((finding) => finding !== undefined)).toEqual([]);

  it('every HTTP method on every kind of path, with and without credentials: 0 answers outside the JSON shape', async () => {
    const credentialHeaders = [[], [`Authorization: Bearer ${credentials.apiKey}`], [`Cookie: ${credentials.sessionCookie}`, `Origin: ${credentials.origin}`]];
    const sends = EVERY_METHOD.flatMap((method) => paths().flatMap((path) => credentialHeaders.map((headers) => ({ method, path, headers }))));
    expectNoFindings(await inPool(sends, ({ method, path, headers }) => send(method, path, headers)));
  }, 300_000);

  it('odd request targets (raw spaces, NULs, //, .., absolute and asterisk forms): 0 answers outside the JSON shape', async () => {
    const sends = ODD_TARGETS.flatMap((target) => ['GET', 'HEAD', 'POST', 'OPTIONS', 'TRACE'].map((method) => ({ method, target })));
    expectNoFindings(await inPool(sends, ({ method, target }) => send(method, target, [`Authorization: Bearer ${credentials.apiKey}`])));
  }, 300_000);

  it('long headers and URLs, many headers, no Host: 0 answers outside the JSON shape (431 headers_too_large past 16 KB)', async () => {
    const findings: (Finding | undefined)[] = [];
    for (const size of [8_000, 15_000, 17_000, 64_000, 1_000_000]) {
      findings.push(await send('GET', '/dashboard', [`X-Long: ${'a'.repeat(size)}`]));
      findings.push(await send('POST', '/api/organisations/search', [`Cookie: ${'b'.repeat(size)}`, 'Content-Type: application/json'], '{}'));
      findings.push(await send('GET', `/api/organisations/${'c'.repeat(size)}`, [`Authorization: Bearer ${credentials.apiKey}`]));
      findings.push(await send('GET', `/search?q=${'d'.repeat(size)}`));
    }
    findings.push(
      await send(
        'GET',
        '/',
        Array.from({ length: 500 }, (_, i) => `X-Header-${i}: ${'e'.repeat(40)}`),
      ),
    );
    const huge = await rawRequest(hostname, Number(port), `GET /api/health HTTP/1.1\r\nHost: ${new URL(baseUrl).host}\r\nX-Big: ${'f'.repeat(20_000)}\r\n\r\n`);
    expect({ status: huge.status, code: (JSON.parse(huge.body) as { code?: string }).code }).toEqual({ status: 431, code: 'headers_too_large' });
    const noHost = await rawRequest(hostname, Number(port), 'GET /dashboard HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect({ status: noHost.status, code: (JSON.parse(noHost.body) as { code?: string }).code }).toEqual({ status: 400, code: 'validation_failed' });
    expectNoFindings(findings);
  }, 300_000);

  it('JSON nested 10,000 deep, on every JSON route and as server-action arguments: 400 JSON (a stack overflow was a 500)', async () => {
    const findings: (Finding | undefined)[] = [];
    const auth = `Authorization: Bearer ${credentials.apiKey}`;
    for (const body of [
      deeplyNested(10_000, 'array'),
      deeplyNested(10_000, 'object'),
      `{"query":"koala","countryIsoAlpha3":"AUS","x":${deeplyNested(10_000, 'object')}}`,
    ]) {
      for (const path of [
        '/api/organisations/search',
        '/api/organisations/quick-search',
        '/api/organisations/select',
        '/api/reconcile',
        '/api/match/batches',
      ]) {
        const response = await fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${credentials.apiKey}`, 'content-type': 'application/json' },
          body,
        });
        const answer = { status: response.status, body: (await response.json()) as Record<string, unknown> };
        expect(answer, `${path} ${body.slice(0, 40)}`).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
      }
      findings.push(await send('POST', `/api/organisations/${credentials.organisationId}/naics`, [auth, 'Content-Type: application/json'], body));
      findings.push(await send('POST', '/api/auth/sign-in/email', [`Origin: ${credentials.origin}`, 'Content-Type: application/json'], body));
    }
    for (const action of credentials.serverActions) {
      for (const body of [`[${deeplyNested(10_000, 'object')}]`, deeplyNested(10_000, 'array')]) {
        const response = await fetch(`${baseUrl}${action.page}`, {
          method: 'POST',
          headers: { cookie: credentials.sessionCookie, origin: credentials.origin, 'next-action': action.id, 'content-type': 'text/plain;charset=UTF-8' },
          body,
        });
        expect(response.status, action.page).toBe(400);
        expect(await response.json()).toMatchObject({ code: 'validation_failed', issues: [{ rule: 'too_deep' }] });
      }
    }
    expectNoFindings(findings);
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

  it('TRACE answers 405 JSON with Allow; PUT /api/flags/{code} and POST /api/openapi.json 405 JSON with Allow', async () => {
    const { hostname, port } = new URL(baseUrl);
    for (const path of ['/', '/dashboard', '/api/organisations/search', '/api/health']) {
      const answer = await rawRequest(hostname, Number(port), `TRACE ${path} HTTP/1.1\r\nHost: ${new URL(baseUrl).host}\r\nConnection: close\r\n\r\n`);
      expect({ status: answer.status, type: answer.headers['content-type'], code: (JSON.parse(answer.body) as { code?: string }).code }, path).toEqual({
        status: 405,
        type: 'application/json; charset=utf-8',
        code: 'method_not_allowed',
      });
      expect(answer.headers.allow, path).toMatch(/OPTIONS/);
    }
    for (const [method, path] of [
      ['PUT', '/api/flags/AU'],
      ['POST', '/api/openapi.json'],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`, { method });
      expect(response.headers.get('allow'), path).toBe('GET, HEAD, OPTIONS');
      expect(await json(response)).toMatchObject({ status: 405, body: { code: 'method_not_allowed' } });
    }
  });

  it('server actions need the application origin: none, another, or a forged X-Forwarded-Host answer 403 JSON', async () => {
    const action = credentials.serverActions[0];
    if (!action) throw new Error('no server action in the build');
    const forged: Record<string, string>[] = [{}, { origin: 'http://evil.example' }, { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' }];
    for (const headers of forged) {
      const response = await fetch(`${baseUrl}${action.page}`, {
        method: 'POST',
        headers: { cookie: credentials.sessionCookie, 'next-action': action.id, 'content-type': 'text/plain;charset=UTF-8', ...headers },
        body: JSON.stringify([{ organisationId: credentials.organisationId }]),
      });
      expect(await json(response), JSON.stringify(headers)).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    }
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
