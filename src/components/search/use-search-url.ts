'use client';
/**
 * `q` and `country` in the address bar (spec: "URL parameters"): written when a search runs, as a new
 * history entry so Back returns to the previous search; removed when the search is cleared; and on Back
 * or Forward (popstate) the entry's values are handed back to the form, which does not run them.
 */
import { useEffect } from 'react';
import { searchValuesOf, urlWithoutSearch, urlWithSearch, type SearchUrlValues } from './search-url';

/** Pushes `q` and `country` unless the URL already holds exactly these. */
export function pushSearchToUrl(values: SearchUrlValues): void {
  const next = urlWithSearch(window.location.href, values);
  if (next !== `${window.location.pathname}${window.location.search}${window.location.hash}`) window.history.pushState(null, '', next);
}

/** Removes `q` and `country` from the current history entry. */
export function clearSearchFromUrl(): void {
  const next = urlWithoutSearch(window.location.href);
  if (next !== `${window.location.pathname}${window.location.search}${window.location.hash}`) window.history.replaceState(null, '', next);
}

/** Calls `onRestore` with the values of the history entry Back or Forward arrived at. */
export function useSearchUrlRestore(onRestore: (values: { query: string; country: string | null }) => void): void {
  useEffect(() => {
    const listener = () => onRestore(searchValuesOf(window.location.search));
    window.addEventListener('popstate', listener);
    return () => window.removeEventListener('popstate', listener);
  }, [onRestore]);
}
