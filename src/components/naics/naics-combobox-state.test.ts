import { describe, expect, it } from 'vitest';
import type { NaicsSearchResult } from '../../core/naics';
import {
  IDLE_SEARCH_STATE,
  NaicsSearchFailedError,
  createNaicsSearchController,
  moveActiveIndex,
  popupHasContent,
  searchStatusText,
  type NaicsSearchState,
  type Timers,
} from './naics-combobox-state';
import { fetchNaicsSuggestions, naicsSearchUrl } from './naics-search-client';

/** Timers advanced by hand. */
function manualTimers() {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: Timers = {
    setTimeout(callback, ms) {
      const id = nextId++;
      pending.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  return {
    timers,
    pendingCount: () => pending.size,
    advance(ms: number) {
      now += ms;
      for (const [id, entry] of [...pending]) {
        if (entry.at <= now) {
          pending.delete(id);
          entry.callback();
        }
      }
    },
  };
}

interface Call {
  term: string;
  signal: AbortSignal;
  resolve(results: NaicsSearchResult[]): void;
  reject(error: unknown): void;
}

function harness(options: { minChars?: number; debounceMs?: number } = {}) {
  const clock = manualTimers();
  const calls: Call[] = [];
  const states: NaicsSearchState[] = [];
  const controller = createNaicsSearchController({
    ...options,
    timers: clock.timers,
    onChange: (s) => states.push(s),
    search: (term, signal) =>
      new Promise<NaicsSearchResult[]>((resolve, reject) => {
        calls.push({ term, signal, resolve, reject });
      }),
  });
  return { clock, calls, states, controller };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const coffee = [{ code: '311920', name: 'Coffee and Tea Manufacturing' }];
const tea = [{ code: '424490', name: 'Other Grocery and Related Products Merchant Wholesalers' }];

function abortError(): Error {
  const error = new Error('aborted');
  error.name = 'AbortError';
  return error;
}

describe('the NAICS search state machine', () => {
  it('starts idle and does nothing below minChars (2)', () => {
    const { controller, calls, clock } = harness();
    expect(controller.getState()).toBe(IDLE_SEARCH_STATE);
    controller.setTerm('c');
    controller.setTerm('  c ');
    clock.advance(1000);
    expect(calls).toHaveLength(0);
    expect(controller.getState().status).toBe('idle');
  });

  it('debounces 300 ms: loading at once, one request with the last term, then success', async () => {
    const { controller, calls, clock } = harness();
    controller.setTerm('co');
    expect(controller.getState().status).toBe('loading');
    clock.advance(200);
    controller.setTerm('cof');
    clock.advance(299);
    expect(calls).toHaveLength(0);
    clock.advance(1);
    expect(calls.map((c) => c.term)).toEqual(['cof']);
    calls[0]?.resolve(coffee);
    await flush();
    expect(controller.getState()).toEqual({ status: 'success', term: 'cof', results: coffee, errorMessage: null });
  });

  it('answers empty for no rows and error (with the route message) for a failure', async () => {
    const { controller, calls, clock } = harness();
    controller.setTerm('zzzz');
    clock.advance(300);
    calls[0]?.resolve([]);
    await flush();
    expect(controller.getState().status).toBe('empty');
    expect(searchStatusText(controller.getState())).toBe('No NAICS industry matches "zzzz"');
    controller.setTerm('zzzzz');
    clock.advance(300);
    calls[1]?.reject(new NaicsSearchFailedError('Search temporarily unavailable'));
    await flush();
    expect(controller.getState()).toMatchObject({ status: 'error', errorMessage: 'Search temporarily unavailable', results: [] });
    controller.setTerm('zzzzzz');
    clock.advance(300);
    calls[2]?.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(controller.getState()).toMatchObject({ status: 'error', errorMessage: 'Search temporarily unavailable' });
  });

  it('keeps the prior results while the next search is loading', async () => {
    const { controller, calls, clock } = harness();
    controller.setTerm('coffee');
    clock.advance(300);
    calls[0]?.resolve(coffee);
    await flush();
    controller.setTerm('coffee t');
    expect(controller.getState()).toMatchObject({ status: 'loading', term: 'coffee t', results: coffee });
  });

  it('drops a stale answer (monotonic token), aborts the superseded request and ignores its AbortError', async () => {
    const { controller, calls, clock, states } = harness();
    controller.setTerm('coffee');
    clock.advance(300);
    const first = calls[0];
    controller.setTerm('tea');
    expect(first?.signal.aborted).toBe(true);
    clock.advance(300);
    const second = calls[1];
    // The first (aborted) request settles late, both ways: neither changes the state.
    first?.resolve(coffee);
    first?.reject(abortError());
    await flush();
    expect(controller.getState()).toMatchObject({ status: 'loading', term: 'tea' });
    second?.resolve(tea);
    await flush();
    expect(controller.getState()).toMatchObject({ status: 'success', term: 'tea', results: tea });
    expect(states.some((s) => s.status === 'error')).toBe(false);
    expect(states.filter((s) => s.status === 'success').map((s) => s.term)).toEqual(['tea']);
  });

  it('drops a stale answer even when the search function ignores the abort signal', async () => {
    const { controller, calls, clock } = harness();
    controller.setTerm('coffee');
    clock.advance(300);
    controller.setTerm('tea');
    clock.advance(300);
    calls[1]?.resolve(tea);
    await flush();
    calls[0]?.resolve(coffee);
    await flush();
    expect(controller.getState()).toMatchObject({ term: 'tea', results: tea });
  });

  it('an AbortError on the current request is ignored too (no error state)', async () => {
    const { controller, calls, clock } = harness();
    controller.setTerm('coffee');
    clock.advance(300);
    calls[0]?.reject(abortError());
    await flush();
    expect(controller.getState().status).toBe('loading');
  });

  it('going below minChars cancels the pending timer and the in-flight request, and resets to idle at once', async () => {
    const { controller, calls, clock } = harness();
    controller.setTerm('coffee');
    clock.advance(300);
    controller.setTerm('cof');
    expect(clock.pendingCount()).toBe(1);
    controller.setTerm('c');
    expect(clock.pendingCount()).toBe(0);
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(controller.getState()).toBe(IDLE_SEARCH_STATE);
    calls[0]?.resolve(coffee);
    await flush();
    clock.advance(1000);
    expect(calls).toHaveLength(1);
    expect(controller.getState()).toBe(IDLE_SEARCH_STATE);
  });

  it('reset and dispose cancel everything; a later answer is dropped', async () => {
    const { controller, calls, clock } = harness();
    controller.setTerm('coffee');
    clock.advance(300);
    controller.reset();
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(controller.getState().status).toBe('idle');
    controller.setTerm('tea');
    controller.dispose();
    clock.advance(1000);
    expect(calls).toHaveLength(1);
    calls[0]?.resolve(coffee);
    await flush();
    expect(controller.getState().status).not.toBe('success');
  });

  it('honours other minChars and debounce values', () => {
    const { controller, calls, clock } = harness({ minChars: 3, debounceMs: 50 });
    controller.setTerm('co');
    expect(controller.getState().status).toBe('idle');
    controller.setTerm('cof');
    clock.advance(50);
    expect(calls.map((c) => c.term)).toEqual(['cof']);
  });
});

describe('popup and keyboard helpers', () => {
  it('opens the popup only with content', () => {
    expect(popupHasContent(IDLE_SEARCH_STATE)).toBe(false);
    expect(popupHasContent(IDLE_SEARCH_STATE, 'Type two letters')).toBe(true);
    expect(popupHasContent({ ...IDLE_SEARCH_STATE, status: 'loading' })).toBe(true);
    expect(popupHasContent({ ...IDLE_SEARCH_STATE, status: 'empty' })).toBe(true);
  });

  it('moves the active option with wrap-around', () => {
    expect(moveActiveIndex(-1, 3, 'next')).toBe(0);
    expect(moveActiveIndex(2, 3, 'next')).toBe(0);
    expect(moveActiveIndex(-1, 3, 'previous')).toBe(2);
    expect(moveActiveIndex(0, 3, 'previous')).toBe(2);
    expect(moveActiveIndex(1, 3, 'first')).toBe(0);
    expect(moveActiveIndex(1, 3, 'last')).toBe(2);
    expect(moveActiveIndex(0, 0, 'next')).toBe(-1);
  });
});

describe('the typeahead request', () => {
  it('sends the term, no caching and the abort signal; validates the answer', async () => {
    const seen: { url: string; init: RequestInit | undefined }[] = [];
    const fetchImpl = (async (url: string, init?: RequestInit) => {
      seen.push({ url, init });
      return new Response(JSON.stringify(coffee), { status: 200 });
    }) as typeof fetch;
    const abort = new AbortController();
    expect(await fetchNaicsSuggestions('coffee & tea', abort.signal, fetchImpl)).toEqual(coffee);
    expect(seen[0]?.url).toBe(naicsSearchUrl('coffee & tea'));
    expect(seen[0]?.url).toBe('/api/naics/search?term=coffee+%26+tea');
    expect(seen[0]?.init?.cache).toBe('no-store');
    expect(seen[0]?.init?.signal).toBe(abort.signal);
  });

  it('turns a 500 into a NaicsSearchFailedError with the route message, and a malformed body into the generic one', async () => {
    const failing = (async () => new Response(JSON.stringify({ error: 'Search temporarily unavailable' }), { status: 500 })) as typeof fetch;
    await expect(fetchNaicsSuggestions('coffee', new AbortController().signal, failing)).rejects.toThrow(NaicsSearchFailedError);
    const malformed = (async () => new Response(JSON.stringify([{ code: 1 }]), { status: 200 })) as typeof fetch;
    await expect(fetchNaicsSuggestions('coffee', new AbortController().signal, malformed)).rejects.toThrow('Search temporarily unavailable');
  });
});
