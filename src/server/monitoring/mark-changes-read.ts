/**
 * Marking changes read (issue 23, section 2: the `/changes` page's "Mark read" and "Mark all as read"): one or more
 * changes by id, or every change the page's filter shows. Per account: another account's read state is untouched.
 * A change id that is not the account's (not on its list, or no such change) is a 404, as if it did not exist.
 */
import { NotFoundError } from '../../core/errors';
import type { MarkChangesReadInput } from '../../core/change-view';
import type { AccountChangesStore } from './ports';

export type MarkChangesRead = (accountId: string, input: MarkChangesReadInput) => Promise<{ marked: number }>;

export function createMarkChangesRead(store: AccountChangesStore, now: () => Date = () => new Date()): MarkChangesRead {
  return async (accountId, input) => {
    if ('all' in input) return { marked: await store.markRead({ accountId, readAt: now(), filter: input.filter }) };
    const changeIds = [...new Set(input.changeIds)];
    const mine = await store.markRead({ accountId, readAt: now(), changeIds });
    if (mine < changeIds.length) throw new NotFoundError('change');
    return { marked: mine };
  };
}
