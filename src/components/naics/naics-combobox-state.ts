/**
 * The NAICS combobox's search state machine, free of React so it is unit-tested directly
 * (spec "Interface behaviour of the combobox"):
 * - states idle / loading / success / empty / error;
 * - below minChars (2) any pending or in-flight request is cancelled and the state resets to idle at once;
 * - a term at or above minChars is searched after debounceMs (300) of quiet;
 * - every term change bumps a monotonic token and aborts the previous request: a stale answer is dropped,
 *   an AbortError is ignored, and the prior results stay visible while the next search is loading.
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

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export interface NaicsSearchControllerOptions {
  readonly search: NaicsSearchFunction;
  readonly onChange: (state: NaicsSearchState) => void;
  readonly minChars?: number;
  readonly debounceMs?: number;
  readonly timers?: Timers;
}

export interface NaicsSearchController {
  getState(): NaicsSearchState;
  /** The input's new value (trimmed here). */
  setTerm(value: string): void;
  /** Cancels everything and returns to idle (the clear button, the control collapsing). */
  reset(): void;
  /** Cancels everything; later answers are dropped. */
  dispose(): void;
}

export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && (error as { name: unknown }).name === 'AbortError';
}

export function createNaicsSearchController(options: NaicsSearchControllerOptions): NaicsSearchController {
  const minChars = options.minChars ?? NAICS_COMBOBOX_MIN_CHARS;
  const debounceMs = options.debounceMs ?? NAICS_COMBOBOX_DEBOUNCE_MS;
  const timers = options.timers ?? globalTimers;
  let state: NaicsSearchState = IDLE_SEARCH_STATE;
  /** Monotonic: every term change, reset and dispose bumps it; an answer for an older token is stale. */
  let token = 0;
  let pendingTimer: unknown;
  let inFlight: AbortController | undefined;

  function set(next: NaicsSearchState): void {
    state = next;
    options.onChange(state);
  }

  function cancel(): void {
    if (pendingTimer !== undefined) {
      timers.clearTimeout(pendingTimer);
      pendingTimer = undefined;
    }
    inFlight?.abort();
    inFlight = undefined;
  }

  async function run(term: string, mine: number): Promise<void> {
    pendingTimer = undefined;
    const abort = new AbortController();
    inFlight = abort;
    try {
      const results = await options.search(term, abort.signal);
      if (mine !== token) return;
      inFlight = undefined;
      set({ status: results.length > 0 ? 'success' : 'empty', term, results, errorMessage: null });
    } catch (error) {
      if (isAbortError(error) || mine !== token) return;
      inFlight = undefined;
      set({
        status: 'error',
        term,
        results: [],
        errorMessage: error instanceof NaicsSearchFailedError ? error.message : SEARCH_FAILED_MESSAGE,
      });
    }
  }

  return {
    getState: () => state,
    setTerm(value) {
      const term = value.trim();
      if (term === state.term && state.status !== 'idle' && state.status !== 'error') return;
      token += 1;
      cancel();
      if (term.length < minChars) {
        if (state !== IDLE_SEARCH_STATE) set(IDLE_SEARCH_STATE);
        return;
      }
      const mine = token;
      // Prior results stay while the next search loads.
      set({ status: 'loading', term, results: state.results, errorMessage: null });
      pendingTimer = timers.setTimeout(() => void run(term, mine), debounceMs);
    },
    reset() {
      token += 1;
      cancel();
      if (state !== IDLE_SEARCH_STATE) set(IDLE_SEARCH_STATE);
    },
    dispose() {
      token += 1;
      cancel();
    },
  };
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
