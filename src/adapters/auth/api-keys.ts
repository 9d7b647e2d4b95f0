/**
 * API keys: a key belongs to one account and only its SHA-256 hash is stored. Key generation and hashing
 * come from Better Auth's crypto helpers (no hand-written token crypto).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createHash } from '@better-auth/utils/hash';
import { generateRandomString } from 'better-auth/crypto';
import type { Db } from '../db/client';
import { apiKeys } from '../db/schema';

const KEY_PREFIX = 'osk_';

export function hashApiKey(key: string): Promise<string> {
  return createHash('SHA-256', 'base64urlnopad').digest(key);
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

export async function revokeApiKey(db: Db, params: { id: string }): Promise<void> {
  await db.update(apiKeys).set({ revokedAt: sql`now()` }).where(eq(apiKeys.id, params.id));
}
