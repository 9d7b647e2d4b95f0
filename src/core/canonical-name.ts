/**
 * Organisation names: the display form, the key form used by composite keys, the search form indexed by
 * the trigram index, and the display name without its legal form.
 *
 * Everything here is a deterministic regex/table canonicaliser (spec: Composite key, "built by a
 * deterministic regex-based canonicaliser (no model call, no cache)"), following providers/enrichment.md
 * 3.2: NFKD without combining marks, case-folded, Cyrillic and Greek in Latin letters (transliteration.ts), `&` as
 * `and`, apostrophes dropped without splitting, other punctuation as a space, legal forms recognised from a table
 * (also run into the name, "SiemensAG", and written before it, "OAO Gazprom"), "P/L" as "pty ltd", "intl" as
 * "international", and numbers and ordinals up to 99 as words ("44" and "Forty-Four", "1st" and "First").
 *
 * Legal forms. keyName spells every variant of a legal form ONE way, wherever it appears in the name:
 *   proprietary -> pty, limited -> ltd, incorporated -> inc, corporation -> corp, company -> co,
 *   public limited company -> plc, limited liability company -> llc, limited liability partnership -> llp,
 *   limited partnership -> lp, no liability -> nl, private limited -> pvt ltd, sendirian berhad -> sdn bhd,
 *   berhad -> bhd, GmbH / AG / KG / S.A. / SARL / S.r.l. / S.L. / S.p.A. / B.V. / N.V. / K.K. spelled out
 *   -> the abbreviation, and dotted or spaced initials at the end (S. A., L.L.C., P.L.C.) -> one token.
 * searchName and stripLegalSuffix then remove trailing legal forms (see TRAILING_LEGAL_FORMS). Tokens that
 * are also everyday words at the end of Australian names (spa, ad, pc, cv) are normalised but never
 * stripped, so "Acme Day Spa" keeps its "spa".
 *
 * The legal forms beyond these come from the ISO 20275 (ELF) list, with their guards (legal-forms.ts); the folding
 * of text into Latin words is name-folding.ts; the search form is written in a Latin skeleton (latin-skeleton.ts).
 */
import {
  HAND_TRAILING_LEGAL_FORMS,
  JOINED_LEGAL_FORM,
  LEADING_LEGAL_FORMS,
  LEGAL_FORM_PHRASES,
  MAX_LEGAL_FORM_PHRASE_WORDS,
  MAX_LEGAL_FORM_WORDS,
  SPACED_INITIAL_FORMS,
  TRAILING_LEGAL_FORMS,
  WORD_FORMS,
} from './legal-forms';
import { memoised } from './memoised';
import { latinSkeleton } from './latin-skeleton';
import { foldName } from './name-folding';
import { NUMBER_WORDS } from './number-words';
import { editDistance } from './similarity';

/** Other words spelled one way (not legal forms, so never stripped): "intl" -> "international", numbers and ordinals as words. */
const EQUIVALENT_WORDS: Readonly<Record<string, string>> = {
  intl: 'international',
  // Words in numbers and ordinals, one spelling: "1st" and "First" -> "first", "44" and "Forty-Four" -> "forty four".
  ...NUMBER_WORDS,
};

/** EQUIVALENT_WORDS but numbers. */
const LETTER_EQUIVALENT_WORDS: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(EQUIVALENT_WORDS).filter(([word]) => !/^\d/.test(word)));

/**
 * Initials written with spaces ("S. A.", "L L C") joined into one token, only at the end of a name,
 * where they cannot be a person's initials in the middle of a name.
 */
