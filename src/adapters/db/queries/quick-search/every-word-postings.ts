/**
 * The exact step's every-word branches answered from the word postings (issue 20, section 7's speed targets): the
 * organisations whose names and aliases hold a word beginning with each of the query's words of 4+ letters (and a
 * word equal to each of its 1-2 letter words), found by intersecting those words' postings in
 * `organisation_name_words` (b-tree primary key on word and organisation), then checked with the same `like`
 * conditions as the trigram branches (every-word-branches.ts: `containsEveryWord`), so the rows are the ones those
 * branches would give: a name (or one alias) holding every word, in any order.
 *
 * Why: at 1M organisations the trigram branches' GIN scans cost 8-17 ms of execution (plus their planning) for names
 * made of words shared by 6,666-16,666 names, and kept the partial, namesake and nowhere kinds over twice the
 * identifier kind's p95. The postings of two such words are two index-only range scans and one hash aggregate.
 *
 * Bounded: each word's postings are counted up to POSTINGS_CAP (an index range that stops there); words of fewer are
 * intersected, words of more (legal-form and industry words: "limited", "holdings") are left to the `like` check.
 * When every word is that common, the least common alone drives (all its postings). 3-letter words are a substring
 * anywhere in the name (every-word-branches.ts), which the postings cannot answer: the `like` check alone.
 *
 * The ranges read the primary key in the database's collation, exact only when that orders text by code point
 * (C, POSIX, C.UTF-8: `postingsOrderedByCodePoint`); under another collation the exact step keeps the trigram branches.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../client';
import { containsEveryWord, FUZZY_MIN_LENGTH, WORD_START_MIN_LENGTH } from './every-word-branches';

/** A word's postings are counted up to this many; a word with more is only checked by `like`. */
export const POSTINGS_CAP = 20000;

/** The highest code point: every string beginning with w sorts from w up to w + this (code-point order). */
const HIGHEST = '\u{10FFFF}';
/** Sorts right after w and before anything longer beginning with w (code-point order): the range of w alone. */
const JUST_AFTER = '\u{1}';

/** The query's words the postings answer, as ranges of posting words: a 4+ letter word's prefix range, a 1-2 letter word itself. */
export function postingRanges(words: readonly string[]): { lo: string; hi: string }[] {
  const ranges = new Map<string, string>();
  for (const w of words) {
    if (w.length >= WORD_START_MIN_LENGTH) ranges.set(w, `${w}${HIGHEST}`);
    else if (w.length < FUZZY_MIN_LENGTH) ranges.set(w, `${w}${JUST_AFTER}`);
  }
  return [...ranges].map(([lo, hi]) => ({ lo, hi }));
}

const ordered = new WeakMap<Db, Promise<boolean>>();

/** Whether the database orders text by code point (its collation C, POSIX or C.UTF-8), so that a posting range is exact. Asked once per Db. */
export function postingsOrderedByCodePoint(db: Db): Promise<boolean> {
  let known = ordered.get(db);
  if (known === undefined) {
    known = db
      .execute<{ ordered: boolean }>(
        sql`select lower(datcollate) in ('c', 'posix', 'c.utf-8', 'c.utf8') as ordered from pg_database where datname = current_database()`,
      )
      .then(
        (result) => result.rows[0]?.ordered === true,
        () => false,
      );
    ordered.set(db, known);
  }
  return known;
}

/**
 * The every-word branches over the postings, for name-lookup.ts's statement: CTEs to append to its `with` (after
 * `prefix`) and the two branches (names, aliases) at `score`, `pool` rows each, run only when `gate` holds.
 */
export function everyWordPostingBranches(
  words: readonly string[],
  ranges: readonly { lo: string; hi: string }[],
  options: { score: number; where: SQL; pool: number; gate: SQL },
): { ctes: SQL; branches: SQL } {
  const { score, where, pool, gate } = options;
  const los = sql`${sql.param(ranges.map((r) => r.lo))}::text[]`;
  const his = sql`${sql.param(ranges.map((r) => r.hi))}::text[]`;
  const ctes = sql`,
    posting_ranges as (select r.lo, r.hi from unnest(${los}, ${his}) as r(lo, hi) where ${gate}),
    counted as (
      select r.lo, r.hi, (select count(*) from (select 1 from organisation_name_words w where w.word >= r.lo and w.word < r.hi limit ${POSTINGS_CAP}) c) as n
        from posting_ranges r
    ),
    driving as (
      select lo, hi from counted where n < ${POSTINGS_CAP}
      union all
      (select lo, hi from counted where not exists (select 1 from counted where n < ${POSTINGS_CAP}) order by n, length(lo) desc, lo limit 1)
    ),
    every_word as (
      select p.organisation_id as id
        from driving d cross join lateral (
          select distinct w.organisation_id from organisation_name_words w where w.word >= d.lo and w.word < d.hi) p
       group by p.organisation_id
      having count(*) = (select count(*) from driving)
    )`;
  const branches = sql`
    union all
    (select o.id, ${score}::real as score, null::text as alias
       from every_word e join organisations o on o.id = e.id
      where ${containsEveryWord(sql`o.search_name`, words)} and ${where}
      limit ${pool})
    union all
    (select o.id, ${score}::real as score, a.search_value as alias
       from every_word e join organisation_aliases a on a.organisation_id = e.id join organisations o on o.id = a.organisation_id
      where ${containsEveryWord(sql`a.search_value`, words)} and ${where}
      limit ${pool})`;
  return { ctes, branches };
}
