/**
 * The selection payload (spec: "Server action: selectOrganisationAction", issue 19 section 1, decision 0017) and
 * where a selection leads ("Selection destination").
 *
 * A selection is by reference: the client names what it picked, `{_type: 'candidate', ref}` for a row the stream
 * handed out, `{_type: 'internal', existingOrgId}` for an organisation the quick lookup found; every other field
 * a client sends is ignored. The facts a selection writes (`SelectionCandidate`: identifiers, type, website and
 * its validation, description, source) are the ones the server obtained: the stream's record under the reference,
 * or a batch row's registry candidate.
 *
 * Where a selection is rejected (spec: Errors, "selection payload fails schema validation"): a reference or id
 * that is not one fails this schema; one the server does not recognise (unknown, expired, another account's, an
 * organisation the account cannot see) and GLO on a new organisation are the use case's checks,
 * src/server/selection/select-organisation.ts; the inline error tile on the row is SelectionErrorTile in
 * src/components/search/search-results.tsx.
 */
import { z } from 'zod';
import { candidateReferenceSchema, internalQuickSearchCandidateSchema, organisationTypeSchema, searchOrganisationsCandidateSchema } from './candidates';

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
 * What a client sends to select a row: the stream's reference, or the organisation the quick lookup found by id.
 * Unknown fields (a client that still sends the whole candidate) are dropped, never read.
 */
export const selectionReferenceSchema = z.discriminatedUnion('_type', [
  z.object({ _type: z.literal('candidate'), ref: candidateReferenceSchema.describe('The `ref` of a candidate the search stream handed out to this account') }),
  z.object({
    _type: z.literal('internal'),
    existingOrgId: z
      .uuid({ error: 'must be the id of an organisation the quick lookup found' })
      .describe('An organisation the quick lookup found (visible to the account)'),
  }),
]);
export type SelectionReference = z.infer<typeof selectionReferenceSchema>;

/**
 * A candidate as the server obtained it (server-side only: the stream's record under a reference, a batch row's
 * registry candidate), never parsed from a request. An internal row may carry a `type` too. The `match` and the
 * `ref` a candidate arrived with are not part of it: they describe the search, not the organisation picked.
 */
export const selectionCandidateSchema = z.discriminatedUnion('_type', [
  internalQuickSearchCandidateSchema.omit({ match: true }).extend({ type: organisationTypeSchema.nullable().optional() }),
  searchOrganisationsCandidateSchema.omit({ match: true, ref: true }),
]);
export type SelectionCandidate = z.infer<typeof selectionCandidateSchema>;
/** A streamed candidate as the server recorded it (without its `match` and `ref`). */
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
