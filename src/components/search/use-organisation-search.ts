'use client';
/**
 * Search state for a search surface: one reducer holding the merged result list (search-results-state.ts).
 * `run` starts a search run (trimmed-empty queries and a missing country do nothing): the quick lookup and
 * the streamed registry plus agent search (always mode `auto`, with the focus panel's options when given)
 * start together and dispatch into the same reducer, quick rows first; with `external: false` (scope
 * Existing) no stream request is sent at all. A new run, `cancel()` or unmounting aborts the run in flight (one
 * AbortController for both requests); its late answers are dropped twice over: the hook stops dispatching
 * once its signal is aborted, and the reducer ignores actions carrying an older run id. A stream refused for now (429)
 * is asked again by itself after its Retry-After (rate-limit-retry.ts), the channel still running meanwhile.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { StreamItem } from '../../core/candidates';
import { quickSearch } from './quick-search-client';
import { rateLimitRetryDelayMs } from './rate-limit-retry';
import { initialSearchState, resultsOf, searchReducer, type SearchAction, type SearchState } from './search-results-state';
import { streamSearch, type StreamSearchParams } from './search-stream-client';

export interface SearchRunOptions {
  /** False skips the external (registry plus agent) request entirely (focus panel scope Existing). */
  readonly external: boolean;
  readonly abrPreset?: StreamSearchParams['abrPreset'];
  readonly includeSoleTraders?: boolean;
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    const aborted = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', aborted, { once: true });
  });
}

function actionOf(item: StreamItem, runId: number): SearchAction {
  switch (item._type) {
    case 'candidate':
    case 'internal':
      return { type: 'candidates', runId, candidates: [item] };
    case 'identifierPatch':
      return { type: 'identifierPatch', runId, patch: item };
    case 'channel-degraded':
      return { type: 'degraded', runId };
    case 'identifierSuggestions':
      return { type: 'identifierSuggestions', runId, issue: item.typed, suggestions: item.suggestions };
  }
}

export function useOrganisationSearch(options: { onUnauthorized?: () => void } = {}) {
  const [state, dispatch] = useReducer(searchReducer, initialSearchState);
  const controller = useRef<AbortController | null>(null);
  const runCounter = useRef(0);
  const { onUnauthorized } = options;

  /** Aborts the run in flight; its channels still running show as stopped. */
  const cancel = useCallback(() => {
    if (controller.current) dispatch({ type: 'cancelled', runId: runCounter.current });
    controller.current?.abort();
    controller.current = null;
  }, []);

  const run = useCallback(
    async (rawQuery: string, country: string, options: SearchRunOptions = { external: true }): Promise<boolean> => {
      const query = rawQuery.trim();
      if (!query || !country) return false;
      cancel();
      const abort = new AbortController();
      controller.current = abort;
      runCounter.current += 1;
      const runId = runCounter.current;
      const send = (action: SearchAction) => {
        if (!abort.signal.aborted) dispatch(action);
      };
      let signedOut = false;
      const sessionEnded = () => {
        if (signedOut || abort.signal.aborted) return;
        signedOut = true;
        onUnauthorized?.();
      };
      dispatch({ type: 'started', runId, query, country, channels: options.external ? ['quick', 'stream'] : ['quick'] });

      const quick = (async () => {
        try {
          const outcome = await quickSearch({ query, countryIsoAlpha3: country }, { signal: abort.signal });
          if (outcome.ok) {
            send({ type: 'candidates', runId, candidates: outcome.candidates });
            if (outcome.identifierIssue !== null || outcome.identifierSuggestions.length > 0) {
              send({ type: 'identifierSuggestions', runId, issue: outcome.identifierIssue, suggestions: outcome.identifierSuggestions });
            }
            send({ type: 'finished', runId, channel: 'quick' });
          } else {
            send({ type: 'failed', runId, channel: 'quick', message: outcome.message });
            if (outcome.reason === 'unauthorized') sessionEnded();
          }
        } catch {
          send({ type: 'failed', runId, channel: 'quick', message: 'The search failed. Try again.' });
        }
      })();

      const stream = (async () => {
        if (!options.external) return;
        try {
          const params: StreamSearchParams = {
            query,
            countryIsoAlpha3: country,
            mode: 'auto',
            ...(options.abrPreset === undefined ? {} : { abrPreset: options.abrPreset }),
            ...(options.includeSoleTraders === undefined ? {} : { includeSoleTraders: options.includeSoleTraders }),
          };
          for (let retry = 1; ; retry += 1) {
            const outcome = await streamSearch(params, abort.signal, (item) => send(actionOf(item, runId)));
            if (outcome.ok) {
              send({ type: 'finished', runId, channel: 'stream' });
              return;
            }
            // Refused for now (429): the notice counts down and the stream is asked again by itself.
            const wait = outcome.reason === 'rate_limited' ? rateLimitRetryDelayMs(outcome.retryAfterSeconds ?? null, retry) : null;
            if (wait !== null) {
              send({ type: 'streamRetry', runId, retryAt: Date.now() + wait });
              await delay(wait, abort.signal);
              send({ type: 'streamRetry', runId, retryAt: null });
              continue;
            }
            send({ type: 'failed', runId, channel: 'stream', message: outcome.message });
            if (outcome.reason === 'unauthorized') sessionEnded();
            return;
          }
        } catch {
          // Thrown only when aborted (a newer search, cancel() or unmount): report nothing.
          send({ type: 'failed', runId, channel: 'stream', message: 'The registry and web search failed. Try again.' });
        }
      })();

      await Promise.all([quick, stream]);
      if (controller.current === abort) controller.current = null;
      return true;
    },
    [cancel, onUnauthorized],
  );

  useEffect(
    () => () => {
      controller.current?.abort();
      controller.current = null;
    },
    [],
  );

  /** Cancels the run in flight and empties the list. */
  const clear = useCallback(() => {
    cancel();
    dispatch({ type: 'cleared' });
  }, [cancel]);

  /** Cancels the run in flight and shows a kept search again (Back or Forward), without searching. */
  const restore = useCallback(
    (kept: SearchState) => {
      cancel();
      runCounter.current += 1;
      dispatch({ type: 'restored', runId: runCounter.current, state: kept });
    },
    [cancel],
  );

  return { state, results: resultsOf(state), run, cancel, clear, restore };
}
