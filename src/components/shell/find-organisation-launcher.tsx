'use client';
/**
 * The "Find an organisation" launcher of the analyst, spotlight and engage pages (spec "URL parameters"):
 * a link to the search carrying `searchIntent` (so the selection lands on the same kind of page) and
 * `returnTo` (this page, for the back arrow). With `commandKSearch` on, it opens the overlay on this page.
 */
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { SearchIntent } from '../../core/selection';
import { launcherHref } from '../search-mode/search-launch';
import { useSearchMode } from '../search-mode/search-mode-provider';
import { SearchIcon } from './shell-icons';

export function FindOrganisationLauncher({ intent }: { intent: SearchIntent }) {
  const pathname = usePathname();
  const { commandKSearch } = useSearchMode();
  return (
    <Link className="button find-organisation-launcher" href={launcherHref({ intent, from: pathname, commandKSearch })} data-search-intent={intent}>
      <SearchIcon />
      <span>Find an organisation</span>
    </Link>
  );
}
