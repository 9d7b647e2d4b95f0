/**
 * Realistic synthetic organisations for benchmarks and large imports: names with legal suffixes per
 * country, websites derived from the name with country TLDs, descriptions, and identifiers whose check
 * digits are valid (ACN and ABN for AUS, Companies House numbers for GBR). Deterministic for a seed, and
 * streaming: an iterator that holds nothing between items, so a million organisations cost no memory.
 *
 * Base names ("<first> <second> <industry>") come from a bijection of the item index onto the
 * 150 x 150 x 60 = 1,350,000 word combinations, so the first 1,350,000 items have distinct base names
 * (and so distinct names within a country); beyond that a qualifier ("Holdings", "Group", ...) is added.
 */
import { stripLegalSuffix } from '../../core/canonical-name';
import { formatAbn, formatAcn, makeAcn, abnFromAcn, makeCompaniesHouseNumber, MAX_SYNTHETIC_SEED } from '../../core/identifiers';
import type { OrganisationType } from '../../core/candidates';
import type { IdentifierType } from '../../core/identifiers';
import { seededRandom } from '../../core/seeded-random';
import { FIRST_WORDS, INDUSTRIES, QUALIFIERS, SECOND_WORDS } from './word-lists';

/** One organisation in the import line shape (`import organisations` reads exactly this). */
export interface SyntheticOrganisation {
  name: string;
  website?: string;
  /** Omitted for a countryless (Global) organisation. */
  countryIsoAlpha3?: string;
  description: string;
  type?: OrganisationType;
  identifiers: { type: IdentifierType; value: string }[];
  aliases: string[];
}

export interface SyntheticOrganisationsOptions {
  count: number;
  /** Different seeds give different (equally valid) data sets; default 1. */
  seed?: number;
  /** Index of the first item (to continue a data set); default 0. */
  start?: number;
}

interface CountryProfile {
  code: string | undefined;
  /** Share of the data set, in percent. */
  weight: number;
  tld: string;
  place: string;
  /** Legal forms with their weight and organisation type. */
  forms: readonly { suffix: string; weight: number; type?: OrganisationType }[];
}

const COUNTRIES: readonly CountryProfile[] = [
  {
    code: 'AUS',
    weight: 35,
    tld: 'com.au',
    place: 'across Australia',
    forms: [
      { suffix: 'Pty Ltd', weight: 80, type: 'ProprietaryLimited' },
      { suffix: 'Limited', weight: 12, type: 'PublicLimited' },
      { suffix: 'Pty. Ltd.', weight: 8, type: 'ProprietaryLimited' },
    ],
  },
  {
    code: 'GBR',
    weight: 22,
    tld: 'co.uk',
    place: 'throughout the United Kingdom',
    forms: [
      { suffix: 'Limited', weight: 60, type: 'ProprietaryLimited' },
      { suffix: 'Ltd', weight: 25, type: 'ProprietaryLimited' },
      { suffix: 'plc', weight: 10, type: 'PublicLimited' },
      { suffix: 'LLP', weight: 5 },
    ],
  },
  {
    code: 'USA',
    weight: 18,
    tld: 'com',
    place: 'in the United States',
    forms: [
      { suffix: 'Inc.', weight: 45 },
      { suffix: 'LLC', weight: 35 },
      { suffix: 'Corporation', weight: 12 },
      { suffix: 'Co.', weight: 8 },
    ],
  },
  {
    code: 'NZL',
    weight: 12,
    tld: 'co.nz',
    place: 'in New Zealand',
    forms: [
      { suffix: 'Limited', weight: 85, type: 'ProprietaryLimited' },
      { suffix: 'Ltd', weight: 15, type: 'ProprietaryLimited' },
    ],
  },
  {
    code: 'CAN',
    weight: 4,
    tld: 'ca',
    place: 'across Canada',
    forms: [
      { suffix: 'Inc.', weight: 60 },
      { suffix: 'Ltd.', weight: 40 },
    ],
  },
  { code: 'IRL', weight: 3, tld: 'ie', place: 'in Ireland', forms: [{ suffix: 'Limited', weight: 100, type: 'ProprietaryLimited' }] },
  {
    code: undefined,
    weight: 6,
    tld: 'com',
    place: 'worldwide',
    forms: [
      { suffix: 'Group', weight: 50 },
      { suffix: 'International', weight: 30 },
      { suffix: '', weight: 20 },
    ],
  },
];

const BASE_NAME_COUNT = FIRST_WORDS.length * SECOND_WORDS.length * INDUSTRIES.length;
/** Coprime with BASE_NAME_COUNT (2^4 3^3 5^5): multiplying by it permutes the index range. */
const NAME_STRIDE = 1_000_003;

/** The generator of one organisation: the project's seeded generator, seeded from the data seed and the index. */
function randomFor(seed: number, index: number): () => number {
  return seededRandom(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35));
}

