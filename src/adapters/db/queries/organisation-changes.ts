/**
 * An account's change records (GET /api/changes): those of organisations on its list (linked or owned), oldest first
 * by (observed_at, id), from `since` and after a cursor's position. An account never sees the changes of an
 * organisation that is not on its list.
 */
import { sql } from 'drizzle-orm';
import type { ChangesPosition } from '../../../core/organisation-changes';
import type { Db } from '../client';
import type { AccountChangeRecord } from '../../../server/monitoring/ports';
import { onAccountList, selectAccountChange, toAccountChangeRecord, type AccountChangeColumns } from './account-changes';

export async function listAccountChanges(
  db: Db,
  params: { accountId: string; since: Date | null; after: ChangesPosition | null; limit: number },
): Promise<AccountChangeRecord[]> {
  const { accountId, since, after, limit } = params;
  const result = await db.execute<AccountChangeColumns>(sql`
    ${selectAccountChange(accountId)}
     where ${onAccountList(accountId, sql`c.organisation_id`)}
       ${since === null ? sql`` : sql`and c.observed_at >= ${since.toISOString()}::timestamptz`}
       ${after === null ? sql`` : sql`and (c.observed_at, c.id) > (${after.observedAt.toISOString()}::timestamptz, ${after.id}::uuid)`}
     order by c.observed_at, c.id
     limit ${limit}`);
  return result.rows.map(toAccountChangeRecord);
}
