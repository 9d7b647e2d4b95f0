/**
 * Search modes and registry routing (spec: POST /api/organisations/search, "Modes" and rule 1).
 *
 * | Mode    | Registry | Agent |
 * |---------|----------|-------|
 * | agentic | no       | yes   |
 * | auto    | yes      | yes   |
 * | direct  | yes      | no    |
 *
 * The server downgrades any requested mode to agentic when `hybridSearch` is off for the account.
 */
import { GLOBAL_SEARCH_SCOPE, NATIONAL_REGISTRY_COUNTRY } from './search-scope';

export { NATIONAL_REGISTRY_COUNTRY };

export const SEARCH_MODES = ['agentic', 'auto', 'direct'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

/** The search route's `mode` when the request does not say (spec: auto, the production default). */
export const DEFAULT_SEARCH_MODE: SearchMode = 'auto';

/** The mode the server runs: the requested one (default auto), or agentic when hybridSearch is off. */
export function effectiveSearchMode(requested: SearchMode | undefined, options: { hybridSearch: boolean }): SearchMode {
  if (!options.hybridSearch) return 'agentic';
  return requested ?? DEFAULT_SEARCH_MODE;
}

export function modeRunsRegistry(mode: SearchMode): boolean {
  return mode !== 'agentic';
}

export function modeRunsAgent(mode: SearchMode): boolean {
  return mode !== 'direct';
}

/** The registry a search scope uses: the national registry for AUS only; everything else, GBR and GLO included, the aggregator. */
export type RegistryRoute = 'national' | 'global';


export function registryRoute(countryIsoAlpha3: string): RegistryRoute {
  return countryIsoAlpha3 === NATIONAL_REGISTRY_COUNTRY ? 'national' : 'global';
}

/** Under GLO the aggregator gets no country code (all jurisdictions); otherwise the requested alpha-3. */
export function aggregatorCountryCode(countryIsoAlpha3: string): string | undefined {
  return countryIsoAlpha3 === GLOBAL_SEARCH_SCOPE ? undefined : countryIsoAlpha3;
}
