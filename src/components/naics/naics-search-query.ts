/**
 * The NAICS typeahead's search as a TanStack Query (spec "Interface behaviour of the combobox"), in pure steps
 * that use-naics-search.ts composes with a debounce timer and `useQuery`:
 * - the input (trimmed) belongs to a typing session; going below minChars (or the clear button) ends the
 *   session, so the state is idle at once and no answer of the old session is shown again;
 * - one key per (session, term), following the input at once; the query is enabled once the term stayed quiet
 *   for debounceMs, and never below minChars. A keystroke moves the query to another key, which cancels the
 *   superseded request (its abort signal) and leaves any late answer in the old key, never on screen;
 * - while the next term loads, the session's prior results stay (`placeholderData`), and an AbortError is
 *   not an error.
 */
import { queryOptions, type QueryObserverResult } from '@tanstack/react-query';
import type { NaicsSearchResult } from '../../core/naics';
import { naicsSearchKey } from '../organisation/client-query-keys';
import {
  IDLE_SEARCH_STATE,
  NaicsSearchFailedError,
  SEARCH_FAILED_MESSAGE,
  isAbortError,
  type NaicsSearchFunction,
  type NaicsSearchState,
} from './naics-combobox-state';

export interface NaicsSearchInput {
  /** Bumped whenever the input goes idle: prior results never cross it. */
  readonly session: number;
  /** The input's value, trimmed. */
  readonly term: string;
}

export const INITIAL_SEARCH_INPUT: NaicsSearchInput = { session: 0, term: '' };

/** The input after the user typed `value` (the same object when nothing changed). */
export function nextSearchInput(previous: NaicsSearchInput, value: string, minChars: number): NaicsSearchInput {
  const term = value.trim();
  if (term === previous.term) return previous;
  const endsSession = term.length < minChars && previous.term.length >= minChars;
  return { session: endsSession ? previous.session + 1 : previous.session, term };
}

/** The clear button, or the control collapsing: empty, and a new session. */
export function resetSearchInput(previous: NaicsSearchInput): NaicsSearchInput {
  return { session: previous.session + 1, term: '' };
}

export interface NaicsSearchRequest {
  readonly session: number;
  /** The input's term ('' below minChars): the query's key follows the input at once. */
  readonly term: string;
  /** Asked only once the term stayed quiet for the debounce. */
  readonly enabled: boolean;
  /** The term stayed quiet: the query's answer is the answer for the input. */
  readonly settled: boolean;
}

/**
 * What to ask, given the input now and the input that last stayed quiet for the debounce. The key moves with
 * every keystroke (so the request in flight is cancelled at once, as the spec asks), and is enabled only when quiet.
 */
export function naicsSearchRequest(input: NaicsSearchInput, quiet: NaicsSearchInput, minChars: number): NaicsSearchRequest {
  const searchable = input.term.length >= minChars;
  const settled = searchable && quiet.session === input.session && quiet.term === input.term;
  return { session: input.session, term: searchable ? input.term : '', enabled: settled, settled };
}

/** A debounce timer is due: a searchable term not yet quiet (below minChars nothing is scheduled). */
export function debounceDue(input: NaicsSearchInput, quiet: NaicsSearchInput, minChars: number): boolean {
  return input !== quiet && input.term.length >= minChars;
}

export function naicsSearchQuery(request: NaicsSearchRequest, search: NaicsSearchFunction) {
  return queryOptions({
    queryKey: naicsSearchKey(request.session, request.term),
    queryFn: ({ signal }) => search(request.term, signal),
    enabled: request.enabled,
    // Every term is asked (the route is no-store); a failure is shown at once, not retried; the answer on
    // screen is not re-asked behind the user's back when the window regains the focus.
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    // The prior results of the same session stay while the next term loads.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === request.session ? previous : undefined),
  });
}

type SearchResult = Pick<QueryObserverResult<readonly NaicsSearchResult[]>, 'data' | 'error' | 'status' | 'isFetching' | 'isPlaceholderData'>;

const NO_RESULTS: readonly NaicsSearchResult[] = [];

/** The combobox's state from the input, the request and the query's result. */
export function naicsSearchState(input: NaicsSearchInput, request: NaicsSearchRequest, minChars: number, result: SearchResult): NaicsSearchState {
  if (input.term.length < minChars) return IDLE_SEARCH_STATE;
  const term = input.term;
  const results = result.data ?? NO_RESULTS;
  const loading = { status: 'loading', term, results, errorMessage: null } as const;
  if (!request.settled || result.isFetching || result.isPlaceholderData) return loading;
  if (result.status === 'error') {
    if (isAbortError(result.error)) return loading;
    const errorMessage = result.error instanceof NaicsSearchFailedError ? result.error.message : SEARCH_FAILED_MESSAGE;
    return { status: 'error', term, results: NO_RESULTS, errorMessage };
  }
  if (result.status !== 'success') return loading;
  return { status: results.length > 0 ? 'success' : 'empty', term, results, errorMessage: null };
}
