/**
 * An organisation's History (issue 23, section 2): its changes, newest first, as the account reads them, and whether
 * it is watched for the account: on its list and carrying a registry identifier. An organisation that is not on the
 * list has no history for the account (its changes are other accounts' business), whatever it carries.
 */
import { isWatched, type AccountChange, type HistoryWatch } from '../../core/change-view';
import type { AccountChangesStore } from './ports';
import { toAccountChange } from './list-account-changes';

export const HISTORY_LIMIT = 200;

export interface OrganisationHistory {
  changes: AccountChange[];
  watch: HistoryWatch;
}

export type GetOrganisationHistory = (params: {
  accountId: string;
  organisationId: string;
  identifiers: readonly { type: string }[];
}) => Promise<OrganisationHistory>;

export function createGetOrganisationHistory(store: AccountChangesStore, limit: number = HISTORY_LIMIT): GetOrganisationHistory {
  return async ({ accountId, organisationId, identifiers }) => {
    if (!(await store.onList({ accountId, organisationId }))) return { changes: [], watch: 'not_on_list' };
    const rows = await store.history({ accountId, organisationId, limit });
    return { changes: rows.map(toAccountChange), watch: isWatched(identifiers) ? 'watched' : 'no_registry_identifier' };
  };
}
