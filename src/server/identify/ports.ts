/** What the identify list needs from storage. */
import type { IdentifyOrganisationRow, IdentifySort, IdentifyStatusFilter } from '../../core/identify-list';

export interface IdentifyListCriteria {
  readonly accountId: string;
  /** Name contains this text, case-insensitive ('' = every name). */
  readonly filter: string;
  readonly status: IdentifyStatusFilter | null;
}

export interface IdentifyOrganisationsReader {
  /** How many of the account's own visible organisations match. */
  count(criteria: IdentifyListCriteria): Promise<number>;
  /** One page of them in the given order (ties broken by name, then id, so pages never overlap). */
  listPage(
    criteria: IdentifyListCriteria & { readonly sort: IdentifySort; readonly offset: number; readonly limit: number },
  ): Promise<IdentifyOrganisationRow[]>;
}
