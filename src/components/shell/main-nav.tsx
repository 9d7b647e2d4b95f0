'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { isCurrentSection } from './current-section';

export interface NavItem {
  readonly href: string;
  readonly label: string;
  /** A count shown beside the label (the unread changes), said as "<label>, N unread"; nothing when 0 or absent. */
  readonly unread?: number;
}

/** An item's accessible name: its label, with the unread count in words ("Changes, 3 unread"). */
export function navItemName(item: NavItem): string {
  const unread = item.unread ?? 0;
  return unread > 0 ? `${item.label}, ${unread} unread` : item.label;
}

/** An item's label with its unread count as a visible badge; the item's aria-label (navItemName) says it in words. */
export function NavLabel({ item }: { item: NavItem }) {
  const unread = item.unread ?? 0;
  if (unread <= 0) return <>{item.label}</>;
  return (
    <>
      {/* The space keeps the visible text ("Changes 3") inside the accessible name ("Changes, 3 unread"): WCAG 2.5.3. */}
      {item.label}{' '}
      <span className="nav-count" aria-hidden="true">
        {unread}
      </span>
    </>
  );
}

/** The header's navigation; the current section is marked with aria-current. */
export function MainNav({ items }: { items: readonly NavItem[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Main">
      <ul className="main-nav">
        {items.map((item) => {
          const current = isCurrentSection(pathname, item.href);
          return (
            <li key={item.href}>
              <Link href={item.href} aria-current={current ? 'page' : undefined} aria-label={item.unread ? navItemName(item) : undefined}>
                <NavLabel item={item} />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
