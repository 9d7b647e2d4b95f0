'use client';
/**
 * Closing search without a selection (the dark header's X and back arrow, the overlay's X and Escape):
 * `closeSearch()`, then `searchIntent` and `returnTo` leave the URL (history entry replaced, q and country
 * kept). A selection closes search through the surface and keeps them until its destination replaces the page.
 */
import { useCallback } from 'react';
import { MAIN_CONTENT_ID } from '../shell/main-content';
import { withoutLauncherParams } from './search-launch';
import { useSearchMode } from './search-mode-provider';

export function useCloseSearchWithoutSelection(): () => void {
  const { closeSearch } = useSearchMode();
  return useCallback(() => {
    closeSearch();
    const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    const stripped = withoutLauncherParams(current);
    // `null` state: Next's router adopts the new URL (passing its own state object back would hide the change
    // from it, and its next commit would restore the parameters).
    if (stripped !== current) window.history.replaceState(null, '', stripped);
    // The control that closed search (the dark header's X, the overlay) goes away: keep the keyboard in the page.
    if (document.activeElement === null || document.activeElement === document.body || document.activeElement.closest('[data-search-mode]')) {
      document.getElementById(MAIN_CONTENT_ID)?.focus();
    }
  }, [closeSearch]);
}
