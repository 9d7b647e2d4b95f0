/**
 * The quick-search lookups as `(db, params)` query functions (callable directly by a benchmark), each with
 * the account's visibility and the country filter in its WHERE clause.
 *
 * Name lookup (spec: quick-search rule 1): `organisations.search_name` and `organisation_aliases.search_value`
 * hold `searchName(...)`; the caller passes `searchName(query)`; see findOrganisationsByName for the steps.
 * Measured at 1M generated organisations on 2 cores: the prefix and every-word steps answer in a few ms;
 * the trigram similarity step costs 15-60 ms (GIN must read the posting lists of every query trigram,
 * frequent ones included), which is why it runs only when the exact steps find nothing.
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

/** A literal for a `like` pattern. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The select list of a lookup row, over `organisations o`. */
function rowColumns(accountId: string, matchedAlias: SQL): SQL {
  return sql`o.id, o.name, o.search_name, ${matchedAlias} as matched_alias, o.description, o.country_iso_alpha3, o.key, o.website,
           ${ownedByAccount(accountId)} as owned_by_account`;
}

/**
 * Keeps one row per organisation (its best-scored branch, preferring a name match over an alias match) and
 * returns at most `pool` of them, best first.
 */
function bestOf(branches: SQL, params: LookupScopeParams & { poolSize: number }): SQL {
  return sql`
    select ${rowColumns(params.accountId, sql`best.alias`)}
      from (
        select distinct on (m.id) m.id, m.score, m.alias
          from (${branches}) m
         order by m.id, m.score desc, m.alias nulls first
      ) best
      join organisations o on o.id = best.id
     order by best.score desc, o.search_name
     limit ${params.poolSize}`;
}

/** Every word of the query appears in the name (any order); words of 3+ characters use the trigram index. */
function containsEveryWord(column: SQL, words: string[]): SQL {
  return sql.join(
    words.map((w) => (w.length >= FUZZY_MIN_LENGTH ? sql`${column} like ${`%${escapeLike(w)}%`}` : sql`strpos(${column}, ${w}) > 0`)),
    sql` and `,
  );
}

/**
 * The name lookup, in two steps on one connection:
 * 1. exact: names and aliases that start with the query (b-tree prefix range) or contain every word of it
 *    (trigram GIN, AND of all words, which GIN answers by skipping through the rarest trigrams: ~1-5 ms at
 *    1M rows). When this finds anything, it is the answer: a query whose words all match exactly wants
 *    those organisations, and similar spellings add noise.
 * 2. fuzzy, only when step 1 found nothing (typos): `search_name % q` with `pg_trgm.similarity_threshold`
 *    set for the transaction only (SET LOCAL through set_config(..., true), so nothing leaks to the pool).
 * At most `poolSize` rows, best retrieval score first; the use case re-ranks them by Jaro-Winkler.
 */
export async function findOrganisationsByName(
  db: Db,
  params: LookupScopeParams & { searchName: string; poolSize: number },
): Promise<QuickSearchRow[]> {
  const q = params.searchName;
  const pool = params.poolSize;
  const like = `${escapeLike(q)}%`;
  const where = scoped(params);
  const words = q.split(' ').filter((w) => w !== '');
  const byWords = words.some((w) => w.length >= FUZZY_MIN_LENGTH);
  const exact = sql`
    (select o.id, 1::real as score, null::text as alias
       from organisations o
      where o.search_name like ${like} and ${where}
      order by o.search_name using ~<~ limit ${pool})
    union all
    (select o.id, 1::real as score, a.search_value as alias
       from organisation_aliases a join organisations o on o.id = a.organisation_id
      where a.search_value like ${like} and ${where}
      order by a.search_value using ~<~ limit ${pool})
    ${
      byWords
        ? sql`
    union all
    (select o.id, 0.9::real as score, null::text as alias
       from organisations o
      where ${containsEveryWord(sql`o.search_name`, words)} and ${where}
      limit ${pool})
    union all
    (select o.id, 0.9::real as score, a.search_value as alias
       from organisation_aliases a join organisations o on o.id = a.organisation_id
      where ${containsEveryWord(sql`a.search_value`, words)} and ${where}
      limit ${pool})`
        : sql``
    }`;
  const found = await db.execute<RawRow>(bestOf(exact, params));
  if (found.rows.length > 0 || q.length < FUZZY_MIN_LENGTH) return found.rows.map(toRow);

  const fuzzy = sql`
    (select o.id, similarity(o.search_name, ${q}) as score, null::text as alias
       from organisations o
      where o.search_name % ${q} and ${where}
      order by score desc limit ${pool})
    union all
    (select o.id, similarity(a.search_value, ${q}) as score, a.search_value as alias
       from organisation_aliases a join organisations o on o.id = a.organisation_id
      where a.search_value % ${q} and ${where}
      order by score desc limit ${pool})`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(FUZZY_SIMILARITY_THRESHOLD)}, true)`);
    const result = await tx.execute<RawRow>(bestOf(fuzzy, params));
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
