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
  { href: '/changes', label: 'Changes' },
];

/** The navigation with the account's unread registry changes on the Changes item (issue 23). */
function navItems(unreadChanges: number): readonly NavItem[] {
  return MAIN_NAV.map((item) => (item.href === '/changes' ? { ...item, unread: unreadChanges } : item));
}

/**
 * The header: the dark search-mode header while in search mode (never with `commandKSearch` on), else the
 * normal header: product name, main navigation (Changes with the account's unread count), the overlay's search button (flag on), who is signed in
 * and sign-out; on narrow screens the navigation and the account collapse into one menu.
 */
export function AppHeader({ userEmail, unreadChanges }: { userEmail: string; unreadChanges: number }) {
  const { inSearchMode, commandKSearch } = useSearchMode();
  const overlay = useCommandKOverlay();
  if (inSearchMode && !commandKSearch) return <SearchModeHeader />;
  const items = navItems(unreadChanges);
  return (
    <header className="app-header">
      <Link href="/dashboard" className="brand">
        Organisation Search
      </Link>
      <div className="app-header-wide">
        <MainNav items={items} />
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
          <HeaderMenu items={items} userEmail={userEmail} />
        </div>
      </div>
    </header>
  );
}
