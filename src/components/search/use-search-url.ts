'use client';
/**
 * `q` and `country` in the address bar (spec: "URL parameters"): written when a search runs, as a new
 * history entry so Back returns to the previous search; removed when the search is cleared; and on Back
 * or Forward (popstate) the entry's values are handed back to the form, which does not run them.
 *
 * Every entry a search ran in carries a search entry id in `history.state` (search-entry-snapshots.ts): the
 * surface keeps what it showed under it, and shows it again when Back or Forward returns to the entry.
 */
import { useEffect } from 'react';
import { newSearchEntryId, searchEntryOf, withSearchEntry } from './search-entry-snapshots';
import { searchValuesOf, urlWithoutSearch, urlWithSearch, type SearchUrlValues } from './search-url';

const currentPath = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/**
 * Pushes `q` and `country` unless the URL already holds exactly these; answers the search entry id of the entry the
 * search now runs in (a new entry gets a new id; the current one keeps its id, or gets one).
 */
export function pushSearchToUrl(values: SearchUrlValues): string {
  const next = urlWithSearch(window.location.href, values);
  if (next !== currentPath()) {
    const id = newSearchEntryId();
    window.history.pushState(withSearchEntry(null, id), '', next);
    return id;
  }
  const known = searchEntryOf(window.history.state);
  if (known !== null) return known;
  const id = newSearchEntryId();
  window.history.replaceState(withSearchEntry(window.history.state, id), '', next);
  return id;
}

/** The search entry id of the current history entry, if a search ran in it. */
export function currentSearchEntry(): string | null {
  return searchEntryOf(window.history.state);
}

/** Removes `q` and `country` from the current history entry. */
export function clearSearchFromUrl(): void {
  const next = urlWithoutSearch(window.location.href);
  // The entry no longer holds a search: its id goes too (Next.js keeps its own state through its patched replaceState).
  if (next !== currentPath()) window.history.replaceState(null, '', next);
}

/** Calls `onRestore` with the values and the search entry id of the history entry Back or Forward arrived at. */
export function useSearchUrlRestore(onRestore: (values: { query: string; country: string | null; entry: string | null }) => void): void {
  useEffect(() => {
    const listener = (event: PopStateEvent) => onRestore({ ...searchValuesOf(window.location.search), entry: searchEntryOf(event.state) });
    window.addEventListener('popstate', listener);
    return () => window.removeEventListener('popstate', listener);
  }, [onRestore]);
}
