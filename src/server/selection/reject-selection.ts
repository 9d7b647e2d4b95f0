/**
 * RejectSelection: the confirm header's "No" ("Is this the company you were looking for?"). The organisation
 * leaves the account's list; a private organisation of the account that nothing else refers to (no other
 * account's link, no transactions, no NAICS tags, no relations, no redirect to it) is deleted with it.
 * Its pending enrichment job, if any, then finds nothing to enrich and ends (the handler is idempotent).
 * With the search it came from, the "No" is remembered (issue 20, section 6): the organisation is judged `different`
 * for that query and country, so the same lookup never marks it a match again (kept only while it exists).
 */
import { NotFoundError } from '../../core/errors';
import type { Db } from '../../adapters/db/client';
import { unlinkAndDeleteIfUnreferenced } from '../../adapters/db/queries/reject-selection';
import type { RecordDecision } from '../decisions/record-decision';

/** The search the selection came from: its query and country (null, '' or GLO: none). */
export interface RejectedSearch {
  query: string;
  countryIsoAlpha3: string | null;
  decidedBy: string | null;
}

export type RejectSelection = (accountId: string, organisationId: string, search?: RejectedSearch) => Promise<{ organisationId: string; deleted: boolean }>;

export function createRejectSelection(db: Db, decisions?: RecordDecision): RejectSelection {
  return async (accountId, organisationId, search) => {
    // Remembered first: a query without letters or digits has nothing to remember; a refusal (not visible) is the 404 below.
    if (decisions !== undefined && search !== undefined && /[\p{L}\p{N}]/u.test(search.query)) {
      await decisions({ accountId, organisationId, verdict: 'different', source: 'confirm_header', ...search }).catch((error: unknown) => {
        if (!(error instanceof NotFoundError)) throw error;
      });
    }
    const result = await unlinkAndDeleteIfUnreferenced(db, { accountId, organisationId });
    if (!result) throw new NotFoundError(`organisation ${organisationId} is not visible to account ${accountId}`, 'Organisation not found');
    return { organisationId, deleted: result.deleted };
  };
}
