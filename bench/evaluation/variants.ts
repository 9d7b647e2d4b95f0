/**
 * The evaluation queries: deterministic variants of each evaluation organisation, by kind, as a user would
 * type them, and the queries that name no organisation. Seeded: each (organisation, kind) draws from its
 * own generator (seed, id and kind hashed), so adding an organisation to the set changes no other query.
 *
 * Kinds (issue 12): exact names and identifiers; one typo of each edit type (deletion, insertion,
 * substitution, transposition); two typos; punctuation dropped; legal form dropped / expanded /
 * abbreviated; "&" / "and"; leading "The"; accents dropped; first words only; alias; alias with a typo;
 * and queries naming no organisation. A kind that does not apply to an organisation (no punctuation, no
 * legal form, no accent, a brand too short to mistype) gives no query for it.
 *
 * Typos: never the first letter of a word (people rarely mistype the letter they start a word with), only in
 * words of 3+ letters of the brand (the name without its legal form), never in a legal form; substitutions
 * and insertions use a neighbouring key on a QWERTY keyboard.
 */
import { keyName, stripLegalSuffix } from '../../src/core/canonical-name';
import { formatAbn, normaliseIdentifierValue } from '../../src/core/identifiers';
import { seededRandom } from '../support/stats';
import type { EvaluationOrganisation, EvaluationSet } from './evaluation-set';

export const VARIANT_KINDS = [
  'exact',
  'identifier',
  'website',
  'typo-deletion',
  'typo-insertion',
  'typo-substitution',
  'typo-transposition',
  'two-typos',
  'punctuation-dropped',
  'legal-form-dropped',
  'legal-form-expanded',
  'legal-form-abbreviated',
  'ampersand-and',
  'leading-the',
  'accents-dropped',
  'first-words',
  'alias',
  'alias-typo',
  'no-organisation',
] as const;
export type VariantKind = (typeof VARIANT_KINDS)[number];

export const TYPO_KINDS = ['typo-deletion', 'typo-insertion', 'typo-substitution', 'typo-transposition'] as const;
export type TypoKind = (typeof TYPO_KINDS)[number];

export interface EvaluationQuery {
  kind: VariantKind;
  query: string;
  /**
   * Evaluation ids of the organisations the query names: the one it was made from and, for an alias,
   * every organisation of the set carrying the same alias or name. Empty for `no-organisation`.
   */
  targetIds: string[];
}

/** FNV-1a, for per-(organisation, kind) seeds. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** Keys next to `letter` on a QWERTY keyboard (same row and the rows above and below). */
export function neighbourKeys(letter: string): string[] {
  const lower = letter.toLowerCase();
  const row = KEYBOARD_ROWS.findIndex((r) => r.includes(lower));
  if (row < 0) return [...'etaoinsr'].filter((c) => c !== lower);
  const col = KEYBOARD_ROWS[row]?.indexOf(lower) ?? 0;
  const near: string[] = [];
  for (let r = row - 1; r <= row + 1; r += 1) {
    const keys = KEYBOARD_ROWS[r];
    if (keys === undefined) continue;
    for (let c = col - 1; c <= col + 1; c += 1) {
      const key = keys[c];
      if (key !== undefined && key !== lower) near.push(key);
    }
  }
  return near;
}

function pick<T>(items: readonly T[], random: () => number): T | undefined {
  return items[Math.floor(random() * items.length)];
}

function sameCase(model: string, letter: string): string {
  return model === model.toUpperCase() && model !== model.toLowerCase() ? letter.toUpperCase() : letter;
}

/** The name without its legal form (and the comma or space before it). */
export function brandOf(organisation: EvaluationOrganisation): string {
  if (organisation.legalForm === undefined) return organisation.name;
  return organisation.name.slice(0, organisation.name.length - organisation.legalForm.length).replace(/[\s,]+$/u, '');
}

/** Index ranges of the words (runs of letters) of `text` with at least `min` letters. */
function wordRanges(text: string, min: number): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  for (const m of text.matchAll(/\p{L}+/gu)) {
    if (m[0].length >= min) ranges.push({ start: m.index, end: m.index + m[0].length });
  }
  return ranges;
}

/**
 * One edit of `type` in `text` at a letter position of a word of 3+ letters, never position 0; positions
 * listed in `avoid` (and their neighbours) are not used. undefined when the text has no such position.
 */
