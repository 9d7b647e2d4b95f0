/**
 * API keys: a key belongs to one account and only its SHA-256 hash is stored. Key generation comes from Better
 * Auth's crypto helpers, the hash from node:crypto (no hand-written token crypto).
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { generateRandomString } from 'better-auth/crypto';
import type { Db } from '../db/client';
import { apiKeys } from '../db/schema';

const KEY_PREFIX = 'osk_';

/**
 * The key's SHA-256 in base64url without padding (the stored `key_hash`; what Better Auth's `createHash('SHA-256',
 * 'base64urlnopad')` gives). Every API request hashes its key, cached or not: node's synchronous hash takes ~2 µs,
 * where WebCrypto's `digest` went through libuv's thread pool and back, 2.2 ms of a quick lookup's 13-20 ms at
 * load 19 (issue 20, section 7).
 */
export function hashApiKey(key: string): Promise<string> {
  return Promise.resolve(createHash('sha256').update(key, 'utf8').digest('base64url'));
}

/** Creates a key for the account and returns it in clear, once; only its hash is kept. */
export async function createApiKey(db: Db, params: { accountId: string; name?: string }): Promise<{ id: string; apiKey: string }> {
  const apiKey = `${KEY_PREFIX}${generateRandomString(40, 'a-z', 'A-Z', '0-9')}`;
  const keyHash = await hashApiKey(apiKey);
  const [row] = await db
    .insert(apiKeys)
    .values({ accountId: params.accountId, keyHash, prefix: apiKey.slice(0, KEY_PREFIX.length + 4), name: params.name ?? null })
    .returning({ id: apiKeys.id });
  if (!row) throw new Error('insert into api_keys returned no row');
  return { id: row.id, apiKey };
}

/** The account a (non-revoked) key belongs to, or undefined. */
export async function findAccountIdForApiKey(db: Db, apiKey: string): Promise<string | undefined> {
  if (!apiKey.startsWith(KEY_PREFIX)) return undefined;
  const keyHash = await hashApiKey(apiKey);
  const [row] = await db
    .select({ accountId: apiKeys.accountId })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row?.accountId;
}

/** The channel on which a revocation is announced to every instance (payload: the key's hash). */
export const API_KEY_REVOKED_CHANNEL = 'api_key_revoked';

/**
 * Revokes a key and announces it (NOTIFY on commit) so every instance drops it from its key cache at once.
 * Returns the revoked key, or undefined when there is no such key; revoking twice keeps the first time.
 */
export async function revokeApiKey(db: Db, params: { id: string }): Promise<{ id: string; accountId: string; revokedAt: Date } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
      .where(eq(apiKeys.id, params.id))
      .returning({ id: apiKeys.id, accountId: apiKeys.accountId, keyHash: apiKeys.keyHash, revokedAt: apiKeys.revokedAt });
    if (!row?.revokedAt) return undefined;
    await tx.execute(sql`select pg_notify(${API_KEY_REVOKED_CHANNEL}, ${row.keyHash})`);
    return { id: row.id, accountId: row.accountId, revokedAt: row.revokedAt };
  });
}

/** An account's keys, oldest first: never the key or its hash, only what identifies it to an operator. */
export async function listApiKeys(db: Db, params: { accountId: string }) {
  return db
    .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, createdAt: apiKeys.createdAt, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(eq(apiKeys.accountId, params.accountId))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}
