/**
 * RejectSelection: the confirm header's "No" ("Is this the company you were looking for?"). The organisation
 * leaves the account's list; a private organisation of the account that nothing else refers to (no other
 * account's link, no transactions, no NAICS tags, no relations, no redirect to it) is deleted with it.
 * Its pending enrichment job, if any, then finds nothing to enrich and ends (the handler is idempotent).
 */
import { NotFoundError } from '../../core/errors';

export interface RejectSelectionStore {
  /** In one transaction: unlink, then delete when private to the account and unreferenced. Null: not visible. */
  unlinkAndDeleteIfUnreferenced(accountId: string, organisationId: string): Promise<{ deleted: boolean } | null>;
}

export type RejectSelection = (accountId: string, organisationId: string) => Promise<{ organisationId: string; deleted: boolean }>;

export function createRejectSelection(store: RejectSelectionStore): RejectSelection {
  return async (accountId, organisationId) => {
    const result = await store.unlinkAndDeleteIfUnreferenced(accountId, organisationId);
    if (!result) throw new NotFoundError(`organisation ${organisationId} is not visible to account ${accountId}`, 'Organisation not found');
    return { organisationId, deleted: result.deleted };
  };
}
