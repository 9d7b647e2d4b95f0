/**
 * Account membership of organisations (`account_organisations`, "the caller's account's list of
 * organisations"): what makes a candidate `accountLinked` and the record's `accountLinked`. The one place the
 * membership test is written in SQL.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { executePrepared } from '../prepared-statement';

/** The organisation is in the account's list. `organisationId` is the SQL expression of its id. */
export function inAccountList(accountId: string, organisationId: SQL): SQL {
  return sql`exists (select 1 from account_organisations ao where ao.organisation_id = ${organisationId} and ao.account_id = ${accountId}::uuid)`;
}

/** One batched query: which of `organisationIds` are in the account's organisations (a prepared statement: every quick lookup sends it). */
export async function findLinkedOrganisationIds(db: Db, params: { accountId: string; organisationIds: readonly string[] }): Promise<Set<string>> {
  const ids = [...new Set(params.organisationIds)];
  if (ids.length === 0) return new Set();
  const result = await executePrepared<{ organisation_id: string }>(
    db,
    'membership',
    sql`
    select organisation_id from account_organisations
    where account_id = ${params.accountId}::uuid and organisation_id = any(${sql.param(ids)}::uuid[])`,
  );
  return new Set(result.rows.map((r) => r.organisation_id));
}
