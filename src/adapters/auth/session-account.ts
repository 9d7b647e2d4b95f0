/**
 * A browser session's active account: Better Auth's session gives the user; the user's `activeAccountId`
 * counts only while the user is still a member of that account.
 */
import type { Db } from '../db/client';
import type { SessionAccountLookup } from './account-resolver';
import type { Auth } from './better-auth';
import { isAccountMember } from './users';

export function createSessionAccountLookup(auth: Auth, db: Db): SessionAccountLookup {
  return async (headers: Headers) => {
    const session = await auth.api.getSession({ headers });
    if (!session) return null;
    const accountId = session.user.activeAccountId;
    if (typeof accountId !== 'string' || accountId === '') return null;
    const member = await isAccountMember(db, { accountId, userId: session.user.id });
    return member ? { accountId, userId: session.user.id } : null;
  };
}
