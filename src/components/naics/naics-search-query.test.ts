import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { NaicsSearchResult } from '../../core/naics';
import { IDLE_SEARCH_STATE, NaicsSearchFailedError, searchStatusText, type NaicsSearchFunction, type NaicsSearchState } from './naics-combobox-state';
import {
  INITIAL_SEARCH_INPUT,
  debounceDue,
  naicsSearchQuery,
  naicsSearchRequest,
  naicsSearchState,
  nextSearchInput,
  resetSearchInput,
} from './naics-search-query';

interface Call {
  term: string;
  signal: AbortSignal;
  resolve(results: NaicsSearchResult[]): void;
  reject(error: unknown): void;
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/**
 * The typeahead as use-naics-search.ts composes it, without React: the same pure steps, a QueryObserver over
 * the same query options (what `useQuery` mounts) on a real QueryClient, and the debounce timer's firing
 * done by hand (`quiet()`, allowed only when the hook would have a timer due).
 */
function harness(options: { minChars?: number } = {}) {
  const minChars = options.minChars ?? 2;
  const client = new QueryClient();
  const calls: Call[] = [];
  const search: NaicsSearchFunction = (term, signal) =>
    new Promise<NaicsSearchResult[]>((resolve, reject) => {
      calls.push({ term, signal, resolve, reject });
    });
  let input = INITIAL_SEARCH_INPUT;
  let quietInput = INITIAL_SEARCH_INPUT;
  const request = () => naicsSearchRequest(input, quietInput, minChars);
  const observer = new QueryObserver(client, naicsSearchQuery(request(), search));
  const state = (): NaicsSearchState => naicsSearchState(input, request(), minChars, observer.getCurrentResult());
  const states: NaicsSearchState[] = [];
  let unsubscribe = observer.subscribe(() => states.push(state()));
  const sync = () => observer.setOptions(naicsSearchQuery(request(), search));
  cleanups.push(() => {
    unsubscribe();
    client.clear();
  });
  return {
    calls,
    states,
    state,
    setTerm(value: string) {
      input = nextSearchInput(input, value, minChars);
      sync();
    },
    /** A debounce timer is pending (the hook's effect would have one scheduled). */
    timerDue: () => debounceDue(input, quietInput, minChars),
    /** The debounce timer fires. */
    quiet() {
      if (!debounceDue(input, quietInput, minChars)) return;
      quietInput = input;
      sync();
    },
    reset() {
      input = resetSearchInput(input);
      sync();
    },
    /** The combobox unmounts. */
    dispose() {
      unsubscribe();
      unsubscribe = () => undefined;
    },
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const coffee = [{ code: '311920', name: 'Coffee and Tea Manufacturing' }];
const tea = [{ code: '424490', name: 'Other Grocery and Related Products Merchant Wholesalers' }];

function abortError(): Error {
  const error = new Error('aborted');
  error.name = 'AbortError';
  return error;
}

describe('the NAICS search (TanStack Query)', () => {
  it('starts idle and does nothing below minChars (2)', () => {
    const search = harness();
    expect(search.state()).toBe(IDLE_SEARCH_STATE);
    search.setTerm('c');
    search.setTerm('  c ');
    expect(search.timerDue()).toBe(false);
    search.quiet();
    expect(search.calls).toHaveLength(0);
    expect(search.state().status).toBe('idle');
  });

  it('debounces: loading at once, one request with the last term once quiet, then success', async () => {
    const search = harness();
    search.setTerm('co');
    expect(search.state().status).toBe('loading');
    search.setTerm('cof');
    expect(search.calls).toHaveLength(0);
    search.quiet();
    expect(search.calls.map((c) => c.term)).toEqual(['cof']);
    search.calls[0]?.resolve(coffee);
    await flush();
    expect(search.state()).toEqual({ status: 'success', term: 'cof', results: coffee, errorMessage: null });
  });

  it('answers empty for no rows and error (with the route message) for a failure', async () => {
    const search = harness();
    search.setTerm('zzzz');
    search.quiet();
    search.calls[0]?.resolve([]);
    await flush();
    expect(search.state().status).toBe('empty');
    expect(searchStatusText(search.state())).toBe('No NAICS industry matches "zzzz"');
    search.setTerm('zzzzz');
    search.quiet();
    search.calls[1]?.reject(new NaicsSearchFailedError('Search temporarily unavailable'));
    await flush();
    expect(search.state()).toMatchObject({ status: 'error', errorMessage: 'Search temporarily unavailable', results: [] });
    search.setTerm('zzzzzz');
    search.quiet();
    search.calls[2]?.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(search.state()).toMatchObject({ status: 'error', errorMessage: 'Search temporarily unavailable' });
  });

  it('keeps the prior results while the next search is loading', async () => {
    const search = harness();
    search.setTerm('coffee');
    search.quiet();
    search.calls[0]?.resolve(coffee);
    await flush();
    search.setTerm('coffee t');
    expect(search.state()).toMatchObject({ status: 'loading', term: 'coffee t', results: coffee });
    // And while its request is in flight.
    search.quiet();
    expect(search.state()).toMatchObject({ status: 'loading', term: 'coffee t', results: coffee });
  });

  it('drops a stale answer, aborts the superseded request and ignores its AbortError', async () => {
    const search = harness();
    search.setTerm('coffee');
    search.quiet();
    const first = search.calls[0];
    search.setTerm('tea');
    expect(first?.signal.aborted).toBe(true);
    search.quiet();
    const second = search.calls[1];
    // The first (aborted) request settles late, both ways: neither changes the state.
    first?.resolve(coffee);
    first?.reject(abortError());
    await flush();
    expect(search.state()).toMatchObject({ status: 'loading', term: 'tea' });
    second?.resolve(tea);
    await flush();
    expect(search.state()).toMatchObject({ status: 'success', term: 'tea', results: tea });
    expect(search.states.some((s) => s.status === 'error')).toBe(false);
    expect(search.states.filter((s) => s.status === 'success').map((s) => s.term)).toEqual(['tea']);
  });

  it('drops a stale answer even when the search function ignores the abort signal', async () => {
    const search = harness();
    search.setTerm('coffee');
    search.quiet();
    search.setTerm('tea');
    search.quiet();
    search.calls[1]?.resolve(tea);
    await flush();
    search.calls[0]?.resolve(coffee);
    await flush();
    expect(search.state()).toMatchObject({ term: 'tea', results: tea });
  });

  it('an AbortError on the current request is ignored too (no error state)', async () => {
    const search = harness();
    search.setTerm('coffee');
    search.quiet();
    search.calls[0]?.reject(abortError());
    await flush();
    expect(search.state().status).toBe('loading');
  });

  it('going below minChars cancels the pending timer and the in-flight request, and resets to idle at once', async () => {
    const search = harness();
    search.setTerm('coffee');
    search.quiet();
    search.setTerm('cof');
    expect(search.timerDue()).toBe(true);
    search.setTerm('c');
    expect(search.timerDue()).toBe(false);
    expect(search.calls[0]?.signal.aborted).toBe(true);
    expect(search.state()).toBe(IDLE_SEARCH_STATE);
    search.calls[0]?.resolve(coffee);
    await flush();
    search.quiet();
    expect(search.calls).toHaveLength(1);
    expect(search.state()).toBe(IDLE_SEARCH_STATE);
  });

  it('reset and dispose cancel everything; a later answer is dropped', async () => {
    const search = harness();
    search.setTerm('coffee');
    search.quiet();
    search.reset();
    expect(search.calls[0]?.signal.aborted).toBe(true);
    expect(search.state().status).toBe('idle');
    search.setTerm('tea');
    search.dispose();
    expect(search.calls).toHaveLength(1);
    search.calls[0]?.resolve(coffee);
    await flush();
    expect(search.state().status).not.toBe('success');
  });

  it('honours another minChars', () => {
    const search = harness({ minChars: 3 });
    search.setTerm('co');
    expect(search.state().status).toBe('idle');
    search.setTerm('cof');
    search.quiet();
    expect(search.calls.map((c) => c.term)).toEqual(['cof']);
  });

  it('does not show the results of an earlier session while the next loads', async () => {
    const search = harness();
    search.setTerm('coffee');
    search.quiet();
    search.calls[0]?.resolve(coffee);
    await flush();
    search.setTerm('c');
    search.setTerm('tea');
    expect(search.state()).toMatchObject({ status: 'loading', term: 'tea', results: [] });
  });
});
