/**
 * The product's HTTP server (src/http/product-server.ts) over real sockets, every answer in the JSON error
 * shape: what Node's parser refuses, methods Next.js does not route, CONNECT, long headers and URLs, and a
 * database outage (pages: the 503 "temporarily unavailable" page; the auth routes: 503 JSON).
 *
 * Behind it stands what Next.js would run for each request, with the real modules: the proxy (src/proxy.ts),
 * then the route module's handler for the method (the auth, search, flags and OpenAPI routes), or for a page
 * the session lookup the (main) layout makes (requireSession's queries). Where Next.js itself answers, the
 * stand-in answers as Next.js does (noted at each place), so a request that reaches it unchanged fails as it
 * would under `npm start`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as authRoute from '../../src/app/api/auth/[...all]/route';
import * as flagsRoute from '../../src/app/api/flags/[alpha2]/route';
import * as openApiRoute from '../../src/app/api/openapi.json/route';
import * as searchRoute from '../../src/app/api/organisations/search/route';
import { createUser } from '../../src/adapters/auth/users';
import { databaseAvailability } from '../../src/http/database-availability';
import { MAX_HEADER_BYTES, createProductServer } from '../../src/http/product-server';
import { proxy } from '../../src/proxy';
import { makeAccount } from '../support/factories';
import { rawRequest, type RawAnswer } from '../support/raw-http';
import { adminQuery } from '../support/test-database';
import { createTestContainer, type TestContext } from '../support/test-container';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'a-long-enough-password';
let ctx: TestContext;
let server: http.Server;
let baseUrl = '';
let port = 0;
let email = '';
const pagesRendered: string[] = [];

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response> | Response;
const ROUTES: [RegExp, object][] = [
  [/^\/api\/auth\/(.+)$/, authRoute],
  [/^\/api\/organisations\/search$/, searchRoute],
  [/^\/api\/flags\/([^/]+)$/, flagsRoute],
  [/^\/api\/openapi\.json$/, openApiRoute],
];
/** A route module's exported handler for a method. */
function handlerOf(module: object, method: string): Handler | undefined {
  const value: unknown = (module as Record<string, unknown>)[method];
  return typeof value === 'function' ? (value as Handler) : undefined;
}
/** Next's app-route module: an exported handler per method; another of its methods 405, anything else 400 (both empty). */
const NEXT_ROUTE_METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH'];

/** What Next.js runs for a request: a web Request (undici refuses TRACE, TRACK and CONNECT: Next answers 500), the proxy, the route. */
async function next(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const method = req.method ?? 'GET';
  const url = `${ORIGIN}${req.url ?? '/'}`;
  const body = method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(await Readable.from(req).toArray());
  const request = new Request(url, { method, headers, body });
  // Next's own files never reach the proxy (its matcher); a method but GET or HEAD gets Next's HTML 405 page.
  if (/^\/(?:_next\/|favicon\.ico|robots\.txt)/.test(req.url ?? '/')) {
    const refused = method !== 'GET' && method !== 'HEAD';
    res.writeHead(refused ? 405 : 404, { 'content-type': 'text/html; charset=utf-8', ...(refused ? { allow: 'GET, HEAD' } : {}) });
    res.end('<!doctype html><title>405</title>');
    return;
  }
  const gate = await proxy(new NextRequest(url, { method, headers }));
  const answer = gate.headers.get('x-middleware-next') === '1' ? await route(request) : gate;
  for (const [name, value] of answer.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  res.setHeader('set-cookie', answer.headers.getSetCookie());
  res.writeHead(answer.status);
  res.end(method === 'HEAD' ? undefined : Buffer.from(await answer.arrayBuffer()));
}

async function route(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  for (const [pattern, module] of ROUTES) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    if (!NEXT_ROUTE_METHODS.includes(request.method)) return new Response(null, { status: 400 });
    const handler = handlerOf(module, request.method) ?? (request.method === 'HEAD' ? handlerOf(module, 'GET') : undefined);
    if (!handler) return new Response(null, { status: 405 });
    return handler(request, { params: Promise.resolve({ all: (match[1] ?? '').split('/'), alpha2: match[1] ?? '' }) });
  }
  // A page: the (main) layout's session check (requireSession's lookups), then the page. A throw is Next's 500 page.
  const session = await ctx.container.auth.api.getSession({ headers: request.headers });
  await ctx.container.accountResolver.resolve(request.headers);
  pagesRendered.push(pathname);
  return new Response(`<!doctype html><title>page</title><p>${session ? 'signed in' : 'signed out'}</p>`, { headers: { 'content-type': 'text/html' } });
}

