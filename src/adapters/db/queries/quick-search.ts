/**
 * The quick-search lookups as `(db, params)` query functions (callable directly by a benchmark), each with
 * the account's visibility and the country filter in its WHERE clause.
 *
 * Name lookup (spec: quick-search rule 1): `organisations.search_name` and `organisation_aliases.search_value`
 * hold `searchName(...)`; the caller passes `searchName(query)`. Two functions, the second run by the use
 * case only when the first finds nothing:
 * - findOrganisationsByName: prefix or every word (exact spelling); a few ms at 1M organisations.
 * - findOrganisationsByCorrectedName: typos. Each query word is looked up in `search_words` (the distinct
 *   words of every name and alias, as the account may see them: global words and its own) and, when it is not a known word, replaced by the known words one edit
 *   away (deletion, transposition, substitution, insertion: generated in SQL, probed on the primary key) or
 *   trigram-similar to it (GIN on the small word table); then the every-word step runs again with each word
 *   any of its alternatives. Measured at 1M organisations: ~1 ms for the corrections, 2-5 ms for the
 *   corrected every-word step (EXPLAIN ANALYZE, planning included).
 * The former fallback, `search_name % query` over the organisations themselves, was dropped: at 1M rows its
 * GIN bitmap returned ~6,800 candidate rows for a common-word name and cost 50-260 ms.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  correctableWords,
  correctionAlphabet,
  MAX_CORRECTED_WORD_LENGTH,
  MAX_CORRECTED_WORDS,
  MIN_CORRECTED_WORD_LENGTH,
} from '../../../core/word-correction-bounds';
import { editDistance } from '../../../core/similarity';
import type { IdentifierRow, QuickSearchRow } from '../../../server/quick-search/ports';
import type { Db } from '../client';
import { ownedByAccount, visibleToAccount } from './visibility';

/** Words shorter than this are matched with strpos (no trigram) and never corrected. */
export const FUZZY_MIN_LENGTH = MIN_CORRECTED_WORD_LENGTH;
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
/** Score of a row found with corrected words; of one found once uncorrectable words were left out. */
const CORRECTED_SCORE = 0.8;
const PARTIAL_SCORE = 0.6;
/** Score of a row whose name starts with the corrected words kept once uncorrectable words were left out. */
const PARTIAL_PREFIX_SCORE = 0.65;

export interface LookupScopeParams {
  accountId: string;
  /** A real ISO alpha-3 country, or null for no filter (GLO). */
  countryIsoAlpha3: string | null;
}

