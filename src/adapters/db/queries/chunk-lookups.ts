/**
 * Batch matching's chunk lookups: ONE statement each for a whole chunk of supplier rows, where the quick lookup
 * would send one per row.
 * - exactNames: the organisations whose search name (or an alias's search value) equals one of many search
 *   names (b-tree equality on the text_pattern_ops indexes); a row found this way skips the fuzzy name lookup.
 * - identifiers / websites: the quick lookup's own identifier and website lookups (findOrganisationsByIdentifier,
 *   findOrganisationsByWebsite: same predicate, country scope, order and limit), run for every distinct
 *   (value, country) of the chunk at once through a lateral join over the unnested queries.
 * - typo steps: the typo step of the rows whose name steps found nothing: the word corrections of all of them in
 *   one statement (findWordCorrectionsOfMany: the quick lookup's own statement for each row's words, in a lateral
 *   join), then each row's corrected names as the quick lookup's typo step looks them up with those corrections
 *   (findOrganisationsByCorrectedName), one statement per row, when the lane gets to it.
 * - overlaps: the word-overlap stage of many rows in one statement (findOrganisationsByWordOverlapOfMany: the quick
 *   lookup's own statement for each row's words and country, in a lateral join).
 * Every statement is scoped to the organisations visible to the account (`visibleToAccount`), as the quick
 * lookup's are; rows are mapped by quick search's own `toRow`. Batch matching's matchRows calls them on its own
 * pool (decision 0027: no port; they have no second implementation).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { IdentifierRow, QuickSearchRow } from '../../../server/quick-search/ports';
import type { Db } from '../client';
import { inCountryOf, rowColumns, toRow, type RawRow } from './quick-search/lookup-scope';
import { unavailableOnFailure as searchUnavailableOnFailure } from './quick-search/quick-search-lookups';
import { findOrganisationsByCorrectedName, typoStepWords } from './quick-search/typo-step';
import { findWordCorrectionsOfMany } from './quick-search/word-corrections';
import { findOrganisationsByWordOverlapOfMany } from './quick-search/word-overlap';
import { visibleToAccount } from './visibility';

/** One lookup of a chunk: a normalised identifier or website host, in a country (null: no country filter). */
export interface ChunkQuery {
  value: string;
  countryIsoAlpha3: string | null;
}

/** At most this many organisations per name (a common name shared by hundreds adds nothing to a decision). */
const PER_NAME = 10;

/** A chunk lookup's database failure, as the quick lookup's, worded for matching. */
const unavailableOnFailure = <T>(what: string, run: () => Promise<T>): Promise<T> =>
  searchUnavailableOnFailure(`batch ${what}`, run, 'Matching is temporarily unavailable');

/** The distinct (value, country) pairs of a chunk's queries, and each query's position among them. */
function distinctQueries(queries: readonly ChunkQuery[]): { values: string[]; countries: (string | null)[]; at: number[] } {
  const index = new Map<string, number>();
  const values: string[] = [];
  const countries: (string | null)[] = [];
  const at = queries.map((q) => {
    const key = `${q.countryIsoAlpha3 ?? ''}\u0000${q.value}`;
    let i = index.get(key);
    if (i === undefined) {
      i = values.length;
      index.set(key, i);
      values.push(q.value);
      countries.push(q.countryIsoAlpha3);
    }
    return i;
  });
  return { values, countries, at };
}

/** Groups rows by their query's ordinal (1-based, from `with ordinality`) and answers in the input's order. */
function alignedTo<T>(at: readonly number[], distinct: number, rows: readonly { ordinal: number; row: T }[]): T[][] {
  const byQuery: T[][] = Array.from({ length: distinct }, () => []);
  for (const { ordinal, row } of rows) byQuery[ordinal - 1]?.push(row);
  return at.map((i) => byQuery[i] ?? []);
}

/** The visible organisations whose search name or alias equals each of many search names (keyed by it). */
export async function chunkExactNames(db: Db, accountId: string, searchNames: readonly string[]): Promise<Map<string, QuickSearchRow[]>> {
  const wanted = [...new Set(searchNames.filter((n) => n !== ''))];
  const found = new Map<string, QuickSearchRow[]>();
  if (wanted.length === 0) return found;
  const result = await unavailableOnFailure('exact-name lookup', () =>
    db.execute<RawRow & { wanted: string }>(sql`
    with q(name) as (select unnest(${sql.param(wanted)}::text[])),
    hits as (
      select q.name as wanted, o.id, null::text as alias from q join organisations o on o.search_name = q.name
      union all
      select q.name, a.organisation_id, a.search_value from q join organisation_aliases a on a.search_value = q.name
    ),
    ranked as (
      select distinct on (h.wanted, h.id) h.wanted, h.id, h.alias from hits h order by h.wanted, h.id, h.alias nulls first
    )
    select r.wanted, ${rowColumns(accountId, sql`r.alias`)}
      from ranked r join organisations o on o.id = r.id
     where ${visibleToAccount(accountId, sql.raw('o.id'))}`),
  );
  for (const raw of result.rows) {
    const list = found.get(raw.wanted) ?? [];
    if (list.length >= PER_NAME) continue;
    list.push(toRow(raw));
    found.set(raw.wanted, list);
  }
  return found;
}