export function applyTypo(text: string, type: TypoKind, random: () => number, avoid: readonly number[] = []): { text: string; at: number } | undefined {
  const positions: number[] = [];
  for (const { start, end } of wordRanges(text, 3)) {
    // A deletion in a 3-letter word leaves two letters; keep deletions to words of 4+.
    if (type === 'typo-deletion' && end - start < 4) continue;
    const last = type === 'typo-transposition' ? end - 1 : end;
    for (let i = start; i < last; i += 1) {
      // Never the first letter of a word (nor so of the name).
      if (i === start) continue;
      if (avoid.some((a) => Math.abs(a - i) <= 1)) continue;
      if (type === 'typo-transposition' && text[i]?.toLowerCase() === text[i + 1]?.toLowerCase()) continue;
      positions.push(i);
    }
  }
  const at = pick(positions, random);
  if (at === undefined) return undefined;
  const current = text[at] ?? '';
  switch (type) {
    case 'typo-deletion':
      return { text: text.slice(0, at) + text.slice(at + 1), at };
    case 'typo-insertion': {
      const letter = sameCase(current, pick(neighbourKeys(current), random) ?? 'e');
      return { text: text.slice(0, at) + letter + text.slice(at), at };
    }
    case 'typo-substitution': {
      const letter = sameCase(current, pick(neighbourKeys(current), random) ?? 'e');
      return { text: text.slice(0, at) + letter + text.slice(at + 1), at };
    }
    case 'typo-transposition':
      return { text: text.slice(0, at) + (text[at + 1] ?? '') + current + text.slice(at + 2), at };
  }
}

/** Letters of the brand: a brand of fewer than this many letters (BHP, 3M) gets no typo. */
const MIN_TYPO_BRAND_LETTERS = 5;
/** Two typos only in names whose brand has at least this many letters ("a long name"). */
const MIN_TWO_TYPO_BRAND_LETTERS = 10;

function letterCount(text: string): number {
  return (text.match(/\p{L}/gu) ?? []).length;
}

/** Replaces the brand part of the name by `brand`, keeping the legal form as written. */
function withBrand(organisation: EvaluationOrganisation, brand: string): string {
  return brand + organisation.name.slice(brandOf(organisation).length);
}

function typoVariant(organisation: EvaluationOrganisation, type: TypoKind, random: () => number): string | undefined {
  const brand = brandOf(organisation);
  if (letterCount(brand) < MIN_TYPO_BRAND_LETTERS) return undefined;
  const typo = applyTypo(brand, type, random);
  return typo === undefined ? undefined : withBrand(organisation, typo.text);
}

function twoTypos(organisation: EvaluationOrganisation, random: () => number): string | undefined {
  const brand = brandOf(organisation);
  if (letterCount(brand) < MIN_TWO_TYPO_BRAND_LETTERS) return undefined;
  // Two edits can undo or merge into one (a deletion beside an insertion): draw again until they are two.
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const first = applyTypo(brand, pick(TYPO_KINDS, random) ?? 'typo-substitution', random);
    if (first === undefined) return undefined;
    // The second typo goes elsewhere in the (already edited) brand, away from the first.
    const second = applyTypo(first.text, pick(TYPO_KINDS, random) ?? 'typo-substitution', random, [first.at - 1, first.at, first.at + 1]);
    if (second !== undefined && editDistance(second.text, brand) === 2) return withBrand(organisation, second.text);
  }
  return undefined;
}

/** Damerau-Levenshtein distance (optimal string alignment): deletions, insertions, substitutions, transpositions. */
export function editDistance(a: string, b: string): number {
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (previous2[j - 2] ?? 0) + 1);
      current.push(best);
    }
    previous2 = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** Legal forms and their other spelling: [as written, expanded, abbreviated]. */
