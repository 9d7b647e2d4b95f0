/**
 * The name lookup's pool (spec: POST /api/organisations/quick-search, rule 1: the fuzzy name lookup, "limit
 * applied"; decision 0016, whole-word prefixes first): the rows of a lookup's branches, one per organisation, cut
 * at `poolSize`, best first. The exact step (name-lookup.ts) and the typo step (typo-step.ts) both end here; the
 * use case re-ranks the pool by Jaro-Winkler (src/server/quick-search/fuzzy-name-lookup.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { escapeLike } from './every-word-branches';
import { rowColumns, type LookupScopeParams } from './lookup-scope';

/**
 * Keeps one row per organisation (its best-scored branch, preferring a name match over an alias match) and
 * returns at most `pool` of them, best first: by score, then (when `wholeWords` is given) names or aliases that
 * begin with it as whole words before the others ("silver fern farms" before the shorter alias "silverton bay",
 * which the use case ranks after it: decision 0016), then the shorter.
 */
export function bestOf(branches: SQL, params: LookupScopeParams & { poolSize: number }, wholeWords?: string): SQL {
  const matched = sql`coalesce(best.alias, o.search_name)`;
  const byWholeWords = wholeWords === undefined ? sql`` : sql`(${matched} = ${wholeWords} or ${matched} like ${`${escapeLike(wholeWords)} %`}) desc,`;
  return sql`
    select ${rowColumns(params.accountId, sql`best.alias`)}
      from (
        select distinct on (m.id) m.id, m.score, m.alias
          from (${branches}) m
         order by m.id, m.score desc, m.alias nulls first
      ) best
      join organisations o on o.id = best.id
     order by best.score desc, ${byWholeWords} length(${matched}), o.search_name
     limit ${params.poolSize}`;
}
