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
 */
import { NUMBER_WORDS } from './number-words';
import { editDistance } from './similarity';
import { transliterate } from './transliteration';

/** A legal form written against the word before it, after a lower-case letter: "SiemensAG", "AcmeGmbH", "FooLtd". */
const JOINED_LEGAL_FORM = /(\p{Ll})(AG|GmbH|SE|SA|SpA|NV|BV|KK|Ltd|LLC|LLP|Inc|PLC|Plc|Pty|Corp)(?![\p{L}\p{N}])/gu;

/** Letters that NFKD does not decompose into a base letter plus marks. */
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Single words spelled out -> the one abbreviation keyName uses. */
const WORD_FORMS: Readonly<Record<string, string>> = {
  proprietary: 'pty',
  limited: 'ltd',
  incorporated: 'inc',
  corporation: 'corp',
  company: 'co',
  aktiengesellschaft: 'ag',
  kommanditgesellschaft: 'kg',
  aktiebolag: 'ab',
  aksjeselskap: 'as',
  osakeyhtio: 'oy',
  berhad: 'bhd',
  sendirian: 'sdn',
};

/**
 * Other words spelled one way (not legal forms, so never stripped): "intl" -> "international", Russian legal-form
 * abbreviations as their English ones (those are stripped as the English ones are), numbers and ordinals as words.
 */
const EQUIVALENT_WORDS: Readonly<Record<string, string>> = {
  intl: 'international',
  // Russian legal forms (transliterated), spelled as their English abbreviations.
  oao: 'ojsc',
  zao: 'cjsc',
  pao: 'pjsc',
  ooo: 'llc',
  // Words in numbers and ordinals, one spelling: "1st" and "First" -> "first", "44" and "Forty-Four" -> "forty four".
  ...NUMBER_WORDS,
};

/** EQUIVALENT_WORDS but numbers. */
const LETTER_EQUIVALENT_WORDS: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(EQUIVALENT_WORDS).filter(([word]) => !/^\d/.test(word)));

/**
 * Phrases (after WORD_FORMS) -> one spelling, applied anywhere in the name, longest first.
 * Written in key form: lower case, no diacritics, already passed through WORD_FORMS.
 */
const PHRASE_FORMS: ReadonlyArray<readonly [string, string]> = [
  ['gesellschaft mit beschrankter haftung', 'gmbh'],
  ['societe a responsabilite limitee', 'sarl'],
  ['societa a responsabilita limitata', 'srl'],
  ['societe par actions simplifiee', 'sas'],
  ['public ltd co', 'plc'],
  ['ltd liability co', 'llc'],
  ['ltd liability partnership', 'llp'],
  ['ltd partnership', 'lp'],
  ['societe anonyme', 'sa'],
  ['sociedad anonima', 'sa'],
  ['sociedade anonima', 'sa'],
  ['societa per azioni', 'spa'],
  ['sociedad limitada', 'sl'],
  ['besloten vennootschap', 'bv'],
  ['naamloze vennootschap', 'nv'],
  ['kabushiki kaisha', 'kk'],
  ['no liability', 'nl'],
  ['open joint stock co', 'ojsc'],
  ['public joint stock co', 'pjsc'],
  ['closed joint stock co', 'cjsc'],
  ['joint stock co', 'jsc'],
  ['perseroan terbatas', 'pt'],
  ['spolka z ograniczona odpowiedzialnoscia', 'sp z oo'],
  ['spolka akcyjna', 'sa'],
  ['uzdaroji akcine bendrove', 'uab'],
  ['sabiedriba ar ierobezotu atbildibu', 'sia'],
  ['sociedad de responsabilidad ltda', 'srl'],
  ['private ltd', 'pvt ltd'],
  ['co operative', 'cooperative'],
];

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
];

/**
 * Legal forms that searchName and stripLegalSuffix remove from the end of a name, repeatedly (so
 * "gmbh and co kg" and "co ltd" go too). Key form. Multi-token forms are matched before single tokens.
 */
const TRAILING_LEGAL_FORMS: ReadonlyArray<readonly string[]> = [
  'sa de cv',
  'sp z oo',
  'pty ltd',
  'pvt ltd',
  'pte ltd',
  'sdn bhd',
  'and co',
  'de cv',
  'pty',
  'ltd',
  'inc',
  'corp',
  'co',
  'llc',
  'llp',
  'lp',
  'plc',
  'nl',
  'pte',
  'pvt',
  'bhd',
  'gmbh',
  'ag',
  'kg',
  'ohg',
  'ug',
  'ev',
  'se',
  'sa',
  'sas',
  'sarl',
  'srl',
  'sl',
  'ltda',
  'bv',
  'nv',
  'ab',
  'as',
  'asa',
  'oy',
  'oyj',
  'aps',
  'kk',
  'sro',
  'kft',
  'zrt',
  'doo',
  'tbk',
  'ojsc',
  'pjsc',
  'cjsc',
  'jsc',
  'uab',
  'sia',
]
  .map((form) => form.split(' '))
  .sort((a, b) => b.length - a.length);

