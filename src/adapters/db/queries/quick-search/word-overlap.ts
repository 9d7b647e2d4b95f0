/**
 * The name lookup's word-overlap stage (issue 20, section 1; decision 0021): organisations ranked by the weighted
 * overlap of the words of their names, aliases and former names with the query's words, where a rare word weighs
 * more than a common one ("Group", "Holdings", "Services"), like BM25's IDF. It finds a real variant that is not
 * stored ("Emami Infrastructure Limited" -> "Emami Realty Limited") and keeps a word as typed where the typo step
 * would bend it into another company's ("Vistra Energy Corp." -> "Vistra Corp.").
 *
 * Its postings are `organisation_name_words` (one row per word and organisation, b-tree primary key), and its
 * weights come from the same table: a word's document frequency df is its rows counted up to WORD_FREQUENCY_CAP
 * (an index range scan that stops at the cap), N is the organisations (PostgreSQL's estimate, `pg_class.reltuples`;
 * counted when the table was never analysed) up to ORGANISATION_COUNT_CAP, and a
 * word's weight is BM25's IDF without the 0.5s, ln(1 + N / df): at N = 5,000, 8.5 for a word of one organisation,
 * 3.9 for 100, 1.8 for a word of 1,000 or more (common). The work is bounded whatever the data: at most
 * MAX_OVERLAP_WORDS query words counted (CAP index entries each), the rarest of them (its distinctive word; up to
 * SEED_WORDS as rare) seeding candidates
 * (SEED_POSTINGS postings each, all of them for a word rarer than that), and the other words' weight added by
 * primary-key probes of those candidates only; the best poolSize x SCOPE_MARGIN are scoped, then cut. A common word (CAP or more organisations, or more than SEED_SHARE of
 * them) seeds nothing: the exact step's prefix and every-word branches find names made of common words.
 */
import { sql, type SQL } from 'drizzle-orm';
import { MAX_OVERLAP_WORDS } from '../../../../core/word-overlap';
import type { QuickSearchRow } from '../../../../server/quick-search/ports';
import type { Db } from '../../client';
import { executePrepared } from '../../prepared-statement';
import { inCountryOf, rowColumns, scoped, toRow, type LookupScopeParams, type RawRow } from './lookup-scope';
import { visibleToAccount } from '../visibility';

/** A word's organisations are counted up to this many; at or above it the word is common and seeds nothing. */
export const WORD_FREQUENCY_CAP = 1000;
/** Organisations are counted up to this many (N of the IDF): WORD_FREQUENCY_CAP / SEED_SHARE. */
export const ORGANISATION_COUNT_CAP = 5000;
/** A word of more than this share of the (counted) organisations is common and seeds nothing, in a small database too. */
export const SEED_SHARE = 0.2;
/**
 * A word of at most this many organisations is rare: a name sharing one with the query is always a candidate, even
 * under the relevance floor (decision 0021).
 */
export const RARE_WORD_FREQUENCY = 20;
/**
 * The rare bound in a database of N (counted) organisations: RARE_WORD_FREQUENCY x (N / ORGANISATION_COUNT_CAP)^2, at
 * least one; from ORGANISATION_COUNT_CAP organisations up, RARE_WORD_FREQUENCY. In a small database a word must be
 * rarer still: of 541 organisations, "consulting" in 2 of them is not rare (and a name sharing only it is rarely the
 * one meant), "houpu" in 1 is.
 */
export function rareWordBound(n: SQL): SQL {
  return sql`greatest(1, least(${RARE_WORD_FREQUENCY}, ${RARE_WORD_FREQUENCY}::float8 * power(${n} / ${ORGANISATION_COUNT_CAP}::float8, 2)))`;
}
/** The best poolSize x SCOPE_MARGIN candidates by weight are read and scoped (visibility, country), then cut at poolSize. */
export const SCOPE_MARGIN = 4;
/** The query's rarest word seeds candidates (up to this many words as rare as it). */
export const SEED_WORDS = 3;
/** At most this many organisations per seed word (every one of a word rarer than that). */
export const SEED_POSTINGS = 200;

/**
 * Organisations sharing a rare word with the query, best weighted overlap first (ties: the shorter matched name),
 * at most `poolSize`, scoped like every lookup. Each row's matched name is the name or the other name (alias or
 * former name) holding the most weight, with its kind. Rows carry `overlap`: whether that name shares a rare word
 * with the query.
 */
export async function findOrganisationsByWordOverlap(
  db: Db,
  params: LookupScopeParams & { words: readonly string[]; poolSize: number },
): Promise<QuickSearchRow[]> {
  if (params.words.length === 0) return [];
  const found = await executePrepared<RawRow & { shares_rare_word: boolean }>(db, 'qs_overlap', wordOverlapSql(params));
  return found.rows.map((raw) => ({ ...toRow(raw), overlap: { sharesRareWord: raw.shares_rare_word } }));
}

/** The word-overlap stage's statement (findOrganisationsByWordOverlap), also for EXPLAIN in a benchmark. */
export function wordOverlapSql(params: LookupScopeParams & { words: readonly string[]; poolSize: number }): SQL {
  return wordOverlapOf({ ...params, words: sql`${sql.param(params.words.slice(0, MAX_OVERLAP_WORDS))}::text[]`, where: scoped(params) });
}

