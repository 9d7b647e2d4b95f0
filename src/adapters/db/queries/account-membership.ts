/**
 * Account membership of organisations (`account_organisations`): what makes a candidate `accountLinked`.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/** One batched query: which of `organisationIds` are in the account's organisations. */
export async function findLinkedOrganisationIds(db: Db, params: { accountId: string; organisationIds: readonly string[] }): Promise<Set<string>> {
  if (params.organisationIds.length === 0) return new Set();
  const ids = sql.join(
    params.organisationIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute<{ organisation_id: string }>(sql`
    select ao.organisation_id from account_organisations ao
     where ao.account_id = ${params.accountId}::uuid and ao.organisation_id in (${ids})`);
  return new Set(result.rows.map((r) => r.organisation_id));
}
