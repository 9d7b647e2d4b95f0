/**
 * The name lookup's every-word branches (spec: POST /api/organisations/quick-search, rule 1: the fuzzy name
 * lookup, "full-text index on name"): names and aliases that contain every word of the query, in any order: whole,
 * over the whole-word GIN indexes (`nameWords`, `everyWholeWord`) first, then begun: the words each begins listed from
 * the vocabulary and read whole (decision 0032), else over the trigram GIN indexes (decision 0031): `everyWordBranches`, with each word alone in the exact step (name-lookup.ts) and with each word's
 * corrections in the typo step (typo-step.ts). Also what both steps share about the query's words:
 * `wordsOf`, `escapeLike` for a `like` pattern, and FUZZY_MIN_LENGTH.
 */
import { sql, type SQL } from 'drizzle-orm';
import { MIN_CORRECTED_WORD_LENGTH } from '../../../../core/word-correction-bounds';

/** Words shorter than this are matched with strpos (no trigram) and never corrected. */
export const FUZZY_MIN_LENGTH = MIN_CORRECTED_WORD_LENGTH;

/** A literal for a `like` pattern. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The words of a name (a search form: words separated by single spaces) as a tsvector, each word a lexeme exactly as
 * it is written (no parser, no stemming, no stop words): the expression of the GIN indexes
 * `organisations_search_words_idx` and `organisation_aliases_search_words_idx`.
 */
function nameWords(column: SQL): SQL {
  return sql`array_to_tsvector(array_remove(string_to_array(${column}, ' '), ''))`;
}

/**
 * A tsquery (as text) that holds when, for every position, one of its alternatives is a whole word of the name
 * (`nameWords`): each word quoted as a lexeme (a quote doubled, a backslash escaped), so no character of a word is read
 * as an operator; a position's alternatives OR-ed, the positions AND-ed.
 */
export function everyWholeWord(alternatives: readonly (readonly string[])[]): string {
  const lexeme = (w: string) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  return alternatives.map((options) => (options.length === 1 ? lexeme(options[0] ?? '') : `(${options.map(lexeme).join(' | ')})`)).join(' & ');
}

/**
 * A word at least this long must start a word of the name; a 3-letter word may be anywhere in it: its
 * trigram is in so many names ("ing", "air") that a word-start filter over them cost more than a second
 * (1M organisations, under load), where the unfiltered LIMIT stops at once.
 */
export const WORD_START_MIN_LENGTH = 4;

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
      if (one.length === 1) return one[0] ?? sql`false`;
      // The alternatives once more as one regular expression ("kreek|creek"), which the trigram index serves as one
      // condition: the planner ANDs it with the other positions' inside the GIN index. An OR of `like` conditions it
      // left out of the index, scanning every name with the other words: 16,668 names for "airlines" and 7,243 of
      // them read from the heap, 120-140 ms at 1M organisations, against 3 ms. Implied by the OR (each alternative is
      // in the name), so the rows are the same.
      const anyOf = options.every((raw) => raw.length >= FUZZY_MIN_LENGTH) ? sql` and ${column} ~ ${options.map(escapeRegExp).join('|')}` : sql``;
      return sql`((${sql.join(one, sql` or `)})${anyOf})`;
    }),
    sql` and `,
  );
}

/** A literal for a PostgreSQL regular expression: every character other than a letter or digit escaped. */
function escapeRegExp(value: string): string {
  return value.replace(/[^\p{L}\p{N}]/gu, (c) => `\\${c}`);
}

/**
 * Whether the every-word branches of these positions are read well by a plan made without their words (a generic
 * plan: batch matching's pool, decision 0028; the quick lookup's generic companion, decision 0031): when one position's
 * alternatives are all words of 4+ letters, whose `like` a custom plan reads through the trigram index too, or all words
 * of 1-2 letters, which the vocabulary branches read whole so that no word of 3 letters reaches a trigram index
 * (decision 0032). A query of 3-letter words only ("ing", "and", "ing ent") is planned for its words: a common trigram is
 * read best by a sequential scan that stops at the limit, and the generic plan's bitmap over it cost 25-60 ms where the
 * custom plan took 1.5-7 ms (1M organisations).
 */
export function suitsGenericPlan(alternatives: readonly (readonly string[])[]): boolean {
  return alternatives.some(
    (options) => options.length > 0 && (options.every((w) => w.length >= WORD_START_MIN_LENGTH) || options.every((w) => w.length < FUZZY_MIN_LENGTH)),
  );
}

/**
 * A word of 4+ letters that begins at most this many words of the account's vocabulary is read as those words, whole
 * (`begunWords`); one that begins more ("tech" in a real vocabulary) is read by the trigram indexes.
 */
export const MAX_BEGUN_WORDS = 32;

/**
 * The words of the account's vocabulary (global and its own) that `word` (an SQL text expression) begins, itself
 * included, in byte order, at most MAX_BEGUN_WORDS + 1 of them (one more tells "too many to list"): a range of the
 * byte-order index of migration 0023. Shared by the every-word branches (`begunWords`) and the word corrections, which
 * count them for every word and correction (word-corrections.ts).
 */
