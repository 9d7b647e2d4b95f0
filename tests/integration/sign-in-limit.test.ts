/**
 * The sign-in limits over real sockets: Better Auth's sign-in route behind the product's own request listener
 * (src/http/request-listener.ts, as src/main.ts serves it), on real PostgreSQL.
 * - Per client address (10 a minute): the address is the socket's; a client's X-Forwarded-For buys no fresh
 *   bucket unless the socket peer is a trusted proxy.
 * - Per email (10 wrong passwords in 15 minutes, from any number of addresses): the attempt is spent before the
 *   password is checked, so concurrent attempts get no more than 10 checks (issue 19); failures only: a correct
 *   password clears the count and a sign-in refused for another reason gives its attempt back; a browser that signed in to that email before (its signed known-device
 *   cookie) is not locked out by someone else's failures.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '../../src/app/api/auth/[...all]/route';
import { createUser } from '../../src/adapters/auth/users';
import { SIGN_IN_FAILURES_PER_EMAIL } from '../../src/adapters/rate-limit/sign-in-failure-limit';
import { KNOWN_DEVICE_COOKIE } from '../../src/adapters/auth/sign-in-guard';
import { createProductServer } from '../../src/http/product-server';
import { makeAccount } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'right-password-123';
// Each sign-in hashes a password (scrypt, CPU-bound): a test of a dozen or more sign-ins takes a few seconds
// on a quiet machine and several times that on a loaded CI machine. What is asserted is statuses, not speed.
const SIGN_IN_TESTS = { timeout: 120_000 };
let ctx: TestContext;
let accountId = '';
const servers: http.Server[] = [];

/** The route handler as Next.js calls it: a web Request built from the (listener-adjusted) `req.headers`. */
async function handleAuth(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const body = Buffer.concat(await Readable.from(req).toArray());
  const response = await POST(new Request(`http://127.0.0.1${req.url ?? '/'}`, { method: req.method, headers, body }));
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** The auth route behind the product's listener; `trustedProxies` as TRUSTED_PROXIES would set them. */
async function serveAuth(trustedProxies: string[]): Promise<string> {
  const server = createProductServer({ handle: handleAuth, trustedProxies, imageOrigins: [], https: false, log: console });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function userWithPassword(email: string): Promise<string> {
  await createUser(ctx.container, { accountId, email, password: PASSWORD });
  return email;
}

function signIn(baseUrl: string, email: string, password: string, forwardedFor?: string, cookie?: string): Promise<Response> {
  return fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: ORIGIN,
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify({ email, password }),
  });
}

beforeAll(async () => {
  // NODE_ENV=production: Better Auth's per-address limit is off under NODE_ENV=test.
  ctx = await createTestContainer({ env: { NODE_ENV: 'production', PORT: '3000', AUTH_SECRET: 'a'.repeat(40) } });
  accountId = (await makeAccount(ctx.database.db)).id;
});
afterAll(async () => {
  for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
  await ctx?.close();
});

