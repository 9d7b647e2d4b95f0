/** The search's URL parameters (spec "URL parameters"): `q` and `country` seed the form and are written when a search runs. */

export interface SearchUrlValues {
  readonly query: string;
  readonly country: string;
}

const COUNTRY = /^[A-Z]{3}$/;

/** Initial values from the page's search parameters; an unknown country falls back to the default. */
export function initialSearchValues(
  params: Record<string, string | string[] | undefined>,
  options: { defaultCountry: string; isKnownCountry: (code: string) => boolean },
): SearchUrlValues {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';
  const query = first(params.q).slice(0, 200);
  const rawCountry = first(params.country).trim().toUpperCase();
  const country = COUNTRY.test(rawCountry) && options.isKnownCountry(rawCountry) ? rawCountry : options.defaultCountry;
  return { query, country };
}

/** The current URL with `q` and `country` set, other parameters kept. */
export function urlWithSearch(current: string, values: SearchUrlValues): string {
  const url = new URL(current);
  url.searchParams.set('q', values.query);
  url.searchParams.set('country', values.country);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The current URL without `q` and `country`, other parameters kept. */
export function urlWithoutSearch(current: string): string {
  const url = new URL(current);
  url.searchParams.delete('q');
  url.searchParams.delete('country');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `q` and `country` of a URL's query string as they stand (Back/Forward); country null when absent or malformed. */
export function searchValuesOf(search: string): { query: string; country: string | null } {
  const params = new URLSearchParams(search);
  const country = (params.get('country') ?? '').trim().toUpperCase();
  return { query: (params.get('q') ?? '').slice(0, 200), country: COUNTRY.test(country) ? country : null };
}
