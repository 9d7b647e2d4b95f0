import { LRUCache } from 'lru-cache';
import type { AccountContext, AccountResolver } from '../../server/ports';
import { freshValue, ttlClock } from '../cache/ttl-lru';
import type { Db } from '../db/client';
import { findAccountIdForApiKey, hashApiKey } from './api-keys';

/** A browser session's active account, provided by the auth library's adapter. */
export type SessionAccountLookup = (headers: Headers) => Promise<{ accountId: string; userId: string } | null>;

/**
 * How long a resolved API key is trusted without asking the database again. A key revoked with
 * `revokeApiKey` (CLI `api-keys revoke`) is dropped from every process's cache at once through
 * LISTEN/NOTIFY (api-key-revocations.ts); a key revoked behind its back (or an account deleted) keeps
 * working for at most this long in each server process that resolved it just before. Saves one database round trip per request for a client that keeps calling (quick search
 * answers within ~15 ms, of which the key lookup was one round trip).
 */
export const API_KEY_CACHE_TTL_MS = 30_000;
/** At most this many keys cached per process; the least recently used goes first when full. */
export const API_KEY_CACHE_MAX_ENTRIES = 10_000;

export interface AccountResolverOptions {
  /** 0 disables the cache. */
  apiKeyCacheTtlMs?: number;
  /** The clock, in ms (tests move it). */
  now?: () => number;
}

/**
 * An in-process LRU map from an API key's hash (never the key itself) to its account, each entry trusted
 * for less than `ttlMs` from when it was read from the database (at `ttlMs` it is asked again). Only found
 * keys are cached: an unknown key is asked again every time, so a key created a moment ago works at once.
 */
function createApiKeyCache(ttlMs: number, now: () => number) {
  if (ttlMs <= 0) return { get: (_keyHash: string): string | undefined => undefined, set: () => undefined, forget: () => undefined };
  const entries = new LRUCache<string, string>({ max: API_KEY_CACHE_MAX_ENTRIES, ttl: ttlMs, ...ttlClock(now) });
  return {
    get: (keyHash: string): string | undefined => freshValue(entries, keyHash),
    set: (keyHash: string, accountId: string): void => void entries.set(keyHash, accountId),
    forget: (keyHash?: string): void => (keyHash === undefined ? entries.clear() : void entries.delete(keyHash)),
  };
}

/** The resolver, plus what the revocation listener needs: drop one key (by hash) or every key from the cache. */
export interface CachingAccountResolver extends AccountResolver {
  forgetApiKey(keyHash?: string): void;
}

/**
 * `Authorization: Bearer <api key>` first; otherwise the session cookie. A present but unknown key is
 * not silently upgraded to a session: it answers "no account". Found keys are cached for
 * API_KEY_CACHE_TTL_MS (see there: a revoked key keeps working for at most that long).
 */
export function createAccountResolver(db: Db, sessionAccount: SessionAccountLookup, options: AccountResolverOptions = {}): CachingAccountResolver {
  const cache = createApiKeyCache(options.apiKeyCacheTtlMs ?? API_KEY_CACHE_TTL_MS, options.now ?? Date.now);
  return {
    forgetApiKey: (keyHash) => cache.forget(keyHash),
    async resolve(headers: Headers): Promise<AccountContext | null> {
      const authorization = headers.get('authorization');
      if (authorization) {
        const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
        if (!match?.[1]) return null;
        const apiKey = match[1];
        const keyHash = await hashApiKey(apiKey);
        const cached = cache.get(keyHash);
        if (cached !== undefined) return { accountId: cached, userId: null, via: 'api-key' };
        const accountId = await findAccountIdForApiKey(db, apiKey);
        if (!accountId) return null;
        cache.set(keyHash, accountId);
        return { accountId, userId: null, via: 'api-key' };
      }
      const session = await sessionAccount(headers);
      return session ? { accountId: session.accountId, userId: session.userId, via: 'session' } : null;
    },
  };
}
