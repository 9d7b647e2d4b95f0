/**
 * The session cookie is `Secure` whenever BASE_URL is https (and only then: a plain-http local start must still
 * sign in), always HttpOnly and SameSite=Lax. Real Better Auth over real PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../../src/adapters/auth/better-auth';
import { createUser } from '../../src/adapters/auth/users';
import { parseEnvOrThrow } from '../../src/config/env';
import { makeAccount } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let accountId = '';

beforeAll(async () => {
  database = await createTestDatabase();
  accountId = (await makeAccount(database.db)).id;
});
afterAll(async () => {
  await database.drop();
});

async function sessionCookieFor(baseUrl: string, email: string): Promise<string> {
  const env = parseEnvOrThrow({ NODE_ENV: 'test', BASE_URL: baseUrl, AUTH_SECRET: 's'.repeat(40) });
  const auth = createAuth(database.db, env);
  await createUser({ auth, database }, { accountId, email, password: 'right-password-123' });
  const response = await auth.api.signInEmail({ body: { email, password: 'right-password-123' }, asResponse: true });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token='));
  expect(cookie).toBeDefined();
  return cookie ?? '';
}

describe('session cookie', () => {
  it('is Secure (with the __Secure- prefix), HttpOnly and SameSite=Lax when BASE_URL is https', async () => {
    const cookie = await sessionCookieFor('https://search.example.com', 'secure@example.com');
    expect(cookie).toMatch(/^__Secure-/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
  });

  it('is not Secure when BASE_URL is plain http (a local start)', async () => {
    const cookie = await sessionCookieFor('http://localhost:3000', 'plain@example.com');
    expect(cookie).not.toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
  });
});
