'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { isCurrentSection } from './current-section';

export interface NavItem {
  readonly href: string;
  readonly label: string;
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
              <Link href={item.href} aria-current={current ? 'page' : undefined}>
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
