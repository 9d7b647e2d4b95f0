/**
 * The `/changes` page (issue 23, section 2): the account's changes, unread first and then newest first, a page at a
 * time, filtered by kind and by organisation; with how many the filter shows, how many of those are unread, and the
 * organisations the organisation filter offers (those on the list that have changes). A page past the end shows the
 * last one.
 */
import { accountChangeSchema, CHANGES_PAGE_SIZE, type AccountChange, type ChangesFilter, type ChangesPageQuery } from '../../core/change-view';
import type { AccountChangeRecord, AccountChangesStore } from './ports';

export interface AccountChangesPage {
  changes: AccountChange[];
  filter: ChangesFilter;
  total: number;
  unread: number;
  page: number;
  pageCount: number;
  organisations: { id: string; name: string; unread: number }[];
}

export type ListAccountChanges = (accountId: string, query: ChangesPageQuery) => Promise<AccountChangesPage>;

/** A stored record as the interface shows it (a kind or source the schema does not know fails loudly, never silently). */
export function toAccountChange(r: AccountChangeRecord): AccountChange {
  return accountChangeSchema.parse({ ...r, observedAt: r.observedAt.toISOString(), before: r.before ?? null, after: r.after ?? null });
}

export function createListAccountChanges(store: AccountChangesStore, pageSize: number = CHANGES_PAGE_SIZE): ListAccountChanges {
  return async (accountId, query) => {
    const filter: ChangesFilter = { kind: query.kind, organisationId: query.organisation };
    const [{ total, unread }, organisations] = await Promise.all([store.count({ accountId, filter }), store.organisations({ accountId })]);
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    const page = Math.min(query.page, pageCount);
    const rows = total === 0 ? [] : await store.page({ accountId, filter, offset: (page - 1) * pageSize, limit: pageSize });
    return { changes: rows.map(toAccountChange), filter, total, unread, page, pageCount, organisations };
  };
}