export function vocabularyWordsBegunBy(word: SQL, accountId: string): SQL {
  return sql`
    select distinct s.word from search_words s
     where s.word ~>=~ ${word} and s.word ~<~ (${word} || chr(1114111))
       and (s.account_id is null or s.account_id = ${accountId}::uuid)
     order by s.word limit ${MAX_BEGUN_WORDS + 1}`;
}

/** A word of 3 letters: looked for anywhere in a name (containsOneOfEach), so never read through the vocabulary. */
function isAnywhereWord(raw: string): boolean {
  return raw.length >= FUZZY_MIN_LENGTH && raw.length < WORD_START_MIN_LENGTH;
}

/**
 * One row over the account's vocabulary (`search_words`, its byte-order index; decision 0032) for the positions listed
 * (`listedAt`, those without a 3-letter alternative): `q`, a tsquery holding for a name when, at every one of them, a
 * whole word of the name is one of its alternatives of 1-2 letters or a word of the vocabulary that one of 4+ letters
 * begins (itself included), null when a position has no such word (no name can hold it); `listed`, false when a word
 * begins more than MAX_BEGUN_WORDS words (too many to list: the trigram branches read it); `some_begun`, whether a word
 * begins a longer word at all (else `q` is the whole-word query, which found nothing). Every name's words are in the
 * vocabulary of the accounts that may see it (organisations-write.ts), so `q` finds exactly the names where each word
 * of 4+ letters begins a word and each shorter one is a word: what containsOneOfEach finds over the trigram indexes.
 */
function begunWords(alternatives: readonly (readonly string[])[], listedAt: readonly number[], accountId: string): SQL {
  const long = listedAt.flatMap((pos) => (alternatives[pos] ?? []).filter((w) => w.length >= WORD_START_MIN_LENGTH).map((w) => ({ w, pos })));
  const short = listedAt.flatMap((pos) => (alternatives[pos] ?? []).filter((w) => w.length < FUZZY_MIN_LENGTH).map((w) => ({ w, pos })));
  const lexeme = sql`chr(39) || replace(replace(l.word, chr(92), chr(92) || chr(92)), chr(39), chr(39) || chr(39)) || chr(39)`;
  return sql`
    with expansions as (
      select b.pos, b.alt, array(${vocabularyWordsBegunBy(sql`b.alt`, accountId)}) as words
        from unnest(${sql.param(long.map((a) => a.w))}::text[], ${sql.param(long.map((a) => a.pos))}::int[]) as b(alt, pos)
    ),
    lexemes as (
      select e.pos, w.word from expansions e cross join unnest(e.words) as w(word)
      union
      select s.pos, s.alt from unnest(${sql.param(short.map((a) => a.w))}::text[], ${sql.param(short.map((a) => a.pos))}::int[]) as s(alt, pos)
    ),
    positions as (select l.pos, '(' || string_agg(${lexeme}, ' | ') || ')' as q from lexemes l group by l.pos)
    select coalesce((select bool_and(cardinality(e.words) <= ${MAX_BEGUN_WORDS}) from expansions e), true) as listed,
           coalesce((select bool_or(w.word <> e.alt) from expansions e cross join unnest(e.words) as w(word)), false) as some_begun,
           case when (select count(*) from positions) = ${listedAt.length}
                then (select string_agg(p.q, ' & ') from positions p)::tsquery end as q`;
}

/**
 * For each of these positions, one of its alternatives is in the name as containsOneOfEach reads it (a 3-letter word
 * anywhere, a longer one beginning a word, a shorter one a word), with `strpos`: a filter over the rows the whole-word
 * index found, never an index condition.
 */
function containsAnywhere(column: SQL, alternatives: readonly (readonly string[])[]): SQL {
  if (alternatives.length === 0) return sql`true`;
  return sql.join(
    alternatives.map((options) => {
      const one = options.map((w) => {
        if (w.length >= WORD_START_MIN_LENGTH) return sql`strpos(' ' || ${column}, ${` ${w}`}) > 0`;
        if (w.length >= FUZZY_MIN_LENGTH) return sql`strpos(${column}, ${w}) > 0`;
        return sql`strpos(' ' || ${column} || ' ', ${` ${w} `}) > 0`;
      });
      return sql`(${sql.join(one, sql` or `)})`;
    }),
    sql` and `,
  );
}

/** Names and aliases meeting `condition` (over the name or alias's search form), at `score`, at most `pool` of each. */
function namesAndAliases(score: number, condition: (column: SQL) => SQL, where: SQL, pool: number): SQL {
  return sql`
    (select o.id, ${score}::real as score, null::text as alias
       from organisations o
      where ${condition(sql`o.search_name`)} and ${where}
      limit ${pool})
    union all
    (select o.id, ${score}::real as score, a.search_value as alias
       from organisation_aliases a join organisations o on o.id = a.organisation_id
      where ${condition(sql`a.search_value`)} and ${where}
      limit ${pool})`;
}

