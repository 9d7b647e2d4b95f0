/**
 * Match confidence (issue "Match quality you can trust", section 2): how sure we are that a candidate is
 * the organisation a query names, as a calibrated score, a decision, per-field grades and what matched.
 * Pure: the same query and subject always give the same Match. The contract is core/match.ts; the rule
 * is docs/decisions/0007-match-confidence.md.
 *
 * The score is built from the evidence, field by field:
 * - name: the raw similarity of the query's search form (legal forms, case, diacritics and punctuation
 *   ignored; `searchName`) to the best of the candidate's names (its name, aliases, business names), read
 *   through the calibration table (match-calibration.ts) fitted on the evaluation set;
 * - identifier: the same identifier lifts the score to at least IDENTIFIER_SAME_SCORE; a different value of
 *   the same type caps it at IDENTIFIER_DIFFERENT_CAP;
 * - website: the same registrable domain lifts it to at least WEBSITE_SAME_SCORE; a different one scales it
 *   by WEBSITE_DIFFERENT_FACTOR;
 * - country: a different country scales it by COUNTRY_DIFFERENT_FACTOR.
 * Only the name evidence is fitted on the evaluation set; the identifier, website and country rules are
 * stated constants (the evaluation set's queries are names).
 */
import { withoutAcronymGloss } from './acronym-gloss';
import { keyName, searchName, searchNameWithoutLegalFormWords } from './canonical-name';
import { normaliseIdentifierValue, queryHasDigit, readIdentifiers } from './identifiers';
import { calibrate, NAME_CALIBRATIONS, type NameCalibrations, type NameShape } from './match-calibration';
import { MATCH_THRESHOLD, RELEVANCE_FLOOR, type Match, type MatchGrade, type MatchGrades, type TypoCorrection } from './match';
import { memoised } from './memoised';
import { jaroWinkler } from './similarity';
import { normaliseWebsiteHost, registrableDomain } from './website';
import { respellingKey } from './word-respelling';

/** What the query says about the organisation it wants. */
export interface MatchQuery {
  /** The name as the user wrote it; '' when the query names no name (an identifier or nothing). */
  name: string;
  /** Identifiers the query names; `type` null when the value's type is not known. */
  identifiers?: readonly { type: string | null; value: string }[];
  /** A website the query names (any form normaliseWebsiteHost accepts). */
  website?: string | null;
  /** The country the query is about; null, '' or GLO for none. */
  countryIsoAlpha3?: string | null;
}

export type OtherNameKind = 'alias' | 'business_name' | 'former_name';

/** What is known of the candidate. */
export interface MatchSubject {
  name: string;
  /** Its other names: aliases, registered business names, former names. */
  otherNames?: readonly { value: string; kind: OtherNameKind }[];
  identifiers?: readonly { type: string; value: string }[];
  website?: string | null;
  countryIsoAlpha3?: string | null;
}

/** Raw name similarity at or above which names are graded `similar` (below: `different`). */
export const SIMILAR_NAME_RAW = 0.8;
/** The score floor of a candidate carrying the identifier the query names. */
export const IDENTIFIER_SAME_SCORE = 97;
/** The score ceiling of a candidate whose identifier of the query's type has another value. */
export const IDENTIFIER_DIFFERENT_CAP = 10;
/** The score floor of a candidate on the website (registrable domain) the query names. */
export const WEBSITE_SAME_SCORE = 90;
export const WEBSITE_DIFFERENT_FACTOR = 0.8;
export const COUNTRY_DIFFERENT_FACTOR = 0.5;
/** Each typo correction costs this much raw similarity. */
const CORRECTION_COST = 0.04;
/** The highest raw similarity of names that are not the same search form. */
const MAX_NOT_SAME_RAW = 0.97;
/** A query that begins the name scores at least PREFIX_BASE_RAW + PREFIX_SPAN_RAW x the share of the name it covers. */
const PREFIX_BASE_RAW = 0.5;
const PREFIX_SPAN_RAW = 0.45;
/** Names equal once spaces are ignored ("Harbour Line" / "Harbourline"). */
const SPACING_ONLY_RAW = 0.96;

