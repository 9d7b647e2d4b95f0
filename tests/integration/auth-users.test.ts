import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMembers, authCredentials, authUsers } from '../../src/adapters/db/schema';
import { createTestContainer, type TestContext } from '../support/test-container';
import { makeAccount } from '../support/factories';
import { ConflictError, ValidationError } from '../../src/core/errors';
import { createUser } from '../../src/adapters/auth/users';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContainer();
});
afterAll(async () => {
  await t.close();
});

describe('createUser', () => {
  it('stores a hashed password (never the clear one), a membership and the active account', async () => {
    const { db } = t.container.database;
    const account = await makeAccount(db);
    const user = await createUser(t.container, { accountId: account.id, email: 'Ada@Example.com', password: 'correct-horse-42', name: 'Ada' });

    expect(user.email).toBe('ada@example.com');
    const [stored] = await db.select().from(authUsers).where(eq(authUsers.id, user.id));
    expect(stored?.activeAccountId).toBe(account.id);
    const [credential] = await db.select().from(authCredentials).where(eq(authCredentials.userId, user.id));
    expect(credential?.providerId).toBe('credential');
    expect(credential?.password).toBeTruthy();
    expect(credential?.password).not.toContain('correct-horse-42');
    const members = await db.select().from(accountMembers).where(eq(accountMembers.userId, user.id));
    expect(members).toEqual([expect.objectContaining({ accountId: account.id, role: 'member' })]);
  });

  it('lets the user sign in with that password through Better Auth, and not with another', async () => {
    const account = await makeAccount(t.container.database.db);
    await createUser(t.container, { accountId: account.id, email: 'grace@example.com', password: 'hopper-compiler-1' });

    const ok = await t.container.auth.api.signInEmail({ body: { email: 'grace@example.com', password: 'hopper-compiler-1' } });
    expect(ok.user.email).toBe('grace@example.com');
    expect(ok.token).toBeTruthy();
    await expect(t.container.auth.api.signInEmail({ body: { email: 'grace@example.com', password: 'wrong-password-1' } })).rejects.toThrow();
  });

  it('refuses a taken email with ConflictError', async () => {
    const account = await makeAccount(t.container.database.db);
    await createUser(t.container, { accountId: account.id, email: 'twice@example.com', password: 'password-one-1' });
    await expect(createUser(t.container, { accountId: account.id, email: 'TWICE@example.com', password: 'password-two-2' })).rejects.toBeInstanceOf(
      ConflictError,
    );
  });

  it('refuses bad input and unknown accounts with ValidationError naming the field', async () => {
    const account = await makeAccount(t.container.database.db);
    const short = await createUser(t.container, { accountId: account.id, email: 'short@example.com', password: 'short' }).catch((e: unknown) => e);
    expect(short).toBeInstanceOf(ValidationError);
    expect((short as ValidationError).issues.map((i) => i.field)).toContain('password');

    const badEmail = await createUser(t.container, { accountId: account.id, email: 'not-an-email', password: 'long-enough-1' }).catch((e: unknown) => e);
    expect((badEmail as ValidationError).issues.map((i) => i.field)).toContain('email');

    const unknown = await createUser(t.container, {
      accountId: '00000000-0000-4000-8000-000000000000',
      email: 'nobody@example.com',
      password: 'long-enough-1',
    }).catch((e: unknown) => e);
    expect((unknown as ValidationError).issues).toEqual([expect.objectContaining({ field: 'accountId', rule: 'exists' })]);
    const [row] = await t.container.database.db.select().from(authUsers).where(eq(authUsers.email, 'nobody@example.com'));
    expect(row).toBeUndefined();
  });

  it('browser sign-up is disabled', async () => {
    const response = await t.container.auth.handler(
      new Request('http://localhost:3000/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ email: 'intruder@example.com', password: 'intruder-pass-1', name: 'Intruder' }),
      }),
    );
    expect(response.status).toBe(400);
    const [row] = await t.container.database.db.select().from(authUsers).where(eq(authUsers.email, 'intruder@example.com'));
    expect(row).toBeUndefined();
  });
});