const TRAILING_INITIALS: ReadonlyArray<readonly [string, string]> = [
  ['s a r l', 'sarl'],
  ['s p a', 'spa'],
  ['s r l', 'srl'],
  ['s a s', 'sas'],
  ['l l c', 'llc'],
  ['l l p', 'llp'],
  ['p l c', 'plc'],
  ['s a', 'sa'],
  ['b v', 'bv'],
  ['n v', 'nv'],
  ['a g', 'ag'],
  ['k k', 'kk'],
  ['l p', 'lp'],
  // And the ISO 20275 list's ("A/S", "K/S"), after these.
  ...[...SPACED_INITIAL_FORMS].filter(([from]) => !['s a', 'b v', 'n v', 'a g', 'k k', 'l p'].includes(from)),
];

const CONTROL_OR_INVISIBLE = /[\p{Cc}\u200B-\u200D\u2060\uFEFF]/gu;

/**
 * Display form of a name: NFC, control and zero-width characters removed, every run of whitespace
 * (including non-breaking spaces) collapsed to one space, trimmed. Case and punctuation are kept
 * (spec: Result display, `canonicalName`).
 */
export function canonicalName(name: string): string {
  return name.normalize('NFC').replace(/\s+/gu, ' ').replace(CONTROL_OR_INVISIBLE, '').replace(/ {2,}/g, ' ').trim();
}

/** The forms are pure functions of the name, computed again and again for the same names: remembered (memoised.ts). */
const byName = (name: string) => name;

const keyTokensOf = memoised(byName, (name: string): readonly string[] => Object.freeze(computeKeyTokens(name)));

/** Lower-case Latin tokens: diacritics and punctuation gone, initials joined, `&` as `and`, legal forms spelled one way. */
function keyTokens(name: string): string[] {
  return [...keyTokensOf(name)];
}

function computeKeyTokens(name: string): string[] {
  // A legal form run into the name ("SiemensAG", "AcmeGmbH"): apart, while the case still shows the seam.
  const folded = foldName(canonicalName(name).replace(JOINED_LEGAL_FORM, '$1 $2'));
  if (folded === '') return [];
  // Numbers as words only in a name with a word of letters: digits alone ("51 824 753 556") are an identifier.
  const spelled = /\p{L}/u.test(folded) ? EQUIVALENT_WORDS : LETTER_EQUIVALENT_WORDS;
  const words = folded.split(' ').flatMap((word) => (WORD_FORMS[word] ?? spelled[word] ?? word).split(' '));
  return joinTrailingInitials(replacePhrases(words));
}

function startsWithAt(tokens: readonly string[], at: number, phrase: readonly string[]): boolean {
  if (at + phrase.length > tokens.length) return false;
  return phrase.every((word, i) => tokens[at + i] === word);
}

/** Phrase pairs as token lists, longest source phrase first. */
function phraseTable(phrases: ReadonlyArray<readonly [string, string]>): ReadonlyArray<readonly [string[], string[]]> {
  return phrases.map(([from, to]) => [from.split(' '), to.split(' ')] as const).sort((a, b) => b[0].length - a[0].length);
}

const TRAILING_INITIALS_TABLE = phraseTable(TRAILING_INITIALS);

/** Every legal-form phrase spelled one way (legal-forms.ts), longest first at each word. */
function replacePhrases(tokens: readonly string[]): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < tokens.length) {
    let length = Math.min(MAX_LEGAL_FORM_PHRASE_WORDS, tokens.length - at);
    let spelling: readonly string[] | undefined;
    for (; length > 0; length -= 1) {
      spelling = LEGAL_FORM_PHRASES.get(tokens.slice(at, at + length).join(' '));
      if (spelling !== undefined) break;
    }
    if (spelling === undefined) {
      out.push(tokens[at] ?? '');
      at += 1;
    } else {
      out.push(...spelling);
      at += length;
    }
  }
  return out;
}

function joinTrailingInitials(tokens: string[]): string[] {
  // Keep at least one token before the initials: "S A" alone is a name, not a legal form.
  const hit = TRAILING_INITIALS_TABLE.find(([from]) => tokens.length > from.length && startsWithAt(tokens, tokens.length - from.length, from));
  if (hit === undefined) return tokens;
  return [...tokens.slice(0, tokens.length - hit[0].length), ...hit[1]];
}