function pick<T extends { weight: number }>(items: readonly T[], random: () => number): T {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let roll = random() * total;
  for (const item of items) {
    roll -= item.weight;
    if (roll < 0) return item;
  }
  const last = items[items.length - 1];
  if (last === undefined) throw new Error('pick from an empty list');
  return last;
}

function at<T>(list: readonly T[], index: number): T {
  const item = list[index % list.length];
  if (item === undefined) throw new Error(`index ${index} outside a list of ${list.length}`);
  return item;
}

/** The base name of item `index`: distinct for the first BASE_NAME_COUNT indexes of a seed. */
function baseName(index: number, seed: number): { words: string[]; industry: { word: string; does: string } } {
  const round = Math.floor(index / BASE_NAME_COUNT);
  const offset = (seed * 7_919) % BASE_NAME_COUNT;
  const j = ((index % BASE_NAME_COUNT) * NAME_STRIDE + offset) % BASE_NAME_COUNT;
  const first = at(FIRST_WORDS, j % FIRST_WORDS.length);
  const second = at(SECOND_WORDS, Math.floor(j / FIRST_WORDS.length) % SECOND_WORDS.length);
  const industry = at(INDUSTRIES, Math.floor(j / (FIRST_WORDS.length * SECOND_WORDS.length)));
  const words = [first, second, industry.word];
  if (round > 0) {
    const qualifier = at(QUALIFIERS, (round - 1) % QUALIFIERS.length);
    const lap = Math.floor((round - 1) / QUALIFIERS.length);
    words.push(lap === 0 ? qualifier : `${qualifier} ${lap + 1}`);
  }
  return { words, industry };
}

function slug(words: readonly string[], hyphenate: boolean): string {
  return words
    .join(' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, hyphenate ? '-' : '')
    .replace(/^-|-$/g, '');
}

/** The identifier seed of an item: distinct items of a seed get distinct identifiers (below 7 * 10^7 items). */
function identifierSeed(index: number, seed: number): number {
  const space = 70_000_000; // makeCompaniesHouseNumber's distinct range, within MAX_SYNTHETIC_SEED
  return (index + seed * 1_000_037) % Math.min(space, MAX_SYNTHETIC_SEED);
}

/** Organisation number `index` of the data set `seed` (pure: the same inputs always give the same organisation). */
export function syntheticOrganisation(index: number, seed = 1): SyntheticOrganisation {
  const random = randomFor(seed, index);
  const country = pick(COUNTRIES, random);
  const form = pick(country.forms, random);
  const { words, industry } = baseName(index, seed);
  const name = form.suffix === '' ? words.join(' ') : `${words.join(' ')} ${form.suffix}`;
  const brand = stripLegalSuffix(name);
  const founded = 1950 + Math.floor(random() * 74);
  const staff = [12, 25, 40, 80, 150, 300, 650, 1200][Math.floor(random() * 8)] ?? 40;
  const description = `${brand} provides ${industry.does} ${country.place}. Founded in ${founded}, it employs about ${staff} people.`;

  const identifiers: SyntheticOrganisation['identifiers'] = [];
  const idSeed = identifierSeed(index, seed);
  if (country.code === 'AUS') {
    const acn = makeAcn(idSeed);
    identifiers.push({ type: 'ABN', value: random() < 0.5 ? formatAbn(abnFromAcn(acn)) : abnFromAcn(acn) });
    identifiers.push({ type: 'ACN', value: random() < 0.5 ? formatAcn(acn) : acn });
  } else if (country.code === 'GBR') {
    identifiers.push({ type: 'CH', value: makeCompaniesHouseNumber(idSeed) });
  } else if (country.code === 'USA' && random() < 0.4) {
    identifiers.push({ type: 'OPENCORPORATES', value: `us_de/${String(1_000_000 + (idSeed % 9_000_000)).padStart(7, '0')}` });
  }

  const hasWebsite = random() < 0.85;
  const website = hasWebsite ? `https://www.${slug(words, random() < 0.3)}.${country.tld}` : undefined;

  const aliases: string[] = [];
  if (random() < 0.2) {
    const [firstWord, secondWord] = words;
    aliases.push(random() < 0.5 || firstWord === undefined || secondWord === undefined ? brand : `${firstWord} ${secondWord}`);
  }

  return {
    name,
    ...(website === undefined ? {} : { website }),
    ...(country.code === undefined ? {} : { countryIsoAlpha3: country.code }),
    description,
    ...(form.type === undefined ? {} : { type: form.type }),
    identifiers,
    aliases,
  };
}

/** `count` synthetic organisations, one at a time. */
export function* syntheticOrganisations(options: SyntheticOrganisationsOptions): Generator<SyntheticOrganisation> {
  const seed = options.seed ?? 1;
  const start = options.start ?? 0;
  for (let index = start; index < start + options.count; index += 1) yield syntheticOrganisation(index, seed);
}

export const SYNTHETIC_DISTINCT_BASE_NAMES = BASE_NAME_COUNT;
