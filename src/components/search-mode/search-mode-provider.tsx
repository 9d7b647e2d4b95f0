'use client';
/**
 * The one search-mode state of the session (search-mode-state.ts), mounted in the main layout above the
 * header and the page slots, so it survives client-side navigation.
 *
 * - `activate()`: the search input was focused, or a launcher arrived with `searchIntent`.
 * - `setHasSearchContent(b)`: the surface reports whether its query is non-empty or a search has run.
 * - `registerCleanup(fn)`: run by `closeSearch()` (cancel the stream, clear the query and results, strip
 *   `searchIntent`/`returnTo`); returns its unregistration.
 * - `closeSearch()`: runs the registered cleanups and resets both flags (the dark header's X and back
 *   arrow, a selection). Browser back/forward never calls it.
 * - `resetOnUnmount()`: what a search surface calls when it unmounts (both flags reset, no cleanups).
 * - `commandKSearch`: the account's flag (evaluated on the server by the layout): the command-K overlay owns
 *   search and the header always stays normal.
 */
import { createContext, useCallback, useContext, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { initialSearchModeState, inSearchMode, searchModeReducer } from './search-mode-state';

export interface SearchMode {
  readonly isSearchActive: boolean;
  readonly hasSearchContent: boolean;
  readonly inSearchMode: boolean;
  readonly commandKSearch: boolean;
  activate(): void;
  setHasSearchContent(hasSearchContent: boolean): void;
  registerCleanup(cleanup: () => void): () => void;
  closeSearch(): void;
  resetOnUnmount(): void;
}

const SearchModeContext = createContext<SearchMode | null>(null);

export function SearchModeProvider({ commandKSearch = false, children }: { commandKSearch?: boolean; children: ReactNode }) {
  const [state, dispatch] = useReducer(searchModeReducer, initialSearchModeState);
  const cleanups = useRef(new Set<() => void>());

  const activate = useCallback(() => dispatch({ type: 'activated' }), []);
  const setHasSearchContent = useCallback((hasSearchContent: boolean) => dispatch({ type: 'contentChanged', hasSearchContent }), []);
  const registerCleanup = useCallback((cleanup: () => void) => {
    cleanups.current.add(cleanup);
    return () => {
      cleanups.current.delete(cleanup);
    };
  }, []);
  const closeSearch = useCallback(() => {
    for (const cleanup of [...cleanups.current]) cleanup();
    dispatch({ type: 'reset' });
  }, []);
  const resetOnUnmount = useCallback(() => dispatch({ type: 'reset' }), []);

  const value = useMemo<SearchMode>(
    () => ({ ...state, inSearchMode: inSearchMode(state), commandKSearch, activate, setHasSearchContent, registerCleanup, closeSearch, resetOnUnmount }),
    [state, commandKSearch, activate, setHasSearchContent, registerCleanup, closeSearch, resetOnUnmount],
  );
  return <SearchModeContext.Provider value={value}>{children}</SearchModeContext.Provider>;
}

/** The session's search-mode state; throws outside the main layout (a bug, not an expected failure). */
export function useSearchMode(): SearchMode {
  const value = useContext(SearchModeContext);
  if (!value) throw new Error('useSearchMode outside SearchModeProvider');
  return value;
}