/** A lookup row as the statements select it (`rowColumns`); `toRow` maps it. Shared with the batch's chunk lookups. */
export interface RawRow extends Record<string, unknown> {
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

/**
 * `inCountry` with the country as an SQL expression (a column of a chunk's queries): null is no filter, as
 * `inCountry(null)`.
 */
export function inCountryOf(countryIsoAlpha3: SQL): SQL {
  return sql`(${countryIsoAlpha3} is null or o.country_iso_alpha3 = ${countryIsoAlpha3} or o.country_iso_alpha3 is null)`;
}

function scoped(params: LookupScopeParams): SQL {
  return sql`${inCountry(params.countryIsoAlpha3)} and ${visibleToAccount(params.accountId, sql.raw('o.id'))}`;
}

export function toRow(raw: RawRow): QuickSearchRow {
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
export function rowColumns(accountId: string, matchedAlias: SQL): SQL {
  return sql`o.id, o.name, o.search_name, ${matchedAlias} as matched_alias, o.description, o.country_iso_alpha3, o.key, o.website,
           ${ownedByAccount(accountId, sql.raw('o.id'))} as owned_by_account`;
}

/**
 * Keeps one row per organisation (its best-scored branch, preferring a name match over an alias match) and
 * returns at most `pool` of them, best first: by score, then (when `wholeWords` is given) names or aliases that
 * begin with it as whole words before the others ("silver fern farms" before the shorter alias "silverton bay",
 * which the use case ranks after it: decision 0016), then the shorter.
 */
function bestOf(branches: SQL, params: LookupScopeParams & { poolSize: number }, wholeWords?: string): SQL {
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

/** Every word of the query appears in the name (any order); words of 3+ characters use the trigram index. */
function containsEveryWord(column: SQL, words: readonly string[]): SQL {
  return containsOneOfEach(
    column,
    words.map((w) => [w]),
  );
}

/**
 * A word at least this long must start a word of the name; a 3-letter word may be anywhere in it: its
 * trigram is in so many names ("ing", "air") that a word-start filter over them cost more than a second
 * (1M organisations, under load), where the unfiltered LIMIT stops at once.
 */
const WORD_START_MIN_LENGTH = 4;

/**
 * For each position, one of its alternatives appears in the name. A word of 4+ letters starts a word of the
 * name: `name like '%w%'` (the trigram index, as cheap as ever) and, as a filter, `' ' || name like '% w%'`;
 * a word inside another ("cava" in "excavators") does not count, so such a query goes on to the typo step.
 * A 3-letter word as a substring (as before). A shorter word
 * is a whole word, with patterns the trigram index serves through the word-boundary trigrams ("  b", " bt",
 * "bt "): before, it was checked with strpos outside any index, and "bt group" read the whole table (2 s at
 * 1M organisations under load; ~18 ms now).
 */
function containsOneOfEach(column: SQL, alternatives: readonly (readonly string[])[]): SQL {
  return sql.join(
    alternatives.map((options) => {
      const one = options.map((raw) => {
        const w = escapeLike(raw);
        if (raw.length >= WORD_START_MIN_LENGTH) return sql`(${column} like ${`%${w}%`} and (' ' || ${column}) like ${`% ${w}%`})`;
        if (raw.length >= FUZZY_MIN_LENGTH) return sql`${column} like ${`%${w}%`}`;
        return sql`(${column} like ${`${w} %`} or ${column} like ${`% ${w} %`} or ${column} like ${`% ${w}`})`;
      });
      return one.length === 1 ? (one[0] ?? sql`false`) : sql`(${sql.join(one, sql` or `)})`;
    }),
    sql` and `,
  );
}

/** Names and aliases containing one alternative of every position, at `score`. */
function everyWordBranches(alternatives: readonly (readonly string[])[], score: number, where: SQL, pool: number): SQL {
  return sql`
    (select o.id, ${score}::real as score, null::text as alias
       from organisations o
      where ${containsOneOfEach(sql`o.search_name`, alternatives)} and ${where}
      limit ${pool})
    union all
    (select o.id, ${score}::real as score, a.search_value as alias
       from organisation_aliases a join organisations o on o.id = a.organisation_id
      where ${containsOneOfEach(sql`a.search_value`, alternatives)} and ${where}
      limit ${pool})`;
}

function wordsOf(searchName: string): string[] {
  return searchName.split(' ').filter((w) => w !== '');
}

/**
 * The exact name lookup: names and aliases that start with the query (b-tree prefix range) or contain every
 * word of it (trigram GIN, AND of all words, which GIN answers by skipping through the rarest trigrams:
 * ~1-5 ms at 1M rows). A query whose words all match exactly wants those organisations, so when this finds
 * anything it is the answer; when it finds nothing the use case runs findOrganisationsByCorrectedName.
 * (Answering the word corrections from this same statement under a one-time filter was tried: it saved
 * ~1 ms on a typo but its planning cost ~1 ms on every other query, measured A/B at 1M organisations.)
 * At most `poolSize` rows, best retrieval score first; the use case re-ranks them by Jaro-Winkler.
 */
export async function findOrganisationsByName(
  db: Db,
  params: LookupScopeParams & { searchName: string; alternativeSearchName?: string; poolSize: number },
): Promise<QuickSearchRow[]> {
  const q = params.searchName;
  const pool = params.poolSize;
  // The prefix range is spelled with the pattern operators, which only the b-tree (text_pattern_ops) index
  // serves, in its order, so the LIMIT stops after `pool` entries. Spelled as LIKE 'q%', the planner could
  // pick the trigram index instead and sort every match: 30 ms for a first word shared by 6,666 names.
  // The range is exact: with byte-wise order, every string from q up to q + U+10FFFF (the highest code
  // point) starts with q (a name continuing with U+10FFFF itself is the only one left out).
  const upper = `${q}\u{10FFFF}`;
  const where = scoped(params);
  const words = wordsOf(q);
  const byWords = words.some((w) => w.length >= FUZZY_MIN_LENGTH);
  // The every-word branches run only when the prefix branches found fewer than `pool` organisations: with a
  // full pool of prefix matches (score 1) no every-word match (0.9) could make the cut, and a one-word query
  // ("sutton") would otherwise build a GIN bitmap of thousands of rows for nothing (InitPlan one-time filter).
  const exact = sql`
    with prefix as (
      (select o.id, 1::real as score, null::text as alias
         from organisations o
        where o.search_name ~>=~ ${q} and o.search_name ~<~ ${upper} and ${where}
        order by o.search_name using ~<~ limit ${pool})
      union all
      (select o.id, case when a.search_value = ${q} then 1.01::real else 1::real end as score, a.search_value as alias
         from organisation_aliases a join organisations o on o.id = a.organisation_id
        where a.search_value ~>=~ ${q} and a.search_value ~<~ ${upper} and ${where}
        order by a.search_value using ~<~ limit ${pool})
      ${prefixForms(params, where)}
    )
    select * from prefix
    ${
      byWords
        ? sql`
    union all
    (select o.id, 0.9::real as score, null::text as alias
       from organisations o
      where (select count(distinct id) from prefix) < ${pool} and ${containsEveryWord(sql`o.search_name`, words)} and ${where}
      limit ${pool})
    union all
    (select o.id, 0.9::real as score, a.search_value as alias
       from organisation_aliases a join organisations o on o.id = a.organisation_id
      where (select count(distinct id) from prefix) < ${pool} and ${containsEveryWord(sql`a.search_value`, words)} and ${where}
      limit ${pool})`
        : sql``
    }`;
  const found = await db.execute<RawRow>(bestOf(exact, params, q));
  return found.rows.map(toRow);
}

/** The punctuation-free form of a search name: "kwik fit" -> "kwikfit" (indexed as replace(search_name, ' ', '')). */
export function compactForm(searchName: string): string {
  return searchName.replace(/ /g, '');
}

/** A compact form shorter than this is not looked up (its prefix range is the ordinary prefix's). */
const MIN_COMPACT_LENGTH = 4;
/** Score of a row whose compact form or legal-form-free form starts with the query's. */
const OTHER_FORM_SCORE = 0.95;

/**
 * The prefix branches of the query's other forms (b-tree ranges, `pool` rows each): its compact form
 * against the compact names and aliases ("kwikfit" finds "Kwik-Fit (GB) Limited", "kwik fit" finds
 * "KwikFit"), and its search form without trailing legal-form words ("northwind private" -> "northwind").
 */
function prefixForms(params: { searchName: string; alternativeSearchName?: string; poolSize: number }, where: SQL): SQL {
  const branches: SQL[] = [];
  const range = (column: SQL, value: string) => sql`${column} ~>=~ ${value} and ${column} ~<~ ${`${value}\u{10FFFF}`}`;
  const compact = compactForm(params.searchName);
  if (compact.length >= MIN_COMPACT_LENGTH) {
    const nameColumn = sql`replace(o.search_name, ' ', '')`;
    const aliasColumn = sql`replace(a.search_value, ' ', '')`;
    branches.push(sql`
      (select o.id, ${OTHER_FORM_SCORE}::real as score, null::text as alias
         from organisations o
        where ${range(nameColumn, compact)} and ${where}
        order by ${nameColumn} using ~<~ limit ${params.poolSize})
      union all
      (select o.id, ${OTHER_FORM_SCORE}::real as score, a.search_value as alias
         from organisation_aliases a join organisations o on o.id = a.organisation_id
        where ${range(aliasColumn, compact)} and ${where}
        order by ${aliasColumn} using ~<~ limit ${params.poolSize})`);
  }
  const alternative = params.alternativeSearchName;
  if (alternative !== undefined && alternative !== '' && alternative !== params.searchName) {
    branches.push(sql`
      (select o.id, ${OTHER_FORM_SCORE}::real as score, null::text as alias
         from organisations o
        where ${range(sql`o.search_name`, alternative)} and ${where}
        order by o.search_name using ~<~ limit ${params.poolSize})
      union all
      (select o.id, ${OTHER_FORM_SCORE}::real as score, a.search_value as alias
         from organisation_aliases a join organisations o on o.id = a.organisation_id
        where ${range(sql`a.search_value`, alternative)} and ${where}
        order by a.search_value using ~<~ limit ${params.poolSize})`);
  }
  return branches.length === 0 ? sql`` : sql`union all ${sql.join(branches, sql` union all `)}`;
}

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
}

interface CorrectionRow extends Record<string, unknown> {
  c_kind: 'known' | 'one_edit' | 'similar' | 'two_edit';
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
 * unknown ones first, then known ones (a typo that spelled another real word).
 */
function wordCorrectionsSql(words: readonly string[], accountId: string): SQL {
  // The account's vocabulary: global words and its own (never another account's private names).
  const inVocabulary = (alias: string) => sql`(${sql.raw(alias)}.account_id is null or ${sql.raw(alias)}.account_id = ${accountId}::uuid)`;
  const alphabet = correctionAlphabet(words.filter((w) => [...w].length <= MAX_CORRECTED_WORD_LENGTH));
  // Two transpositions are Levenshtein 4 ("conitnetnal"); allowed from 8 letters, where few words are that close.
  const levenshteinBound = sql`(case when length(w.word) >= ${LONG_WORD_LENGTH}::int then 4 else 3 end)`;
  return sql`
    with looked as (select word, ord from unnest(${sql.param(words)}::text[]) with ordinality as q(word, ord)),
    known as (select distinct l.word from looked l join search_words s on s.word = l.word and ${inVocabulary('s')}),
    w as (
      select l.word, l.word in (select word from known) as is_known from looked l
       order by l.word in (select word from known), l.ord
       limit ${MAX_CORRECTED_WORDS}
    ),
    edited as (select word from w where length(word) <= ${MAX_CORRECTED_WORD_LENGTH}::int),
    letters as (select c from unnest(${sql.param(alphabet)}::text[]) as a(c)),
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
    uncorrected as (select w.word from w where not w.is_known and not exists (select 1 from one_edit e where e.word = w.word))
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
         limit ${TWO_EDIT_CANDIDATES}) n`;
}

function toCorrections(rows: readonly CorrectionRow[]): WordCorrections {
  const corrections: WordCorrections = { known: new Set(), oneEdit: new Map(), similar: new Map(), twoEdit: new Map() };
  const add = (map: Map<string, string[]>, key: string, value: string) => {
    const list = map.get(key) ?? [];
    if (!list.includes(value)) map.set(key, [...list, value]);
  };
  for (const row of rows) {
    if (row.c_kind === 'known') corrections.known.add(row.c_query);
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
  const result = await db.execute<CorrectionRow>(wordCorrectionsSql(correctable, accountId));
  return toCorrections(result.rows);
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

/**
 * The typo step (run when findOrganisationsByName found nothing): findWordCorrections, then one statement
 * with two branches: every position matched by one of its alternatives (score 0.8) and, when some words
 * could not be corrected and the others outnumber them, the same without those words (score 0.6). No word
 * to correct, or nothing to look for: [] without the second statement.
 */
export async function findOrganisationsByCorrectedName(
  db: Db,
  params: LookupScopeParams & { searchName: string; alternativeSearchName?: string; poolSize: number },
): Promise<QuickSearchRow[]> {
  const typed = wordsOf(params.searchName);
  // A leading word one edit from "the" ("thhe", "teh") before other words is the article, which search
  // names never start with: it is dropped, as searchName drops "the".
  const theTypo = typed.length > 1 && isTypoOfThe(typed[0] ?? '');
  const words = theTypo ? typed.slice(1) : typed;
  // The query without the legal-form words it ends with (searchNameWithoutLegalFormWords: "mediabnk priate
  // ltd" -> "mediabnk"), whose words are corrected too: names are stored without their legal form.
  const alternative = params.alternativeSearchName;
  const alternativeWords = alternative === undefined || alternative === params.searchName ? [] : wordsOf(alternative);
  // "co" joined to the word after it: names store "co operative" as "cooperative", a mistyped one stays apart.
  const joinedWords = withCoJoined(words);
  const lookedUp = new Set(correctableWords([...words, ...alternativeWords, ...joinedWords]));
  if (lookedUp.size === 0 && !theTypo) return [];
  const corrections =
    lookedUp.size === 0 ? toCorrections([]) : await findWordCorrections(db, [...words, ...alternativeWords, ...joinedWords], params.accountId);
  const alternatives = wordAlternatives(words, corrections);
  // The every-word branches leave two-edit words out: each alternative is one more trigram condition OR-ed
  // in, and two-edit words of words that name nothing ("garcia", "quantum") made them several times slower.
  const loose = wordAlternatives(words, corrections, { twoEdit: false });
  // Only a word the vocabulary was asked about can be found uncorrectable; the others are kept as typed.
  const uncorrectable = (options: readonly string[], i: number) =>
    options.length === 1 && lookedUp.has(words[i] ?? '') && !corrections.known.has(words[i] ?? '');
  const kept = loose.filter((options, i) => !uncorrectable(options, i));
  const dropped = loose.length - kept.length;
  const where = scoped(params);
  const the = theTypo ? [{ from: typed[0] ?? '', to: 'the' }] : [];
  const answer = (rows: RawRow[]) =>
    rows.map((raw) => {
      const row = withCorrections(toRow(raw), words, alternatives);
      return { ...row, corrections: [...the, ...(row.corrections ?? [])] };
    });
  // First the corrected whole names (b-tree prefixes, cheap and precise); only when they find nothing the
  // every-word branches, whose common corrected words ("group", "motor") cost far more.
  const prefixes = [
    ...(alternativeWords.length === 0
      ? []
      : correctedPrefixes(alternativeWords, wordAlternatives(alternativeWords, corrections), corrections, alternativeWords.join(' '))),
    ...(joinedWords.length === 0 ? [] : correctedPrefixes(joinedWords, wordAlternatives(joinedWords, corrections), corrections, words.join(' '))),
    ...correctedPrefixes(words, alternatives, corrections),
  ].slice(0, MAX_CORRECTED_PREFIXES);
  if (prefixes.length > 0) {
    const byPrefix = await db.execute<RawRow>(bestOf(prefixBranches(prefixes, where), params));
    if (byPrefix.rows.length > 0) return answer(byPrefix.rows);
  }
  const branches: SQL[] = [];
  if (theTypo || loose.some((options) => options.length > 1)) branches.push(everyWordBranches(loose, CORRECTED_SCORE, where, params.poolSize));
  // Uncorrectable words (two typos in one short word, a word the vocabulary has never seen) are left out
  // when the others are at least as many, and one of them is long enough to mean something: the corrected
  // whole names of the words kept first ("mediabnk priate" -> "medibank"), then every word kept.
  if (dropped > 0 && kept.length >= dropped && kept.some((options) => options.some((w) => w.length >= FUZZY_MIN_LENGTH + 1))) {
    const keptWords = words.filter((_, i) => !uncorrectable(loose[i] ?? [], i));
    const keptPrefixes = correctedPrefixes(keptWords, kept, corrections, words.join(' '));
    if (keptPrefixes.length > 0) branches.push(prefixBranches(keptPrefixes, where, PARTIAL_PREFIX_SCORE, PARTIAL_PREFIX_SCORE));
    branches.push(everyWordBranches(kept, PARTIAL_SCORE, where, params.poolSize));
  }
  if (branches.length === 0) return [];
  const found = await db.execute<RawRow>(bestOf(sql.join(branches, sql` union all `), params));
  return answer(found.rows);
}

/**
 * The words with each "co" joined to the word after it ("fonterra co operatlve group" -> "fonterra
 * cooperatlve group"), for the typo step: keyName joins "co operative" only when it is spelled right. []
 * when there is no "co" before another word of 4+ letters.
 */
export function withCoJoined(words: readonly string[]): string[] {
  const joined: string[] = [];
  let changed = false;
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] ?? '';
    const next = words[i + 1];
    if (word === 'co' && next !== undefined && next.length >= 4) {
      joined.push(`co${next}`);
      changed = true;
      i += 1;
    } else joined.push(word);
  }
  return changed ? joined : [];
}

/** A word of 2 to 4 letters one edit (Damerau-Levenshtein) from "the", but not "the" itself. */
export function isTypoOfThe(word: string): boolean {
  if (word === 'the' || word.length < 2 || word.length > 4) return false;
  const the = 'the';
  if (word.length === 4) return [0, 1, 2, 3].some((i) => word.slice(0, i) + word.slice(i + 1) === the);
  if (word.length === 2) return [0, 1, 2].some((i) => the.slice(0, i) + the.slice(i + 1) === word);
  let differences = 0;
  for (let i = 0; i < 3; i += 1) if (word[i] !== the[i]) differences += 1;
  const transposed = [0, 1].some((i) => word === the.slice(0, i) + (the[i + 1] ?? '') + (the[i] ?? '') + the.slice(i + 2));
  return differences === 1 || transposed;
}

/** At most this many corrected whole queries are looked up as name prefixes. */
export const MAX_CORRECTED_PREFIXES = 16;
/** Score of a row whose name starts with a corrected query (above every-word matches of corrected words). */
const CORRECTED_PREFIX_SCORE = 0.85;
const CORRECTED_EXACT_SCORE = 0.87;

/**
 * The query with its typos corrected, whole, as name prefixes to look up (b-tree ranges, cheap, in name
 * order): every unknown word replaced by one of its corrections (none: no prefix), known words kept or
 * replaced by their one-edit neighbours (a typo that spelled another real word: "grup", "bramble"). A common corrected word ("group", "sands") makes the every-word branch return an arbitrary
 * handful of thousands of names; the whole corrected name finds "santos" or "rea group" itself.
 */
export function correctedPrefixes(
  words: readonly string[],
  alternatives: readonly (readonly string[])[],
  corrections: WordCorrections,
  lookedUpAlready: string = words.join(' '),
): string[] {
  const everyWordKnown = words.every((w) => w.length < FUZZY_MIN_LENGTH || corrections.known.has(w));
  const positions: string[][] = [];
  for (const [i, word] of words.entries()) {
    const options = alternatives[i] ?? [word];
    if (word.length < FUZZY_MIN_LENGTH) positions.push([word]);
    else if (corrections.known.has(word) && everyWordKnown) positions.push([...options]);
    // A known word next to unknown ones may be a typo too ("grup" for "group"): its one-edit neighbours as well.
    else if (corrections.known.has(word)) positions.push([word, ...(corrections.oneEdit.get(word) ?? []).sort().slice(0, 3)]);
    else {
      const replaced = options.filter((w) => w !== word);
      if (replaced.length === 0) return [];
      positions.push(replaced);
    }
  }
  let combos: string[][] = [[]];
  for (const options of positions) {
    combos = combos.flatMap((combo) => options.map((w) => [...combo, w])).slice(0, MAX_CORRECTED_PREFIXES * 4);
  }
  return [...new Set(combos.map((c) => c.join(' ')))].filter((c) => c !== lookedUpAlready).slice(0, MAX_CORRECTED_PREFIXES);
}

/** Names and aliases starting with one of `prefixes` (exact equality scored a little higher), 10 per prefix. */
function prefixBranches(prefixes: readonly string[], where: SQL, prefixScore = CORRECTED_PREFIX_SCORE, exactScore = CORRECTED_EXACT_SCORE): SQL {
  const perPrefix = 10;
  return sql.join(
    prefixes.map((prefix) => {
      const upper = `${prefix}\u{10FFFF}`;
      return sql`
    (select o.id, case when o.search_name = ${prefix} then ${exactScore}::real else ${prefixScore}::real end as score, null::text as alias
       from organisations o
      where o.search_name ~>=~ ${prefix} and o.search_name ~<~ ${upper} and ${where}
      order by o.search_name using ~<~ limit ${perPrefix})
    union all
    (select o.id, case when a.search_value = ${prefix} then ${exactScore}::real else ${prefixScore}::real end as score, a.search_value as alias
       from organisation_aliases a join organisations o on o.id = a.organisation_id
      where a.search_value ~>=~ ${prefix} and a.search_value ~<~ ${upper} and ${where}
      order by a.search_value using ~<~ limit ${perPrefix})`;
    }),
    sql` union all `,
  );
}

/**
 * The corrections that found `row`: for each query word not in the row's name (or matched alias) as typed,
 * the first of its alternatives that is (a whole word first, else a part of one).
 */
export function withCorrections(row: QuickSearchRow, words: readonly string[], alternatives: readonly (readonly string[])[]): QuickSearchRow {
  const text = row.matchedAlias ?? row.searchName;
  const own = new Set(text.split(' '));
  const corrections: { from: string; to: string }[] = [];
  words.forEach((word, i) => {
    const options = (alternatives[i] ?? []).filter((w) => w !== word);
    if (options.length === 0 || own.has(word) || text.includes(word)) return;
    const to = options.find((w) => own.has(w)) ?? options.find((w) => text.includes(w));
    if (to !== undefined) corrections.push({ from: word, to });
  });
  return { ...row, corrections };
}

/** Exact lookup of a normalised identifier value (`normaliseIdentifierValue(query)`), with the identifier each row was found by. */
export async function findOrganisationsByIdentifier(db: Db, params: LookupScopeParams & { valueNormalised: string; limit: number }): Promise<IdentifierRow[]> {
  const result = await db.execute<RawRow & { matched_type: string; matched_value: string }>(sql`
    select o.id, o.name, o.search_name, null::text as matched_alias, o.description, o.country_iso_alpha3, o.key, o.website,
           ${ownedByAccount(params.accountId, sql.raw('o.id'))} as owned_by_account, m.type as matched_type, m.value as matched_value
      from organisations o
      cross join lateral (
        select i.type, i.value from organisation_identifiers i
         where i.organisation_id = o.id and i.value_normalised = ${params.valueNormalised}
         order by i.type limit 1) m
     where o.id in (select i.organisation_id from organisation_identifiers i where i.value_normalised = ${params.valueNormalised})
       and ${scoped(params)}
     order by o.search_name
     limit ${params.limit}`);
  return result.rows.map((raw) => ({ ...toRow(raw), matchedIdentifier: { type: raw.matched_type, value: raw.matched_value } }));
}

/** Exact lookup of a normalised website host (`normaliseWebsiteHost(query)`). */
export async function findOrganisationsByWebsite(db: Db, params: LookupScopeParams & { websiteDomain: string; limit: number }): Promise<QuickSearchRow[]> {
  const result = await db.execute<RawRow>(sql`
    select o.id, o.name, o.search_name, null::text as matched_alias, o.description, o.country_iso_alpha3, o.key, o.website,
           ${ownedByAccount(params.accountId, sql.raw('o.id'))} as owned_by_account
      from organisations o
     where o.website_domain = ${params.websiteDomain}
       and ${scoped(params)}
     order by o.search_name
     limit ${params.limit}`);
  return result.rows.map(toRow);
}
