/**
 * The website lookup (spec: POST /api/organisations/quick-search, rule 3: "When the query looks like a URL or
 * domain, also runs a normalised website lookup"): `normaliseWebsiteHost(query)` equal to an organisation's
 * `website_domain`, scoped like every lookup (lookup-scope.ts). Batch matching's chunk lookups run it too
 * (chunk-lookups.ts).
 */
import { sql } from 'drizzle-orm';
import type { QuickSearchRow } from '../../../../server/quick-search/ports';
import type { Db } from '../../client';
import { executePrepared } from '../../prepared-statement';
import { ownedByAccount } from '../visibility';
import { scoped, toRow, type LookupScopeParams, type RawRow } from './lookup-scope';

/** Exact lookup of a normalised website host (`normaliseWebsiteHost(query)`). */
export async function findOrganisationsByWebsite(db: Db, params: LookupScopeParams & { websiteDomain: string; limit: number }): Promise<QuickSearchRow[]> {
  const result = await executePrepared<RawRow>(
    db,
    'qs_website',
    sql`
    select o.id, o.name, o.search_name, null::text as matched_alias, o.description, o.country_iso_alpha3, o.key, o.website,
           o.registry_status, o.registry_status_text, o.registry_status_date::text as registry_status_date,
           ${ownedByAccount(params.accountId, sql.raw('o.id'))} as owned_by_account
      from organisations o
     where o.website_domain = ${params.websiteDomain}
       and ${scoped(params)}
     order by o.search_name
     limit ${params.limit}`,
  );
  return result.rows.map(toRow);
}
