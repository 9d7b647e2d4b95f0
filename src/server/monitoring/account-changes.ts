/**
 * The account's changes as its analysts read them (issue 23, section 2), over PostgreSQL: the query functions of
 * queries/account-changes.ts, every one scoped to the organisations on the account's list (decision 0027: no store port).
 *
 * - The `/changes` page: unread first and then newest first, a page at a time, filtered by kind and by organisation;
 *   with how many the filter shows, how many of those are unread, and the organisations the organisation filter offers
 *   (those on the list that have changes). A page past the end shows the last one.
 * - Marking read (the page's "Mark read" and "Mark all as read"): changes by id, or every change the page's filter
 *   shows. Per account: another account's read state is untouched. A change id that is not the account's (not on its
 *   list, or no such change) is a 404, as if it did not exist, and nothing of the request is marked.
 * - An organisation's History: its changes, newest first, and whether it is watched for the account: on its list and
 *   carrying a registry identifier. An organisation not on the list has no history for the account, whatever it carries.
 * - The header's count: the account's unread changes.
 */
import { NotFoundError } from '../../core/errors';
import {
  accountChangeSchema,
  CHANGES_PAGE_SIZE,
  isWatched,
  type AccountChange,
  type ChangesFilter,
  type ChangesPageQuery,
  type HistoryWatch,
  type MarkChangesReadInput,
} from '../../core/change-view';
import type { Db } from '../../adapters/db/client';
import {
  countAccountChanges,
  isOnAccountList,
  listAccountChangesPage,
  listChangedOrganisations,
  listOrganisationHistory,
  markChangesRead as markReadRows,
} from '../../adapters/db/queries/account-changes';
import type { AccountChangeRecord } from './ports';

export { countUnreadChanges } from '../../adapters/db/queries/account-changes';

export const HISTORY_LIMIT = 200;

export interface AccountChangesPage {
  changes: AccountChange[];
  filter: ChangesFilter;
  total: number;
  unread: number;
  page: number;
  pageCount: number;
  organisations: { id: string; name: string; unread: number }[];
}

export interface OrganisationHistory {
  changes: AccountChange[];
  watch: HistoryWatch;
}

/** A stored record as the interface shows it (a kind or source the schema does not know fails loudly, never silently). */
export function toAccountChange(r: AccountChangeRecord): AccountChange {
  return accountChangeSchema.parse({ ...r, observedAt: r.observedAt.toISOString(), before: r.before ?? null, after: r.after ?? null });
}

export async function listAccountChanges(
  db: Db,
  accountId: string,
  query: ChangesPageQuery,
  pageSize: number = CHANGES_PAGE_SIZE,
): Promise<AccountChangesPage> {
  const filter: ChangesFilter = { kind: query.kind, organisationId: query.organisation };
  const [{ total, unread }, organisations] = await Promise.all([countAccountChanges(db, { accountId, filter }), listChangedOrganisations(db, { accountId })]);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const rows = total === 0 ? [] : await listAccountChangesPage(db, { accountId, filter, offset: (page - 1) * pageSize, limit: pageSize });
  return { changes: rows.map(toAccountChange), filter, total, unread, page, pageCount, organisations };
}

export async function markChangesRead(db: Db, accountId: string, input: MarkChangesReadInput, readAt: Date = new Date()): Promise<{ marked: number }> {
  if ('all' in input) return { marked: await markReadRows(db, { accountId, readAt, filter: input.filter }) };
  const changeIds = [...new Set(input.changeIds)];
  const mine = await markReadRows(db, { accountId, readAt, changeIds });
  if (mine < changeIds.length) throw new NotFoundError('change');
  return { marked: mine };
}

export async function getOrganisationHistory(
  db: Db,
  params: { accountId: string; organisationId: string; identifiers: readonly { type: string }[] },
  limit: number = HISTORY_LIMIT,
): Promise<OrganisationHistory> {
  const { accountId, organisationId, identifiers } = params;
  if (!(await isOnAccountList(db, { accountId, organisationId }))) return { changes: [], watch: 'not_on_list' };
  const rows = await listOrganisationHistory(db, { accountId, organisationId, limit });
  return { changes: rows.map(toAccountChange), watch: isWatched(identifiers) ? 'watched' : 'no_registry_identifier' };
}
