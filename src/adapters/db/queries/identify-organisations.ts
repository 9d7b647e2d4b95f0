/**
 * The identify list: the account's own list of organisations (linked and visible), with their classification
 * state; filtered by name and profile status, sorted and paged in SQL.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_IDENTIFY_SORT,
  type IdentifyOrganisationRow,
  type IdentifySort,
  type IdentifySortColumn,
  type IdentifyStatusFilter,
} from '../../../core/identify-list';
import { profileStateIs, webResearchFoundFor } from './derived-rules';
import type { Db } from '../client';
import { isUuid } from './classification';
import { organisationIsGlobal, visibleToAccount } from './visibility';
import { toRegistryStatus } from '../../../core/registry-status';
import { unreadBy } from './account-changes';

export const IDENTIFY_PAGE_LIMIT = 500;

/** Which of the account's own list the identify page shows. */
export interface IdentifyListCriteria {
  readonly accountId: string;
  /** Name contains this text, case-insensitive ('' = every name). */
  readonly filter: string;
  readonly status: IdentifyStatusFilter | null;
}

/** LIKE's wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function matching(criteria: IdentifyListCriteria): SQL {
  const conditions: SQL[] = [sql`ao.account_id = ${criteria.accountId}::uuid`, visibleToAccount(criteria.accountId, sql`o.id`)];
  if (criteria.filter !== '') conditions.push(sql`o.name ilike ${containsPattern(criteria.filter)}`);
  if (criteria.status) conditions.push(profileStateIs(sql`o.id`, sql`o.profile_status`, criteria.status));
  return sql.join(conditions, sql` and `);
}

/** The sort key of each column; statuses sort by their label (Enriched, Enriching, Enrichment failed, Not enriched, Registry data only). */
const SORT_KEYS: Record<IdentifySortColumn, SQL> = {
  name: sql`lower(o.name)`,
  country: sql`coalesce(o.country_iso_alpha3, '')`,
  status: sql`case o.profile_status when 'COMPLETED' then (case when o.web_research_found then 0 else 4 end) when 'PENDING' then 1 when 'FAILED' then 2 else 3 end`,
  naics: sql`naics_count`,
};

function orderBy(sort: IdentifySort): SQL {
  const direction = sort.direction === 'descending' ? sql`desc` : sql`asc`;
  return sql`${SORT_KEYS[sort.column]} ${direction}, lower(o.name) asc, o.id asc`;
}

export async function countIdentifyOrganisations(db: Db, criteria: IdentifyListCriteria): Promise<number> {
  if (!isUuid(criteria.accountId)) return 0;
  const result = await db.execute<{ total: number }>(sql`
    select count(*)::int as total
    from account_organisations ao
    join organisations o on o.id = ao.organisation_id
    where ${matching(criteria)}`);
  return Number(result.rows[0]?.total ?? 0);
}

export async function listIdentifyOrganisationsPage(
  db: Db,
  params: IdentifyListCriteria & { sort: IdentifySort; offset: number; limit: number },
): Promise<IdentifyOrganisationRow[]> {
  if (!isUuid(params.accountId)) return [];
  const result = await db.execute<{
    id: string;
    name: string;
    country_iso_alpha3: string | null;
    website_domain: string | null;
    profile_status: string | null;
    web_research_found: boolean;
    registry_status: string;
    registry_status_text: string | null;
    registry_status_date: string | null;
    naics_count: number;
    aquila1_count: number;
    owned: boolean;
    unread_changes: number;
  }>(sql`
    select * from (
      select o.id, o.name, o.country_iso_alpha3, o.website_domain, o.profile_status,
        ${webResearchFoundFor(sql`o.id`)} as web_research_found,
        o.registry_status, o.registry_status_text, o.registry_status_date::text as registry_status_date,
        (select count(*) from organisation_naics n where n.organisation_id = o.id)::int as naics_count,
        (select count(*) from organisation_aquila1 a where a.organisation_id = o.id)::int as aquila1_count,
        not ${organisationIsGlobal(sql`o.id`)} as owned,
        (select count(*) from organisation_changes c where c.organisation_id = o.id and ${unreadBy(params.accountId, sql`c.id`)})::int as unread_changes
      from account_organisations ao
      join organisations o on o.id = ao.organisation_id
      where ${matching(params)}
    ) o
    order by ${orderBy(params.sort)}
    offset ${params.offset}
    limit ${params.limit}`);
  return result.rows.map((r) => ({
    id: r.id,
    name: r.name,
    countryIsoAlpha3: r.country_iso_alpha3,
    websiteDomain: r.website_domain,
    profileStatus: r.profile_status,
    webResearchFound: Boolean(r.web_research_found),
    registryStatus: toRegistryStatus(r.registry_status, r.registry_status_text, r.registry_status_date),
    naicsCount: Number(r.naics_count),
    aquila1Count: Number(r.aquila1_count),
    owned: Boolean(r.owned),
    unreadChanges: Number(r.unread_changes),
  }));
}

/** The whole list by name (at most `limit` rows): the first page of the default view. */
export function listIdentifyOrganisationsForAccount(db: Db, params: { accountId: string; limit?: number }): Promise<IdentifyOrganisationRow[]> {
  return listIdentifyOrganisationsPage(db, {
    accountId: params.accountId,
    filter: '',
    status: null,
    sort: DEFAULT_IDENTIFY_SORT,
    offset: 0,
    limit: params.limit ?? IDENTIFY_PAGE_LIMIT,
  });
}
