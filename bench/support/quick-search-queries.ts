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
 * The list is interleaved by kind, so any prefix of it is a stratified sample (the slow baselines run a prefix).
 */
import { stripLegalSuffix } from '../../src/core/canonical-name';
import { formatAbn, normaliseIdentifierValue } from '../../src/core/identifiers';
import { syntheticOrganisation, type SyntheticOrganisation } from '../../src/adapters/data-generation/synthetic-organisations';
import { seededRandom } from './stats';

export const QUERY_KINDS = ['exact', 'typo', 'prefix-60', 'prefix-word', 'no-suffix', 'identifier', 'website'] as const;
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
  }
}

/** `perKind` queries of every kind over the first `count` generated organisations of `dataSeed`, interleaved. */
export function buildQueryMix(options: { count: number; perKind: number; dataSeed: number; seed: number }): BenchQuery[] {
  const random = seededRandom(options.seed);
  const used = new Set<number>();
  const byKind = QUERY_KINDS.map((kind) => {
    const queries: BenchQuery[] = [];
    for (let attempts = 0; queries.length < options.perKind && attempts < options.perKind * 50; attempts += 1) {
      const targetIndex = Math.floor(random() * options.count);
      if (used.has(targetIndex)) continue;
      const target = syntheticOrganisation(targetIndex, options.dataSeed);
      const query = queryFor(kind, target, random);
      if (query === undefined || query === '') continue;
      used.add(targetIndex);
      queries.push({ kind, query, targetIndex, target, targetKnown: kind !== 'prefix-word' });
    }
    return queries;
  });
  const mix: BenchQuery[] = [];
  for (let i = 0; i < options.perKind; i += 1) for (const list of byKind) if (list[i]) mix.push(list[i] as BenchQuery);
  return mix;
}
