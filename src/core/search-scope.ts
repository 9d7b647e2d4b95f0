/**
 * The two country codes the search interface needs in the browser, kept apart from the country table
 * (countries.ts registers a locale on import, which must stay out of the client bundle).
 */

/** The sentinel search scope "all countries", shown as Global (spec: Constants; Global (GLO) scope). */
export const GLOBAL_SEARCH_SCOPE = 'GLO' as const;
/** Display name of {@link GLOBAL_SEARCH_SCOPE} (spec: country picker, "GLO (shown as Global)"). */
export const GLOBAL_SEARCH_SCOPE_NAME = 'Global';

/** The national registry's country; the focus panel's toggles apply to it only. */
export const NATIONAL_REGISTRY_COUNTRY = 'AUS';
