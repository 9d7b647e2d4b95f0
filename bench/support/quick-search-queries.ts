/**
 * The fixed query mix of the quick-search benchmark. Targets are organisations of the generated data set
 * (syntheticOrganisation(index, seed) is pure, so the benchmark knows each target without reading the
 * database), and each query is derived from its target the way a user would type it:
 * - exact: the full name as stored ("Acacia Bay Logistics Pty Ltd");
 * - typo: the name with one letter swapped with its neighbour, deleted or substituted (never the first
 *   letter: people rarely mistype the first letter of a name they are looking up);
 * - prefix-60: the first 60% of the name's characters (a typeahead mid-word);
 * - prefix-word: the first word only; thousands of names share it, so its target is NOT known (latency only);
 * - no-suffix: the name without its legal suffix ("Acacia Bay Logistics"), for names that have one;
 * - identifier: an ABN with spaces, an ACN with dashes (AUS) or a Companies House number with a space or
 *   dashes (GBR), never in the stored format;
 * - website: `https://www.<domain>/` (protocol, www. and a trailing slash) of an organisation with a website.
 * The shapes issue 20 added (its section 7: "the quick-lookup benchmark at 1M, its mix extended with the new
 * kinds"), derived from the target the same way (the generated names hold no former names: an alias or former
 * name is an `organisation_aliases` row found by the same statements as the aliases the generator writes):
 * - identifier-typed: the identifier as people type it, with its label ("ABN 51 824 753 556", "A.C.N. 004-085-616",
 *   "CRN 01234567", "Company No. 1234567" without its leading zero), one in four after the brand ("Acacia Bay
 *   Logistics ABN 51 824 753 556");
 * - partial: the name without its middle word ("Acacia Logistics Pty Ltd"), which no stored name holds whole;
 * - foreign-form: the brand with another country's legal form, after it or before it ("Acacia Bay Logistics GmbH",
 *   "OOO Acacia Bay Logistics");
 * - transliteration: the brand written in Cyrillic letters as a Russian register would write a foreign name
 *   ("Акациа Бай Логистикс"), which the search form reads back as "akatsia bai logistiks";
 * - namesake: the brand with a distinctive word added ("Acacia Bay Logistics Finance Pty Ltd"): its target is the
 *   organisation it extends;
 * - nowhere: a generated name beyond the data set (every word exists, the name does not): no target, latency only.
 * The list is interleaved by kind, so any prefix of it is a stratified sample (the slow baselines run a prefix).
 * New kinds are appended, so the first seven kinds draw the same queries as before they were added.
 */
import { stripLegalSuffix } from '../../src/core/canonical-name';
import { formatAbn, normaliseIdentifierValue } from '../../src/core/identifiers';
import { SYNTHETIC_DISTINCT_BASE_NAMES, syntheticOrganisation, type SyntheticOrganisation } from '../../src/adapters/data-generation/synthetic-organisations';
import { seededRandom } from './stats';

export const QUERY_KINDS = [
  'exact',
  'typo',
  'prefix-60',
  'prefix-word',
  'no-suffix',
  'identifier',
  'website',
  'identifier-typed',
  'partial',
  'foreign-form',
  'transliteration',
  'namesake',
  'nowhere',
] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

