/**
 * Internal organisations sharing a search candidate's composite key (spec: search route rules 3 and 4).
 *
 * - Only rows visible to the account (global, or owned by it: `visibleToAccount`).
 * - Per key, the owned row is preferred over a global one; among equals, a row in the account's list, then
 *   the oldest.
 * - `accountLinked`: fast path on ownership (an owned row is the account's own), else membership in
 *   `account_organisations`. With `membership: 'skip'` the membership half is not computed (the
 *   non-streaming `execute()` resolves it once, in one batch, with {@link findLinkedOrganisationIds}, the
 *   membership check quick search uses too).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { InternalMatch, InternalMatches } from '../../../server/search/ports';
import { findLinkedOrganisationIds, inAccountList } from './account-membership';
import { ownedByAccount, visibleToAccount } from './visibility';

export interface FindInternalMatchesParams {
  accountId: string;
  keys: readonly string[];
  /** 'resolve' (default): accountLinked per key now; 'skip': ownership only. */
  membership?: 'resolve' | 'skip';
}

export async function findInternalMatchesByKeys(db: Db, params: FindInternalMatchesParams): Promise<Map<string, InternalMatch>> {
  const keys = [...new Set(params.keys)];
  const matches = new Map<string, InternalMatch>();
  if (keys.length === 0) return matches;
  const resolveMembership = (params.membership ?? 'resolve') === 'resolve';
  const membership = resolveMembership ? inAccountList(params.accountId, sql.raw('o.id')) : sql`false`;
  const result = await db.execute<{ key: string; id: string; owned: boolean; member: boolean }>(sql`
    select distinct on (m.key) m.key, m.id, m.owned, m.member
    from (
      select o.key, o.id, o.created_at,
        ${ownedByAccount(params.accountId, sql.raw('o.id'))} as owned,
        ${membership} as member
      from organisations o
      where o.key = any(${sql.param(keys)}::text[])
        and ${visibleToAccount(params.accountId, sql.raw('o.id'))}
    ) m
    order by m.key, m.owned desc, m.member desc, m.created_at asc, m.id asc`);
  for (const row of result.rows) {
    matches.set(row.key, { organisationId: row.id, owned: row.owned, accountLinked: row.owned || row.member });
  }
  return matches;
}

/** The search orchestrator's InternalMatches port over one database. */
export function createInternalMatches(db: Db): InternalMatches {
  return {
    byKeys: (params) => findInternalMatchesByKeys(db, params),
    linkedOrganisationIds: (params) => findLinkedOrganisationIds(db, params),
  };
}
