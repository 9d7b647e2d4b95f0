/**
 * Countries: ISO 3166-1 codes, English names, the GLO search scope and the country picker order.
 *
 * Data comes from `i18n-iso-countries`. The English locale is imported as JSON and registered once;
 * a plain JSON import (resolveJsonModule) works under tsx, vitest and the Next.js bundlers, and works in
 * the browser build too, whose package entry registers no locale by itself.
 *
 * Only officially assigned codes count as countries: the user-assigned range (AA, QM-QZ, XA-XZ, ZZ and
 * their alpha-3 forms, e.g. Kosovo's XK/XKK) is rejected, as are the sentinels GLO and XXX, so a sentinel
 * can never pass for a country by accident.
 */
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(en);

import { GLOBAL_SEARCH_SCOPE, GLOBAL_SEARCH_SCOPE_NAME } from './search-scope';

/** The sentinel search scope "all countries", shown as Global (spec: Constants; Global (GLO) scope). */
export { GLOBAL_SEARCH_SCOPE, GLOBAL_SEARCH_SCOPE_NAME };

/** Pinned head of the country picker, after GLO (spec: "Country picker order"). */
export const PINNED_COUNTRIES = ['AUS', 'NZL', 'CAN', 'CHN', 'GBR', 'USA'] as const;

/** Codes that people use but ISO does not assign (the UK's own code is GB). */
const ALPHA2_ALIASES: Readonly<Record<string, string>> = { UK: 'GB' };

/** alpha-2 -> alpha-3 and back, restricted to officially assigned codes. */
const ALPHA3_BY_ALPHA2 = new Map<string, string>();
const ALPHA2_BY_ALPHA3 = new Map<string, string>();
for (const [alpha2, alpha3] of Object.entries(countries.getAlpha2Codes())) {
  if (isUserAssignedAlpha2(alpha2)) continue;
  ALPHA3_BY_ALPHA2.set(alpha2, alpha3);
  ALPHA2_BY_ALPHA3.set(alpha3, alpha2);
}

/** ISO 3166-1 reserves AA, QM-QZ, XA-XZ and ZZ for user assignment; none of them is a country. */
function isUserAssignedAlpha2(alpha2: string): boolean {
  return alpha2 === 'AA' || alpha2 === 'ZZ' || alpha2.startsWith('X') || /^Q[M-Z]$/.test(alpha2);
}

/**
 * An ISO 3166-1 alpha-2 or alpha-3 code, in any case and with surrounding spaces, to upper-case alpha-3.
 * `UK` is accepted as GBR. GLO and XXX are not countries and give undefined, as does anything unmappable.
 * Implements the aggregator rule "converts an alpha-2 or alpha-3 code in any case" (spec: Registry
 * behaviour: global aggregator).
 */
export function toAlpha3(code: string): string | undefined {
  const upper = code.trim().toUpperCase();
  if (upper.length === 2) {
    return ALPHA3_BY_ALPHA2.get(ALPHA2_ALIASES[upper] ?? upper);
  }
  if (upper.length === 3 && ALPHA2_BY_ALPHA3.has(upper)) return upper;
  return undefined;
}

/**
 * An alpha-3 (or alpha-2, or `UK`) code in any case to upper-case alpha-2, e.g. for the global aggregator's
 * jurisdiction codes; undefined for GLO and unmappable codes (spec: an unmappable code yields an empty
 * result, not a failure).
 */
export function toAlpha2(alpha3: string): string | undefined {
  const code = toAlpha3(alpha3);
  return code === undefined ? undefined : ALPHA2_BY_ALPHA3.get(code);
}

/**
 * True only for an upper-case ISO 3166-1 alpha-3 country code exactly as stored (`AUS`); false for `aus`,
 * ` AUS`, GLO and XXX. Use it where a normalised country is required, e.g. composite keys.
 */
export function isCountryAlpha3(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && ALPHA2_BY_ALPHA3.has(code);
}

/** Everyday names where the locale's first (official) name is not what people look for in a list. */
const COMMON_NAMES: Readonly<Record<string, string>> = {
  CHN: 'China',
  USA: 'United States',
  CZE: 'Czechia',
  IRN: 'Iran',
  MKD: 'North Macedonia',
  PSE: 'Palestine',
  RUS: 'Russia',
  TWN: 'Taiwan',
  TZA: 'Tanzania',
};

/**
 * English name of an alpha-3 code in any case, in its everyday form ("China", "United States",
 * "United Kingdom"); GLO gives 'Global' (spec: "GLO (shown as Global)"); unknown codes give undefined.
 */