export interface BenchQuery {
  kind: QueryKind;
  query: string;
  /** Index of the target in the generated data set. */
  targetIndex: number;
  target: SyntheticOrganisation;
  /** False when the query cannot name one organisation (prefix-word). */
  targetKnown: boolean;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One edit inside the name's brand part (the legal suffix is kept as typed). */
export function withTypo(name: string, random: () => number): string {
  const brand = stripLegalSuffix(name);
  const rest = name.slice(brand.length);
  const positions = [...brand].map((c, i) => (i > 0 && /[a-z]/i.test(c) ? i : -1)).filter((i) => i > 0);
  const at = positions[Math.floor(random() * positions.length)] ?? 1;
  const chars = [...brand];
  const op = Math.floor(random() * 3);
  if (op === 0 && at + 1 < chars.length && /[a-z]/i.test(chars[at + 1] ?? '')) {
    const a = chars[at] ?? '';
    chars[at] = chars[at + 1] ?? '';
    chars[at + 1] = a;
  } else if (op === 1) {
    chars.splice(at, 1);
  } else {
    const current = (chars[at] ?? 'a').toLowerCase();
    let letter = current;
    while (letter === current) letter = LETTERS[Math.floor(random() * LETTERS.length)] ?? 'x';
    chars[at] = letter;
  }
  return chars.join('') + rest;
}

function formattedIdentifier(target: SyntheticOrganisation, random: () => number): string | undefined {
  const abn = target.identifiers.find((i) => i.type === 'ABN');
  const acn = target.identifiers.find((i) => i.type === 'ACN');
  const ch = target.identifiers.find((i) => i.type === 'CH');
  if (abn && acn) {
    if (random() < 0.5) return formatAbn(abn.value);
    const v = normaliseIdentifierValue(acn.value);
    return `${v.slice(0, 3)}-${v.slice(3, 6)}-${v.slice(6)}`;
  }
  if (ch) {
    const v = normaliseIdentifierValue(ch.value);
    return random() < 0.5 ? `${v.slice(0, 2)} ${v.slice(2)}` : `${v.slice(0, 2)}-${v.slice(2, 5)}-${v.slice(5)}`;
  }
  return undefined;
}

/** Labels people put before an identifier (issue 20, section 2). */
function typedIdentifier(target: SyntheticOrganisation, random: () => number): string | undefined {
  const abn = target.identifiers.find((i) => i.type === 'ABN');
  const acn = target.identifiers.find((i) => i.type === 'ACN');
  const ch = target.identifiers.find((i) => i.type === 'CH');
  const pickOf = <T>(options: readonly T[]): T => options[Math.floor(random() * options.length)] as T;
  let typed: string | undefined;
  if (abn && acn) {
    const a = normaliseIdentifierValue(abn.value);
    const c = normaliseIdentifierValue(acn.value);
    typed = pickOf([
      `ABN ${formatAbn(a)}`,
      `ABN: ${a}`,
      `A.B.N. ${formatAbn(a)}`,
      `ACN ${c.slice(0, 3)} ${c.slice(3, 6)} ${c.slice(6)}`,
      `A.C.N. ${c.slice(0, 3)}-${c.slice(3, 6)}-${c.slice(6)}`,
    ]);
  } else if (ch) {
    const v = normaliseIdentifierValue(ch.value);
    const withoutZeros = /^\d+$/.test(v) ? v.replace(/^0+/, '') : v;
    typed = pickOf([`CRN ${v}`, `Company No. ${withoutZeros}`, `company number ${v}`, withoutZeros]);
  }
  if (typed === undefined) return undefined;
  return random() < 0.25 ? `${stripLegalSuffix(target.name)} ${typed}` : typed;
}

const FOREIGN_SUFFIXES = ['AG', 'GmbH', 'S.A.', 'SpA', 'N.V.', 'B.V.', 'Sp. z o.o.', 'K.K.', 'A/S', 'Oy'] as const;
const FOREIGN_PREFIXES = ['OOO', 'PT', 'UAB', 'SIA', 'JSC'] as const;
const NAMESAKE_WORDS = ['Finance', 'Trust Company', 'Capital', 'Foundation', 'Ventures', 'Nominees', '(Schweiz)'] as const;

/** Latin letters as a Russian register writes a foreign name in Cyrillic (one reading of each letter). */
const TO_CYRILLIC: Readonly<Record<string, string>> = {
  a: 'а',
  b: 'б',
  c: 'к',
  d: 'д',
  e: 'е',
  f: 'ф',
  g: 'г',
  h: 'х',
  i: 'и',
  j: 'дж',
  k: 'к',
  l: 'л',
  m: 'м',
  n: 'н',
  o: 'о',
  p: 'п',
  q: 'к',
  r: 'р',
  s: 'с',
  t: 'т',
  u: 'у',
  v: 'в',
  w: 'у',
  x: 'кс',
  y: 'й',
  z: 'з',
};

export function inCyrillic(text: string): string {
  return [...text]
    .map((c) => {
      const lower = c.toLowerCase();
      const cyrillic = TO_CYRILLIC[lower];
      if (cyrillic === undefined) return c;
      return c === lower ? cyrillic : cyrillic.charAt(0).toUpperCase() + cyrillic.slice(1);
    })
    .join('');
}

function queryFor(kind: QueryKind, target: SyntheticOrganisation, random: () => number): string | undefined {
  const name = target.name;
  switch (kind) {
    case 'exact':
      return name;
    case 'typo':
      return withTypo(name, random);
    case 'prefix-60':
      return name.slice(0, Math.ceil(name.length * 0.6)).trim();
    case 'prefix-word':
      return name.split(' ')[0];
    case 'no-suffix': {
      const brand = stripLegalSuffix(name);
      return brand === name ? undefined : brand;
    }
    case 'identifier':
      return formattedIdentifier(target, random);
    case 'website':
      return target.website === undefined ? undefined : `https://www.${target.website.replace(/^https?:\/\/(www\.)?/, '')}/`;
    case 'identifier-typed':
      return typedIdentifier(target, random);
    case 'partial': {
      const brand = stripLegalSuffix(name);
      const words = brand.split(' ');
      if (words.length < 3) return undefined;
      return `${[words[0], ...words.slice(2)].join(' ')}${name.slice(brand.length)}`;
    }
    case 'foreign-form': {
      const brand = stripLegalSuffix(name);
      if (random() < 0.7) return `${brand} ${FOREIGN_SUFFIXES[Math.floor(random() * FOREIGN_SUFFIXES.length)] ?? 'AG'}`;
      return `${FOREIGN_PREFIXES[Math.floor(random() * FOREIGN_PREFIXES.length)] ?? 'OOO'} ${brand}`;
    }
    case 'transliteration':
      return inCyrillic(stripLegalSuffix(name));
    case 'namesake': {
      const brand = stripLegalSuffix(name);
      return `${brand} ${NAMESAKE_WORDS[Math.floor(random() * NAMESAKE_WORDS.length)] ?? 'Finance'}${name.slice(brand.length)}`;
    }
    case 'nowhere':
      return name;
  }
}

/** `perKind` queries of every kind over the first `count` generated organisations of `dataSeed`, interleaved. */
export function buildQueryMix(options: { count: number; perKind: number; dataSeed: number; seed: number }): BenchQuery[] {
  const random = seededRandom(options.seed);
  const used = new Set<number>();
  const byKind = QUERY_KINDS.map((kind) => {
    const queries: BenchQuery[] = [];
    for (let attempts = 0; queries.length < options.perKind && attempts < options.perKind * 50; attempts += 1) {
      // A name that exists nowhere: a generated organisation beyond the data set (base names are distinct below
      // SYNTHETIC_DISTINCT_BASE_NAMES, so none of the first `count` has its name).
      const beyond = kind === 'nowhere';
      if (beyond && options.count >= SYNTHETIC_DISTINCT_BASE_NAMES) continue;
      const targetIndex = beyond
        ? options.count + Math.floor(random() * (SYNTHETIC_DISTINCT_BASE_NAMES - options.count))
        : Math.floor(random() * options.count);
      if (used.has(targetIndex)) continue;
      const target = syntheticOrganisation(targetIndex, options.dataSeed);
      const query = queryFor(kind, target, random);
      if (query === undefined || query === '') continue;
      used.add(targetIndex);
      queries.push({ kind, query, targetIndex, target, targetKnown: kind !== 'prefix-word' && kind !== 'nowhere' });
    }
    return queries;
  });
  const mix: BenchQuery[] = [];
  for (let i = 0; i < options.perKind; i += 1) for (const list of byKind) if (list[i]) mix.push(list[i] as BenchQuery);
  return mix;
}