interface NameComparison {
  raw: number;
  corrections: TypoCorrection[];
}

function wordsOf(form: string): string[] {
  return form.split(' ').filter((w) => w !== '');
}

/** Optimal string alignment distance (Damerau-Levenshtein without repeated edits), stopping past 1. */
function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    const diffs: number[] = [];
    for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) diffs.push(i);
    if (diffs.length === 1) return true;
    const [i, j] = diffs;
    return diffs.length === 2 && i !== undefined && j === i + 1 && a[i] === b[j] && a[j] === b[i];
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i += 1;
  return short.slice(i) === long.slice(i + 1);
}

/** Words shorter than this are never read as typos of another word. */
const MIN_CORRECTED_LENGTH = 4;

/** One word typed with a typo, or spelled in another romanisation: one edit apart as typed, or by respelling key. */
function sameWordMistyped(word: string, candidate: string): boolean {
  return withinOneEdit(word, candidate) || withinOneEdit(respellingKey(word), respellingKey(candidate));
}

/**
 * The query's words with typos corrected towards the subject's words: a query word that is not one of the
 * subject's words but is one edit away from one of them, as typed or by respelling key ("avtocom" / "avtokom",
 * "beltechexport" / "beltekheksport"; both at least 4 characters, not digits only), is read as that word.
 */
function correctedTowards(queryWords: readonly string[], subjectWords: readonly string[]): { words: string[]; corrections: TypoCorrection[] } {
  const known = new Set(subjectWords);
  const corrections: TypoCorrection[] = [];
  const words = queryWords.map((word) => {
    if (known.has(word) || word.length < MIN_CORRECTED_LENGTH || !/\p{L}/u.test(word)) return word;
    const to = subjectWords.find((candidate) => candidate.length >= MIN_CORRECTED_LENGTH && sameWordMistyped(word, candidate));
    if (to === undefined) return word;
    corrections.push({ from: word, to });
    return to;
  });
  return { words, corrections };
}

/** Words both lists share, counted with multiplicity. */
function sharedWordCount(a: readonly string[], b: readonly string[]): number {
  const left = new Map<string, number>();
  for (const w of a) left.set(w, (left.get(w) ?? 0) + 1);
  let shared = 0;
  for (const w of b) {
    const n = left.get(w) ?? 0;
    if (n > 0) {
      shared += 1;
      left.set(w, n - 1);
    }
  }
  return shared;
}

/** The same words in another order ("Batalyon Somali" / "Somali Batalyon", "Centrifuge Technology of Iran"). */
const REORDERED_RAW = 0.94;

/** The same words, connectors aside, in another order. */
function sameWordsReordered(a: readonly string[], b: readonly string[]): boolean {
  const sorted = (words: readonly string[]) =>
    words
      .filter((w) => !CONNECTOR_WORDS.has(w))
      .sort()
      .join(' ');
  const x = sorted(a);
  return x !== '' && x === sorted(b);
}

/**
 * Raw similarity (0..1) of two search forms: 1 when equal; SPACING_ONLY_RAW when equal but for spaces;
 * otherwise 0.6 x the share of words in common (Dice: 2 x shared / (words of both)) + 0.4 x Jaro-Winkler of
 * the whole forms, after typo corrections, less CORRECTION_COST per correction, and for a query that begins
 * the name (a name being typed) at least 0.5 + 0.45 x the share of the name it covers, and for the same words in
 * another order at least REORDERED_RAW (less the corrections); at most MAX_NOT_SAME_RAW.
 * A shared stem is not a shared word: "harbourline" and "harbour marine" share none.
 */
