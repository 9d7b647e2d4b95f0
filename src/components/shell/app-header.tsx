'use client';
import Link from 'next/link';
import { Button } from 'react-aria-components';
import { useSearchMode } from '../search-mode/search-mode-provider';
import { useCommandKOverlay } from './command-k-overlay';
import { HeaderMenu } from './header-menu';
import { MainNav, type NavItem } from './main-nav';
import { SearchModeHeader } from './search-mode-header';
import { SearchIcon } from './shell-icons';
import { SignOutButton } from './sign-out-button';

export const MAIN_NAV: readonly NavItem[] = [
  { href: '/dashboard', label: 'Dashboard' },
  { href: '/engage', label: 'Engage' },
  { href: '/identify', label: 'Identify' },
  { href: '/match', label: 'Match' },
  { href: '/decisions', label: 'Decisions' },
];

/**
 * The header: the dark search-mode header while in search mode (never with `commandKSearch` on), else the
 * normal header: product name, main navigation, the overlay's search button (flag on), who is signed in
 * and sign-out; on narrow screens the navigation and the account collapse into one menu.
 */
export function AppHeader({ userEmail }: { userEmail: string }) {
  const { inSearchMode, commandKSearch } = useSearchMode();
  const overlay = useCommandKOverlay();
  if (inSearchMode && !commandKSearch) return <SearchModeHeader />;
  return (
    <header className="app-header">
      <Link href="/dashboard" className="brand">
        Organisation Search
      </Link>
      <div className="app-header-wide">
        <MainNav items={MAIN_NAV} />
      </div>
      <div className="app-header-end">
        {overlay.enabled ? (
          <Button className="button button-quiet header-search-button" onPress={overlay.open} aria-keyshortcuts="Control+K Meta+K">
            <SearchIcon />
            <span className="header-button-label">Search</span>
            <kbd className="header-search-shortcut" aria-hidden="true">
              Ctrl K
            </kbd>
          </Button>
        ) : null}
        <div className="app-header-user app-header-wide">
          <span className="user-email">{userEmail}</span>
          <SignOutButton />
        </div>
        <div className="app-header-narrow">
          <HeaderMenu items={MAIN_NAV} userEmail={userEmail} />
        </div>
      </div>
    </header>
  );
}
