/**
 * The vocabulary's word corrections, for the name lookup's typo step (spec: POST /api/organisations/quick-search,
 * rule 1: the fuzzy name lookup; decision 0015, two typos in one word). Each query word is looked up in
 * `search_words` (the distinct words of every name and alias, as the account may see them: global words and its
 * own) and, when it is not a known word, corrected to the known words one edit away (deletion, transposition,
 * substitution, insertion: generated in SQL, probed on the primary key), else two edits away or trigram-similar
 * to it (GIN on the small word table). `wordAlternatives` turns the corrections into the words to look for at
 * each position of the query (typo-step.ts). Measured at 1M organisations: ~1 ms for the corrections (EXPLAIN
 * ANALYZE, planning included).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  correctableWords,
  correctionAlphabet,
  MAX_CORRECTED_WORD_LENGTH,
  MAX_CORRECTED_WORDS,
  MIN_CORRECTED_WORD_LENGTH,
} from '../../../../core/word-correction-bounds';
import { editDistance } from '../../../../core/similarity';
import type { Db } from '../../client';
import { executePrepared } from '../../prepared-statement';
import { FUZZY_MIN_LENGTH, MAX_BEGUN_WORDS, vocabularyWordsBegunBy, WORD_START_MIN_LENGTH } from './every-word-branches';

/** A word is replaced by a trigram-similar known word only at or above this similarity (pg_trgm's default is 0.3). */
export const WORD_SIMILARITY_THRESHOLD = 0.45;
/**
 * A word at least this long may carry two typos, which leave few of its trigrams: its neighbours need only
 * this similarity (pg_trgm's default, what the GIN operator `%` finds).
 */
export const LONG_WORD_LENGTH = 8;
export const LONG_WORD_SIMILARITY_THRESHOLD = 0.3;
/** Trigram neighbours are looked for only for words at least this long (short words share too few trigrams). */
export const WORD_SIMILARITY_MIN_LENGTH = 5;
/** At most this many corrections per query word (one-edit words first, then the most similar). */
export const MAX_CORRECTIONS_PER_WORD = 4;

/** What the vocabulary says about the words of a query. */
export interface WordCorrections {
  /** Query words that are known words. */
  known: Set<string>;
  /** Known words one edit away from each query word. */
  oneEdit: Map<string, string[]>;
  /** Known words trigram-similar to each unknown query word, most similar first. */
  similar: Map<string, string[]>;
  /**
   * Known words two edits (Damerau-Levenshtein) from an unknown query word of 5 to 20 letters, sharing its
   * first letter, nearest first: two typos in one word ("wrsfarjers" -> "wesfarmers").
   */
  twoEdit: Map<string, string[]>;
  /**
   * The words the statement told apart by how many words of the vocabulary they begin (every word looked up and every
   * correction, of 4+ letters), and of those the ones beginning more than MAX_BEGUN_WORDS: those alone send the
   * every-word branches to the trigram indexes (every-word-branches.ts, decision 0032).
   */
  begunCounted: Set<string>;
  beginsMany: Set<string>;
}

interface CorrectionRow extends Record<string, unknown> {
  c_kind: 'known' | 'one_edit' | 'similar' | 'two_edit' | 'begun_counted' | 'begins_many';
  c_query: string;
  c_word: string;
}

/** Two-edit neighbours are looked for only for unknown words at least this long (shorter ones have too many). */
export const TWO_EDIT_MIN_LENGTH = 5;
/** At most this many two-edit candidates per word leave the database (checked here, nearest first). */
const TWO_EDIT_CANDIDATES = 12;

/**
 * Rows (c_kind, c_query, c_word) over `search_words`: which query words are known ('known'), which known
 * words are one edit away from each ('one_edit': Damerau-Levenshtein 1, i.e. a deletion, a transposition of
 * neighbours, a substitution or an insertion over a-z, 0-9 and up to eight of the query's own characters;
 * the ~90 variants per character are generated here, in SQL, and probed on the primary key; the words and
 * the alphabet are bounded in core/word-correction-bounds.ts). Only for an unknown word of 5+ characters
 * with no one-edit neighbour (the likeliest reading of a typo, and the lookups below are most of the
 * statement's cost): the most trigram-similar known words ('similar', GIN on the small word table) and
 * the known words with the same first letter, a length within two and a Levenshtein distance of at most
 * 3, 4 for words of 8+ letters ('two_edit': fuzzystrmatch's levenshtein_less_equal over the b-tree on
 * (first letter, length); a transposition counts 2 there, so the caller keeps those within two
 * Damerau-Levenshtein edits). Of the (up to eight) words looked up, at most four are corrected: the
 * unknown ones first, then known ones (a typo that spelled another real word). Also, for every word looked up and
 * every correction of 4+ letters, how many words of the vocabulary it begins, up to MAX_BEGUN_WORDS + 1
 * ('begun_counted', or 'begins_many' past MAX_BEGUN_WORDS: a b-tree range each), which tells the every-word
 * branches whether they may need the trigram indexes (every-word-branches.ts, `mayReadTrigrams`; decision 0032).
 */
