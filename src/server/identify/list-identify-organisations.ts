/**
 * ListIdentifyOrganisations: the identify page's read. Only the account's own list (its linked, visible
 * organisations), filtered by name and profile status, sorted, one page at a time; a page past the end
 * answers the last page.
 */
import {
  IDENTIFY_PAGE_SIZE,
  clampIdentifyPage,
  identifyPageCount,
  type IdentifyListPage,
  type IdentifyListQuery,
  type IdentifyOrganisationRow,
  type IdentifySort,
  type IdentifyStatusFilter,
} from '../../core/identify-list';

// A port with two implementations: the PostgreSQL reader (queries/identify-organisations.ts) and the unit test's
// in-memory list, which records the pages asked for (decision 0027).
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

export type ListIdentifyOrganisations = (params: { accountId: string; query: IdentifyListQuery }) => Promise<IdentifyListPage>;

export function createListIdentifyOrganisations(reader: IdentifyOrganisationsReader, pageSize: number = IDENTIFY_PAGE_SIZE): ListIdentifyOrganisations {
  return async ({ accountId, query }) => {
    const criteria = { accountId, filter: query.filter, status: query.status };
    const total = await reader.count(criteria);
    const page = clampIdentifyPage(query.page, total, pageSize);
    const rows = total === 0 ? [] : await reader.listPage({ ...criteria, sort: query.sort, offset: (page - 1) * pageSize, limit: pageSize });
    return { rows, total, query: { ...query, page }, pageCount: identifyPageCount(total, pageSize) };
  };
}
