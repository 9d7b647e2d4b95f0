import type { Metadata } from 'next';
import { getContainer } from '../../../composition-root';
import { DecisionList, DECISIONS_HEADING_ID } from '../../../components/decisions/decision-list';
import '../../../components/decisions/decisions.css';
import { requireSession } from '../require-session';

export const metadata: Metadata = { title: 'Your decisions' };
export const dynamic = 'force-dynamic';

/**
 * Decisions remembered (issue 20, section 6): the account's answers to "is this the organisation?" (the confirm
 * header's "No", batch reviews, the API), which later searches, batches and reconciliation follow; each can be undone.
 */
export default async function DecisionsPage() {
  const session = await requireSession();
  const container = await getContainer();
  const decisions = await container.decisions.list(session.accountId);
  return (
    <div className="page page-decisions">
      <h1 id={DECISIONS_HEADING_ID} tabIndex={-1}>
        Your decisions
      </h1>
      <p className="page-lede">
        Searches, batches and reconciliation of the same text in the same country follow these answers: an organisation you confirmed comes first as the match,
        one you refused is never a match. Undo one to search as before.
      </p>
      <DecisionList decisions={decisions} />
    </div>
  );
}
