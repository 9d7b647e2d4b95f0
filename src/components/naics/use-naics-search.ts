'use client';
/**
 * The NAICS typeahead's search: the input, debounced, asked through `useQuery` (naics-search-query.ts holds
 * every rule; this hook holds the state and the one timer). Unmounting cancels the request in flight: the
 * query's abort signal fires when its last reader goes.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { NaicsSearchFunction, NaicsSearchState } from './naics-combobox-state';
import {
  INITIAL_SEARCH_INPUT,
  debounceDue,
  naicsSearchQuery,
  naicsSearchRequest,
  naicsSearchState,
  nextSearchInput,
  resetSearchInput,
} from './naics-search-query';

export interface NaicsSearch {
  readonly state: NaicsSearchState;
  /** The input's new value (trimmed here). */
  setTerm(value: string): void;
  /** Back to idle (the clear button). */
  reset(): void;
}

export function useNaicsSearch({ search, minChars, debounceMs }: { search: NaicsSearchFunction; minChars: number; debounceMs: number }): NaicsSearch {
  const [input, setInput] = useState(INITIAL_SEARCH_INPUT);
  /** The input once it stayed unchanged for debounceMs. */
  const [quiet, setQuiet] = useState(INITIAL_SEARCH_INPUT);

  useEffect(() => {
    if (!debounceDue(input, quiet, minChars)) return;
    const timer = setTimeout(() => setQuiet(input), debounceMs);
    return () => clearTimeout(timer);
  }, [input, quiet, minChars, debounceMs]);

  const request = naicsSearchRequest(input, quiet, minChars);
  const result = useQuery(naicsSearchQuery(request, search));
  const state = naicsSearchState(input, request, minChars, result);
  const { refetch } = result;
  const failed = state.status === 'error';

  const setTerm = useCallback(
    (value: string) => {
      // The same term again after a failure asks again (a typed space is a retry).
      if (failed && value.trim() === input.term) void refetch();
      setInput((previous) => nextSearchInput(previous, value, minChars));
    },
    [failed, input.term, minChars, refetch],
  );
  const reset = useCallback(() => setInput(resetSearchInput), []);
  return { state, setTerm, reset };
}