export function nameSimilarity(queryForm: string, subjectForm: string): NameComparison {
  if (queryForm === '' || subjectForm === '') return { raw: 0, corrections: [] };
  if (queryForm === subjectForm) return { raw: 1, corrections: [] };
  if (queryForm.replace(/ /g, '') === subjectForm.replace(/ /g, '')) return { raw: SPACING_ONLY_RAW, corrections: [] };
  // A name still being typed: the query begins the name ("zorbl" / "zorblax logistics").
  const typed = subjectForm.startsWith(queryForm) ? PREFIX_BASE_RAW + PREFIX_SPAN_RAW * (queryForm.length / subjectForm.length) : 0;
  const subjectWords = wordsOf(subjectForm);
  const { words, corrections } = correctedTowards(wordsOf(queryForm), subjectWords);
  const corrected = words.join(' ');
  const dice = (2 * sharedWordCount(words, subjectWords)) / (words.length + subjectWords.length);
  const blended = corrected === subjectForm ? 1 : 0.6 * dice + 0.4 * jaroWinkler(corrected, subjectForm);
  const reordered = sameWordsReordered(words, subjectWords) ? REORDERED_RAW : 0;
  const raw = Math.min(MAX_NOT_SAME_RAW, Math.max(typed, Math.max(blended, reordered) - CORRECTION_COST * corrections.length));
  return { raw: Math.max(0, raw), corrections };
}

/**
 * Words that name no particular organisation ("BHP Group" and "BHP" are one company): a namesake that adds only these
 * is not another legal entity by its name alone.
 */
/**
 * Words that join a name's words and name nothing themselves: connectors, and the particles of Arabic, Persian and
 * Urdu names, written, joined or left out by each transliteration ("Tehrik-e Taliban" / "Tehrik-I-Taliban",
 * "Harakat-ul Jihad" / "Harkat al-Jihad-ul"). A name that lacks one of the query's still has all its words.
 */
const CONNECTOR_WORDS: ReadonlySet<string> = new Set(['the', 'and', 'of', 'in', 'for', 'al', 'el', 'ul', 'e', 'i']);

const GENERIC_NAME_WORDS: ReadonlySet<string> = new Set([...CONNECTOR_WORDS, 'group', 'holdings', 'holding', 'company', 'co', 'corporation', 'corp']);

/**
 * A namesake (issue 20, section 3): the candidate's name carries a distinctive word, or a number, that the query's
 * name lacks once its typos are read ("BHP Group Finance" for "BHP Group", "Credit Suisse (Schweiz)" for "Credit
 * Suisse", "Brigade 45" for "Brigade 44"). Such a candidate is another legal entity more often than not, so its name
 * alone never decides a match (NAMESAKE_SCORE_CAP).
 */
export function addsDistinctiveWords(queryForm: string, subjectForm: string, corrections: readonly TypoCorrection[]): boolean {
  if (queryForm === '' || subjectForm === '' || queryForm === subjectForm) return false;
  if (queryForm.replace(/ /g, '') === subjectForm.replace(/ /g, '')) return false;
  const corrected = new Map(corrections.map((c) => [c.from, c.to]));
  const queryWords = new Set(wordsOf(queryForm).map((w) => corrected.get(w) ?? w));
  const joined = [...queryWords].join('');
  return wordsOf(subjectForm).some((w) => !queryWords.has(w) && !GENERIC_NAME_WORDS.has(w) && !joined.includes(w));
}

/** The highest score a namesake gets by its name alone: under MATCH_THRESHOLD. */
export const NAMESAKE_SCORE_CAP = MATCH_THRESHOLD - 1;

/** Legal-form words of a name that its search form drops ("Acme Pty. Ltd." -> pty, ltd); "the" is not one. */
export function legalFormWords(name: string): string[] {
  const kept = new Set(wordsOf(searchName(name)));
  return wordsOf(keyName(name)).filter((w) => !kept.has(w) && w !== 'the');
}

function nameGrade(queryForm: string, best: { raw: number; form: string } | undefined): MatchGrade {
  if (queryForm === '' || best === undefined) return 'missing';
  if (best.form === queryForm) return 'same';
  return best.raw >= SIMILAR_NAME_RAW ? 'similar' : 'different';
}

interface IdentifierComparison {
  grade: MatchGrade;
  matched: { type: string; value: string } | null;
}