/**
 * The key form of a name, used by composite keys (spec: Composite key, "<ISO_ALPHA3>|<lowercased canonical
 * name>"): lower case, diacritics removed (NFKD), `&` as `and`, apostrophes dropped, other punctuation
 * removed, whitespace collapsed and every legal-form variant spelled one way, so "ACME PTY. LTD." and
 * "Acme Proprietary Limited" both give "acme pty ltd". Returns '' for a name without letters or digits.
 */
export function keyName(name: string): string {
  return keyTokens(name).join(' ');
}

/**
 * Number of trailing tokens that form a legal form (the longest), or 0. Only a hand-kept form may take the name's
 * first word with it ("Pty Ltd" is all legal words; "EMC" stays although the ELF list knows an EMC).
 */
function trailingLegalFormLength(tokens: readonly string[]): number {
  for (let length = Math.min(MAX_LEGAL_FORM_WORDS, tokens.length); length > 0; length -= 1) {
    const form = tokens.slice(tokens.length - length).join(' ');
    if (TRAILING_LEGAL_FORMS.has(form) && (length < tokens.length || HAND_TRAILING_LEGAL_FORMS.has(form))) return length;
  }
  return 0;
}

/** Removes trailing legal forms repeatedly; may return an empty list. */
function withoutTrailingLegalForms(tokens: readonly string[]): string[] {
  let end = tokens.length;
  for (;;) {
    const length = trailingLegalFormLength(tokens.slice(0, end));
    if (length === 0 || length > end) return tokens.slice(0, end);
    end -= length;
  }
}

/** Number of leading tokens that form a legal form written before the name (the longest, leaving a word), or 0. */
function leadingLegalFormLength(tokens: readonly string[]): number {
  for (let length = Math.min(MAX_LEGAL_FORM_WORDS, tokens.length - 1); length > 0; length -= 1) {
    if (LEADING_LEGAL_FORMS.has(tokens.slice(0, length).join(' '))) return length;
  }
  return 0;
}

/**
 * The search form of a name, indexed by the trigram index and applied to every query (spec: quick-search
 * rule 1): keyName without trailing legal forms ("acme pty ltd" -> "acme", "smith and co" -> "smith"),
 * without a leading "the" and without a leading legal form (PT, OOO), in the Latin skeleton where romanisation
 * schemes meet (latin-skeleton.ts: "Kharkiv" and "Harkiv", "Krasnyy" and "Krasny"). Never '' for a name that has
 * letters or digits: when stripping leaves nothing or only "the" ("Limited", "The Company"), keyName is returned
 * (in the skeleton).
 */
export function searchName(name: string): string {
  return searchNameOf(name);
}

const searchNameOf = memoised(byName, (name: string): string => {
  const tokens = keyTokens(name);
  let stripped = withoutTrailingLegalForms(tokens);
  if (stripped.length > 1 && stripped[0] === 'the') stripped = stripped.slice(1);
  stripped = stripped.slice(leadingLegalFormLength(stripped));
  const meaningful = stripped.length > 1 || (stripped.length === 1 && stripped[0] !== 'the');
  return skeletonOf(meaningful ? stripped : tokens);
});

/** Words in their Latin skeleton (latin-skeleton.ts), joined: where the romanisation schemes meet. */
function skeletonOf(words: readonly string[]): string {
  return words.map(latinSkeleton).join(' ');
}

/**
 * The display name without its trailing legal form(s), for brand-to-domain affinity (spec: Website
 * validation; providers/enrichment.md 3.2 step 4): "Acme Widgets Pty. Ltd." -> "Acme Widgets",
 * "Müller GmbH & Co. KG" -> "Müller", "Acme, Inc." -> "Acme". Keeps case and inner punctuation; returns
 * the canonicalName unchanged when the whole name is a legal form.
 */
