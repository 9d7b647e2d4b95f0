/**
 * The one list of search results, merged by key from any number of candidate batches: today the quick
 * lookup's internal candidates, later the streamed search's candidates and identifier patches. Each run
 * has an id; batches from an older run are ignored, so a newer query always wins.
 */
import type { InternalQuickSearchCandidate, SearchOrganisationsCandidate, SearchOrganisationsIdentifierPatch } from '../../core/candidates';

export type Candidate = InternalQuickSearchCandidate | SearchOrganisationsCandidate;

/** What a result row shows, whichever channel found it. */
export interface OrganisationResult {
  /** Row identity: `key#existingOrgId` for existing organisations, else the composite key. */
  readonly rowKey: string;
  readonly key: string;
  readonly canonicalName: string;
  readonly description: string;
  readonly countryIsoAlpha3: string;
  readonly website: string | null;
  readonly logo: string | null;
  readonly accountLinked: boolean;
  readonly existingOrgId: string | null;
  readonly sources: readonly string[];
  readonly matchedBusinessName: string | null;
  readonly parentEntityName: string | null;
  readonly identifiers: readonly { type: string; value: string }[];
}

export type SearchStatus = 'idle' | 'searching' | 'done' | 'failed';

export interface SearchState {
  readonly runId: number;
  readonly status: SearchStatus;
  readonly query: string;
  readonly country: string;
  readonly order: readonly string[];
  readonly byRowKey: Readonly<Record<string, OrganisationResult>>;
  readonly error: string | null;
}

export type SearchAction =
  | { type: 'started'; runId: number; query: string; country: string }
  | { type: 'candidates'; runId: number; candidates: readonly Candidate[] }
  | { type: 'identifierPatch'; runId: number; patch: SearchOrganisationsIdentifierPatch }
  | { type: 'finished'; runId: number }
  | { type: 'failed'; runId: number; message: string }
  | { type: 'cleared' };

export const initialSearchState: SearchState = { runId: 0, status: 'idle', query: '', country: '', order: [], byRowKey: {}, error: null };

function rowKeyOf(key: string, existingOrgId: string | null): string {
  if (existingOrgId) return key ? `${key}#${existingOrgId}` : `#${existingOrgId}`;
  return key;
}

function toResult(candidate: Candidate): OrganisationResult {
  const isStreamed = candidate._type === 'candidate';
  return {
    rowKey: rowKeyOf(candidate.key, candidate.existingOrgId),
    key: candidate.key,
    canonicalName: candidate.canonicalName,
    description: candidate.description,
    countryIsoAlpha3: candidate.countryIsoAlpha3,
    website: candidate.website,
    logo: candidate.logo,
    accountLinked: candidate.accountLinked,
    existingOrgId: candidate.existingOrgId,
    sources: [candidate.source],
    matchedBusinessName: isStreamed ? candidate.matchedBusinessName : null,
    parentEntityName: isStreamed ? candidate.parentEntityName : null,
    identifiers: isStreamed ? candidate.identifiers : [],
  };
}

/** Later information fills gaps but never erases what is known (an existing organisation stays existing). */
function mergeResults(known: OrganisationResult, incoming: OrganisationResult): OrganisationResult {
  return {
    ...known,
    description: known.description || incoming.description,
    countryIsoAlpha3: known.countryIsoAlpha3 || incoming.countryIsoAlpha3,
    website: known.website ?? incoming.website,
    logo: known.logo ?? incoming.logo,
    accountLinked: known.accountLinked || incoming.accountLinked,
    existingOrgId: known.existingOrgId ?? incoming.existingOrgId,
    sources: [...new Set([...known.sources, ...incoming.sources])],
    matchedBusinessName: known.matchedBusinessName ?? incoming.matchedBusinessName,
    parentEntityName: known.parentEntityName ?? incoming.parentEntityName,
    identifiers: incoming.identifiers.length > 0 ? incoming.identifiers : known.identifiers,
  };
}

/** The row an incoming result merges into: same row key, or (for a new candidate) a row with the same composite key. */
function findRow(state: { order: readonly string[]; byRowKey: Readonly<Record<string, OrganisationResult>> }, incoming: OrganisationResult): string | undefined {
  if (state.byRowKey[incoming.rowKey]) return incoming.rowKey;
  if (incoming.existingOrgId === null && incoming.key) return state.order.find((rowKey) => state.byRowKey[rowKey]?.key === incoming.key);
  return undefined;
}

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'started':
      return { runId: action.runId, status: 'searching', query: action.query, country: action.country, order: [], byRowKey: {}, error: null };
    case 'cleared':
      return { ...initialSearchState, runId: state.runId };
    case 'candidates': {
      if (action.runId !== state.runId) return state;
      const order = [...state.order];
      const byRowKey: Record<string, OrganisationResult> = { ...state.byRowKey };
      for (const candidate of action.candidates) {
        const incoming = toResult(candidate);
        const target = findRow({ order, byRowKey }, incoming);
        const known = target ? byRowKey[target] : undefined;
        if (target && known) {
          byRowKey[target] = mergeResults(known, incoming);
        } else {
          byRowKey[incoming.rowKey] = incoming;
          order.push(incoming.rowKey);
        }
      }
      return { ...state, order, byRowKey };
    }
    case 'identifierPatch': {
      if (action.runId !== state.runId) return state;
      const target = state.order.find((rowKey) => state.byRowKey[rowKey]?.key === action.patch.key);
      const known = target ? state.byRowKey[target] : undefined;
      if (!target || !known) return state;
      const patched: OrganisationResult = {
        ...known,
        identifiers: action.patch.identifiers,
        existingOrgId: known.existingOrgId ?? action.patch.existingOrgId,
        accountLinked: known.accountLinked || action.patch.accountLinked,
      };
      return { ...state, byRowKey: { ...state.byRowKey, [target]: patched } };
    }
    case 'finished':
      return action.runId === state.runId ? { ...state, status: 'done' } : state;
    case 'failed':
      return action.runId === state.runId ? { ...state, status: 'failed', error: action.message } : state;
  }
}

export function resultsOf(state: SearchState): OrganisationResult[] {
  return state.order.flatMap((rowKey) => {
    const result = state.byRowKey[rowKey];
    return result ? [result] : [];
  });
}
