import type { Metadata } from 'next';
import { OrganisationSearch } from '../../../components/search/organisation-search';
import { searchPageProps } from '../../../components/search/search-page-props';
import { EngageStickySearch } from '../../../components/shell/engage-sticky-search';
import { SearchModeHidden } from '../../../components/shell/search-mode-hidden';
import { requireSession } from '../require-session';
import { searchSurfaceFlags } from '../search-surface-flags';

export const metadata: Metadata = { title: 'Engage' };

const ENGAGE_SEARCH_ID = 'engage-search';

/**
 * The engage page: the organisation search wrapped for engagement work, and its narrow variant in the
 * engage sticky header once the page has scrolled past the search form.
 */
export default async function EngagePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requireSession();
  const { hybridSearch, devMode } = await searchSurfaceFlags(session.accountId);
  const search = { ...searchPageProps(await searchParams), hybridSearch, devMode };
  return (
    <div className="page page-engage">
      <SearchModeHidden>
        <h1>Engage</h1>
        <p className="page-lede">Find the organisation you want to engage with.</p>
      </SearchModeHidden>
      <section id={ENGAGE_SEARCH_ID} className="engage-search" aria-label="Find an organisation">
        <OrganisationSearch {...search} variant="engage" />
      </section>
      <EngageStickySearch watchId={ENGAGE_SEARCH_ID} search={search} />
    </div>
  );
}
