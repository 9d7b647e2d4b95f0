'use client';
/**
 * The dark search-mode header (spec "Search-mode state"): shown while in search mode. Its X and back arrow
 * close search without a selection (closeSearch(), searchIntent and returnTo stripped); the back arrow
 * then returns to `returnTo` when the URL carries a safe one.
 */
import { useRouter } from 'next/navigation';
import { RETURN_TO_PARAM, safeReturnTo } from '../search-mode/search-launch';
import { useCloseSearchWithoutSelection } from '../search-mode/use-close-search';
import { BackArrowIcon, CloseIcon } from './shell-icons';

export function SearchModeHeader() {
  const router = useRouter();
  const closeWithoutSelection = useCloseSearchWithoutSelection();

  function back() {
    const returnTo = safeReturnTo(new URLSearchParams(window.location.search).get(RETURN_TO_PARAM));
    closeWithoutSelection();
    if (returnTo) router.push(returnTo);
  }

  return (
    <header className="app-header search-mode-header" data-search-mode="">
      <button type="button" className="icon-button" aria-label="Back" onClick={back}>
        <BackArrowIcon />
      </button>
      <p className="search-mode-title">Search organisations</p>
      <button type="button" className="icon-button" aria-label="Close search" onClick={closeWithoutSelection}>
        <CloseIcon />
      </button>
    </header>
  );
}