/**
 * Names and aliases containing one alternative of every position, at `score`: first those holding one of every
 * position's alternatives whole (the whole-word GIN indexes); then, only when none does, those where each begins a word
 * or, 3 letters, appears anywhere, as the exact step reads its words (name-lookup.ts, decision 0031). Those are read
 * through the vocabulary when they can be (decision 0032): the words each word of 4+ letters begins, listed from
 * `search_words`, whole over the whole-word indexes, the 3-letter words checked on the names found; by the trigram
 * indexes only when no position can be read so (every one has a 3-letter word) or a word begins too many words to list.
 */
export function everyWordBranches(
  queryAlternatives: readonly (readonly string[])[],
  score: number,
  where: SQL,
  pool: number,
  accountId: string,
  /**
   * What the vocabulary said of the alternatives (the typo step's word corrections): when every listed alternative of
   * 4+ letters is known to begin at most MAX_BEGUN_WORDS words, the trigram branches are left out of the statement
   * (they could not run), so its text depends on the number of 3-letter positions only and is planned once.
   */
  begun?: BegunCounts,
): SQL {
  const alternatives = inCanonicalOrder(queryAlternatives);
  const whole = everyWholeWord(alternatives);
  const noneWhole = sql`not exists (select 1 from whole)`;
  const listedAt = alternatives.flatMap((options, pos) => (options.some(isAnywhereWord) ? [] : [pos]));
  const anywhere = alternatives.filter((options) => options.some(isAnywhereWord));
  const trigram = (gate: SQL) => namesAndAliases(score, (column) => sql`${noneWhole} and ${gate} and ${containsOneOfEach(column, alternatives)}`, where, pool);
  const wholeBranches = namesAndAliases(score, (column) => sql`${nameWords(column)} @@ ${whole}::tsquery`, where, pool);
  // Every position has a 3-letter word (looked for anywhere, so possibly begun): the trigram indexes read them all.
  if (listedAt.length === 0) {
    return sql`
    (with whole as materialized (${wholeBranches})
    select * from whole
    union all ${trigram(sql`true`)})`;
  }
  // A 3-letter word is begun too (it may be inside a word): with one, the vocabulary branches run even when no word of
  // 4+ letters begins a longer one.
  const begunAtAll = anywhere.length > 0 ? sql`true` : sql`(select some_begun from begun)`;
  const throughVocabulary = namesAndAliases(
    score,
    (column) =>
      sql`${noneWhole} and (select listed from begun) and ${begunAtAll} and ${nameWords(column)} @@ (select q from begun) and ${containsAnywhere(column, anywhere)}`,
    where,
    pool,
  );
  // The trigram branches run only when a word begins too many words to list; a caller that knows none does leaves them out.
  const mayOverflow = mayReadTrigrams(alternatives, begun);
  return sql`
    (with whole as materialized (${wholeBranches}),
    begun as materialized (${begunWords(alternatives, listedAt, accountId)})
    select * from whole
    union all ${throughVocabulary}
    ${mayOverflow ? sql`union all ${trigram(sql`not (select listed from begun)`)}` : sql``})`;
}

/** What the vocabulary said of the words of a query: those it told apart by how many words they begin, and those beginning too many. */
export interface BegunCounts {
  counted: ReadonlySet<string>;
  many: ReadonlySet<string>;
}

/**
 * Whether the every-word branches of these positions may read the trigram indexes: every position has a 3-letter word,
 * or a word of 4+ letters may begin more than MAX_BEGUN_WORDS words of the vocabulary (not known to begin fewer). When
 * not, their statement leaves the trigram branches out and suits a generic plan whatever its words.
 */
export function mayReadTrigrams(alternatives: readonly (readonly string[])[], begun?: BegunCounts): boolean {
  const listed = alternatives.filter((options) => !options.some(isAnywhereWord));
  if (listed.length === 0 || begun === undefined) return true;
  return listed.some((options) => options.some((w) => w.length >= WORD_START_MIN_LENGTH && (begun.many.has(w) || !begun.counted.has(w))));
}

/** How a word is looked for in a name (containsOneOfEach): begun (4+ letters), anywhere (3) or whole (1-2). */
function lengthClass(w: string): number {
  return w.length >= WORD_START_MIN_LENGTH ? 0 : w.length >= FUZZY_MIN_LENGTH ? 1 : 2;
}

/**
 * The positions and each position's alternatives ordered by how their words are looked for (the conditions are AND-ed
 * and OR-ed, so the rows are the same): the statement's text then depends only on how many words of each kind it
 * holds, not on their order, and fewer statements are planned anew (a new text is planned once per connection: up to
 * 3 ms for the every-word statements at 1M organisations).
 */
function inCanonicalOrder(alternatives: readonly (readonly string[])[]): string[][] {
  const signature = (options: readonly string[]) => options.map((w) => String(lengthClass(w))).join('');
  return alternatives
    .map((options) => [...options].sort((a, b) => lengthClass(a) - lengthClass(b)))
    .sort((a, b) => (signature(a) < signature(b) ? -1 : signature(a) > signature(b) ? 1 : 0));
}

/** The words of a search name. */
export function wordsOf(searchName: string): string[] {
  return searchName.split(' ').filter((w) => w !== '');
}