function compareIdentifiers(query: MatchQuery['identifiers'], subject: MatchSubject['identifiers']): IdentifierComparison {
  const wanted = (query ?? []).map((i) => ({ type: i.type, value: normaliseIdentifierValue(i.value) })).filter((i) => i.value !== '');
  const held = (subject ?? []).map((i) => ({ ...i, normalised: normaliseIdentifierValue(i.value) }));
  if (wanted.length === 0 || held.length === 0) return { grade: 'missing', matched: null };
  for (const w of wanted) {
    const same = held.find((h) => h.normalised === w.value && (w.type === null || w.type === h.type));
    if (same !== undefined) return { grade: 'same', matched: { type: same.type, value: same.value } };
  }
  const sameTypeOtherValue = wanted.some((w) => w.type !== null && held.some((h) => h.type === w.type));
  return { grade: sameTypeOtherValue ? 'different' : 'missing', matched: null };
}

function compareWebsites(query: string | null | undefined, subject: string | null | undefined): { grade: MatchGrade; matched: string | null } {
  const wanted = query ? registrableDomain(query) : undefined;
  const held = subject ? registrableDomain(subject) : undefined;
  if (wanted === undefined || held === undefined) return { grade: 'missing', matched: null };
  if (wanted === held) return { grade: 'same', matched: held };
  const brand = (domain: string) => domain.split('.')[0];
  return { grade: brand(wanted) === brand(held) ? 'similar' : 'different', matched: null };
}

function realCountry(country: string | null | undefined): string | null {
  return country && country !== 'GLO' ? country : null;
}

function compareCountries(query: string | null | undefined, subject: string | null | undefined): MatchGrade {
  const wanted = realCountry(query);
  const held = realCountry(subject);
  if (wanted === null || held === null) return 'missing';
  return wanted === held ? 'same' : 'different';
}

interface NameCandidate {
  value: string;
  kind: 'name' | OtherNameKind;
  form: string;
}

/** The candidate's name best matching the query (the name itself on a tie), with its comparison. */
function bestName(queryForm: string, subject: MatchSubject): (NameCandidate & NameComparison) | undefined {
  const names: NameCandidate[] = [
    { value: subject.name, kind: 'name' as const, form: searchName(withoutAcronymGloss(subject.name)) },
    ...(subject.otherNames ?? []).map((n) => ({ value: n.value, kind: n.kind, form: searchName(withoutAcronymGloss(n.value)) })),
  ].filter((n) => n.form !== '');
  let best: (NameCandidate & NameComparison) | undefined;
  for (const name of names) {
    const comparison = nameSimilarity(queryForm, name.form);
    if (best === undefined || comparison.raw > best.raw) best = { ...name, ...comparison };
  }
  return best;
}

/**
 * The query's name (without an acronym gloss, acronym-gloss.ts) read two ways: its search form, and (when it ends with words that are legal forms or
 * part of one, "Barnes &", "Northwind Private") its search form without them; the reading whose best name
 * is the more similar wins, with the words it left out.
 */
function bestQueryReading(typed: string, subject: MatchSubject): { queryForm: string; best: (NameCandidate & NameComparison) | undefined; ignored: string[] } {
  // An acronym gloss says nothing the name does not ("Mujahidin Indonesian Timur (MIT)").
  const name = withoutAcronymGloss(typed);
  const queryForm = name.trim() === '' ? '' : searchName(name);
  const best = queryForm === '' ? undefined : bestName(queryForm, subject);
  const alternative = queryForm === '' ? undefined : searchNameWithoutLegalFormWords(name);
  if (alternative === undefined || alternative.searchName === '') return { queryForm, best, ignored: [] };
  const other = bestName(alternative.searchName, subject);
  if (other === undefined || (best !== undefined && other.raw <= best.raw)) return { queryForm, best, ignored: [] };
  return { queryForm: alternative.searchName, best: other, ignored: alternative.ignored };
}

/**
 * Whether the query (its search form, with the typo corrections towards this name) has a word the name lacks:
 * not one of its words nor part of its words run together ("hifi" in "jb hi fi", "siemensag"), nor a generic word
 * (CONNECTOR_WORDS: "of", "al"), while the query does not begin the name (a name being typed). Such a
 * name shares only some of the query's words.
 */
