import type { Metadata } from 'next';
import { getContainer } from '../../../composition-root';
import { parseIdentifyListQuery, identifyListSearch } from '../../../core/identify-list';
import { IdentifyListControls } from '../../../components/identify/identify-list-controls';
import { IdentifyPager } from '../../../components/identify/identify-pager';
import { IdentifyWorkspace } from '../../../components/identify/identify-workspace';
import '../../../components/organisation/organisation-surfaces.css';
import '../../../components/identify/identify.css';
import { requireSession } from '../require-session';
import { listIdentifyOrganisations } from '../../../server/identify/list-identify-organisations';

export const metadata: Metadata = { title: 'Identify' };
export const dynamic = 'force-dynamic';

/**
 * The account's organisations in a table, sorted, filtered and paged on the server (`sort`, `filter`,
 * `status`, `page` in the URL; bad values fall back to defaults); a row opens the identify sidebar. After an
 * add in the sidebar only the sidebar's store is patched: this table stays as rendered until the next
 * navigation (spec).
 */
export default async function IdentifyPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requireSession();
  const container = await getContainer();
  const params = await searchParams;
  const [list, flagEnabled] = await Promise.all([
    listIdentifyOrganisations(container.database.db, { accountId: session.accountId, query: parseIdentifyListQuery(params) }),
    container.flags.isEnabled('manualNaicsClassification', session.accountId),
  ]);
  const selected = typeof params.organisation === 'string' ? params.organisation : null;
  return (
    <div className="page page-identify">
      <h1>Identify</h1>
      <p className="page-lede">The organisations in your account&apos;s list. Open one to see and complete its classification.</p>
      <IdentifyListControls query={list.query} />
      <IdentifyWorkspace key={identifyListSearch(list.query)} list={list} flagEnabled={flagEnabled} initialOrganisationId={selected} />
      <IdentifyPager list={list} />
    </div>
  );
}