export function stripLegalSuffix(name: string): string {
  const display = canonicalName(name);
  const kept = withoutTrailingLegalForms(keyTokens(display)).join(' ');
  if (kept === '') return display;
  const words = display.split(' ');
  // The shortest run of leading display words whose key form is what remains once the forms are gone.
  for (let end = 1; end < words.length; end += 1) {
    const head = words.slice(0, end).join(' ');
    if (keyName(head) === kept) return head.replace(/[\s,;:\-–—&(/]+$/u, '');
  }
  return display;
}

/**
 * Legal-form words a query may end with, as typed or as keyTokens spells them, and "and" (the start of
 * "& Co."), and spelled-out legal words of which a query's last word may be the beginning ("Acme Lim").
 */
const QUERY_LEGAL_FORM_WORDS: ReadonlySet<string> = new Set([
  ...Object.keys(WORD_FORMS),
  ...Object.values(WORD_FORMS),
  ...[...HAND_TRAILING_LEGAL_FORMS].flatMap((form) => form.split(' ')),
  'private',
  'public',
  'and',
]);
const SPELLED_OUT_LEGAL_WORDS: readonly string[] = [...Object.keys(WORD_FORMS), 'private', 'public', 'partnership', 'liability', 'gesellschaft'];
const MIN_LEGAL_WORD_PREFIX = 3;

/** A word this long one edit from a spelled-out legal word is that word mistyped ("cohpany", "priate"). */
const MIN_MISTYPED_LEGAL_WORD_LENGTH = 6;

function isQueryLegalFormWord(token: string): boolean {
  if (QUERY_LEGAL_FORM_WORDS.has(token)) return true;
  if (token.length >= MIN_LEGAL_WORD_PREFIX && SPELLED_OUT_LEGAL_WORDS.some((word) => word.startsWith(token))) return true;
  return (
    token.length >= MIN_MISTYPED_LEGAL_WORD_LENGTH &&
    SPELLED_OUT_LEGAL_WORDS.some((word) => Math.abs(word.length - token.length) <= 1 && editDistance(token, word, 1) <= 1)
  );
}

/**
 * The query's search form once the legal-form words it ends with are dropped, whichever way they are
 * spelled, even when the last one is only begun, and when one of 6+ letters is mistyped by one edit
 * ("McKinsey & Cohpany, Inc." -> "mckinsey", "Medibank Priate Limited" -> "medibank"): "Northwind Private" -> "northwind" (the company
 * "Northwind Private Limited" is stored as "northwind", because "private limited" is a legal form),
 * "Barnes &" -> "barnes" ("Barnes & Company" is stored as "barnes"), "Acme Propr" -> "acme".
 * Returns undefined when that changes nothing compared with searchName(query), or leaves no word.
 */
export function searchNameWithoutLegalFormWords(query: string): { searchName: string; ignored: string[] } | undefined {
  // The match of every candidate asks again for the same query: the last answer is kept.
  if (lastWithoutLegalForms?.query !== query) lastWithoutLegalForms = { query, answer: withoutLegalFormWords(query) };
  const { answer } = lastWithoutLegalForms;
  return answer === undefined ? undefined : { searchName: answer.searchName, ignored: [...answer.ignored] };
}

let lastWithoutLegalForms: { query: string; answer: { searchName: string; ignored: string[] } | undefined } | undefined;

function withoutLegalFormWords(query: string): { searchName: string; ignored: string[] } | undefined {
  const tokens = keyTokens(query);
  let end = tokens.length;
  while (end > 1 && isQueryLegalFormWord(tokens[end - 1] ?? '')) end -= 1;
  if (end === tokens.length) return undefined;
  const kept = tokens.slice(0, end);
  const start = kept.length > 1 && kept[0] === 'the' ? 1 : 0;
  const alternative = skeletonOf(withoutTrailingLegalForms(kept.slice(start))) || skeletonOf(kept);
  if (alternative === '' || alternative === searchName(query)) return undefined;
  return { searchName: alternative, ignored: tokens.slice(end) };
}
