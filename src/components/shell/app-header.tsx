import Link from 'next/link';
import { MainNav, type NavItem } from './main-nav';
import { SignOutButton } from './sign-out-button';

export const MAIN_NAV: readonly NavItem[] = [
  { href: '/dashboard', label: 'Dashboard' },
  { href: '/engage', label: 'Engage' },
  { href: '/identify', label: 'Identify' },
];

/** The normal header: product name, main navigation, who is signed in, sign-out. */
export function AppHeader({ userEmail }: { userEmail: string }) {
  return (
    <header className="app-header">
      <Link href="/dashboard" className="brand">
        Organisation Search
      </Link>
      <MainNav items={MAIN_NAV} />
      <div className="app-header-user">
        <span className="user-email">{userEmail}</span>
        <SignOutButton />
      </div>
    </header>
  );
}