const LEGAL_FORM_SPELLINGS: ReadonlyArray<readonly [string, string, string]> = [
  ['Limited', 'Limited', 'Ltd'],
  ['Ltd', 'Limited', 'Ltd'],
  ['Ltd.', 'Limited', 'Ltd.'],
  ['Pty Ltd', 'Proprietary Limited', 'Pty Ltd'],
  ['Pte. Ltd.', 'Private Limited', 'Pte. Ltd.'],
  ['Private Limited', 'Private Limited', 'Pvt. Ltd.'],
  ['plc', 'Public Limited Company', 'plc'],
  ['PLC', 'Public Limited Company', 'PLC'],
  ['Plc', 'Public Limited Company', 'Plc'],
  ['p.l.c.', 'Public Limited Company', 'p.l.c.'],
  ['Inc.', 'Incorporated', 'Inc.'],
  ['Incorporated', 'Incorporated', 'Inc.'],
  ['Corporation', 'Corporation', 'Corp.'],
  ['Corp.', 'Corporation', 'Corp.'],
  ['Company', 'Company', 'Co.'],
  ['Co.', 'Company', 'Co.'],
  ['& Co.', '& Company', '& Co.'],
  ['& Company', '& Company', '& Co.'],
  ['and Company', 'and Company', 'and Co.'],
  ['Co., Ltd.', 'Company, Limited', 'Co., Ltd.'],
  ['Company, Limited', 'Company, Limited', 'Co., Ltd.'],
  ['Company Limited', 'Company Limited', 'Co. Ltd.'],
  ['Corporation Limited', 'Corporation Limited', 'Corp. Ltd.'],
  ['Corporation, Limited', 'Corporation, Limited', 'Corp., Ltd.'],
  ['Co., Inc.', 'Company, Incorporated', 'Co., Inc.'],
  ['LLC', 'Limited Liability Company', 'LLC'],
  ['LLP', 'Limited Liability Partnership', 'LLP'],
  ['L.P.', 'Limited Partnership', 'L.P.'],
  ['AG', 'Aktiengesellschaft', 'AG'],
  ['Aktiengesellschaft', 'Aktiengesellschaft', 'AG'],
  ['GmbH', 'Gesellschaft mit beschränkter Haftung', 'GmbH'],
  ['S.p.A.', 'Società per Azioni', 'S.p.A.'],
  ['N.V.', 'Naamloze Vennootschap', 'N.V.'],
  ['B.V.', 'Besloten Vennootschap', 'B.V.'],
  ['Berhad', 'Berhad', 'Bhd'],
  ['Sdn. Bhd.', 'Sendirian Berhad', 'Sdn. Bhd.'],
  ['Kabushiki Kaisha', 'Kabushiki Kaisha', 'K.K.'],
];

/** "S.A." / "SA": the expansion depends on the language of the country. */
function societeAnonyme(country: string | null): string {
  if (country === 'ESP' || country === 'MEX') return 'Sociedad Anónima';
  if (country === 'BRA') return 'Sociedade Anônima';
  return 'Société Anonyme';
}

function legalFormSpelling(organisation: EvaluationOrganisation, which: 'expanded' | 'abbreviated'): string | undefined {
  const form = organisation.legalForm;
  if (form === undefined) return undefined;
  const row = LEGAL_FORM_SPELLINGS.find(([written]) => written === form);
  const sa = form === 'S.A.' || form === 'SA' ? societeAnonyme(organisation.country) : undefined;
  const other = sa !== undefined ? (which === 'expanded' ? sa : form) : row === undefined ? undefined : which === 'expanded' ? row[1] : row[2];
  if (other === undefined) return undefined;
  return other === form ? undefined : organisation.name.slice(0, organisation.name.length - form.length) + other;
}

