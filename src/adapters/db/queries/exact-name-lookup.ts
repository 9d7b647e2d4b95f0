/**
 * Batch matching's fast path: the organisations whose search name (or an alias's search value) equals one of
 * many search names, in ONE statement for a whole chunk of rows (b-tree equality on the text_pattern_ops
 * indexes), visible to the account. Rows found this way skip the per-row fuzzy lookups.
 */
import { sql } from 'drizzle-orm';
import { UnavailableError } from '../../../core/errors';
import type { ExactNameLookup } from '../../../server/batch-matching/match-rows';
import type { QuickSearchRow } from '../../../server/quick-search/ports';
import type { Db } from '../client';
import { visibleToAccount } from './visibility';

interface Raw extends Record<string, unknown> {
  wanted: string;
  id: string;
  name: string;
  search_name: string;
  matched_alias: string | null;
  description: string | null;
  country_iso_alpha3: string | null;
  key: string | null;
  website: string | null;
  owned_by_account: boolean;
}

/** At most this many organisations per name (a common name shared by hundreds adds nothing to a decision). */
const PER_NAME = 10;

export function createExactNameLookup(db: Db): ExactNameLookup {
  return async (accountId, searchNames) => {
    const wanted = [...new Set(searchNames.filter((n) => n !== ''))];
    const found = new Map<string, QuickSearchRow[]>();
    if (wanted.length === 0) return found;
    let rows: Raw[];
    try {
      const result = await db.execute<Raw>(sql`
        with q(name) as (select jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb)),
        hits as (
          select q.name as wanted, o.id, null::text as alias from q join organisations o on o.search_name = q.name
          union all
          select q.name, a.organisation_id, a.search_value from q join organisation_aliases a on a.search_value = q.name
        ),
        ranked as (
          select distinct on (h.wanted, h.id) h.wanted, h.id, h.alias from hits h order by h.wanted, h.id, h.alias nulls first
        )
        select r.wanted, o.id, o.name, o.search_name, r.alias as matched_alias, o.description, o.country_iso_alpha3, o.key, o.website,
               exists (select 1 from organisation_owners ow where ow.organisation_id = o.id and ow.account_id = ${accountId}::uuid) as owned_by_account
          from ranked r join organisations o on o.id = r.id
         where ${visibleToAccount(accountId, sql.raw('o.id'))}`);
      rows = result.rows;
    } catch (error) {
      throw new UnavailableError(
        `batch exact-name lookup failed: ${error instanceof Error ? error.message : String(error)}`,
        'Matching is temporarily unavailable',
      );
    }
    for (const raw of rows) {
      const list = found.get(raw.wanted) ?? [];
      if (list.length >= PER_NAME) continue;
      list.push({
        id: raw.id,
        name: raw.name,
        searchName: raw.search_name,
        matchedAlias: raw.matched_alias,
        description: raw.description,
        countryIsoAlpha3: raw.country_iso_alpha3,
        key: raw.key,
        website: raw.website,
        ownedByAccount: raw.owned_by_account,
      });
      found.set(raw.wanted, list);
    }
    return found;
  };
}
