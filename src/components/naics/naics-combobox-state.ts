/**
 * The NAICS combobox's vocabulary and its pure helpers (spec "Interface behaviour of the combobox"): the search
 * states idle / loading / success / empty / error, minChars (2) and debounceMs (300), the popup's opening rule,
 * the active option's moves and the status line. The search itself (debounce, request, stale answers) is
 * TanStack Query's: naics-search-query.ts and use-naics-search.ts.
 */
import type { NaicsSearchResult } from '../../core/naics';

export const NAICS_COMBOBOX_MIN_CHARS = 2;
export const NAICS_COMBOBOX_DEBOUNCE_MS = 300;

export type NaicsSearchStatus = 'idle' | 'loading' | 'success' | 'empty' | 'error';

export interface NaicsSearchState {
  readonly status: NaicsSearchStatus;
  /** The trimmed term the state belongs to. */
  readonly term: string;
  readonly results: readonly NaicsSearchResult[];
  readonly errorMessage: string | null;
}

export const IDLE_SEARCH_STATE: NaicsSearchState = { status: 'idle', term: '', results: [], errorMessage: null };

export const SEARCH_FAILED_MESSAGE = 'Search temporarily unavailable';

/** A failure the search function reports with a message safe to show (the route's `error`). */
export class NaicsSearchFailedError extends Error {
  override readonly name = 'NaicsSearchFailedError';
}

export type NaicsSearchFunction = (term: string, signal: AbortSignal) => Promise<readonly NaicsSearchResult[]>;

export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && (error as { name: unknown }).name === 'AbortError';
}

/** The popup opens only when it has something to show: a non-idle search, or a prompt message. */
export function popupHasContent(state: NaicsSearchState, promptMessage?: string | null): boolean {
  return state.status !== 'idle' || Boolean(promptMessage);
}

export type ActiveMove = 'next' | 'previous' | 'first' | 'last';

/** The active option after a key press; -1 is "none". Arrows wrap around. */
export function moveActiveIndex(current: number, count: number, move: ActiveMove): number {
  if (count <= 0) return -1;
  switch (move) {
    case 'first':
      return 0;
    case 'last':
      return count - 1;
    case 'next':
      return current < 0 || current >= count - 1 ? 0 : current + 1;
    case 'previous':
      return current <= 0 ? count - 1 : current - 1;
  }
}

/** The one line the popup shows above (or instead of) the options. */
export function searchStatusText(state: NaicsSearchState): string | null {
  switch (state.status) {
    case 'idle':
      return null;
    case 'loading':
      return 'Searching…';
    case 'empty':
      return `No NAICS industry matches "${state.term}"`;
    case 'error':
      return state.errorMessage ?? SEARCH_FAILED_MESSAGE;
    case 'success':
      return `${state.results.length} ${state.results.length === 1 ? 'industry' : 'industries'}`;
  }
}
