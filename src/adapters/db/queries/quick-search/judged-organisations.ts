/**
 * The organisations an account judged `same` for a query, by id (issue 20, section 6): the quick lookup puts one
 * first even when its text did not retrieve it, and the stream adds one no provider returned. Scoped like every
 * lookup (lookup-scope.ts).
 */
import { sql } from 'drizzle-orm';
import type { QuickSearchRow } from '../../../../server/quick-search/ports';
import type { Db } from '../../client';
import { rowColumns, scoped, toRow, type LookupScopeParams, type RawRow } from './lookup-scope';

export async function findOrganisationsByIds(db: Db, params: LookupScopeParams & { ids: readonly string[] }): Promise<QuickSearchRow[]> {
  if (params.ids.length === 0) return [];
  const result = await db.execute<RawRow>(sql`
    select ${rowColumns(params.accountId, sql`null::text`)}
      from organisations o
     where o.id = any(${sql.param([...params.ids])}::uuid[])
       and ${scoped(params)}`);
  return result.rows.map(toRow);
}