beforeAll(async () => {
  ctx = await createTestContainer({ env: { PORT: '3000' } });
  const account = await makeAccount(ctx.database.db);
  email = `outage-${Date.now()}@example.com`;
  await createUser(ctx.container, { accountId: account.id, email, password: PASSWORD });
  server = createProductServer({
    handle: next,
    trustedProxies: [],
    imageOrigins: [],
    https: false,
    log: { error: () => undefined },
    // As src/main.ts wires it, without reusing a "the database answers" for a second, so an outage shows at once.
    databaseAvailable: databaseAvailability({ probe: () => ctx.container.database.pool.query('select 1'), upForMs: 0 }),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => {
    server?.close(() => resolve());
    server?.closeAllConnections();
  });
  await ctx?.close();
});

/** A request written byte for byte on a socket to the server under test. */
const raw = (text: string) => rawRequest('127.0.0.1', port, text);

function expectErrorShape(answer: RawAnswer, status: number, code: string): void {
  expect({ status: answer.status, type: answer.headers['content-type'] }, answer.body).toEqual({ status, type: 'application/json; charset=utf-8' });
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(body).toMatchObject({ code, error: expect.any(String) });
}

describe('methods Next.js does not route', () => {
  it('TRACE and TRACK answer 405 JSON with the path’s own Allow (Next.js: a text 500)', async () => {
    for (const method of ['TRACE', 'TRACK']) {
      const search = await raw(`${method} /api/organisations/search HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expectErrorShape(search, 405, 'method_not_allowed');
      expect(search.headers.allow).toBe('POST, OPTIONS');
      const page = await raw(`${method} /dashboard HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expectErrorShape(page, 405, 'method_not_allowed');
      expect(page.headers.allow).toBe('GET, HEAD, OPTIONS');
    }
  });

  it('PROPFIND and other registered methods answer 405 JSON with Allow (Next.js: an empty 400 on an API route)', async () => {
    for (const method of ['PROPFIND', 'MKCOL', 'LOCK', 'PURGE', 'SEARCH', 'QUERY', 'LINK']) {
      const answer = await raw(`${method} /api/flags/AU HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expectErrorShape(answer, 405, 'method_not_allowed');
      expect(answer.headers.allow, method).toBe('GET, HEAD, OPTIONS');
    }
  });

  it('an unknown method token answers 405 JSON with Allow (Node’s parser: an empty 400)', async () => {
    const answer = await raw('FOO /api/organisations/search HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expectErrorShape(answer, 405, 'method_not_allowed');
    expect(answer.headers.allow).toBe('POST, OPTIONS');
    expectErrorShape(await raw('BREW /dashboard HTTP/1.1\r\nHost: localhost\r\n\r\n'), 405, 'method_not_allowed');
  });

  it('a method other than GET or HEAD on Next.js’s own files answers 405 JSON (Next.js: its HTML 405 or 404 page)', async () => {
    for (const [method, path] of [
      ['POST', '/_next/static/chunks/main.js'],
      ['OPTIONS', '/_next/static/nothing.js'],
      ['DELETE', '/favicon.ico'],
      ['TRACE', '/_next/image'],
    ] as const) {
      const answer = await raw(`${method} ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expectErrorShape(answer, 405, 'method_not_allowed');
      expect(answer.headers.allow, `${method} ${path}`).toBe('GET, HEAD');
    }
  });

  it('CONNECT answers 405 JSON (Node: the connection is dropped)', async () => {
    const answer = await raw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expectErrorShape(answer, 405, 'method_not_allowed');
    expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
  });
});

describe('routes without their own wrong-method answers', () => {
  it('PUT /api/flags/{code} and POST /api/openapi.json answer 405 JSON with Allow', async () => {
    for (const [method, path] of [
      ['PUT', '/api/flags/AU'],
      ['DELETE', '/api/flags/AU'],
      ['POST', '/api/openapi.json'],
      ['PATCH', '/api/openapi.json'],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`, { method });
      expect({ status: response.status, allow: response.headers.get('allow') }, `${method} ${path}`).toEqual({ status: 405, allow: 'GET, HEAD, OPTIONS' });
      expect(await response.json()).toMatchObject({ code: 'method_not_allowed' });
    }
    expect((await fetch(`${baseUrl}/api/flags/AU`)).status).toBe(200);
  });
});

describe('requests Node’s parser refuses', () => {
  it('a raw space in the path, a bad header, Content-Length with Transfer-Encoding: 400 JSON', async () => {
    for (const request of [
      'GET /a b HTTP/1.1\r\nHost: localhost\r\n\r\n',
      'GET /dashboard HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n',
      'POST /api/organisations/search HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}',
      'GET / HTTP/9.9\r\nHost: localhost\r\n\r\n',
    ]) {
      expectErrorShape(await raw(request), 400, 'validation_failed');
    }
  });

  it('request targets Next.js cannot route as they are: absolute-form served as its path, OPTIONS *, others 400 JSON', async () => {
    const absolute = await raw('GET http://evil.example/api/flags/AU HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect({ status: absolute.status, type: absolute.headers['content-type'] }).toEqual({ status: 200, type: 'image/svg+xml; charset=utf-8' });
    const asterisk = await raw('OPTIONS * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect({ status: asterisk.status, allow: asterisk.headers.allow }).toEqual({ status: 204, allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS' });
    for (const target of ['*', '/api/../api/health', '/./dashboard', '/_next/static/../../package.json']) {
      const answer = await raw(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expectErrorShape(answer, 400, 'validation_failed');
      expect(JSON.parse(answer.body), target).toMatchObject({ issues: [{ field: 'path', rule: 'invalid_target' }] });
    }
  });

  it('a path of Next.js’s own files that does not decode, or decodes to a NUL, answers 400 JSON (the proxy never sees them)', async () => {
    for (const target of ['/_next/%00', '/_next/static/%ZZ.js', '/favicon.ico%00']) {
      expectErrorShape(await raw(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`), 400, 'validation_failed');
    }
  });

  it('a request without Host: 400 JSON (Node’s own check: an empty 400 for HTTP/1.1)', async () => {
    for (const version of ['1.1', '1.0']) {
      const answer = await raw(`GET /dashboard HTTP/${version}\r\nConnection: close\r\n\r\n`);
      expectErrorShape(answer, 400, 'validation_failed');
      expect(JSON.parse(answer.body)).toMatchObject({ issues: [{ field: 'host', rule: 'required' }] });
    }
  });

  it(`headers or a URL over ${MAX_HEADER_BYTES / 1024} KB: 431 headers_too_large JSON, read by the client (Node: an empty 431)`, async () => {
    const bigHeader = await raw(`GET /dashboard HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(MAX_HEADER_BYTES + 100)}\r\n\r\n`);
    expectErrorShape(bigHeader, 431, 'headers_too_large');
    const manyHeaders = await raw(
      `GET / HTTP/1.1\r\nHost: localhost\r\n${Array.from({ length: 400 }, (_, i) => `X-H${i}: ${'b'.repeat(60)}\r\n`).join('')}\r\n`,
    );
    expectErrorShape(manyHeaders, 431, 'headers_too_large');
    const bigUrl = await raw(`GET /api/organisations/${'c'.repeat(MAX_HEADER_BYTES + 100)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expectErrorShape(bigUrl, 431, 'headers_too_large');
    const huge = await raw(`GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'d'.repeat(1_000_000)}\r\n\r\n`);
    expectErrorShape(huge, 431, 'headers_too_large');
    // Under the limit, the request is served.
    expect((await fetch(`${baseUrl}/api/flags/AU`, { headers: { 'x-pad': 'e'.repeat(8_000) } })).status).toBe(200);
  });
});

describe('while the database is down', () => {
  const databaseName = () => new URL(ctx.database.url).pathname.slice(1);
  const stopDatabase = async () => {
    await adminQuery(inject('adminDatabaseUrl'), `alter database ${databaseName()} with allow_connections false`);
    await adminQuery(inject('adminDatabaseUrl'), `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${databaseName()}'`);
  };
  const startDatabase = () => adminQuery(inject('adminDatabaseUrl'), `alter database ${databaseName()} with allow_connections true`);
  const signIn = () =>
    fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ email, password: PASSWORD }),
    });

  /** Signs in (the database up), then runs `during` with the database down, then checks the session serves again. */
  async function throughAnOutage(during: (cookie: string) => Promise<void>): Promise<void> {
    const signedIn = await signIn();
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    expect((await fetch(`${baseUrl}/dashboard`, { headers: { cookie }, redirect: 'manual' })).status).toBe(200);
    await stopDatabase();
    try {
      await during(cookie);
    } finally {
      await startDatabase();
    }
    expect((await fetch(`${baseUrl}/dashboard`, { headers: { cookie }, redirect: 'manual' })).status).toBe(200);
    expect((await signIn()).status).toBe(200);
  }

  it('pages answer the 503 "temporarily unavailable" page (accessible, the product\'s look), and recover with it', async () => {
    await throughAnOutage(async (cookie) => {
      const rendered = pagesRendered.length;
      const page = await fetch(`${baseUrl}/dashboard?tab=1`, { headers: { cookie, accept: 'text/html' } });
      expect({ status: page.status, type: page.headers.get('content-type'), retryAfter: page.headers.get('retry-after') }).toEqual({
        status: 503,
        type: 'text/html; charset=utf-8',
        retryAfter: '30',
      });
      const html = await page.text();
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<title>Temporarily unavailable · Organisation Search</title>');
      expect(html).toContain('<h1>Temporarily unavailable</h1>');
      expect(html).toContain('<a href="/dashboard?tab=1">Try again</a>');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect((await fetch(`${baseUrl}/sign-in`)).status).toBe(503);
      const head = await fetch(`${baseUrl}/dashboard`, { method: 'HEAD', headers: { cookie } });
      expect(head.status).toBe(503);
      expect(pagesRendered.length).toBe(rendered);
    });
  });

  it('the auth routes answer 503 unavailable in the error shape (Better Auth: an empty 500), and recover with it', async () => {
    await throughAnOutage(async (cookie) => {
      const refused = await signIn();
      expect({ status: refused.status, type: refused.headers.get('content-type') }).toEqual({ status: 503, type: 'application/json; charset=utf-8' });
      expect(await refused.json()).toEqual({ error: 'The service is temporarily unavailable', code: 'unavailable' });
      const session = await fetch(`${baseUrl}/api/auth/get-session`, { headers: { cookie } });
      expect(session.status).toBe(503);
      expect(await session.json()).toMatchObject({ code: 'unavailable' });
    });
  });
});
