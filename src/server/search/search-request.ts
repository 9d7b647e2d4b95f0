/**
 * The request bodies of the two search routes (spec: Endpoints; the quick lookup's body is
 * ../quick-search/answer-quick-search.ts, over these field schemas), one schema per field so both routes
 * validate the same way and a failed rule names itself in the 400 answer (`issues: [{field, rule}]`):
 *
 * - `query`: a string, trimmed, at most 200 characters after trimming (`too_big`; never truncated).
 *   Empty or blank is where the two routes differ, on purpose:
 *     quick-search accepts it and answers 200 `{candidates: []}` (its rule 1, "returns [] for empty or
 *     blank query", is the more specific sentence, and a typeahead clearing its input must not see a 400);
 *     the streamed search route requires 1 to 200 characters and answers 400 `too_small` for blank.
 * - `countryIsoAlpha3`: exactly three upper-case letters (`invalid_format`), and then a real ISO 3166-1
 *   alpha-3 country or GLO (`invalid_value`): `AUS` and `GLO` pass, `aus` and `AU` fail the format, `ABC`
 *   and `XXX` fail the value.
 */
import { z } from 'zod';
import { countryPickerOptions, GLOBAL_SEARCH_SCOPE } from '../../core/countries';
import { ABR_PRESETS, DEFAULT_ABR_PRESET, WEBSITE_TOP_K } from '../../core/national-registry';
import { DEFAULT_SEARCH_MODE, SEARCH_MODES } from '../../core/search-mode';

export const SEARCH_QUERY_MAX_LENGTH = 200;

const SEARCH_SCOPES = (() => {
  const { pinned, rest } = countryPickerOptions();
  const codes = [...pinned, ...rest].map((o) => o.code);
  if (!codes.includes(GLOBAL_SEARCH_SCOPE)) codes.unshift(GLOBAL_SEARCH_SCOPE);
  return codes as [string, ...string[]];
})();

/** `AUS`, `GBR`, ... or `GLO`: three upper-case letters that name a real country or the global scope. */
export const countryIsoAlpha3Schema = z
  .string()
  .regex(/^[A-Z]{3}$/, { error: 'must be exactly 3 upper-case letters (ISO 3166-1 alpha-3, or GLO)' })
  .pipe(z.enum(SEARCH_SCOPES, { error: 'must be an ISO 3166-1 alpha-3 country code or GLO' }));

/** A query: trimmed, at most 200 characters after trimming (each route says whether blank is allowed). */
export const trimmedQuerySchema = z
  .string()
  .trim()
  .max(SEARCH_QUERY_MAX_LENGTH, { error: `must be at most ${SEARCH_QUERY_MAX_LENGTH} characters` });

/** Streamed search query: trimmed, 1 to 200 characters. */
export const searchQuerySchema = trimmedQuerySchema.min(1, { error: 'must not be empty or blank' });

export const searchRequestSchema = z.object({
  query: searchQuerySchema,
  countryIsoAlpha3: countryIsoAlpha3Schema,
  /** The requested mode; the effective one also depends on hybridSearch (`effectiveSearchMode`). */
  mode: z.enum(SEARCH_MODES).default(DEFAULT_SEARCH_MODE),
  abrPreset: z.enum(ABR_PRESETS).default(DEFAULT_ABR_PRESET),
  /** Absent: the environment's SEARCH_WEBSITE_TOP_K. */
  websiteTopK: z.number().int().min(WEBSITE_TOP_K.min).max(WEBSITE_TOP_K.max).optional(),
  includeSoleTraders: z.boolean().optional(),
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

/**
 * What the search use case takes: the schema's shape, where `mode` and `abrPreset` may be absent (callers
 * other than the route, such as tests and benchmarks, need not repeat the defaults; the use case applies
 * the same ones). The route passes the parsed body.
 */
export type SearchOrganisationsRequest = z.input<typeof searchRequestSchema>;
