/**
 * The national registry's search options (spec: Constants, "ABR preset"; Registry behaviour: national
 * registry (AUS); POST /api/organisations/search, the request fields `abrPreset` and `websiteTopK`), written
 * once: the request schema, the registry port, the environment and the orchestrator read them from here.
 */

/** Spec: Constants. Which name kinds a national-registry search returns, and whether business names collapse. */
export const ABR_PRESETS = ['entity-only', 'business-name-aware', 'with-business-names'] as const;
export type AbrPreset = (typeof ABR_PRESETS)[number];

/** The search route's `abrPreset` when the request does not say. */
export const DEFAULT_ABR_PRESET: AbrPreset = 'business-name-aware';

/**
 * `websiteTopK`: how many of the top-ranked national-registry candidates get website enrichment. The request
 * may ask for 0 to 30; when it does not, SEARCH_WEBSITE_TOP_K says, and that defaults to 20.
 */
export const WEBSITE_TOP_K = { min: 0, max: 30, default: 20 } as const;
