/**
 * The selection payload (spec: "Server action: selectOrganisationAction") and where a selection leads
 * ("Selection destination"). The candidate is exactly what the quick lookup or the stream delivered; its
 * `type`, when present, is one of the three organisation types (the candidate schemas already say so).
 *
 * Where a selection is rejected (spec: Errors, "selection payload fails schema validation"): a type outside the
 * three fails this schema; GLO on a new organisation (a new organisation needs a real country) is the use case's
 * check, src/server/selection/select-organisation.ts; the inline error tile on the row is SelectionErrorTile in
 * src/components/search/search-results.tsx.
 */
import { z } from 'zod';
import { internalQuickSearchCandidateSchema, organisationTypeSchema, searchOrganisationsCandidateSchema } from './candidates';

export const SEARCH_INTENTS = ['spotlight', 'analyst', 'engage'] as const;
export const searchIntentSchema = z.enum(SEARCH_INTENTS);
export type SearchIntent = z.infer<typeof searchIntentSchema>;

/** The URL parameter a launcher sets (spec: URL parameters, "searchIntent"). */
export const SEARCH_INTENT_PARAM = 'searchIntent';

/** The `searchIntent` a URL carries (spotlight, analyst or engage), or null: absent or anything else. */
export function searchIntentOf(search: string | URLSearchParams): SearchIntent | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const parsed = searchIntentSchema.safeParse(params.get(SEARCH_INTENT_PARAM));
  return parsed.success ? parsed.data : null;
}

/**
 * An internal row may carry a `type` too (the stream's rows always do, possibly null). The `match` a candidate
 * arrived with is not part of the selection: it describes the search, not the organisation picked.
 */
export const selectionCandidateSchema = z.discriminatedUnion('_type', [
  internalQuickSearchCandidateSchema.omit({ match: true }).extend({ type: organisationTypeSchema.nullable().optional() }),
  searchOrganisationsCandidateSchema.omit({ match: true }),
]);
export type SelectionCandidate = z.infer<typeof selectionCandidateSchema>;
/** A streamed candidate as selected (without its `match`). */
export type StreamedSelectionCandidate = Extract<SelectionCandidate, { _type: 'candidate' }>;

export interface SelectionResult {
  organisationId: string;
  /** A new organisation was materialised (the interface shows the confirm header). */
  created: boolean;
}

/** The destination of a selection by `searchIntent`; without one, the organisation page with `from=search`. */
export function selectionDestination(organisationId: string, intent: SearchIntent | null | undefined): string {
  const id = encodeURIComponent(organisationId);
  switch (intent) {
    case 'spotlight':
      return `/organisations/${id}/spotlight`;
    case 'analyst':
      return `/organisations/${id}/analyst`;
    case 'engage':
      return `/organisations/${id}/engage`;
    default:
      return `/organisations/${id}?from=search`;
  }
}
