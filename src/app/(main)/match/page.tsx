import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getContainer } from '../../../composition-root';
import { MatchWorkspace } from '../../../components/match/match-workspace';
import '../../../components/match/match.css';
import { requireSession } from '../require-session';

export const metadata: Metadata = { title: 'Match a supplier list' };
export const dynamic = 'force-dynamic';

/**
 * Batch matching (issue 13): upload a supplier CSV, map its columns, watch the batch, review the doubtful rows
 * and act on the result. The batch in view is `?batch=<id>`; the account's recent batches are listed.
 */
export default async function MatchPage() {
  const session = await requireSession();
  const container = await getContainer();
  const recent = await container.matchBatches.read.recent(session.accountId);
  return (
    <div className="page page-match">
      <h1>Match a supplier list</h1>
      <p className="page-lede">Match every supplier of a spend file to an organisation, review the doubtful ones, and add the accepted ones to your list.</p>
      <Suspense fallback={null}>
        <MatchWorkspace recent={recent} />
      </Suspense>
    </div>
  );
}