/**
 * findOrganisationsByWordOverlap for many queries at once (batch matching's word-overlap stage, one statement for a
 * group of a chunk's rows): each query runs the very statement findOrganisationsByWordOverlap sends (wordOverlapSql:
 * the same words, scope and bounds; its country as `inCountryOf`, the same filter), inside a lateral join, its rows
 * kept in that statement's order. Answered in the queries' order; a query without words is not sent.
 */
export async function findOrganisationsByWordOverlapOfMany(
  db: Db,
  accountId: string,
  queries: readonly { words: readonly string[]; countryIsoAlpha3: string | null }[],
  poolSize: number,
): Promise<QuickSearchRow[][]> {
  const sent = queries.flatMap((q, i) => (q.words.length === 0 ? [] : [{ i, w: q.words.slice(0, MAX_OVERLAP_WORDS), c: q.countryIsoAlpha3 }]));
  const found: QuickSearchRow[][] = queries.map(() => []);
  if (sent.length === 0) return found;
  const body = wordOverlapOf({
    accountId,
    poolSize,
    words: sql`(select array_agg(x order by n) from jsonb_array_elements_text(r.item->'w') with ordinality as e(x, n))`,
    where: sql`${inCountryOf(sql`(r.item->>'c')`)} and ${visibleToAccount(accountId, sql.raw('o.id'))}`,
  });
  const result = await executePrepared<RawRow & { shares_rare_word: boolean; o_at: number }>(
    db,
    'qs_overlap_many',
    sql`
    select (r.item->>'i')::int as o_at, f.*
      from jsonb_array_elements(${JSON.stringify(sent)}::jsonb) with ordinality as r(item, n)
      cross join lateral (select b.*, row_number() over () as o_rank from (${body}) b) f
     order by r.n, f.o_rank`,
  );
  for (const raw of result.rows) found[raw.o_at]?.push({ ...toRow(raw), overlap: { sharesRareWord: raw.shares_rare_word } });
  return found;
}

/** wordOverlapSql's statement over SQL expressions: `words` a text[] (at most MAX_OVERLAP_WORDS), `where` the scope over `o`. */
function wordOverlapOf(params: { accountId: string; poolSize: number; words: SQL; where: SQL }): SQL {
  const { words, where } = params;
  // Only the words the caller may see count and seed (global ones and its own): a word of another account's
  // private name weighs nothing, as a word that occurs nowhere (the vocabulary's side channel, closed here too).
  const seen = sql`(w.account_id is null or w.account_id = ${params.accountId}::uuid)`;
  const statement = sql`
    with q as (select distinct unnest(${words}) as word),
    total as (
      select greatest(least(coalesce(nullif(greatest(c.reltuples, 0), 0), (select count(*) from (select 1 from organisations limit ${ORGANISATION_COUNT_CAP}) n)), ${ORGANISATION_COUNT_CAP}), 1)::float8 as n
        from pg_class c where c.oid = 'organisations'::regclass
    ),
    weights as (
      select q.word, f.n, ln(1 + (select n from total) / f.n) as weight
        from q cross join lateral (
          select count(*)::int as n from (
            (select 1 from organisation_name_words w where w.word = q.word and w.account_id is null limit ${WORD_FREQUENCY_CAP})
            union all
            (select 1 from organisation_name_words w where w.word = q.word and w.account_id = ${params.accountId}::uuid limit ${WORD_FREQUENCY_CAP})
            limit ${WORD_FREQUENCY_CAP}) c
        ) f
       where f.n > 0
    ),
    uncommon as (select word, weight, n from weights where n < ${WORD_FREQUENCY_CAP} and n <= ${SEED_SHARE} * (select n from total)),
    seeds as (
      select word, weight from uncommon
       where n = (select min(n) from uncommon)
       order by word limit ${SEED_WORDS}
    ),
    seeded as (
      select p.organisation_id as id, sum(s.weight) as score
        from seeds s cross join lateral (
          select w.organisation_id from organisation_name_words w where w.word = s.word and ${seen} limit ${SEED_POSTINGS}
        ) p
       group by p.organisation_id
    ),
    scored as (
      select s.id, s.score + coalesce((
               select sum(c.weight) from weights c
                where c.word not in (select word from seeds)
                  and exists (select 1 from organisation_name_words x where x.word = c.word and x.organisation_id = s.id)), 0) as score
        from seeded s
       order by score desc
       limit ${params.poolSize * SCOPE_MARGIN}
    ),
    visible as (
      select s.id, s.score from scored s join organisations o on o.id = s.id
       where ${where}
       order by s.score desc, o.search_name
       limit ${params.poolSize}
    )
    select ${rowColumns(params.accountId, sql`case when other.weight > own.weight then other.search_value end`)},
           exists (select 1 from weights w
                    where w.n <= ${rareWordBound(sql`(select n from total)`)}
                      and w.word = any(string_to_array(case when other.weight > own.weight then other.search_value else o.search_name end, ' '))) as shares_rare_word
      from visible v
      join organisations o on o.id = v.id
      cross join lateral (
        select coalesce(sum(w.weight), 0) as weight from weights w where w.word = any(string_to_array(o.search_name, ' '))
      ) own
      left join lateral (
        select a.search_value, (select coalesce(sum(w.weight), 0) from weights w where w.word = any(string_to_array(a.search_value, ' '))) as weight
          from organisation_aliases a
         where a.organisation_id = o.id
         order by weight desc, length(a.search_value), a.search_value
         limit 1
      ) other on true
     order by v.score desc, length(coalesce(case when other.weight > own.weight then other.search_value end, o.search_name)), o.search_name`;
  return statement;
}
