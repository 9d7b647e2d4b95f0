/**
 * The organisations an account judged `same` for a query, by id (issue 20, section 6): the quick lookup puts one
 * first even when its text did not retrieve it. Scoped like every lookup (lookup-scope.ts).
 */
import { sql } from 'drizzle-orm';
import type { QuickSearchRow } from '../../../../server/quick-search/ports';
import type { Db } from '../../client';
import { ownedByAccount } from '../visibility';
import { scoped, toRow, type LookupScopeParams, type RawRow } from './lookup-scope';

export async function findOrganisationsByIds(db: Db, params: LookupScopeParams & { ids: readonly string[] }): Promise<QuickSearchRow[]> {
  if (params.ids.length === 0) return [];
  const result = await db.execute<RawRow>(sql`
    select o.id, o.name, o.search_name, null::text as matched_alias, o.description, o.country_iso_alpha3, o.key, o.website,
           ${ownedByAccount(params.accountId, sql.raw('o.id'))} as owned_by_account
      from organisations o
     where o.id = any(${sql.param([...params.ids])}::uuid[])
       and ${scoped(params)}`);
  return result.rows.map(toRow);
}
