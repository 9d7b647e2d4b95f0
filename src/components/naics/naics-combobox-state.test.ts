import { describe, expect, it } from 'vitest';
import { IDLE_SEARCH_STATE, NaicsSearchFailedError, moveActiveIndex, popupHasContent } from './naics-combobox-state';
import { fetchNaicsSuggestions, naicsSearchUrl } from './naics-search-client';

const coffee = [{ code: '311920', name: 'Coffee and Tea Manufacturing' }];

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
