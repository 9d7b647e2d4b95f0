/**
 * The name lookup's typo step (spec: POST /api/organisations/quick-search, rule 1: the fuzzy name lookup;
 * decisions 0015 and 0016): findOrganisationsByCorrectedName, which the use case runs only when the exact step
 * (name-lookup.ts) found nothing, or only rows under the relevance floor. The query's words are corrected by the
 * vocabulary (word-corrections.ts); the corrected whole names are looked up first (corrected-prefixes.ts), then
 * every word with its corrections (every-word-branches.ts), leaving out uncorrectable words when the others
 * outnumber them. Measured at 1M organisations: ~1 ms for the corrections, 0.5 ms for the corrected whole names,
 * 2-5 ms for the every-word branches (EXPLAIN ANALYZE, planning included). Also the query's forms the step corrects too ("co" joined to the
 * word after it, a leading typo of "the") and the corrections a row reports (`withCorrections`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { correctableWords } from '../../../../core/word-correction-bounds';
import type { QuickSearchRow } from '../../../../server/quick-search/ports';
import type { Db } from '../../client';
import { executePrepared, executeValueDependent } from '../../prepared-statement';
import { correctedPrefixes, MAX_CORRECTED_PREFIXES, prefixBranches } from './corrected-prefixes';
import { everyWordBranches, FUZZY_MIN_LENGTH, mayReadTrigrams, suitsGenericPlan, wordsOf } from './every-word-branches';
import { scoped, toRow, type LookupScopeParams, type RawRow } from './lookup-scope';
import { bestOf } from './name-pool';
import { findWordCorrections, toCorrections, wordAlternatives, type WordCorrections } from './word-corrections';

/** Score of a row found with corrected words; of one found once uncorrectable words were left out. */
const CORRECTED_SCORE = 0.8;
const PARTIAL_SCORE = 0.6;
/** Score of a row whose name starts with the corrected words kept once uncorrectable words were left out. */
const PARTIAL_PREFIX_SCORE = 0.65;

/**
 * The typo step (run when findOrganisationsByName found nothing): findWordCorrections, then the corrected whole
 * names and, only when they find nothing, one statement with two branches: every position matched by one of its
 * alternatives (score 0.8) and, when some words could not be corrected and the others outnumber them, the same
 * without those words (score 0.6). No word to correct, or nothing to look for: [] without the second statement.
 */
export async function findOrganisationsByCorrectedName(
  db: Db,
  params: LookupScopeParams & { searchName: string; alternativeSearchName?: string; poolSize: number },
  /** The word corrections of `typoStepWords(params).lookedUp`, when the caller already has them (batch matching's chunk). */
  known?: WordCorrections,
  /**
   * Awaited before the every-word branches, the step's one costly statement (a typo step started beside the exact
   * step waits there until its answer is known to be wanted: quick-search-lookups.ts). The rows do not depend on it.
   */
  everyWordWanted?: Promise<unknown>,
): Promise<QuickSearchRow[]> {
  const { typed, theTypo, words, alternativeWords, joinedWords, lookedUp: asked } = typoStepWords(params);
  const lookedUp = new Set(correctableWords(asked));
  if (lookedUp.size === 0 && !theTypo) return [];
  const corrections = lookedUp.size === 0 ? toCorrections([]) : (known ?? (await findWordCorrections(db, asked, params.accountId)));
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
  const branches: SQL[] = [];
  let generic = true;
  // What the vocabulary said of how many words each word begins: the every-word statement leaves out the trigram
  // branches when none begins too many to list (decision 0032).
  const begun = { counted: corrections.begunCounted, many: corrections.beginsMany };
  const fitsGeneric = (positions: readonly (readonly string[])[]) => suitsGenericPlan(positions) || !mayReadTrigrams(positions, begun);
  if (theTypo || loose.some((options) => options.length > 1)) {
    branches.push(everyWordBranches(loose, CORRECTED_SCORE, where, params.poolSize, params.accountId, begun));
    generic = fitsGeneric(loose);
  }
  // Uncorrectable words (two typos in one short word, a word the vocabulary has never seen) are left out
  // when the others are at least as many, and one of them is long enough to mean something: the corrected
  // whole names of the words kept first ("mediabnk priate" -> "medibank"), then every word kept.
  if (dropped > 0 && kept.length >= dropped && kept.some((options) => options.some((w) => w.length >= FUZZY_MIN_LENGTH + 1))) {
    const keptWords = words.filter((_, i) => !uncorrectable(loose[i] ?? [], i));
    const keptPrefixes = correctedPrefixes(keptWords, kept, corrections, words.join(' '));
    if (keptPrefixes.length > 0) branches.push(prefixBranches(keptPrefixes, where, PARTIAL_PREFIX_SCORE, PARTIAL_PREFIX_SCORE));
    branches.push(everyWordBranches(kept, PARTIAL_SCORE, where, params.poolSize, params.accountId, begun));
    generic = generic && fitsGeneric(kept);
  }
  // The corrected whole names first (a cheap prepared statement of one text, sent at once also by a typo step started
  // beside the exact step); only when they find nothing the every-word branches, once the step is wanted.
  if (prefixes.length > 0) {
    const byPrefix = await executePrepared<RawRow>(db, 'qs_corrected', bestOf(prefixBranches(prefixes, where), params));
    if (byPrefix.rows.length > 0 || branches.length === 0) return answer(byPrefix.rows);
  }
  if (branches.length === 0) return [];
  await everyWordWanted;
  return answer((await executeValueDependent<RawRow>(db, 'qs_every_word', bestOf(sql.join(branches, sql` union all `), params), generic)).rows);
}

/**
 * The words of a query the typo step works on: `typed` (its search name's words), `words` (without a leading typo
 * of "the", `theTypo`), `alternativeWords` (the query without the legal-form words it ends with: "mediabnk priate
 * ltd" -> "mediabnk"; names are stored without their legal form), `joinedWords` ("co" joined to the word after it:
 * names store "co operative" as "cooperative", a mistyped one stays apart), and `lookedUp`, all of them, which the
 * step asks the vocabulary about (findWordCorrections).
 */
export function typoStepWords(params: { searchName: string; alternativeSearchName?: string }): {
  typed: string[];
  theTypo: boolean;
  words: string[];
  alternativeWords: string[];
  joinedWords: string[];
  lookedUp: string[];
} {
  const typed = wordsOf(params.searchName);
  // A leading word one edit from "the" ("thhe", "teh") before other words is the article, which search
  // names never start with: it is dropped, as searchName drops "the".
  const theTypo = typed.length > 1 && isTypoOfThe(typed[0] ?? '');
  const words = theTypo ? typed.slice(1) : typed;
  const alternative = params.alternativeSearchName;
  const alternativeWords = alternative === undefined || alternative === params.searchName ? [] : wordsOf(alternative);
  const joinedWords = withCoJoined(words);
  return { typed, theTypo, words, alternativeWords, joinedWords, lookedUp: [...words, ...alternativeWords, ...joinedWords] };
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
