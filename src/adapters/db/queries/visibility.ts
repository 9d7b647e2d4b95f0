import { sql, type SQL } from 'drizzle-orm';

/*
 * Ownership and visibility, the SQL predicates every query uses (spec: "`ownedBy` empty means a globally
 * visible organisation; otherwise it lists owning accounts"). `organisationId` is the SQL expression of the
 * organisation's id. The TS form of "global" is `isGlobal` (core/ownership); the integration test
 * tests/integration/derived-rules-sql.test.ts proves the two agree.
 */

/** Global: no owning account. Mirrors `isGlobal` (core/ownership); its negation is a row's `owned`. */
export function organisationIsGlobal(organisationId: SQL): SQL {
  return sql`not exists (select 1 from organisation_owners vo where vo.organisation_id = ${organisationId})`;
}

/** Owned by this account (private to it, or to it among others). A null account owns nothing. */
export function ownedByAccount(accountId: string | null, organisationId: SQL): SQL {
  return sql`exists (select 1 from organisation_owners vo where vo.organisation_id = ${organisationId} and vo.account_id = ${accountId}::uuid)`;
}

/**
 * Visibility, the one SQL predicate used everywhere: an organisation is visible to an account when it has
 * no owner (global) or the account owns it. Without an account (null), only global organisations are visible.
 */
export function visibleToAccount(accountId: string | null, organisationId: SQL = sql.raw('organisations.id')): SQL {
  return sql`(${organisationIsGlobal(organisationId)}
    or ${ownedByAccount(accountId, organisationId)})`;
}