export function leavesQueryWordsOut(queryForm: string, best: { form: string; corrections: readonly TypoCorrection[] }): boolean {
  if (queryForm === '' || best.form === queryForm || best.form.startsWith(queryForm)) return false;
  const corrected = new Map(best.corrections.map((c) => [c.from, c.to]));
  const own = new Set(wordsOf(best.form));
  const compact = best.form.replace(/ /g, '');
  if (queryForm.replace(/ /g, '') === compact) return false;
  return wordsOf(queryForm).some((word) => {
    const read = corrected.get(word) ?? word;
    return !own.has(read) && !compact.includes(read) && !CONNECTOR_WORDS.has(read);
  });
}

/**
 * The Match of a candidate for a query: a calibrated score 0-100, the decision (decidedMatch),
 * the grades of name, identifier, website and country, and what matched.
 */
/**
 * How the candidate's best name stands to the query's (issue 20, section 3), each shape with its own calibration:
 * - `whole`: the name holds every word of the query and adds no distinctive word (or the query is the beginning of
 *   the name, a name being typed);
 * - `partial`: the query has a word the name lacks (leavesQueryWordsOut: "Emami Infrastructure" / "Emami Realty");
 * - `namesake`: the name adds a distinctive word or a number the query lacks, and lacks none of the query's
 *   (addsDistinctiveWords: "BHP Group Finance" for "BHP Group"; "Hangzhou Hikvision Digital Technology" for
 *   "Hikvision").
 * A `partial` or `namesake` name never decides a match by itself (capped under MATCH_THRESHOLD).
 */
export type { NameShape } from './match-calibration';

