import type { Metadata } from 'next';
import { getContainer } from '../../../composition-root';
import { OrganisationSearch } from '../../../components/search/organisation-search';
import { searchPageProps } from '../../../components/search/search-page-props';
import { requireSession } from '../require-session';

export const metadata: Metadata = { title: 'Dashboard' };

/**
 * The dashboard's search slot: no server-side search; `q` and `country` from the URL are initial values.
 * With `commandKSearch` on, a global overlay owns search and the slot renders nothing.
 */
export default async function DashboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requireSession();
  const container = await getContainer();
  const [commandK, hybridSearch, devMode] = await Promise.all([
    container.flags.isEnabled('commandKSearch', session.accountId),
    container.flags.isEnabled('hybridSearch', session.accountId),
    container.flags.isEnabled('devMode', session.accountId),
  ]);
  const params = await searchParams;
  return (
    <div className="page page-dashboard">
      <h1>Dashboard</h1>
      {commandK ? null : <OrganisationSearch {...searchPageProps(params)} variant="dashboard" hybridSearch={hybridSearch} devMode={devMode} />}
    </div>
  );
}
