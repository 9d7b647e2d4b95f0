/**
 * The identifiers stored for organisations, by organisation id, in one query: the stream reads those of the
 * organisations judged `same` (already checked visible to the account) so that a provider row carrying them is
 * recognised as the same company (issue 20, section 5). Read only; no visibility check of its own.
 */
import { sql } from 'drizzle-orm';
import type { Identifier } from '../../../core/identifiers';
import type { Db } from '../client';

export async function findStoredIdentifiers(db: Db, organisationIds: readonly string[]): Promise<Map<string, Identifier[]>> {
  const found = new Map<string, Identifier[]>();
  if (organisationIds.length === 0) return found;
  const result = await db.execute<{ organisation_id: string; type: string; value: string }>(sql`
    select i.organisation_id, i.type, i.value
      from organisation_identifiers i
     where i.organisation_id = any(${sql.param([...new Set(organisationIds)])}::uuid[])
     order by i.organisation_id, i.type, i.value`);
  for (const row of result.rows) found.set(row.organisation_id, [...(found.get(row.organisation_id) ?? []), { type: row.type, value: row.value }]);
  return found;
}