function wordCorrectionsSql(words: readonly string[], accountId: string): SQL {
  return wordCorrectionsOf(sql`${sql.param(words)}::text[]`, sql`${sql.param(wordsAlphabet(words))}::text[]`, accountId);
}

/** The alphabet of one query's one-edit variants (over its words of up to MAX_CORRECTED_WORD_LENGTH characters). */
function wordsAlphabet(words: readonly string[]): string[] {
  return correctionAlphabet(words.filter((w) => [...w].length <= MAX_CORRECTED_WORD_LENGTH));
}

/** wordCorrectionsSql's statement over SQL expressions: `words` and `alphabet` are text[] (a parameter, or a column of a chunk's row). */
function wordCorrectionsOf(words: SQL, alphabet: SQL, accountId: string): SQL {
  // The account's vocabulary: global words and its own (never another account's private names).
  const inVocabulary = (alias: string) => sql`(${sql.raw(alias)}.account_id is null or ${sql.raw(alias)}.account_id = ${accountId}::uuid)`;
  // Two transpositions are Levenshtein 4 ("conitnetnal"); allowed from 8 letters, where few words are that close.
  const levenshteinBound = sql`(case when length(w.word) >= ${LONG_WORD_LENGTH}::int then 4 else 3 end)`;
  return sql`
    with looked as (select word, ord from unnest(${words}) with ordinality as q(word, ord)),
    known as (select distinct l.word from looked l join search_words s on s.word = l.word and ${inVocabulary('s')}),
    w as (
      select l.word, l.word in (select word from known) as is_known from looked l
       order by l.word in (select word from known), l.ord
       limit ${MAX_CORRECTED_WORDS}
    ),
    edited as (select word from w where length(word) <= ${MAX_CORRECTED_WORD_LENGTH}::int),
    letters as (select c from unnest(${alphabet}) as a(c)),
    variants as (
      select w.word, left(w.word, i) || substr(w.word, i + 2) as variant from edited w, generate_series(0, length(w.word) - 1) as i
      union all
      select w.word, left(w.word, i) || substr(w.word, i + 2, 1) || substr(w.word, i + 1, 1) || substr(w.word, i + 3)
        from edited w, generate_series(0, length(w.word) - 2) as i
      union all
      select w.word, left(w.word, i) || l.c || substr(w.word, i + 2) from edited w, generate_series(0, length(w.word) - 1) as i, letters l
      union all
      select w.word, left(w.word, i) || l.c || substr(w.word, i + 1) from edited w, generate_series(0, length(w.word)) as i, letters l
    ),
    one_edit as materialized (
      select distinct v.word, s.word as correction from variants v join search_words s on s.word = v.variant and ${inVocabulary('s')} where s.word <> v.word
    ),
    uncorrected as (select w.word from w where not w.is_known and not exists (select 1 from one_edit e where e.word = w.word)),
    found as materialized (
    select 'known'::text as c_kind, k.word as c_query, k.word as c_word from known k
    union all
    select 'one_edit'::text, e.word, e.correction from one_edit e
    union all
    select 'similar'::text, w.word, n.word
      from uncorrected w cross join lateral (
        select distinct s.word, similarity(s.word, w.word) as sim from search_words s
         where length(w.word) >= ${WORD_SIMILARITY_MIN_LENGTH}
           and s.word % w.word
           and similarity(s.word, w.word) >= case when length(w.word) >= ${LONG_WORD_LENGTH}::int then ${LONG_WORD_SIMILARITY_THRESHOLD}::real else ${WORD_SIMILARITY_THRESHOLD}::real end
           and ${inVocabulary('s')}
         order by sim desc, s.word
         limit ${MAX_CORRECTIONS_PER_WORD}) n
    union all
    select 'two_edit'::text, w.word, n.word
      from uncorrected w cross join lateral (
        select s.word from search_words s
         where length(w.word) between ${TWO_EDIT_MIN_LENGTH}::int and ${MAX_CORRECTED_WORD_LENGTH}::int
           and left(s.word, 1) = left(w.word, 1)
           and length(s.word) between length(w.word) - 2 and length(w.word) + 2
           and levenshtein_less_equal(s.word, w.word, ${levenshteinBound}) <= ${levenshteinBound}
           and ${inVocabulary('s')}
         order by levenshtein_less_equal(s.word, w.word, ${levenshteinBound}), s.word
         limit ${TWO_EDIT_CANDIDATES}) n),
    counted as (
      select c.word, (select count(*) from (${vocabularyWordsBegunBy(sql`c.word`, accountId)}) b) as begun
        from (select word from looked union select c_word from found) c
       where length(c.word) >= ${WORD_START_MIN_LENGTH}::int
    )
    select c_kind, c_query, c_word from found
    union all
    select case when c.begun > ${MAX_BEGUN_WORDS} then 'begins_many' else 'begun_counted' end, c.word, c.word from counted c`;
}

