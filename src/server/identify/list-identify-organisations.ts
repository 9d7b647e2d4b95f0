/**
 * ListIdentifyOrganisations: the identify page's read. Only the account's own list (its linked, visible
 * organisations), filtered by name and profile status, sorted, one page at a time; a page past the end
 * answers the last page.
 */
import { IDENTIFY_PAGE_SIZE, clampIdentifyPage, identifyPageCount, type IdentifyListPage, type IdentifyListQuery } from '../../core/identify-list';
import type { IdentifyOrganisationsReader } from './ports';

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
