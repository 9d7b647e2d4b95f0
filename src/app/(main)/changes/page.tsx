import type { Metadata } from 'next';
import Link from 'next/link';
import { getContainer } from '../../../composition-root';
import { CHANGE_KIND_LABELS, changesPageQuerySchema, type ChangesPageQuery } from '../../../core/change-view';
import { CHANGE_KINDS } from '../../../core/registry-observation';
import { ChangeList, CHANGES_HEADING_ID } from '../../../components/changes/change-list';
import { DisabledWebhookNotice } from '../../../components/changes/disabled-webhook-notice';
import '../../../components/changes/changes.css';
import { requireSession } from '../require-session';
import { listAccountChanges } from '../../../server/monitoring/account-changes';
import { disabledWebhookEndpoints } from '../../../server/webhooks/webhook-endpoints';

export const metadata: Metadata = { title: 'Changes' };
export const dynamic = 'force-dynamic';

function pageHref(query: ChangesPageQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.kind) params.set('kind', query.kind);
  if (query.organisation) params.set('organisation', query.organisation);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search === '' ? '/changes' : `/changes?${search}`;
}

/**
 * Registry changes (issue 23, section 2): what the registers said differently about the organisations on the account's
 * list, unread first, filtered by kind and by organisation (a plain GET form: the URL holds the filter, Back works);
 * each change links to its organisation and can be marked read, one at a time or all the filter shows. A disabled webhook
 * of the account is told here, above the list (issue 23, section 3).
 */
export default async function ChangesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requireSession();
  const container = await getContainer();
  const raw = await searchParams;
  const query = changesPageQuerySchema.parse({ kind: raw.kind, organisation: raw.organisation, page: raw.page });
  const list = await listAccountChanges(container.database.db, session.accountId, query);
  const disabledWebhooks = await disabledWebhookEndpoints(container.database.db, session.accountId);
  const filtered = query.kind !== undefined || query.organisation !== undefined;
  return (
    <div className="page page-changes">
      <h1 id={CHANGES_HEADING_ID} tabIndex={-1}>
        Changes
      </h1>
      <p className="page-lede">
        What the registers now say differently about the organisations on your list: a status, a legal name, a business name, an LEI’s registration, a parent.
        Organisations with an ABN, ACN, Companies House number, OpenCorporates id or LEI are re-read every day.
      </p>
      <DisabledWebhookNotice endpoints={disabledWebhooks} focusAfterId={CHANGES_HEADING_ID} />
      <form className="changes-filter" method="get" action="/changes" aria-label="Filter changes">
        <label>
          Kind
          <select name="kind" defaultValue={query.kind ?? ''}>
            <option value="">All kinds</option>
            {CHANGE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {CHANGE_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Organisation
          <select name="organisation" defaultValue={query.organisation ?? ''}>
            <option value="">All organisations</option>
            {list.organisations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.unread > 0 ? `${o.name} (${o.unread} unread)` : o.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">
          Filter
        </button>
        {filtered ? (
          <Link href="/changes" className="button button-quiet">
            Clear filter
          </Link>
        ) : null}
      </form>
      <p className="changes-summary" id="changes-summary">
        {list.total === 0
          ? filtered
            ? 'No changes match this filter.'
            : 'No changes yet.'
          : `${list.total} ${list.total === 1 ? 'change' : 'changes'}, ${list.unread} unread${list.pageCount > 1 ? ` · page ${list.page} of ${list.pageCount}` : ''}`}
      </p>
      {list.total === 0 ? (
        <p className="changes-empty">
          {filtered
            ? 'Clear the filter to see every change.'
            : 'When a register says something new about an organisation on your list (dissolved, renamed, a business name added, an LEI lapsed), it shows here and on the organisation’s History.'}
        </p>
      ) : (
        <ChangeList changes={list.changes} filter={list.filter} unread={list.unread} />
      )}
      {list.pageCount > 1 ? (
        <nav className="changes-pager" aria-label="Pages">
          {list.page > 1 ? (
            <Link className="button" href={pageHref(query, list.page - 1)}>
              Previous page
            </Link>
          ) : null}
          {list.page < list.pageCount ? (
            <Link className="button" href={pageHref(query, list.page + 1)}>
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
