/**
 * Users belong to accounts (the tenants) and work in one active account. Users are created here, by the
 * operator CLI and the demo seed, never by browser sign-up. Password hashing is Better Auth's own.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ConflictError, ValidationError, validationIssuesOf } from '../../core/errors';
import type { Db } from '../db/client';
import { accountMembers, accounts, authUsers } from '../db/schema';
import type { Auth } from './better-auth';

/** The container satisfies this; tests may pass their own pair. */
export interface UserDeps {
  readonly auth: Auth;
  readonly database: { readonly db: Db };
}

export const createUserInput = z.object({
  accountId: z.uuid(),
  email: z.email().transform((e) => e.toLowerCase()),
  password: z.string().min(8).max(256),
  name: z.string().trim().min(1).max(200).optional(),
  role: z.enum(['owner', 'member']).default('member'),
});
export type CreateUserInput = z.input<typeof createUserInput>;

export interface CreatedUser {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly accountId: string;
}

/**
 * Creates a user with an email + password credential, makes them a member of the account and sets it as
 * their active account. Throws ValidationError on bad input, ConflictError when the email is taken.
 */
export async function createUser(deps: UserDeps, input: CreateUserInput): Promise<CreatedUser> {
  const parsed = createUserInput.safeParse(input, { reportInput: true });
  if (!parsed.success) throw new ValidationError(validationIssuesOf(parsed.error), 'Invalid user');
  const { accountId, email, password, role } = parsed.data;
  const name = parsed.data.name ?? email.split('@')[0] ?? email;
  const { db } = deps.database;

  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw new ValidationError([{ field: 'accountId', rule: 'exists', message: 'No such account' }], 'Invalid user');

  const ctx = await deps.auth.$context;
  if (await ctx.internalAdapter.findUserByEmail(email)) throw new ConflictError(`a user with email ${email} exists`, 'A user with this email already exists');
  const passwordHash = await ctx.password.hash(password);
  const user = await ctx.internalAdapter.createUser({ email, name, emailVerified: true }, { method: 'admin' });
  try {
    await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: passwordHash });
    await addMembership(db, { accountId, userId: user.id, role });
    await db.update(authUsers).set({ activeAccountId: accountId }).where(eq(authUsers.id, user.id));
  } catch (error) {
    // No half-made user: without a credential or membership the user could never work.
    await db.delete(authUsers).where(eq(authUsers.id, user.id));
    throw error;
  }
  return { id: user.id, email, name, accountId };
}

/** Adds an existing user to an account (idempotent). */
export async function addMembership(db: Db, params: { accountId: string; userId: string; role?: 'owner' | 'member' }): Promise<void> {
  await db
    .insert(accountMembers)
    .values({ accountId: params.accountId, userId: params.userId, role: params.role ?? 'member' })
    .onConflictDoNothing();
}

/** Whether the user is a member of the account. */
export async function isAccountMember(db: Db, params: { accountId: string; userId: string }): Promise<boolean> {
  const [row] = await db
    .select({ accountId: accountMembers.accountId })
    .from(accountMembers)
    .where(and(eq(accountMembers.accountId, params.accountId), eq(accountMembers.userId, params.userId)));
  return row !== undefined;
}

/** A user's id by email, or undefined. */
export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email.toLowerCase()));
  return row?.id;
}