/**
 * One statement for every distinct (value, country) of a chunk: `lookup`, a subquery over `q.value` and `q.country`
 * ordered by `search_name`, run for each in a lateral join; its rows mapped by `toItem`, answered in the queries' order.
 */
async function eachQuery<R extends RawRow, T>(db: Db, what: string, queries: readonly ChunkQuery[], lookup: SQL, toItem: (raw: R) => T): Promise<T[][]> {
  if (queries.length === 0) return [];
  const { values, countries, at } = distinctQueries(queries);
  const result = await unavailableOnFailure(what, () =>
    db.execute<R & { ordinal: string }>(sql`
    select q.ordinal, f.*
      from unnest(${sql.param(values)}::text[], ${sql.param(countries)}::text[]) with ordinality as q(value, country, ordinal)
      cross join lateral (${lookup}) f
     order by q.ordinal, f.search_name`),
  );
  return alignedTo<T>(
    at,
    values.length,
    result.rows.map((raw) => ({ ordinal: Number(raw.ordinal), row: toItem(raw as R) })),
  );
}

/** The quick lookup's identifier lookup for each query (`value` normalised), answered in the queries' order. */
export function chunkIdentifiers(db: Db, accountId: string, queries: readonly ChunkQuery[], limit: number): Promise<IdentifierRow[][]> {
  return eachQuery<RawRow & { matched_type: string; matched_value: string }, IdentifierRow>(
    db,
    'identifier lookup',
    queries,
    sql`
        select ${rowColumns(accountId, sql`null::text`)}, m.type as matched_type, m.value as matched_value
          from organisations o
          cross join lateral (
            select i.type, i.value from organisation_identifiers i
             where i.organisation_id = o.id and i.value_normalised = q.value
             order by i.type limit 1) m
         where o.id in (select i.organisation_id from organisation_identifiers i where i.value_normalised = q.value)
           and ${inCountryOf(sql`q.country`)} and ${visibleToAccount(accountId, sql.raw('o.id'))}
         order by o.search_name
         limit ${limit}`,
    (raw) => ({ ...toRow(raw), matchedIdentifier: { type: raw.matched_type, value: raw.matched_value } }),
  );
}

/** The quick lookup's website lookup for each query (`value` a normalised host), answered in the queries' order. */
export function chunkWebsites(db: Db, accountId: string, queries: readonly ChunkQuery[], limit: number): Promise<QuickSearchRow[][]> {
  return eachQuery<RawRow, QuickSearchRow>(
    db,
    'website lookup',
    queries,
    sql`
        select ${rowColumns(accountId, sql`null::text`)}
          from organisations o
         where o.website_domain = q.value
           and ${inCountryOf(sql`q.country`)} and ${visibleToAccount(accountId, sql.raw('o.id'))}
         order by o.search_name
         limit ${limit}`,
    toRow,
  );
}

/**
 * The typo step (`NameLookup.corrected` of `byName` with the same parameters) of many search names at once: their
 * word corrections in one statement, then each name's function looks up its corrected names with them (the same rows
 * as `NameLookup.corrected`). Answered in the queries' order; rejects when the corrections' statement fails.
 */
export async function chunkTypoSteps(
  db: Db,
  accountId: string,
  queries: readonly { searchName: string; countryIsoAlpha3: string | null }[],
  poolSize: number,
): Promise<(() => Promise<QuickSearchRow[]>)[]> {
  if (queries.length === 0) return [];
  const corrections = await unavailableOnFailure('word corrections', () =>
    findWordCorrectionsOfMany(
      db,
      queries.map((q) => typoStepWords(q).lookedUp),
      accountId,
    ),
  );
  return queries.map(
    (q, i) => () =>
      unavailableOnFailure('corrected name lookup', () =>
        findOrganisationsByCorrectedName(db, { accountId, countryIsoAlpha3: q.countryIsoAlpha3, searchName: q.searchName, poolSize }, corrections[i]),
      ),
  );
}

/** `QuickSearchLookups.byWords` for each query (same rows, same order), answered in the queries' order. */
export function chunkOverlaps(
  db: Db,
  accountId: string,
  queries: readonly { words: readonly string[]; countryIsoAlpha3: string | null }[],
  poolSize: number,
): Promise<QuickSearchRow[][]> {
  return unavailableOnFailure('word-overlap lookup', () => findOrganisationsByWordOverlapOfMany(db, accountId, queries, poolSize));
}
