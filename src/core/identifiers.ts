/**
 * Registry identifiers: normalisation for lookup (spec: quick-search rule 2, "tolerant of case, spaces,
 * dashes, dots"), ABN/ACN check digits (providers/abr.md section 5), Companies House number formats, LEI
 * (ISO 17442, ISO 7064 MOD 97-10) and NZBN (GS1 GTIN-13 check digit), recognition of what a query could be
 * (valid identifiers, and identifier-shaped queries whose check digit fails, with their valid one-edit
 * neighbours), and deterministic generators of valid synthetic numbers.
 *
 * Identifiers as people type them (issue 20, section 2) are read here once for every path: `readIdentifiers`
 * (labels such as "A.B.N." or "Company No.", Companies House numbers without their leading zeros, an identifier
 * inside a longer query) feeds the quick lookup (`identifierLookupValues`, `nameTextOf`), the stream's look-ups by
 * number and the match query (`recogniseIdentifiers`), the suggestions (`mistypedIdentifiers`), batch matching
 * and reconciliation (`typedIdentifierValue`).
 */
import { z } from 'zod';

/**
 * Identifier types the service stores (spec: identifier type names ABN, ACN and CH are registry types).
 * LEI (Legal Entity Identifier, ISO 17442) and NZBN (New Zealand Business Number) are checked by their check
 * digits; no registry of ours answers for them.
 */
export const IDENTIFIER_TYPES = ['ABN', 'ACN', 'CH', 'OPENCORPORATES', 'WEBSITE', 'LEI', 'NZBN'] as const;
export type IdentifierType = (typeof IDENTIFIER_TYPES)[number];

/**
 * An organisation's identifier as searched, stored and streamed (spec: Organisation, "identifiers: list of
 * {type, value}; no source-URL field"): the type and the value, nothing else. Stored one row each in
 * `organisation_identifiers` (src/adapters/db/schema.ts).
 */
export const identifierSchema = z.object({
  type: z.string().min(1),
  value: z.string().min(1),
});
export type Identifier = z.infer<typeof identifierSchema>;

/**
 * The lookup form of an identifier value (quick-search rule 2): NFKC (full-width digits become ASCII),
 * upper case, and whitespace, dashes of every kind, dots and slashes removed. Underscores are kept (they
 * separate sub-jurisdictions in aggregator ids such as `us_de`). Stored values and queries both go
 * through it, so "51 824-753.556" finds "51824753556". WEBSITE values are compared with
 * normaliseWebsiteHost instead.
 */
export function normaliseIdentifierValue(value: string): string {
  return value
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\p{Pd}./\\]+/gu, '');
}

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;
const ACN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 1] as const;

function digitsOf(value: string): number[] {
  return [...value].map(Number);
}

function weightedSum(digits: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i += 1) sum += (digits[i] ?? 0) * (weights[i] ?? 0);
  return sum;
}

/**
 * True for an ABN: 11 digits after normalisation, first digit not 0, and the modulus-89 check of
 * providers/abr.md section 5 (subtract 1 from the first digit, weights 10 1 3 5 ... 19, total divisible by 89).
 */
export function isValidAbn(value: string): boolean {
  const abn = normaliseIdentifierValue(value);
  if (!/^[1-9]\d{10}$/.test(abn)) return false;
  const digits = digitsOf(abn);
  digits[0] = (digits[0] ?? 0) - 1;
  return weightedSum(digits, ABN_WEIGHTS) % 89 === 0;
}

/** The ACN check digit of 8 leading digits: (10 - weighted sum mod 10) mod 10 (providers/abr.md section 5). */
function acnCheckDigit(first8: string): number {
  return (10 - (weightedSum(digitsOf(first8), ACN_WEIGHTS) % 10)) % 10;
}

/** True for an ACN: 9 digits after normalisation whose last digit is the ASIC check digit (providers/abr.md 5). */
export function isValidAcn(value: string): boolean {
  const acn = normaliseIdentifierValue(value);
  if (!/^\d{9}$/.test(acn)) return false;
  return acnCheckDigit(acn.slice(0, 8)) === Number(acn[8]);
}

