/**
 * The quick lookup's exact lookups, scoped like every lookup (lookup-scope.ts); batch matching's chunk lookups run
 * the first two too (chunk-lookups.ts):
 *
 * - the identifier lookup (spec: POST /api/organisations/quick-search, rule 2: "When the query contains a digit,
 *   also runs a normalised identifier-value lookup"): any of the query's lookup values (`identifierLookupValues`:
 *   the identifiers it names, labels removed and Companies House numbers padded, and a bare number as typed) equal
 *   to an identifier's `value_normalised`;
 * - the website lookup (rule 3: "When the query looks like a URL or domain, also runs a normalised website
 *   lookup"): `normaliseWebsiteHost(query)` equal to an organisation's `website_domain`;
 * - the organisations an account judged `same` for a query, by id (issue 20, section 6): the quick lookup puts one
 *   first even when its text did not retrieve it, and the stream adds one no provider returned.
 */
import { sql } from 'drizzle-orm';
import type { IdentifierRow, QuickSearchRow } from '../../../../server/quick-search/ports';
import type { Db } from '../../client';
import { executePrepared } from '../../prepared-statement';
import { ownedByAccount } from '../visibility';
import { rowColumns, scoped, toRow, type LookupScopeParams, type RawRow } from './lookup-scope';

/** Exact lookup of normalised identifier values (`identifierLookupValues(query)`), with the identifier each row was found by. */
export async function findOrganisationsByIdentifier(
  db: Db,
  params: LookupScopeParams & { valuesNormalised: readonly string[]; limit: number },
): Promise<IdentifierRow[]> {
  if (params.valuesNormalised.length === 0) return [];
  const values = sql`${sql.param([...params.valuesNormalised])}::text[]`;
  const result = await executePrepared<RawRow & { matched_type: string; matched_value: string }>(
    db,
    'qs_identifier',
    sql`
    select o.id, o.name, o.search_name, null::text as matched_alias, o.description, o.country_iso_alpha3, o.key, o.website,
           o.registry_status, o.registry_status_text, o.registry_status_date::text as registry_status_date,
           ${ownedByAccount(params.accountId, sql.raw('o.id'))} as owned_by_account, m.type as matched_type, m.value as matched_value
      from organisations o
      cross join lateral (
        select i.type, i.value from organisation_identifiers i
         where i.organisation_id = o.id and i.value_normalised = any(${values})
         order by i.type limit 1) m
     where o.id in (select i.organisation_id from organisation_identifiers i where i.value_normalised = any(${values}))
       and ${scoped(params)}
     order by o.search_name
     limit ${params.limit}`,
  );
  return result.rows.map((raw) => ({ ...toRow(raw), matchedIdentifier: { type: raw.matched_type, value: raw.matched_value } }));
}

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

/** The visible organisations (in the scope's country, or countryless) among these ids. */
export async function findOrganisationsByIds(db: Db, params: LookupScopeParams & { ids: readonly string[] }): Promise<QuickSearchRow[]> {
  if (params.ids.length === 0) return [];
  const result = await db.execute<RawRow>(sql`
    select ${rowColumns(params.accountId, sql`null::text`)}
      from organisations o
     where o.id = any(${sql.param([...params.ids])}::uuid[])
       and ${scoped(params)}`);
  return result.rows.map(toRow);
}