export function toCorrections(rows: readonly CorrectionRow[]): WordCorrections {
  const corrections: WordCorrections = {
    known: new Set(),
    oneEdit: new Map(),
    similar: new Map(),
    twoEdit: new Map(),
    begunCounted: new Set(),
    beginsMany: new Set(),
  };
  const add = (map: Map<string, string[]>, key: string, value: string) => {
    const list = map.get(key) ?? [];
    if (!list.includes(value)) map.set(key, [...list, value]);
  };
  for (const row of rows) {
    if (row.c_kind === 'begun_counted') corrections.begunCounted.add(row.c_query);
    else if (row.c_kind === 'begins_many') {
      corrections.begunCounted.add(row.c_query);
      corrections.beginsMany.add(row.c_query);
    } else if (row.c_kind === 'known') corrections.known.add(row.c_query);
    // A word under 3 letters is never a correction: it is matched as a whole word only ("tat" -> "at" would
    // push "tata" out of the few corrections kept).
    else if (row.c_kind === 'one_edit') {
      if (row.c_word.length >= MIN_CORRECTED_WORD_LENGTH) add(corrections.oneEdit, row.c_query, row.c_word);
    } else if (row.c_kind === 'similar') add(corrections.similar, row.c_query, row.c_word);
    else if (editDistance(row.c_query, row.c_word, 2) === 2) add(corrections.twoEdit, row.c_query, row.c_word);
  }
  return corrections;
}

/** What the account's vocabulary says about the words of a query (wordCorrectionsSql), in one statement. */
export async function findWordCorrections(db: Db, words: readonly string[], accountId: string): Promise<WordCorrections> {
  const correctable = correctableWords(words);
  if (correctable.length === 0) return toCorrections([]);
  const result = await executePrepared<CorrectionRow>(db, 'qs_corrections', wordCorrectionsSql(correctable, accountId));
  return toCorrections(result.rows);
}

/**
 * findWordCorrections for many queries at once (batch matching's typo step, one statement for a chunk's rows): each
 * query's words go through the very statement findWordCorrections sends (wordCorrectionsSql: same words, same
 * alphabet, same bounds), run once per query inside a lateral join, so each answer is the one findWordCorrections
 * gives for those words. Answered in the queries' order; a query with no word worth looking up is not sent.
 */
export async function findWordCorrectionsOfMany(db: Db, queries: readonly (readonly string[])[], accountId: string): Promise<WordCorrections[]> {
  const looked = queries.map((words) => correctableWords(words));
  const sent = looked.flatMap((words, i) => (words.length === 0 ? [] : [{ i, w: words, a: wordsAlphabet(words) }]));
  const rowsOf = new Map<number, CorrectionRow[]>();
  if (sent.length > 0) {
    const body = wordCorrectionsOf(
      sql`(select array_agg(x order by n) from jsonb_array_elements_text(r.item->'w') with ordinality as e(x, n))`,
      sql`(select array_agg(x order by n) from jsonb_array_elements_text(r.item->'a') with ordinality as e(x, n))`,
      accountId,
    );
    const statement = sql`
    select (r.item->>'i')::int as c_at, c.c_kind, c.c_query, c.c_word
      from jsonb_array_elements(${JSON.stringify(sent)}::jsonb) as r(item)
      cross join lateral (${body}) c`;
    const result = await executePrepared<CorrectionRow & { c_at: number }>(db, 'qs_corrections_many', statement);
    for (const row of result.rows) rowsOf.set(row.c_at, [...(rowsOf.get(row.c_at) ?? []), row]);
  }
  return looked.map((_, i) => toCorrections(rowsOf.get(i) ?? []));
}

/**
 * For each query word, the words to look for in its place. An unknown word: itself (it may still be part
 * of a longer word, such as a prefix being typed) and its corrections (one-edit words, then, when it has
 * none, two-edit words unless `twoEdit` is false, then trigram-similar ones); an uncorrectable unknown word has only itself. A known
 * word: itself, plus its one-edit neighbours when every word of the query is known (a typo that spelled
 * another real word). Words under 3 characters are kept as they are.
 */
export function wordAlternatives(words: readonly string[], corrections: WordCorrections, options: { twoEdit: boolean } = { twoEdit: true }): string[][] {
  const everyWordKnown = words.every((w) => w.length < FUZZY_MIN_LENGTH || corrections.known.has(w));
  return words.map((word) => {
    if (word.length < FUZZY_MIN_LENGTH) return [word];
    const oneEdit = (corrections.oneEdit.get(word) ?? []).sort();
    if (corrections.known.has(word)) return everyWordKnown ? [word, ...oneEdit.slice(0, MAX_CORRECTIONS_PER_WORD)] : [word];
    const twoEdit = oneEdit.length === 0 && options.twoEdit ? (corrections.twoEdit.get(word) ?? []) : [];
    const similar = corrections.similar.get(word) ?? [];
    return [word, ...[...new Set([...oneEdit, ...twoEdit, ...similar])].slice(0, MAX_CORRECTIONS_PER_WORD)];
  });
}
