import { sql, type SQL } from 'drizzle-orm';

/**
 * Visibility, the one SQL predicate used everywhere: an organisation is visible to an account when it has
 * no owner (global) or the account owns it. `organisationId` is the SQL expression of the organisation's id.
 */
export function visibleToAccount(accountId: string, organisationId: SQL = sql.raw('organisations.id')): SQL {
  return sql`(not exists (select 1 from organisation_owners vo where vo.organisation_id = ${organisationId})
    or exists (select 1 from organisation_owners vo where vo.organisation_id = ${organisationId} and vo.account_id = ${accountId}::uuid))`;
}
