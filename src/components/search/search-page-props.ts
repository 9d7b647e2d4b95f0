/**
 * Server-side preparation of a search surface's props: the country picker (GLO, pinned countries, the
 * rest), the alpha-3 -> alpha-2 table for flags, and the initial values read from the URL.
 * Imported by pages (server components) only, so the country table never reaches the browser bundle.
 */
import { countryPickerOptions, GLOBAL_SEARCH_SCOPE, isCountryAlpha3, toAlpha2 } from '../../core/countries';
import type { OrganisationSearchProps } from './organisation-search';
import { initialSearchValues } from './search-url';

/** The country a fresh search starts with: the national registry's country. */
export const DEFAULT_SEARCH_COUNTRY = 'AUS';

export function searchPageProps(params: Record<string, string | string[] | undefined>): Omit<OrganisationSearchProps, 'variant'> {
  const countries = countryPickerOptions();
  const flags: Record<string, string> = {};
  for (const option of countries.rest.concat(countries.pinned)) {
    const alpha2 = toAlpha2(option.code);
    if (alpha2) flags[option.code] = alpha2;
  }
  const initial = initialSearchValues(params, {
    defaultCountry: DEFAULT_SEARCH_COUNTRY,
    isKnownCountry: (code) => code === GLOBAL_SEARCH_SCOPE || isCountryAlpha3(code),
  });
  return { initialQuery: initial.query, initialCountry: initial.country, countries, flags };
}