describe('without a trusted proxy', SIGN_IN_TESTS, () => {
  it('counts every attempt from one socket address in one bucket, whatever X-Forwarded-For says (429 after 10 a minute)', async () => {
    const baseUrl = await serveAuth([]);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      // A different email each time, so only the per-address limit can answer 429.
      const response = await signIn(baseUrl, `nobody-${i}@example.com`, 'wrong-password', `198.51.100.${i + 1}`);
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1)', SIGN_IN_TESTS, () => {
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await serveAuth(['127.0.0.1']);
  });

  it("keeps one address's failures in its own bucket: a legitimate user at another address signs in", async () => {
    const email = await userWithPassword('analyst@example.com');
    for (let i = 0; i < 10; i += 1) expect((await signIn(baseUrl, `stranger-${i}@example.com`, 'wrong-password', '203.0.113.66')).status).toBe(401);
    expect((await signIn(baseUrl, 'stranger-x@example.com', 'wrong-password', '203.0.113.66')).status).toBe(429);
    expect((await signIn(baseUrl, email, PASSWORD, '203.0.113.10')).status).toBe(200);
  });

  it('bounds wrong passwords for one email from many addresses: 429 with Retry-After, even for the right password, other emails unaffected', async () => {
    const victim = await userWithPassword('victim@example.com');
    const other = await userWithPassword('other@example.com');
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL; i += 1) {
      expect((await signIn(baseUrl, victim, `guess-${i}`, `192.0.2.${i + 1}`)).status).toBe(401);
    }
    const refusedGuess = await signIn(baseUrl, victim, 'guess-x', '192.0.2.100');
    expect(refusedGuess.status).toBe(429);
    expect(Number(refusedGuess.headers.get('retry-after'))).toBeGreaterThan(60);
    // The limit is per email: it answers before the password is checked, so a right guess learns nothing either.
    expect((await signIn(baseUrl, victim, PASSWORD, '192.0.2.101')).status).toBe(429);
    expect((await signIn(baseUrl, other, PASSWORD, '192.0.2.102')).status).toBe(200);
  });

  it('counts failures only: a correct password clears the count, so a user who mistypes never reaches the limit', async () => {
    const email = await userWithPassword('typist@example.com');
    // Two rounds suffice: were the count not cleared, the second round's second failure would pass the limit.
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL - 1; i += 1) {
        expect((await signIn(baseUrl, email, 'typo', `100.64.${round}.${i + 1}`)).status).toBe(401);
      }
      expect((await signIn(baseUrl, email, PASSWORD, `100.64.${round}.200`)).status).toBe(200);
    }
  });

  it('spends the attempt before the password is checked: of 40 concurrent wrong passwords from 40 addresses exactly 10 are checked', async () => {
    const email = await userWithPassword('burst@example.com');
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => (await signIn(baseUrl, email, `burst-guess-${i}`, `100.67.0.${i + 1}`)).status),
    );
    // 401 is a password that was checked and wrong; 429 is an attempt refused before any password was checked.
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_FAILURES_PER_EMAIL);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - SIGN_IN_FAILURES_PER_EMAIL);
  });

  it('lets a correct password after failures sign in and clear the count; a sign-in that fails for another reason gives its attempt back', async () => {
    const email = await userWithPassword('returning@example.com');
    for (let i = 0; i < 5; i += 1) expect((await signIn(baseUrl, email, `typo-${i}`, `100.68.0.${i + 1}`)).status).toBe(401);
    expect((await signIn(baseUrl, email, PASSWORD, '100.68.0.100')).status).toBe(200);
    // Refused by Better Auth before a password is checked (the body has none): each attempt spent is given back.
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL + 2; i += 1) {
      const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': `100.68.1.${i + 1}` },
        body: JSON.stringify({ email }),
      });
      expect(response.status).toBe(400);
    }
    // The whole budget is left, and still spent before the check: a burst after the success gets exactly 10 checks.
    const statuses = await Promise.all(Array.from({ length: 20 }, async (_, i) => (await signIn(baseUrl, email, `again-${i}`, `100.68.2.${i + 1}`)).status));
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_FAILURES_PER_EMAIL);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - SIGN_IN_FAILURES_PER_EMAIL);
  });

  it('treats the email without regard to case', async () => {
    const email = await userWithPassword('casey@example.com');
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL; i += 1) {
      expect((await signIn(baseUrl, i % 2 === 0 ? 'Casey@Example.com' : email, 'wrong', `100.65.0.${i + 1}`)).status).toBe(401);
    }
    expect((await signIn(baseUrl, email, PASSWORD, '100.65.0.200')).status).toBe(429);
  });

  it("does not lock the user out of a browser that signed in to the email before (the attacker's browser stays locked)", async () => {
    const email = await userWithPassword('known-device@example.com');
    const first = await signIn(baseUrl, email, PASSWORD, '100.66.0.1');
    expect(first.status).toBe(200);
    const deviceCookie = first.headers.getSetCookie().find((c) => c.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
    expect(deviceCookie).toMatch(/HttpOnly/i);
    const device = (deviceCookie ?? '').split(';')[0] ?? '';
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL; i += 1) expect((await signIn(baseUrl, email, `guess-${i}`, `100.66.1.${i + 1}`)).status).toBe(401);
    expect((await signIn(baseUrl, email, PASSWORD, '100.66.2.1')).status).toBe(429);
    // A forged device cookie, or the device cookie of another email, does not open the lock.
    expect((await signIn(baseUrl, email, PASSWORD, '100.66.2.3', `${KNOWN_DEVICE_COOKIE}=${encodeURIComponent('0'.repeat(64))}.forged`)).status).toBe(429);
    const otherEmail = await userWithPassword('someone-else@example.com');
    const otherDevice = (await signIn(baseUrl, otherEmail, PASSWORD, '100.66.3.1')).headers.getSetCookie().find((c) => c.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
    expect(otherDevice).toBeDefined();
    expect((await signIn(baseUrl, email, PASSWORD, '100.66.3.2', (otherDevice ?? '').split(';')[0])).status).toBe(429);
    // The user's own browser, from yet another address: signs in (and the success clears the email's count).
    expect((await signIn(baseUrl, email, PASSWORD, '100.66.2.2', device)).status).toBe(200);
  });
});
