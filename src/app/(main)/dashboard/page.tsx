import type { Metadata } from 'next';
import { OrganisationSearch } from '../../../components/search/organisation-search';
import { searchPageProps } from '../../../components/search/search-page-props';
import { SearchModeHidden } from '../../../components/shell/search-mode-hidden';
import { requireSession } from '../require-session';
import { searchSurfaceFlags } from '../search-surface-flags';

export const metadata: Metadata = { title: 'Dashboard' };

/**
 * The dashboard's search slot: no server-side search; `q` and `country` from the URL are initial values.
 * With `commandKSearch` on, a global overlay owns search and the slot renders nothing.
 */
export default async function DashboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requireSession();
  const { hybridSearch, commandKSearch, devMode } = await searchSurfaceFlags(session.accountId);
  const params = await searchParams;
  return (
    <div className="page page-dashboard">
      <SearchModeHidden>
        <h1>Dashboard</h1>
      </SearchModeHidden>
      {commandKSearch ? null : <OrganisationSearch {...searchPageProps(params)} variant="dashboard" hybridSearch={hybridSearch} devMode={devMode} />}
    </div>
  );
}
