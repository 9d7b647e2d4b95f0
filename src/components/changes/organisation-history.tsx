/**
 * An organisation's History (issue 23, section 2): its registry changes, newest first, each in words with its
 * register and time, "New" while unread; when there are none, whether the organisation is watched (it is re-read
 * every day) or why not (no registry identifier; not on the account's list).
 */
import Link from 'next/link';
import type { AccountChange, HistoryWatch } from '../../core/change-view';
import { ChangeEntry } from './change-entry';

const EMPTY: Readonly<Record<HistoryWatch, string>> = {
  watched: 'No changes yet. This organisation is watched: its register is read again every day, and what it says differently will show here.',
  no_registry_identifier:
    'Not watched: this organisation has no registry identifier (ABN, ACN, Companies House number, OpenCorporates id or LEI) to read its register by.',
  not_on_list: 'Not watched for you: only the organisations on your list are watched. Select it in a search to add it.',
};

export function OrganisationHistory({ organisationId, changes, watch }: { organisationId: string; changes: readonly AccountChange[]; watch: HistoryWatch }) {
  const unread = changes.filter((c) => c.unread).length;
  return (
    <section className="surface-section organisation-history" aria-labelledby="history-heading" data-watch={watch}>
      <h2 id="history-heading">History</h2>
      {changes.length === 0 ? (
        <p className="changes-empty">{EMPTY[watch]}</p>
      ) : (
        <>
          <ol className="changes-list" aria-labelledby="history-heading">
            {changes.map((change) => (
              <li key={change.id} className="changes-item" data-unread={change.unread || undefined}>
                <ChangeEntry change={change} showOrganisation={false} />
              </li>
            ))}
          </ol>
          <p className="history-more">
            <Link href={`/changes?organisation=${organisationId}`}>
              {unread > 0 ? `Mark as read on the Changes page (${unread} unread)` : 'See these changes on the Changes page'}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
