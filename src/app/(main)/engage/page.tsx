import type { Metadata } from 'next';
import { getContainer } from '../../../composition-root';
import { OrganisationSearch } from '../../../components/search/organisation-search';
import { searchPageProps } from '../../../components/search/search-page-props';
import { requireSession } from '../require-session';

export const metadata: Metadata = { title: 'Engage' };

/** The engage page: the organisation search wrapped for engagement work. */
export default async function EngagePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requireSession();
  const container = await getContainer();
  const [hybridSearch, devMode] = await Promise.all([
    container.flags.isEnabled('hybridSearch', session.accountId),
    container.flags.isEnabled('devMode', session.accountId),
  ]);
  const params = await searchParams;
  return (
    <div className="page page-engage">
      <h1>Engage</h1>
      <p className="page-lede">Find the organisation you want to engage with.</p>
      <section className="engage-search" aria-label="Find an organisation">
        <OrganisationSearch {...searchPageProps(params)} variant="engage" hybridSearch={hybridSearch} devMode={devMode} />
      </section>
    </div>
  );
}