/**
 * Legal forms written before the name in some jurisdictions (Indonesia, Russia and its neighbours, Lithuania,
 * Latvia), as keyTokens spells them ("OAO" and "Open Joint Stock Company" -> "ojsc"); removed by searchName.
 */
const LEADING_LEGAL_FORMS: ReadonlySet<string> = new Set(['pt', 'llc', 'ojsc', 'cjsc', 'pjsc', 'jsc', 'uab', 'sia']);

const CONTROL_OR_INVISIBLE = /[\p{Cc}\u200B-\u200D\u2060\uFEFF]/gu;

/**
 * Display form of a name: NFC, control and zero-width characters removed, every run of whitespace
 * (including non-breaking spaces) collapsed to one space, trimmed. Case and punctuation are kept
 * (spec: Result display, `canonicalName`).
 */
export function canonicalName(name: string): string {
  return name.normalize('NFC').replace(/\s+/gu, ' ').replace(CONTROL_OR_INVISIBLE, '').replace(/ {2,}/g, ' ').trim();
}

/** Lower-case ASCII-ish tokens: diacritics and punctuation gone, initials joined, `&` as `and`. */
function keyTokens(name: string): string[] {
  const lowered = canonicalName(name)
    // A legal form run into the name ("SiemensAG", "AcmeGmbH"): apart, while the case still shows the seam.
    .replace(JOINED_LEGAL_FORM, '$1 $2')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
  const folded = transliterate(lowered)
    .replace(/[ßæœøłđðþı]/g, (letter) => LETTER_FOLDS[letter] ?? letter)
    .replace(/&/g, ' and ')
    // "P/L" is the Australian "Pty Ltd".
    .replace(/(?<![\p{L}\p{N}])p\s*\/\s*l(?![\p{L}\p{N}])/gu, ' pty ltd ')
    // Apostrophes go without splitting the word: "O'Brien's" -> "obriens".
    .replace(/['‘’`´ʼ]/g, '')
    // Dotted initials become one token: "L.L.C." -> "llc", "U.S.A" -> "usa" (not "J. Smith").
    .replace(/(?<![\p{L}\p{N}])\p{L}(?:\.\p{L})+(?![\p{L}\p{N}])/gu, (initials) => initials.replace(/\./g, ''))
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
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

const PHRASE_TABLE = phraseTable(PHRASE_FORMS);
const TRAILING_INITIALS_TABLE = phraseTable(TRAILING_INITIALS);

function replacePhrases(tokens: readonly string[]): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < tokens.length) {
    const hit = PHRASE_TABLE.find(([from]) => startsWithAt(tokens, at, from));
    if (hit === undefined) {
      out.push(tokens[at] ?? '');
      at += 1;
    } else {
      out.push(...hit[1]);
      at += hit[0].length;
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

/** Number of trailing tokens that form a legal form, or 0. */
function trailingLegalFormLength(tokens: readonly string[]): number {
  const form = TRAILING_LEGAL_FORMS.find((f) => startsWithAt(tokens, tokens.length - f.length, f));
  return form === undefined ? 0 : form.length;
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

/**
 * The search form of a name, indexed by the trigram index and applied to every query (spec: quick-search
 * rule 1): keyName without trailing legal forms ("acme pty ltd" -> "acme", "smith and co" -> "smith"),
 * without a leading "the" and without a leading legal form (PT, OOO). Never '' for a name that has letters
 * or digits: when stripping leaves nothing or only "the" ("Limited", "The Company"), keyName is returned.
 */
export function searchName(name: string): string {
  const tokens = keyTokens(name);
  let stripped = withoutTrailingLegalForms(tokens);
  if (stripped.length > 1 && stripped[0] === 'the') stripped = stripped.slice(1);
  if (stripped.length > 1 && LEADING_LEGAL_FORMS.has(stripped[0] ?? '')) stripped = stripped.slice(1);
  const meaningful = stripped.length > 1 || (stripped.length === 1 && stripped[0] !== 'the');
  return meaningful ? stripped.join(' ') : tokens.join(' ');
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
  ...TRAILING_LEGAL_FORMS.flat(),
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
  const alternative = withoutTrailingLegalForms(kept.slice(start)).join(' ') || kept.join(' ');
  if (alternative === '' || alternative === searchName(query)) return undefined;
  return { searchName: alternative, ignored: tokens.slice(end) };
}