const PUNCTUATION_IN_BRAND = /[-'’.,/()+]/u;

function punctuationDropped(organisation: EvaluationOrganisation): string | undefined {
  if (!PUNCTUATION_IN_BRAND.test(brandOf(organisation))) return undefined;
  return organisation.name
    .replace(/[-'’./()+]/gu, '')
    .replace(/,/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function ampersandAnd(name: string): string | undefined {
  if (name.includes('&'))
    return name
      .replace(/\s*&\s*/g, ' and ')
      .replace(/\s+/g, ' ')
      .trim();
  if (/ and /i.test(name)) return name.replace(/ and /gi, ' & ');
  return undefined;
}

function leadingThe(name: string): string {
  return /^the /i.test(name) ? name.slice(4) : `The ${name}`;
}

const ASCII_FOLDS: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', Æ: 'Ae', ø: 'o', Ø: 'O', œ: 'oe', ł: 'l' };

export function withoutAccents(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæÆøØœł]/g, (c) => ASCII_FOLDS[c] ?? c);
}

/** Words that do not end a prefix a user would type ("Australia and", "Bank of"). */
const CONNECTORS: ReadonlySet<string> = new Set(['&', 'and', 'of', 'the', 'de', 'du', 'des', 'la', 'le', 'y', 'für', 'et', '+', '-']);

/** The shortest run of leading brand words (fewer than all, 4+ letters) that starts no other organisation's name or alias. */
function firstWords(organisation: EvaluationOrganisation, others: readonly string[]): string | undefined {
  const words = brandOf(organisation).split(' ');
  for (let k = 1; k < words.length; k += 1) {
    const prefix = words
      .slice(0, k)
      .join(' ')
      .replace(/[,\s]+$/u, '');
    if (letterCount(prefix) < 4 || CONNECTORS.has((words[k - 1] ?? '').toLowerCase())) continue;
    const key = keyName(prefix);
    if (key === '' || key === keyName(brandOf(organisation))) return undefined;
    const clash = others.some((other) => other === key || other.startsWith(`${key} `));
    if (!clash) return prefix;
  }
  return undefined;
}

function identifierQuery(identifier: { type: string; value: string }, random: () => number): string {
  const digits = normaliseIdentifierValue(identifier.value);
  if (identifier.type === 'ABN') return random() < 0.5 ? formatAbn(digits) : digits;
  if (identifier.type === 'ACN') return random() < 0.5 ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : digits;
  return random() < 0.5 ? identifier.value : `${identifier.value.slice(0, 2)} ${identifier.value.slice(2)}`;
}

function websiteQuery(website: string, random: () => number): string {
  const forms = [website, `www.${website}`, `https://www.${website}/`, `https://${website}`];
  return pick(forms, random) ?? website;
}

/** Every query of the set, in a fixed order (organisations in file order, kinds in VARIANT_KINDS order). */
export function generateQueries(set: EvaluationSet, seed: number): EvaluationQuery[] {
  const namesByKey = new Map<string, string[]>();
  const addName = (name: string, id: string) => {
    const key = keyName(name);
    namesByKey.set(key, [...new Set([...(namesByKey.get(key) ?? []), id])]);
  };
  const keys: { id: string; key: string }[] = [];
  for (const o of set.organisations) {
    addName(o.name, o.id);
    keys.push({ id: o.id, key: keyName(o.name) });
    for (const alias of o.aliases) {
      addName(alias, o.id);
      keys.push({ id: o.id, key: keyName(alias) });
    }
  }
  const queries: EvaluationQuery[] = [];
  for (const o of set.organisations) {
    const random = (kind: string) => seededRandom(hash(`${seed}:${o.id}:${kind}`));
    const add = (kind: VariantKind, query: string | undefined, targets: string[] = [o.id]) => {
      if (query === undefined || query.trim() === '') return;
      queries.push({ kind, query, targetIds: targets });
    };
    const others = keys.filter((k) => k.id !== o.id).map((k) => k.key);
    add('exact', o.name);
    const idRandom = random('identifier');
    for (const identifier of o.identifiers) add('identifier', identifierQuery(identifier, idRandom));
    if (o.website !== undefined) add('website', websiteQuery(o.website, random('website')));
    for (const type of TYPO_KINDS) add(type, typoVariant(o, type, random(type)));
    add('two-typos', twoTypos(o, random('two-typos')));
    add('punctuation-dropped', punctuationDropped(o));
    if (o.legalForm !== undefined) add('legal-form-dropped', brandOf(o));
    add('legal-form-expanded', legalFormSpelling(o, 'expanded'));
    add('legal-form-abbreviated', legalFormSpelling(o, 'abbreviated'));
    add('ampersand-and', ampersandAnd(o.name));
    add('leading-the', leadingThe(o.name));
    if (withoutAccents(o.name) !== o.name) add('accents-dropped', withoutAccents(o.name));
    add('first-words', firstWords(o, others));
    const aliasRandom = random('alias-typo');
    for (const alias of o.aliases) {
      const sharing = namesByKey.get(keyName(alias)) ?? [o.id];
      add('alias', alias, sharing);
      // The typo goes in the alias's brand, not in a legal form it ends with ("BHP Billiton Limited").
      const aliasBrand = stripLegalSuffix(alias);
      if (letterCount(aliasBrand) >= MIN_TYPO_BRAND_LETTERS) {
        const typo = applyTypo(aliasBrand, pick(TYPO_KINDS, aliasRandom) ?? 'typo-substitution', aliasRandom);
        add('alias-typo', typo === undefined ? undefined : typo.text + alias.slice(aliasBrand.length), sharing);
      }
    }
  }
  for (const query of set.noOrganisationQueries) queries.push({ kind: 'no-organisation', query, targetIds: [] });
  return queries;
}
