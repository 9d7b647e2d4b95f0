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
import { recogniseIdentifiers } from './identifiers';
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

/** One registry look-up by number that a query calls for (issue 12: identifier-aware registry lookups). */
export interface IdentifierLookup {
  type: 'ABN' | 'ACN' | 'CH' | 'LEI';
  /** Normalised (a Companies House number padded to 8). */
  value: string;
  /** ABN and ACN: ABN Lookup's details; CH: the aggregator's company `gb/{number}`; LEI: GLEIF, streamed as the global registry's. */
  register: RegistryRoute;
}

/**
 * The registry look-ups by number a query calls for in a scope: a valid ABN or ACN goes to ABN Lookup by number,
 * a Companies House number to the aggregator's company by id, each only in a scope whose country guard keeps
 * the result (ABN and ACN: AUS or GLO; CH: GBR or GLO). So an ABN under GLO reaches ABN Lookup although a name
 * search under GLO never does: the number names its register. A valid LEI goes to GLEIF in every scope (the LEI
 * register is worldwide; the country guard keeps the entity only in its own country or GLO). [] for names,
 * mistyped numbers and NZBN.
 */
export function identifierLookups(query: string, scope: string): IdentifierLookup[] {
  return recogniseIdentifiers(query).flatMap((identifier): IdentifierLookup[] => {
    switch (identifier.type) {
      case 'ABN':
      case 'ACN':
        return scope === NATIONAL_REGISTRY_COUNTRY || scope === GLOBAL_SEARCH_SCOPE
          ? [{ type: identifier.type, value: identifier.value, register: 'national' }]
          : [];
      case 'CH':
        return scope === 'GBR' || scope === GLOBAL_SEARCH_SCOPE ? [{ type: 'CH', value: identifier.value, register: 'global' }] : [];
      case 'LEI':
        return [{ type: 'LEI', value: identifier.value, register: 'global' }];
      default:
        return [];
    }
  });
}
