'use client';
/**
 * Search state for a search surface: one reducer holding the merged result list. `run` starts a search
 * (trimmed-empty queries and a missing country do nothing), aborting any search still in flight; today it
 * runs the quick lookup, and the streamed search will dispatch its batches into the same reducer.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { quickSearch } from './quick-search-client';
import { initialSearchState, resultsOf, searchReducer } from './search-results-state';

export function useOrganisationSearch(options: { onUnauthorized?: () => void } = {}) {
  const [state, dispatch] = useReducer(searchReducer, initialSearchState);
  const controller = useRef<AbortController | null>(null);
  const runCounter = useRef(0);
  const { onUnauthorized } = options;

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
  }, []);

  const run = useCallback(
    async (rawQuery: string, country: string): Promise<boolean> => {
      const query = rawQuery.trim();
      if (!query || !country) return false;
      cancel();
      const abort = new AbortController();
      controller.current = abort;
      runCounter.current += 1;
      const runId = runCounter.current;
      dispatch({ type: 'started', runId, query, country });
      try {
        const outcome = await quickSearch({ query, countryIsoAlpha3: country }, { signal: abort.signal });
        if (abort.signal.aborted) return true;
        if (outcome.ok) {
          dispatch({ type: 'candidates', runId, candidates: outcome.candidates });
          dispatch({ type: 'finished', runId });
        } else {
          dispatch({ type: 'failed', runId, message: outcome.message });
          if (outcome.reason === 'unauthorized') onUnauthorized?.();
        }
      } catch {
        // An aborted search (a newer one started, or cancel()) reports nothing.
        if (!abort.signal.aborted) dispatch({ type: 'failed', runId, message: 'The search failed. Try again.' });
      } finally {
        if (controller.current === abort) controller.current = null;
      }
      return true;
    },
    [cancel, onUnauthorized],
  );

  useEffect(() => cancel, [cancel]);

  return { state, results: resultsOf(state), run, cancel, clear: () => dispatch({ type: 'cleared' }) };
}