/**
 * Companies House prefixes followed by 6 digits: Scotland (SC, SO, SL, SP, SZ, SA, SF, SR, SE, SI, SG),
 * Northern Ireland (NI, NC, NL, NO, NP, NR, NF, NZ, NA, R0), England and Wales (OC, LP, IP, RC, FC, GE, GS,
 * GN, ZC, AC, CE, CS, PC, RS, IC, ES, EN). Plain companies of England and Wales have 8 digits.
 */
const COMPANIES_HOUSE_PREFIXES: ReadonlySet<string> = new Set([
  'SC',
  'SO',
  'SL',
  'SP',
  'SZ',
  'SA',
  'SF',
  'SR',
  'SE',
  'SI',
  'SG',
  'NI',
  'NC',
  'NL',
  'NO',
  'NP',
  'NR',
  'NF',
  'NZ',
  'NA',
  'R0',
  'OC',
  'LP',
  'IP',
  'RC',
  'FC',
  'GE',
  'GS',
  'GN',
  'ZC',
  'AC',
  'CE',
  'CS',
  'PC',
  'RS',
  'IC',
  'ES',
  'EN',
]);

function isCompaniesHouseShape(value: string): boolean {
  if (/^\d{8}$/.test(value)) return true;
  return /^[A-Z][A-Z0-9]\d{6}$/.test(value) && COMPANIES_HOUSE_PREFIXES.has(value.slice(0, 2));
}

/**
 * True for a Companies House company number as written in full: 8 characters after normalisation, either
 * 8 digits or a known 2-character prefix (SC, NI, OC, SO, NC, LP, SL, R0, ...) and 6 digits. Companies House
 * numbers carry no check digit. Short numbers are not padded here (see normaliseCompaniesHouseNumber).
 */
export function isCompaniesHouseNumber(value: string): boolean {
  return isCompaniesHouseShape(normaliseIdentifierValue(value));
}

/**
 * The stored form of a Companies House number: normalised, with a 6- or 7-digit number padded with leading
 * zeros to 8 ("123456" -> "00123456", as people drop the zeros). Undefined when it is not a company number.
 */
export function normaliseCompaniesHouseNumber(value: string): string | undefined {
  const normalised = normaliseIdentifierValue(value);
  const padded = /^\d{6,7}$/.test(normalised) ? normalised.padStart(8, '0') : normalised;
  return isCompaniesHouseShape(padded) ? padded : undefined;
}

/** "51824753556" -> "51 824 753 556" (the ABR's grouping); a value that is not 11 digits is returned normalised. */
export function formatAbn(value: string): string {
  const abn = normaliseIdentifierValue(value);
  return /^\d{11}$/.test(abn) ? `${abn.slice(0, 2)} ${abn.slice(2, 5)} ${abn.slice(5, 8)} ${abn.slice(8)}` : abn;
}

/** "005749986" -> "005 749 986"; a value that is not 9 digits is returned normalised. */
export function formatAcn(value: string): string {
  const acn = normaliseIdentifierValue(value);
  return /^\d{9}$/.test(acn) ? `${acn.slice(0, 3)} ${acn.slice(3, 6)} ${acn.slice(6)}` : acn;
}

/**
 * ISO 7064 MOD 97-10 remainder of an alphanumeric string, letters read as 10 (A) to 35 (Z) as ISO 17442 and
 * IBAN do; computed digit by digit, so any length works without big integers. -1 for another character.
 */
