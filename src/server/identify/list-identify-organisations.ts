/**
 * ListIdentifyOrganisations: the identify page's read. Only the account's own list (its linked, visible
 * organisations), filtered by name and profile status, sorted, one page at a time; a page past the end
 * answers the last page. Over PostgreSQL: the count, then the page, with the queries of
 * queries/identify-organisations.ts (decision 0027: no reader port).
 */
import { IDENTIFY_PAGE_SIZE, clampIdentifyPage, identifyPageCount, type IdentifyListPage, type IdentifyListQuery } from '../../core/identify-list';
import type { Db } from '../../adapters/db/client';
import { countIdentifyOrganisations, listIdentifyOrganisationsPage } from '../../adapters/db/queries/identify-organisations';

export async function listIdentifyOrganisations(
  db: Db,
  { accountId, query }: { accountId: string; query: IdentifyListQuery },
  pageSize: number = IDENTIFY_PAGE_SIZE,
): Promise<IdentifyListPage> {
  const criteria = { accountId, filter: query.filter, status: query.status };
  const total = await countIdentifyOrganisations(db, criteria);
  const page = clampIdentifyPage(query.page, total, pageSize);
  const rows = total === 0 ? [] : await listIdentifyOrganisationsPage(db, { ...criteria, sort: query.sort, offset: (page - 1) * pageSize, limit: pageSize });
  return { rows, total, query: { ...query, page }, pageCount: identifyPageCount(total, pageSize) };
}
