import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMembers } from '../../src/adapters/db/schema';
import { createTestContainer, type TestContext } from '../support/test-container';
import { makeAccount } from '../support/factories';
import { withAccount } from '../../src/app/http/with-account';
import { jsonResponse } from '../../src/app/http/error-response';
import { createSessionAccountLookup } from '../../src/adapters/auth/session-account';
import { createUser } from '../../src/adapters/auth/users';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContainer();
});
afterAll(async () => {
  await t.close();
});

/** Signs in through the HTTP handler (as a browser would) and returns the Cookie header to send back. */
async function signInCookie(email: string, password: string): Promise<string> {
  const response = await t.container.auth.handler(
    new Request('http://localhost:3000/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ email, password }),
    }),
  );
  expect(response.status).toBe(200);
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  expect(cookies.length).toBeGreaterThan(0);
  return cookies.join('; ');
}

const whoAmI = withAccount(async (_request, ctx) => jsonResponse({ accountId: ctx.accountId, userId: ctx.userId, via: ctx.via }));

describe('session account lookup', () => {
  it("returns the user's active account for a signed-in session", async () => {
    const account = await makeAccount(t.container.database.db);
    const user = await createUser(t.container, { accountId: account.id, email: 'member@example.com', password: 'member-pass-1' });
    const cookie = await signInCookie('member@example.com', 'member-pass-1');
    const lookup = createSessionAccountLookup(t.container.auth, t.container.database.db);
    expect(await lookup(new Headers({ cookie }))).toEqual({ accountId: account.id, userId: user.id });
  });

  it('returns null without a session, and for a user who is no longer a member of the active account', async () => {
    const lookup = createSessionAccountLookup(t.container.auth, t.container.database.db);
    expect(await lookup(new Headers())).toBeNull();
    expect(await lookup(new Headers({ cookie: 'better-auth.session_token=forged.value' }))).toBeNull();

    const account = await makeAccount(t.container.database.db);
    const user = await createUser(t.container, { accountId: account.id, email: 'leaver@example.com', password: 'leaver-pass-1' });
    const cookie = await signInCookie('leaver@example.com', 'leaver-pass-1');
    await t.container.database.db.delete(accountMembers).where(eq(accountMembers.userId, user.id));
    expect(await lookup(new Headers({ cookie }))).toBeNull();
  });
});

describe('API routes and authentication', () => {
  it('answer 401 JSON without a session or a key', async () => {
    const response = await whoAmI(new Request('http://localhost:3000/api/who'));
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toMatchObject({ code: 'unauthorized', error: expect.any(String) });
  });

  it('answer 401 JSON for an unknown bearer key', async () => {
    const response = await whoAmI(new Request('http://localhost:3000/api/who', { headers: { authorization: 'Bearer osk_not-a-key' } }));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('accept a session cookie (via session) and an API key (via api-key)', async () => {
    const account = await makeAccount(t.container.database.db);
    const user = await createUser(t.container, { accountId: account.id, email: 'browser@example.com', password: 'browser-pass-1' });
    const cookie = await signInCookie('browser@example.com', 'browser-pass-1');
    const bySession = await whoAmI(new Request('http://localhost:3000/api/who', { headers: { cookie } }));
    expect(await bySession.json()).toEqual({ accountId: account.id, userId: user.id, via: 'session' });
    const byKey = await whoAmI(new Request('http://localhost:3000/api/who', { headers: { authorization: account.authorization } }));
    expect(await byKey.json()).toEqual({ accountId: account.id, userId: null, via: 'api-key' });
  });
});