function mod97(value: string): number {
  let remainder = 0;
  for (const char of value) {
    const code = Number.parseInt(char, 36);
    if (Number.isNaN(code)) return -1;
    for (const digit of String(code)) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** An LEI's shape (ISO 17442): 18 upper-case letters or digits, then two check digits. */
const LEI_SHAPE = /^[A-Z0-9]{18}\d{2}$/;

/**
 * True for an LEI: 20 characters after normalisation (18 letters or digits, 2 digits) whose MOD 97-10 remainder,
 * letters as 10 to 35, is 1 (ISO 17442 / ISO 7064), e.g. 5493001KJTIIGC8Y1R12.
 */
export function isValidLei(value: string): boolean {
  const lei = normaliseIdentifierValue(value);
  return LEI_SHAPE.test(lei) && mod97(lei) === 1;
}

/**
 * The GS1 check digit of the digits before it (GTIN-8/12/13/14 and GLN alike): weights 3 and 1 alternating from
 * the rightmost digit leftwards, check = (10 - sum mod 10) mod 10.
 */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const fromRight = body.length - 1 - i;
    sum += Number(body[i]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True for a digit string whose last digit is the GS1 check digit of the others (e.g. GTIN-13 4006381333931). */
export function isValidGs1(value: string): boolean {
  const digits = normaliseIdentifierValue(value);
  if (!/^\d{8,14}$/.test(digits)) return false;
  return gs1CheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}

/**
 * True for an NZBN: a GS1 Global Location Number of 13 digits from GS1 New Zealand's prefix 94, last digit the
 * GS1 check digit.
 */
export function isValidNzbn(value: string): boolean {
  const nzbn = normaliseIdentifierValue(value);
  return /^94\d{11}$/.test(nzbn) && isValidGs1(nzbn);
}

/** True when the query contains a digit in any script; triggers the identifier lookup (quick-search rule 2). */
export function queryHasDigit(query: string): boolean {
  return /\p{Nd}/u.test(query);
}

/**
 * The labels people type before a number, each with the types it may name: "ABN 51 824 753 556", "A.B.N. 51...",
 * "ACN: 005 749 986", "ARBN 609 840 486" (an ASIC number, checked like an ACN), "Company No. 01234567",
 * "CRN 02452736", "LEI 5493001KJTIIGC8Y1R12", "NZBN 9429041525746". Any case; dots and spaces between the
 * letters; an optional "No."/"number"/"#" and one of `: # = . -` after it.
 */
const LABELS: readonly { pattern: string; types: readonly IdentifierType[] }[] = [
  { pattern: String.raw`a\.?\s?b\.?\s?n`, types: ['ABN'] },
  { pattern: String.raw`a\.?\s?c\.?\s?n`, types: ['ACN'] },
  { pattern: String.raw`a\.?\s?r\.?\s?b\.?\s?n`, types: ['ACN'] },
  { pattern: String.raw`l\.?\s?e\.?\s?i(?:\s*code)?`, types: ['LEI'] },
  { pattern: String.raw`nzbn`, types: ['NZBN'] },
  { pattern: String.raw`companies\s+house|ch`, types: ['CH'] },
  {
    pattern: String.raw`c\.?\s?r\.?\s?n|(?:company|co\.?)(?:\s+reg(?:istration|\.)?)?\s*(?:no|num|number)(?![\p{L}\p{N}])|reg(?:istration|\.)?\s*(?:no|num|number)(?![\p{L}\p{N}])`,
    types: ['CH', 'ACN'],
  },
];

/** The words and signs between a label and its number: "ABN: ", "Company No. ", "CRN #", "A.C.N.-". */
const LABEL_TAIL = String.raw`\.?(?![\p{L}])[\s.]*(?:(?:no|num|number)(?![\p{L}\p{N}])\.?\s*)?[:#=.\-–—]?\s*`;

/** A label's alternatives as one group each, for a regular expression that says which one matched. */
const LABEL_GROUPS = LABELS.map((label) => `(${label.pattern})`).join('|');

/** A whole query that begins with a label: its label and the rest. */
const LABELLED_QUERY = new RegExp(String.raw`^\s*(?:${LABEL_GROUPS})${LABEL_TAIL}(.+)$`, 'iu');

/** A label anywhere in a query, at the start of a word, followed by what could be its number. */
const LABEL_IN_QUERY = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${LABEL_GROUPS})${LABEL_TAIL}([\p{L}\p{N}](?:[\p{L}\p{N}]|[\s.\-/](?=[\p{L}\p{N}]))*)`, 'giu');

/** The types the label of a LABELLED_QUERY / LABEL_IN_QUERY match names (the first filled group). */
function labelTypesOf(match: RegExpMatchArray): readonly IdentifierType[] {
  const index = LABELS.findIndex((_, i) => match[i + 1] !== undefined);
  return LABELS[index]?.types ?? [];
}

type Labelled = { labelTypes: readonly IdentifierType[] | undefined; value: string; raw: string };

/** The query without its leading label: the types the label names (if any), the normalised value and the raw rest. */
function unlabelled(query: string): Labelled {
  const labelled = LABELLED_QUERY.exec(query);
  if (labelled === null) return { labelTypes: undefined, value: normaliseIdentifierValue(query), raw: query.trim() };
  const rest = labelled[LABELS.length + 1] ?? '';
  return { labelTypes: labelTypesOf(labelled), value: normaliseIdentifierValue(rest), raw: rest.trim() };
}

/**
 * A Companies House number as people type it: what normaliseCompaniesHouseNumber accepts (8 characters, or
 * 6-7 digits padded), and a known prefix with 4 or 5 digits, zeros dropped ("SC12345" -> "SC012345"). Only
 * for queries: a stored number is written in full.
 */
function typedCompaniesHouseNumber(value: string): string | undefined {
  const prefixed = /^([A-Z][A-Z0-9])(\d{4,5})$/.exec(value);
  if (prefixed !== null && COMPANIES_HOUSE_PREFIXES.has(prefixed[1] ?? '')) return `${prefixed[1]}${(prefixed[2] ?? '').padStart(6, '0')}`;
  return normaliseCompaniesHouseNumber(value);
}

/** The identifiers a normalised value is, among the wanted types (all when undefined). */
function identifiersOf(value: string, labelTypes: readonly IdentifierType[] | undefined): { type: IdentifierType; value: string }[] {
  const wants = (type: IdentifierType): boolean => labelTypes === undefined || labelTypes.includes(type);
  const found: { type: IdentifierType; value: string }[] = [];
  if (wants('ABN') && isValidAbn(value)) found.push({ type: 'ABN', value });
  if (wants('ACN') && isValidAcn(value)) found.push({ type: 'ACN', value });
  const companiesHouse = typedCompaniesHouseNumber(value);
  if (wants('CH') && companiesHouse !== undefined) found.push({ type: 'CH', value: companiesHouse });
  if (wants('LEI') && isValidLei(value)) found.push({ type: 'LEI', value });
  if (wants('NZBN') && isValidNzbn(value)) found.push({ type: 'NZBN', value });
  return found;
}

/** Identifier types with a check digit, so a mistyped value can be told apart from a valid one. */
export const CHECKED_IDENTIFIER_TYPES = ['ABN', 'ACN', 'LEI', 'NZBN'] as const;
export type CheckedIdentifierType = (typeof CHECKED_IDENTIFIER_TYPES)[number];

const IS_VALID: Record<CheckedIdentifierType, (value: string) => boolean> = {
  ABN: isValidAbn,
  ACN: isValidAcn,
  LEI: isValidLei,
  NZBN: isValidNzbn,
};

/** Whether a normalised value of a checked type passes its check digits. */
export function isValidIdentifier(type: CheckedIdentifierType, value: string): boolean {
  return IS_VALID[type](value);
}

/**
 * The shape each checked type is written in, whatever its check digit says: ABN 11 digits, ACN 9 digits, NZBN 13
 * digits, LEI 18 letters or digits and 2 digits. An unlabelled LEI shape counts only when the query is one
 * word ("Some Company Name 12" squeezed is 20 characters too).
 */
function hasShapeOf(type: CheckedIdentifierType, { value, raw, labelTypes }: Labelled): boolean {
  switch (type) {
    case 'ABN':
      return /^\d{11}$/.test(value);
    case 'ACN':
      return /^\d{9}$/.test(value);
    case 'NZBN':
      return /^\d{13}$/.test(value);
    case 'LEI':
      return LEI_SHAPE.test(value) && (labelTypes?.includes('LEI') === true || !/\s/.test(raw));
  }
}

/** The checked types a labelled value is written like but whose check digits fail. */
function mistypedOf(labelled: Labelled): { type: CheckedIdentifierType; value: string }[] {
  return CHECKED_IDENTIFIER_TYPES.filter(
    (type) => (labelled.labelTypes === undefined || labelled.labelTypes.includes(type)) && hasShapeOf(type, labelled) && !IS_VALID[type](labelled.value),
  ).map((type) => ({ type, value: labelled.value }));
}

/** A run of digits, grouped by spaces, dots or dashes ("33 051 775 556"), as a word of its own. */
const DIGIT_RUN = /(?<![\p{L}\p{N}])\p{Nd}(?:\p{Nd}|[\s.-](?=\p{Nd}))*(?![\p{L}\p{N}])/gu;
/** One word of letters and digits with a digit in it (an LEI, a prefixed Companies House number). */
const CODE_WORD = /(?<![\p{L}\p{N}])(?=[\p{L}\p{N}]*\p{Nd})[\p{L}\p{N}]{8,20}(?![\p{L}\p{N}])/gu;

/**
 * How a query names identifiers (issue 20, "identifiers as people type them"):
 * - `identifiers`: the valid identifiers it names, normalised (a Companies House number padded, "4398218" ->
 *   "04398218"): the whole query as one identifier, labelled or not ("ABN: 57095403820", "A.C.N. 609 840 486",
 *   "CRN 02452736", "LEI: 3912005XU1KV6HW70B19"); else each labelled number inside it ("Telstra ABN 33 051 775
 *   556"), and each unlabelled number inside it that passes a check digit (ABN, ACN, NZBN, LEI) or is a prefixed
 *   Companies House number ("Fernhollow Holdings SC612345");
 * - `mistyped`: when it names no valid identifier, the checked identifiers it is written like whose check digits
 *   fail: the whole query ("73 434 904 927", "ABN 51 824 753 557") or a labelled number inside it;
 * - `rest`: the query without the identifiers and their labels (the name it also gives, "Telstra"); '' when the
 *   whole query is one identifier; the query itself when it names none.
 */
export interface IdentifierReading {
  identifiers: { type: IdentifierType; value: string }[];
  mistyped: { type: CheckedIdentifierType; value: string }[];
  rest: string;
}

export function readIdentifiers(query: string): IdentifierReading {
  // Every identifier has a digit: a name without one is read at once.
  if (!queryHasDigit(query)) return { identifiers: [], mistyped: [], rest: query.trim() };
  const whole = unlabelled(query);
  const identifiers = identifiersOf(whole.value, whole.labelTypes);
  if (identifiers.length > 0) return { identifiers, mistyped: [], rest: '' };
  const mistyped = mistypedOf(whole);
  if (mistyped.length > 0) return { identifiers: [], mistyped, rest: '' };
  return readIdentifiersInside(query);
}

type Span = [start: number, end: number];
type Named = { type: IdentifierType; value: string };
type Mistyped = { type: CheckedIdentifierType; value: string };

/** The identifiers named inside a longer query (readIdentifiers when the whole query is none). */
function readIdentifiersInside(query: string): IdentifierReading {
  const identifiers: Named[] = [];
  const mistyped: Mistyped[] = [];
  const spans: Span[] = [];
  for (const match of query.matchAll(LABEL_IN_QUERY)) {
    const labelled = labelledNumberOf(match);
    if (labelled === undefined) continue;
    spans.push(labelled.span);
    addOnce(identifiers, labelled.identifiers);
    addOnce(mistyped, labelled.mistyped);
  }
  // Unlabelled numbers that pass a check digit, and single words that are an LEI or a prefixed company number.
  for (const match of [...query.matchAll(DIGIT_RUN), ...query.matchAll(CODE_WORD)]) {
    const span: Span = [match.index, match.index + match[0].length];
    if (spans.some(([start, end]) => span[0] < end && span[1] > start)) continue;
    const found = identifiersOf(normaliseIdentifierValue(match[0]), undefined).filter((i) => i.type !== 'CH' || /^[A-Z]/.test(i.value));
    if (found.length === 0) continue;
    spans.push(span);
    addOnce(identifiers, found);
  }
  if (spans.length === 0) return { identifiers: [], mistyped: [], rest: query.trim() };
  return { identifiers, mistyped: identifiers.length > 0 ? [] : mistyped, rest: textOutside(query, spans) };
}

/**
 * What a label inside a query labels: the longest run of the words after it that is an identifier of the label's
 * types, or is written like one of them but fails its check, with the span of the label and that number. A
 * labelled number of none of the label's types is read as no other type either: its span covers the words with a
 * digit after the label ("Acme ABN 005 749 986"). Undefined when no number follows the label ("ABN AMRO Bank").
 */
function labelledNumberOf(match: RegExpMatchArray): { span: Span; identifiers: Named[]; mistyped: Mistyped[] } | undefined {
  const labelTypes = labelTypesOf(match);
  const start = match.index ?? 0;
  const raw = match[LABELS.length + 1] ?? '';
  const valueStart = start + match[0].length - raw.length;
  const words = [...raw.matchAll(/\S+/gu)];
  const wordEnds = words.map((word) => (word.index ?? 0) + word[0].length);
  for (let count = wordEnds.length; count > 0; count -= 1) {
    const end = wordEnds[count - 1] ?? 0;
    const labelled: Labelled = { labelTypes, value: normaliseIdentifierValue(raw.slice(0, end)), raw: raw.slice(0, end) };
    const identifiers = identifiersOf(labelled.value, labelTypes);
    const mistyped = identifiers.length === 0 ? mistypedOf(labelled) : [];
    if (identifiers.length > 0 || mistyped.length > 0) return { span: [start, valueStart + end], identifiers, mistyped };
  }
  const numberWords = words.findIndex((word) => !/\p{Nd}/u.test(word[0]));
  const lastNumberWordEnd = wordEnds[(numberWords === -1 ? words.length : numberWords) - 1];
  return lastNumberWordEnd === undefined ? undefined : { span: [start, valueStart + lastNumberWordEnd], identifiers: [], mistyped: [] };
}

function addOnce<T extends { type: string; value: string }>(list: T[], added: readonly T[]): void {
  for (const item of added) if (!list.some((known) => known.type === item.type && known.value === item.value)) list.push(item);
}

/** The query outside the spans, as the name it gives: spaces collapsed, emptied brackets and edge punctuation gone. */
function textOutside(query: string, spans: readonly Span[]): string {
  let text = '';
  let at = 0;
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    if (start > at) text += `${query.slice(at, start)} `;
    at = Math.max(at, end);
  }
  text += query.slice(at);
  return text
    .replace(/\(\s*\)|\[\s*\]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:()\-–—|/]+|[\s,;:(\-–—|/]+$/gu, '')
    .trim();
}

/**
 * What a query could be, as normalised identifiers: a valid ABN (checksum), a valid ACN (check digit), a
 * Companies House number (8 characters, 6-7 digits padded, a prefix with its zeros dropped), a valid LEI
 * (MOD 97-10) or a valid NZBN (GS1), the whole query or named inside it (readIdentifiers). A label (ABN, ACN,
 * ARBN, LEI, NZBN, CRN, CH, "Company No.") is removed and restricts the answer to its types. [] for ordinary names.
 */
export function recogniseIdentifiers(query: string): { type: IdentifierType; value: string }[] {
  return readIdentifiers(query).identifiers;
}

/**
 * The identifiers a query is written like but whose check digits fail (issue 12: "a query that looks like an
 * identifier with a bad check digit"): e.g. "ABN 51 824 753 557" -> [{ABN, 51824753557}], also a labelled number
 * inside a longer query ("Telstra ABN 33 051 775 557"). A label restricts the types. A query naming a valid
 * identifier of some type is not mistyped as another (a valid 9-digit ACN is no bad ABN, and a 9-digit number
 * cannot be anything else), so this and recogniseIdentifiers never both answer.
 */
export function mistypedIdentifiers(query: string): { type: CheckedIdentifierType; value: string }[] {
  return readIdentifiers(query).mistyped;
}

/**
 * What a failing identifier is told: "73 434 904 927 is not a valid ABN: its check digit fails" (an LEI has two
 * check digits: "... its check digits fail").
 */
export function mistypedIdentifierMessage({ type, value }: { type: CheckedIdentifierType; value: string }): string {
  const checks = type === 'LEI' ? 'check digits fail' : 'check digit fails';
  return `${formatIdentifier(type, value)} is not a valid ${type}: its ${checks}`;
}

/**
 * The normalised value of an identifier typed in a field of its own (a batch's identifier column, a reconciliation
 * property): the identifier the text names, of `type` when given ("ABN 57 095 403 820" -> 57095403820, "4398218"
 * as CH -> 04398218), else the text without its label, normalised (a value that fails its check stays as typed).
 */
export function typedIdentifierValue(text: string, type?: string): string {
  const named = readIdentifiers(text).identifiers.find((i) => type === undefined || i.type === type);
  return named?.value ?? unlabelled(text).value;
}

/**
 * The text of a query a name lookup reads: the query without the identifiers (and their labels) named inside it
 * ("Telstra ABN 33 051 775 556" -> "Telstra"); the query itself when it names none or is one identifier.
 */
export function nameTextOf(query: string): string {
  return readIdentifiers(query).rest || query.trim();
}

/**
 * The normalised values an identifier lookup of a query tries: the identifiers it names (readIdentifiers), then,
 * when it names none inside a longer text, the whole query normalised as typed (an identifier of a type with no
 * check, "7012345" of the aggregator, the raw digits of "4398218"). [] for a query without a digit.
 */
export function identifierLookupValues(query: string): string[] {
  if (!queryHasDigit(query)) return [];
  const { identifiers, mistyped, rest } = readIdentifiers(query);
  // A label, or a longer text around what was read, is no identifier value as typed.
  const readInside = rest !== '' && (identifiers.length > 0 || mistyped.length > 0);
  const asTyped = readInside || LABELLED_QUERY.test(query) ? [] : [normaliseIdentifierValue(query)];
  return [...new Set([...identifiers.map((i) => i.value), ...asTyped])].filter((v) => v !== '');
}

const DIGITS = '0123456789';
const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The valid values of a checked type one edit away from a normalised value: every adjacent transposition (the
 * commonest slip) first, left to right, then every single-character substitution, left to right and in
 * alphabet order (digits; LEI letters too in its first 18 characters). Each value once, never the value itself.
 * ABN: ~1-2 neighbours; ACN and NZBN: ~10; LEI: ~7.
 */
export function oneEditNeighbours(type: CheckedIdentifierType, value: string): string[] {
  const valid = IS_VALID[type];
  const found = new Set<string>();
  const chars = [...value];
  for (let i = 0; i + 1 < chars.length; i += 1) {
    if (chars[i] === chars[i + 1]) continue;
    const swapped = [...chars];
    [swapped[i], swapped[i + 1]] = [chars[i + 1] ?? '', chars[i] ?? ''];
    const candidate = swapped.join('');
    if (valid(candidate)) found.add(candidate);
  }
  for (let i = 0; i < chars.length; i += 1) {
    const alphabet = type === 'LEI' && i < 18 ? ALPHANUMERIC : DIGITS;
    for (const replacement of alphabet) {
      if (replacement === chars[i]) continue;
      const candidate = `${value.slice(0, i)}${replacement}${value.slice(i + 1)}`;
      if (valid(candidate)) found.add(candidate);
    }
  }
  found.delete(value);
  return [...found];
}

/** How an identifier is written for people: ABN 2-3-3-3, ACN 3-3-3, anything else its normalised value. */
export function formatIdentifier(type: string, value: string): string {
  if (type === 'ABN') return formatAbn(value);
  if (type === 'ACN') return formatAcn(value);
  return normaliseIdentifierValue(value);
}

/** Largest seed (exclusive) for which the generators promise distinct values. */
export const MAX_SYNTHETIC_SEED = 100_000_000;

function assertSeed(seed: number): void {
  if (!Number.isInteger(seed) || seed < 0 || seed >= MAX_SYNTHETIC_SEED) {
    throw new RangeError(`seed must be an integer in [0, ${MAX_SYNTHETIC_SEED}), got ${seed}`);
  }
}

/**
 * A bijection of [0, 10^8): multiplying by a number coprime to 10 modulo 10^8 permutes the range, so
 * consecutive seeds give spread-out numbers and distinct seeds give distinct numbers.
 */
function scramble8(seed: number): number {
  return (seed * 48_271 + 12_345_679) % MAX_SYNTHETIC_SEED;
}

/**
 * A valid synthetic ACN (9 digits, ASIC check digit) for benchmarks and generated data. Deterministic and
 * distinct for distinct seeds in [0, MAX_SYNTHETIC_SEED); throws RangeError outside that range.
 */
export function makeAcn(seed: number): string {
  assertSeed(seed);
  const first8 = String(scramble8(seed)).padStart(8, '0');
  return `${first8}${acnCheckDigit(first8)}`;
}

/**
 * The ABN of a company with this ACN: two check digits in front of the ACN, chosen so the modulus-89 check
 * holds (providers/abr.md 5: "30 + 635412074"). With S the weighted sum of the ACN digits (weights 3..19),
 * the prefix P must satisfy P - 10 + S = 0 mod 89, so P = 10 + (-S mod 89), always in 10..98.
 */
export function abnFromAcn(acn: string): string {
  const normalised = normaliseIdentifierValue(acn);
  if (!/^\d{9}$/.test(normalised)) throw new RangeError(`an ACN has 9 digits, got ${JSON.stringify(acn)}`);
  const sum = weightedSum(digitsOf(normalised), ABN_WEIGHTS.slice(2));
  const prefix = 10 + ((89 - (sum % 89)) % 89);
  return `${prefix}${normalised}`;
}

/** A valid synthetic ABN: abnFromAcn(makeAcn(seed)). Deterministic and distinct for distinct seeds. */
export function makeAbn(seed: number): string {
  return abnFromAcn(makeAcn(seed));
}

/** Prefixes used for one synthetic company number in ten; the rest are 8-digit England and Wales numbers. */
const SYNTHETIC_CH_PREFIXES = ['SC', 'NI', 'OC', 'SO', 'NC', 'LP', 'SL'] as const;

/**
 * A valid synthetic Companies House number: for seeds ending in 9, a prefix from SYNTHETIC_CH_PREFIXES
 * plus 6 digits; otherwise 8 digits. Deterministic and distinct for distinct seeds below 7 * 10^7 (the two
 * shapes never collide; each shape is injective on its seeds); throws RangeError for other seeds.
 */
export function makeCompaniesHouseNumber(seed: number): string {
  assertSeed(seed);
  if (seed % 10 !== 9) return String(scramble8(seed)).padStart(8, '0');
  const group = Math.floor(seed / 10);
  const prefix = SYNTHETIC_CH_PREFIXES[group % SYNTHETIC_CH_PREFIXES.length] ?? 'SC';
  const number = Math.floor(group / SYNTHETIC_CH_PREFIXES.length);
  if (number >= 1_000_000) throw new RangeError(`seed too large for a prefixed company number: ${seed}`);
  return `${prefix}${String(number).padStart(6, '0')}`;
}

/** Registry identifier types: the ones that name exactly one registered entity (selection matches on them). */
export const REGISTRY_IDENTIFIER_TYPES = ['ABN', 'ACN', 'CH', 'OPENCORPORATES'] as const;

export function isRegistryIdentifierType(type: string): boolean {
  return (REGISTRY_IDENTIFIER_TYPES as readonly string[]).includes(type);
}

/**
 * Whether an identifier may be stored: ABN, ACN, LEI and NZBN pass their check digits, a CH number its format, any other
 * type a non-empty value. WEBSITE is not an identifier to store (the website is a field of its own).
 */
export function isStorableIdentifier(identifier: { type: string; value: string }): boolean {
  const value = normaliseIdentifierValue(identifier.value);
  switch (identifier.type) {
    case 'ABN':
      return isValidAbn(value);
    case 'ACN':
      return isValidAcn(value);
    case 'CH':
      return isCompaniesHouseNumber(value);
    case 'LEI':
      return isValidLei(value);
    case 'NZBN':
      return isValidNzbn(value);
    case 'WEBSITE':
      return false;
    default:
      return value !== '' && /^[A-Z][A-Z0-9_]{1,31}$/.test(identifier.type);
  }
}

/** The storable identifiers of a list, each once (same type and normalised value), in their first order. */
export function storableIdentifiers(identifiers: readonly { type: string; value: string }[]): { type: string; value: string }[] {
  const seen = new Set<string>();
  const kept: { type: string; value: string }[] = [];
  for (const identifier of identifiers) {
    if (!isStorableIdentifier(identifier)) continue;
    const id = `${identifier.type}:${normaliseIdentifierValue(identifier.value)}`;
    if (seen.has(id)) continue;
    seen.add(id);
    kept.push({ type: identifier.type, value: identifier.value.trim() });
  }
  return kept;
}
