import type { AccountContext, AccountResolver } from '../../server/auth/account-context';
import type { Db } from '../db/client';
import { findAccountIdForApiKey } from './api-keys';

/** A browser session's active account, provided by the auth library's adapter. */
export type SessionAccountLookup = (headers: Headers) => Promise<{ accountId: string; userId: string } | null>;

/**
 * `Authorization: Bearer <api key>` first; otherwise the session cookie. A present but unknown key is
 * not silently upgraded to a session: it answers "no account".
 */
export function createAccountResolver(db: Db, sessionAccount: SessionAccountLookup): AccountResolver {
  return {
    async resolve(headers: Headers): Promise<AccountContext | null> {
      const authorization = headers.get('authorization');
      if (authorization) {
        const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
        if (!match?.[1]) return null;
        const accountId = await findAccountIdForApiKey(db, match[1]);
        return accountId ? { accountId, userId: null, via: 'api-key' } : null;
      }
      const session = await sessionAccount(headers);
      return session ? { accountId: session.accountId, userId: session.userId, via: 'session' } : null;
    },
  };
}
