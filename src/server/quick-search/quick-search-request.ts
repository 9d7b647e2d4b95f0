/**
 * The quick lookup's request body (spec: POST /api/organisations/quick-search, "{query: string, countryIsoAlpha3:
 * string}, same validation as the search route"): the streamed search's field schemas (../search/search-request.ts),
 * except that an empty or blank query is accepted and answers 200 `{candidates: []}` (rule 1, "returns [] for empty
 * or blank query"; a typeahead clearing its input must not see a 400).
 */
import { z } from 'zod';
import { countryIsoAlpha3Schema, trimmedQuerySchema } from '../search/search-request';

export const quickSearchRequestSchema = z.object({
  query: trimmedQuerySchema,
  countryIsoAlpha3: countryIsoAlpha3Schema,
});
export type QuickSearchRequest = z.infer<typeof quickSearchRequestSchema>;
