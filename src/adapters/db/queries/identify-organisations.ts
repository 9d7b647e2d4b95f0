/** The identify table: the account's own list of organisations (visible ones), with their classification state. */
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { isUuid } from './classification';
import { visibleToAccount } from './visibility';

export const IDENTIFY_PAGE_LIMIT = 500;

export interface IdentifyOrganisationRow {
  id: string;
  name: string;
  countryIsoAlpha3: string | null;
  websiteDomain: string | null;
  profileStatus: string | null;
  naicsCount: number;
  aquila1Count: number;
  owned: boolean;
}

export async function listIdentifyOrganisationsForAccount(
  db: Db,
  params: { accountId: string; limit?: number },
): Promise<IdentifyOrganisationRow[]> {
  if (!isUuid(params.accountId)) return [];
  const result = await db.execute<{
    id: string;
    name: string;
    country_iso_alpha3: string | null;
    website_domain: string | null;
    profile_status: string | null;
    naics_count: number;
    aquila1_count: number;
    owned: boolean;
  }>(sql`
    select o.id, o.name, o.country_iso_alpha3, o.website_domain, o.profile_status,
      (select count(*) from organisation_naics n where n.organisation_id = o.id)::int as naics_count,
      (select count(*) from organisation_aquila1 a where a.organisation_id = o.id)::int as aquila1_count,
      exists (select 1 from organisation_owners oo where oo.organisation_id = o.id) as owned
    from account_organisations ao
    join organisations o on o.id = ao.organisation_id
    where ao.account_id = ${params.accountId}::uuid and ${visibleToAccount(params.accountId, sql`o.id`)}
    order by lower(o.name), o.id
    limit ${params.limit ?? IDENTIFY_PAGE_LIMIT}`);
  return result.rows.map((r) => ({
    id: r.id,
    name: r.name,
    countryIsoAlpha3: r.country_iso_alpha3,
    websiteDomain: r.website_domain,
    profileStatus: r.profile_status,
    naicsCount: Number(r.naics_count),
    aquila1Count: Number(r.aquila1_count),
    owned: Boolean(r.owned),
  }));
}
