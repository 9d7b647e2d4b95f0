import type { Metadata } from 'next';
import { listIdentifyOrganisationsForAccount } from '../../../adapters/db/queries/identify-organisations';
import { getContainer } from '../../../composition-root';
import { IdentifyWorkspace } from '../../../components/identify/identify-workspace';
import '../../../components/organisation/organisation-surfaces.css';
import { requireSession } from '../require-session';

export const metadata: Metadata = { title: 'Identify' };
export const dynamic = 'force-dynamic';

/**
 * The account's organisations in a table; a row opens the identify sidebar. After an add in the sidebar
 * only the sidebar's store is patched: this table stays as rendered until the next navigation (spec).
 */
export default async function IdentifyPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requireSession();
  const container = await getContainer();
  const [rows, flagEnabled, params] = await Promise.all([
    listIdentifyOrganisationsForAccount(container.database.db, { accountId: session.accountId }),
    container.flags.isEnabled('manualNaicsClassification', session.accountId),
    searchParams,
  ]);
  const selected = typeof params.organisation === 'string' ? params.organisation : null;
  return (
    <div className="page page-identify">
      <h1>Identify</h1>
      <p className="page-lede">The organisations in your account&apos;s list. Open one to see and complete its classification.</p>
      <IdentifyWorkspace rows={rows} flagEnabled={flagEnabled} initialOrganisationId={selected} />
    </div>
  );
}