export function countryName(alpha3: string): string | undefined {
  const upper = alpha3.trim().toUpperCase();
  if (upper === GLOBAL_SEARCH_SCOPE) return GLOBAL_SEARCH_SCOPE_NAME;
  if (!isCountryAlpha3(upper)) return undefined;
  return COMMON_NAMES[upper] ?? countries.getName(upper, 'en');
}

/** Folds a country name for lookup: no diacritics, no dots or apostrophes, lower case, single spaces. */
function foldCountryName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[.'’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^the /, '');
}

/** Everyday English names the locale file lacks. */
const EXTRA_COUNTRY_NAMES: Readonly<Record<string, string>> = {
  england: 'GBR',
  scotland: 'GBR',
  wales: 'GBR',
  'northern ireland': 'GBR',
  britain: 'GBR',
  'united states of america': 'USA',
  america: 'USA',
  'hong kong sar': 'HKG',
  'south korea': 'KOR',
  'north korea': 'PRK',
  holland: 'NLD',
  'czech republic': 'CZE',
  'ivory coast': 'CIV',
  'mainland china': 'CHN',
  prc: 'CHN',
  'new zealand aotearoa': 'NZL',
  aotearoa: 'NZL',
  vietnam: 'VNM',
  'viet nam': 'VNM',
  russia: 'RUS',
  turkey: 'TUR',
  uae: 'ARE',
};

const ALPHA3_BY_FOLDED_NAME: ReadonlyMap<string, string> = (() => {
  const byName = new Map<string, string>();
  for (const [alpha2, names] of Object.entries(countries.getNames('en', { select: 'all' }))) {
    const alpha3 = ALPHA3_BY_ALPHA2.get(alpha2);
    if (alpha3 === undefined) continue;
    for (const name of names) {
      const folded = foldCountryName(name);
      // Ambiguous short names ("Congo") resolve to nothing rather than to a guess.
      if (byName.has(folded) && byName.get(folded) !== alpha3) byName.set(folded, '');
      else byName.set(folded, alpha3);
    }
  }
  for (const [name, alpha3] of Object.entries(EXTRA_COUNTRY_NAMES)) byName.set(name, alpha3);
  return byName;
})();

/**
 * An alpha-2 code, an alpha-3 code or an English country name ("United Kingdom", "Australia", "USA",
 * "U.S.", "the Netherlands", "Türkiye") to alpha-3; undefined when unmappable or ambiguous ("Congo").
 * Normalises the agent's headquarters country under GLO (spec: Global (GLO) scope, rule 3).
 */
export function countryFromAnything(input: string): string | undefined {
  const trimmed = input.trim();
  if (trimmed === '') return undefined;
  const byCode = toAlpha3(trimmed);
  if (byCode !== undefined) return byCode;
  const byName = ALPHA3_BY_FOLDED_NAME.get(foldCountryName(trimmed));
  if (byName !== undefined && byName !== '') return byName;
  // Dotted codes: "U.S.", "U.K.".
  const undotted = trimmed.replace(/[.\s]/g, '');
  if (/^[A-Za-z]{2,3}$/.test(undotted)) return toAlpha3(undotted);
  return undefined;
}

export interface CountryOption {
  code: string;
  name: string;
}

const PICKER_OPTIONS: { pinned: readonly CountryOption[]; rest: readonly CountryOption[] } = (() => {
  const pinnedCodes = new Set<string>(PINNED_COUNTRIES);
  const option = (code: string): CountryOption => ({ code, name: countryName(code) ?? code });
  const pinned = [{ code: GLOBAL_SEARCH_SCOPE, name: GLOBAL_SEARCH_SCOPE_NAME }, ...PINNED_COUNTRIES.map(option)];
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  const rest = [...ALPHA2_BY_ALPHA3.keys()]
    .filter((code) => !pinnedCodes.has(code))
    .map(option)
    .sort((a, b) => collator.compare(a.name, b.name));
  return { pinned, rest };
})();

/**
 * The country picker's two groups (spec: "Country picker order: GLO (shown as Global), AUS, NZL, CAN, CHN,
 * GBR, USA, a divider, then remaining countries alphabetically"). `rest` is sorted by English name.
 * Returns fresh arrays, so callers may mutate them.
 */
export function countryPickerOptions(): { pinned: CountryOption[]; rest: CountryOption[] } {
  return {
    pinned: PICKER_OPTIONS.pinned.map((o) => ({ ...o })),
    rest: PICKER_OPTIONS.rest.map((o) => ({ ...o })),
  };
}
