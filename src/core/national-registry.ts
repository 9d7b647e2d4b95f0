/**
 * The national registry's search options (spec: Constants, "ABR preset"; Registry behaviour: national
 * registry (AUS); POST /api/organisations/search, the request field `abrPreset`), written once: the request
 * schema, the registry port and the orchestrator read them from here.
 */

/** Spec: Constants. Which name kinds a national-registry search returns, and whether business names collapse. */
export const ABR_PRESETS = ['entity-only', 'business-name-aware', 'with-business-names'] as const;
export type AbrPreset = (typeof ABR_PRESETS)[number];

/** The search route's `abrPreset` when the request does not say. */
export const DEFAULT_ABR_PRESET: AbrPreset = 'business-name-aware';
