/**
 * The quick-search lookups as `(db, params)` query functions (callable directly by a benchmark), each with
 * the account's visibility and the country filter in its WHERE clause.
 *
 * Name lookup (spec: quick-search rule 1). `organisations.search_name` and `organisation_aliases.search_value`
 * hold `searchName(...)`; the caller passes `searchName(query)`. Two retrieval branches, unioned:
 * - prefix: `search_name like q || '%'` on the text_pattern_ops b-tree (what a typeahead mostly types);
 * - fuzzy: `search_name % q` on the trigram GIN index, with `pg_trgm.similarity_threshold` raised per
 *   query (SET LOCAL, so nothing leaks to the pooled connection): a high threshold lets GIN's fast scan skip
 *   most of the posting lists of frequent trigrams, which is what keeps the lookup fast at 1M rows. Typos
 *   still match ("acacia bya logistcs" is ~0.5 similar to "acacia bay logistics").
 * Both run over names and aliases; a pool of rows comes back and is re-ranked by Jaro-Winkler in the use case.
 * Queries shorter than FUZZY_MIN_LENGTH use the prefix branch only: one or two characters make one or two
 * trigrams that match a large share of the table and carry no similarity signal.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { QuickSearchRow } from '../../../server/quick-search/ports';
import type { Db } from '../client';
import { visibleToAccount } from './visibility';

/** Trigram similarity threshold of the fuzzy branch (pg_trgm's default is 0.3). */
export const FUZZY_SIMILARITY_THRESHOLD = 0.45;
/** Below this many characters the name lookup is prefix-only. */
export const FUZZY_MIN_LENGTH = 3;

export interface LookupScopeParams {
  accountId: string;
  /** A real ISO alpha-3 country, or null for no filter (GLO). */
  countryIsoAlpha3: string | null;
}

interface RawRow extends Record<string, unknown> {
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

/** Country scope: the organisation's country, or a countryless organisation (it belongs to no other country). */
function inCountry(countryIsoAlpha3: string | null): SQL {
  return countryIsoAlpha3 === null ? sql`true` : sql`(o.country_iso_alpha3 = ${countryIsoAlpha3} or o.country_iso_alpha3 is null)`;
}

function ownedByAccount(accountId: string): SQL {
  return sql`exists (select 1 from organisation_owners ow where ow.organisation_id = o.id and ow.account_id = ${accountId}::uuid)`;
}

function scoped(params: LookupScopeParams): SQL {
  return sql`${inCountry(params.countryIsoAlpha3)} and ${visibleToAccount(params.accountId, sql.raw('o.id'))}`;
}

function toRow(raw: RawRow): QuickSearchRow {
  return {
    id: raw.id,
    name: raw.name,
    searchName: raw.search_name,
    matchedAlias: raw.matched_alias,
    description: raw.description,
    countryIsoAlpha3: raw.country_iso_alpha3,
    key: raw.key,
    website: raw.website,
    ownedByAccount: raw.owned_by_account,
  };
}

/** `like` pattern of a literal prefix. */
function prefixPattern(value: string): string {
  return `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Fuzzy and prefix lookup over names and aliases of `searchName` (already in search form). At most
 * `poolSize` rows, best retrieval score first (prefix matches score 1); the caller re-ranks.
 */
export async function findOrganisationsByName(
  db: Db,
  params: LookupScopeParams & { searchName: string; poolSize: number },
): Promise<QuickSearchRow[]> {
  const q = params.searchName;
  const pool = params.poolSize;
  const like = prefixPattern(q);
  const where = scoped(params);
  const fuzzy = q.length >= FUZZY_MIN_LENGTH;
  const fuzzyBranches = fuzzy
    ? sql`
      union all
      (select o.id, similarity(o.search_name, ${q}) as score, null::text as alias
         from organisations o
        where o.search_name % ${q} and ${where}
        order by score desc limit ${pool})
      union all
      (select o.id, similarity(a.search_value, ${q}) as score, a.search_value as alias
         from organisation_aliases a join organisations o on o.id = a.organisation_id
        where a.search_value % ${q} and ${where}
        order by score desc limit ${pool})`
    : sql``;
  const statement = sql`
    select o.id, o.name, o.search_name, best.alias as matched_alias, o.description, o.country_iso_alpha3, o.key, o.website,
           ${ownedByAccount(params.accountId)} as owned_by_account
      from (
        select distinct on (m.id) m.id, m.score, m.alias
          from (
            (select o.id, 1::real as score, null::text as alias
               from organisations o
              where o.search_name like ${like} and ${where}
              order by o.search_name limit ${pool})
            union all
            (select o.id, 1::real as score, a.search_value as alias
               from organisation_aliases a join organisations o on o.id = a.organisation_id
              where a.search_value like ${like} and ${where}
              order by a.search_value limit ${pool})
            ${fuzzyBranches}
          ) m
         order by m.id, m.score desc, m.alias nulls first
      ) best
      join organisations o on o.id = best.id
     order by best.score desc, o.search_name
     limit ${pool}`;
  if (!fuzzy) {
    const result = await db.execute<RawRow>(statement);
    return result.rows.map(toRow);
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(FUZZY_SIMILARITY_THRESHOLD)}, true)`);
    const result = await tx.execute<RawRow>(statement);
    return result.rows.map(toRow);
  });
}

/** Exact lookup of a normalised identifier value (`normaliseIdentifierValue(query)`). */
export async function findOrganisationsByIdentifier(
  db: Db,
  params: LookupScopeParams & { valueNormalised: string; limit: number },
): Promise<QuickSearchRow[]> {
  const result = await db.execute<RawRow>(sql`
    select o.id, o.name, o.search_name, null::text as matched_alias, o.description, o.country_iso_alpha3, o.key, o.website,
           ${ownedByAccount(params.accountId)} as owned_by_account
      from organisations o
     where o.id in (select i.organisation_id from organisation_identifiers i where i.value_normalised = ${params.valueNormalised})
       and ${scoped(params)}
     order by o.search_name
     limit ${params.limit}`);
  return result.rows.map(toRow);
}

/** Exact lookup of a normalised website host (`normaliseWebsiteHost(query)`). */
export async function findOrganisationsByWebsite(
  db: Db,
  params: LookupScopeParams & { websiteDomain: string; limit: number },
): Promise<QuickSearchRow[]> {
  const result = await db.execute<RawRow>(sql`
    select o.id, o.name, o.search_name, null::text as matched_alias, o.description, o.country_iso_alpha3, o.key, o.website,
           ${ownedByAccount(params.accountId)} as owned_by_account
      from organisations o
     where o.website_domain = ${params.websiteDomain}
       and ${scoped(params)}
     order by o.search_name
     limit ${params.limit}`);
  return result.rows.map(toRow);
}
