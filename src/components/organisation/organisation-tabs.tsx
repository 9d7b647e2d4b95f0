'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';

/** Profile / Analyst / Spotlight / Engage tabs of one organisation; the current one is marked with aria-current. */
export function OrganisationTabs({ organisationId }: { organisationId: string }) {
  const pathname = usePathname();
  const base = `/organisations/${encodeURIComponent(organisationId)}`;
  const tabs = [
    { href: base, label: 'Profile' },
    { href: `${base}/analyst`, label: 'Analyst' },
    { href: `${base}/spotlight`, label: 'Spotlight' },
    { href: `${base}/engage`, label: 'Engage' },
  ];
  return (
    <nav aria-label="Organisation views" className="organisation-tabs">
      {tabs.map((tab) => (
        <Link key={tab.href} href={tab.href} aria-current={pathname === tab.href ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