/** Optimal string alignment distance of two words, stopping past `limit` (then limit + 1). */
function editDistanceWithin(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (before[j - 2] ?? 0) + 1);
      current.push(d);
    }
    if (Math.min(...current) > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/**
 * A query word the name lacks is read as one of the name's words mistyped when it is two edits from it (words of
 * MISTYPED_MIN_LENGTH letters or more: "natoinal" / "national") or one edit (3-4 letters: "catr" / "car").
 */
const MISTYPED_MIN_LENGTH = 5;

function shapeOf(queryForm: string, best: NameCandidate & NameComparison): NameShape {
  if (leavesQueryWordsOut(queryForm, best)) {
    // Every word left out is a name's word mistyped twice ("Natoinal" / "national"): the same name, mistyped.
    const corrected = new Map(best.corrections.map((c) => [c.from, c.to]));
    const own = wordsOf(best.form);
    const left = wordsOf(queryForm)
      .map((w) => corrected.get(w) ?? w)
      .filter((w) => !own.includes(w) && !CONNECTOR_WORDS.has(w));
    const mistyped = left.every((w) => {
      const edits = w.length >= MISTYPED_MIN_LENGTH ? 2 : 1;
      return w.length >= 3 && /\p{L}/u.test(w) && own.some((o) => editDistanceWithin(w, o, edits) <= edits);
    });
    return mistyped ? 'mistyped' : 'partial';
  }
  if (!addsDistinctiveWords(queryForm, best.form, best.corrections)) return 'whole';
  return best.form.startsWith(queryForm) ? 'begun' : 'namesake';
}

/** The name evidence of a candidate: the query's reading, the candidate's best name and their shape. */
export interface NameEvidence {
  queryForm: string;
  best: (NameCandidate & NameComparison) | undefined;
  /** Legal-form words the query's reading left out. */
  ignored: string[];
  shape: NameShape;
}

/**
 * A candidate's name evidence is asked for by its match, its relevance floor and its order, and the quick lookup ranks
 * the same rows again once the word-overlap stage has added its own (most of the lookup's own CPU at 1M, decision
 * 0030): remembered by the query's name and the subject's names, all it reads (memoised.ts). Frozen, as every caller
 * shares it.
 */
export const nameEvidence: (queryName: string, subject: MatchSubject) => NameEvidence = memoised(
  (queryName: string, subject: MatchSubject) => [queryName, subject.name, ...(subject.otherNames ?? []).flatMap((n) => [n.kind, n.value])].join('\u0000'),
  (queryName: string, subject: MatchSubject): NameEvidence => {
    const { queryForm, best, ignored } = bestQueryReading(queryName, subject);
    return Object.freeze({ queryForm, best, ignored, shape: best === undefined ? 'whole' : shapeOf(queryForm, best) });
  },
);

/** Shapes of name that never decide a match by the name alone: scored under MATCH_THRESHOLD whatever their table says. */
const CAPPED_SHAPES: ReadonlySet<NameShape> = new Set(['partial', 'namesake', 'begun']);

/**
 * The score of a candidate from its name evidence (raw similarity and shape; undefined when the query names no name)
 * and its grades: the name's table, the website and country factors, the cap of a partial name or namesake, then the
 * stated identifier and website rules.
 */
export function scoreOfEvidence(
  name: { raw: number; shape: NameShape } | undefined,
  grades: MatchGrades,
  calibrations: NameCalibrations = NAME_CALIBRATIONS,
): number {
  // Each shape of name has its own table (match-calibration.ts): a partial name or a namesake is right far less often
  // than a whole name of the same similarity.
  let probability = name === undefined ? 0 : calibrate(name.raw, calibrations[name.shape]);
  if (grades.website === 'different') probability *= WEBSITE_DIFFERENT_FACTOR;
  if (grades.country === 'different') probability *= COUNTRY_DIFFERENT_FACTOR;
  let score = Math.round(probability * 100);
  // A name sharing only some of the query's words is another organisation or a variant not stored: never a match
  // on its name alone (issue 20: "Emami Infrastructure" / "Emami Realty"); nor is a namesake that adds a distinctive
  // word the query lacks ("BHP Group Finance" for "BHP Group").
  if (name !== undefined && CAPPED_SHAPES.has(name.shape)) score = Math.min(score, NAMESAKE_SCORE_CAP);
  if (grades.website === 'same') score = Math.max(score, WEBSITE_SAME_SCORE);
  if (grades.identifier === 'same') score = Math.max(score, IDENTIFIER_SAME_SCORE);
  if (grades.identifier === 'different') score = Math.min(score, IDENTIFIER_DIFFERENT_CAP);
  return score;
}

export function assessMatch(query: MatchQuery, subject: MatchSubject, calibrations: NameCalibrations = NAME_CALIBRATIONS): Match {
  const { queryForm, best, ignored, shape } = nameEvidence(query.name, subject);
  const identifier = compareIdentifiers(query.identifiers, subject.identifiers);
  const website = compareWebsites(query.website, subject.website);
  const grades: MatchGrades = {
    name: nameGrade(queryForm, best),
    identifier: identifier.grade,
    website: website.grade,
    country: compareCountries(query.countryIsoAlpha3, subject.countryIsoAlpha3),
  };

  const score = scoreOfEvidence(best === undefined ? undefined : { raw: best.raw, shape }, grades, calibrations);

  const nameMatched = best !== undefined && grades.name !== 'different';
  const legalForms = new Set([...legalFormWords(query.name), ...ignored, ...(nameMatched ? legalFormWords(best.value) : [])]);
  return {
    score,
    match: decidedMatch(score, grades),
    grades,
    matchedOn: {
      name: nameMatched ? best.value : null,
      nameKind: nameMatched ? best.kind : null,
      identifier: identifier.matched,
      website: website.matched,
      legalFormsIgnored: [...legalForms],
      corrections: nameMatched ? [...best.corrections] : [],
    },
  };
}

/**
 * The decision: the score reaches MATCH_THRESHOLD and the name does not contradict it. A name graded `different`
 * (another name that shares words, "Zephyr Dragon Insurance" for "Zephyr Run Insurance") is never decided a
 * match on its own, whatever its score; the same identifier or website still decides it. Measured at 1M
 * organisations on the evaluation set's queries naming no organisation: 4 of the 5 false accepts were such names.
 */
export function decidedMatch(score: number, grades: MatchGrades): boolean {
  if (score < MATCH_THRESHOLD) return false;
  return grades.name !== 'different' || grades.identifier === 'same' || grades.website === 'same';
}

/**
 * An exact match: the same name (search form), the same identifier or the same website. Exact matches rank
 * above loose ones whichever channel found them (decision 0007).
 */
export function isExactMatch(match: Match): boolean {
  return match.grades.name === 'same' || match.grades.identifier === 'same' || match.grades.website === 'same';
}

/**
 * The MatchQuery of a free-text search (the quick lookup's and the stream's query): a query that looks like
 * a website names that website and, as its name, the brand of its domain ("acme-widgets.com.au" -> "acme
 * widgets"); a recognised identifier (ABN, ACN, Companies House number, LEI, NZBN, labelled or not: readIdentifiers)
 * names that identifier and no name, or, named inside a longer query ("Telstra ABN 33 051 775 556"), that identifier
 * and the rest as the name (a labelled number failing its check names no identifier); a query with a digit is also, as typed, an identifier of unknown type (the quick
 * lookup looks it up so); any other text is a name. GLO names no country.
 */
export function matchQueryOfSearch(text: string, countryIsoAlpha3: string | null): MatchQuery {
  const trimmed = text.trim();
  const country = realCountry(countryIsoAlpha3);
  const host = normaliseWebsiteHost(trimmed);
  if (host !== undefined) {
    const brand = (registrableDomain(host)?.split('.')[0] ?? '').replace(/-/g, ' ');
    return { name: brand, website: host, countryIsoAlpha3: country };
  }
  const reading = readIdentifiers(trimmed);
  const recognised: { type: string | null; value: string }[] = reading.identifiers;
  // Identifiers named inside a longer query, valid or failing their check: the rest of the query is the name.
  if (reading.rest !== '' && (recognised.length > 0 || reading.mistyped.length > 0))
    return { name: reading.rest, identifiers: recognised, countryIsoAlpha3: country };
  const typed = normaliseIdentifierValue(trimmed);
  const asTyped = queryHasDigit(trimmed) && !recognised.some((i) => i.value === typed) ? [{ type: null, value: typed }] : [];
  const identifiers = [...recognised, ...asTyped];
  if (recognised.length > 0) return { name: '', identifiers, countryIsoAlpha3: country };
  return { name: /\p{L}/u.test(trimmed) ? trimmed : '', identifiers, countryIsoAlpha3: country };
}

/**
 * How a query's search form begins a candidate's names (their search forms), for the order of candidates
 * (decision 0016): 'word' when it is the whole of one of them or its first whole words ("silver" / "silver fern
 * farms"), 'mid-word' when it begins one only inside a word ("silver" / "silverton bay"), null when it begins
 * none (or the query has no name).
 */
export function prefixReading(queryForm: string, subjectForms: readonly string[]): 'word' | 'mid-word' | null {
  if (queryForm === '') return null;
  if (subjectForms.some((form) => form === queryForm || form.startsWith(`${queryForm} `))) return 'word';
  return subjectForms.some((form) => form.startsWith(queryForm)) ? 'mid-word' : null;
}

/**
 * The raw name similarity from which a candidate is relevant by its name (decision 0022): where the name table of
 * decision 0007 reached RELEVANCE_FLOOR. The floor reads the name evidence, not the score: since the score is honest
 * down to raw 0 (a weak name is right 1 time in 5 when it is the best the lookup has), a floor on the score would
 * show every weak name the retrieval brings.
 */
export const RELEVANCE_MIN_RAW = 0.55;

/**
 * Whether a candidate is relevant enough to return (decisions 0007 and 0022): the same identifier or website; or a
 * name of raw similarity RELEVANCE_MIN_RAW or more scored at least RELEVANCE_FLOOR; or the query's name is the
 * beginning of the candidate's name or of one of its other names (search forms: a name still being typed, "zorbl"
 * for "Zorblax Logistics"), which keeps its score.
 */
export function clearsRelevanceFloor(query: MatchQuery, subject: MatchSubject, match: Match): boolean {
  if (match.grades.identifier === 'same' || match.grades.website === 'same') return true;
  const { best } = nameEvidence(query.name, subject);
  if (best !== undefined && best.raw >= RELEVANCE_MIN_RAW && match.score >= RELEVANCE_FLOOR) return true;
  const queryForm = query.name.trim() === '' ? '' : searchName(query.name);
  if (queryForm === '') return false;
  return [subject.name, ...(subject.otherNames ?? []).map((n) => n.value)].some((name) => searchName(name).startsWith(queryForm));
}
