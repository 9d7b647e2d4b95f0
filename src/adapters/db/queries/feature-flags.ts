import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { featureFlags } from '../schema';

export const ALL_ACCOUNTS_SCOPE = '*';

/** The stored values of one flag for an account: its own override and the all-accounts default. */
export async function findFlagValues(db: Db, params: { flagKey: string; accountId: string }) {
  const rows = await db
    .select({ scope: featureFlags.scope, value: featureFlags.value })
    .from(featureFlags)
    .where(and(eq(featureFlags.flagKey, params.flagKey), inArray(featureFlags.scope, [ALL_ACCOUNTS_SCOPE, params.accountId])));
  return {
    account: rows.find((r) => r.scope === params.accountId)?.value,
    allAccounts: rows.find((r) => r.scope === ALL_ACCOUNTS_SCOPE)?.value,
  };
}

/** Sets a flag for one account, or (no account) the default for all accounts. */
export async function setFlagValue(db: Db, params: { flagKey: string; accountId: string | null; value: boolean }): Promise<void> {
  await db
    .insert(featureFlags)
    .values({ flagKey: params.flagKey, scope: params.accountId ?? ALL_ACCOUNTS_SCOPE, value: params.value })
    .onConflictDoUpdate({ target: [featureFlags.flagKey, featureFlags.scope], set: { value: params.value, updatedAt: sql`now()` } });
}
