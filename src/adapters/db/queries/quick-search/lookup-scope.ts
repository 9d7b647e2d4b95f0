/**
 * The quick lookup's scope (spec: POST /api/organisations/quick-search, rule 4: the lookups are "scoped to the
 * account"; rule 5: "a specific country scopes all lookups to it; GLO applies no country filter"), in the WHERE
 * clause of every lookup: `scoped` is the account's visibility (`visibleToAccount`: global, or owned by the
 * account) and the country filter (`inCountry`: the country, or a countryless organisation; null, the use case's
 * GLO, is no filter). The lookups are `(db, params)` query functions, callable directly by a benchmark.
 * Also the row every lookup selects (`rowColumns`) and its mapping to a QuickSearchRow (`toRow`), shared with
 * batch matching's chunk lookups (chunk-lookups.ts, which scopes by a country per query with `inCountryOf`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { toRegistryStatus } from '../../../../core/registry-status';
import type { QuickSearchRow } from '../../../../server/quick-search/ports';
import { ownedByAccount, visibleToAccount } from '../visibility';

export interface LookupScopeParams {
  accountId: string;
  /** A real ISO alpha-3 country, or null for no filter (GLO). */
  countryIsoAlpha3: string | null;
}

/** A lookup row as the statements select it (`rowColumns`); `toRow` maps it. Shared with the batch's chunk lookups. */
export interface RawRow extends Record<string, unknown> {
  id: string;
  name: string;
  search_name: string;
  matched_alias: string | null;
  /** The matched alias's kind and display value (`[kind, value]`), null when no alias matched. */
  matched_alias_of?: [string, string] | null;
  description: string | null;
  country_iso_alpha3: string | null;
  key: string | null;
  website: string | null;
  owned_by_account: boolean;
  registry_status: string;
  registry_status_text: string | null;
  registry_status_date: string | null;
}

/** Country scope: the organisation's country, or a countryless organisation (it belongs to no other country). */
function inCountry(countryIsoAlpha3: string | null): SQL {
  return countryIsoAlpha3 === null ? sql`true` : sql`(o.country_iso_alpha3 = ${countryIsoAlpha3} or o.country_iso_alpha3 is null)`;
}

/**
 * `inCountry` with the country as an SQL expression (a column of a chunk's queries): null is no filter, as
 * `inCountry(null)`.
 */
export function inCountryOf(countryIsoAlpha3: SQL): SQL {
  return sql`(${countryIsoAlpha3} is null or o.country_iso_alpha3 = ${countryIsoAlpha3} or o.country_iso_alpha3 is null)`;
}

export function scoped(params: LookupScopeParams): SQL {
  return sql`${inCountry(params.countryIsoAlpha3)} and ${visibleToAccount(params.accountId, sql.raw('o.id'))}`;
}

export function toRow(raw: RawRow): QuickSearchRow {
  return {
    id: raw.id,
    name: raw.name,
    searchName: raw.search_name,
    matchedAlias: raw.matched_alias,
    ...(raw.matched_alias_of
      ? {
          matchedAliasKind: raw.matched_alias_of[0] === 'former_name' ? ('former_name' as const) : ('alias' as const),
          matchedAliasValue: raw.matched_alias_of[1],
        }
      : {}),
    description: raw.description,
    countryIsoAlpha3: raw.country_iso_alpha3,
    key: raw.key,
    website: raw.website,
    ownedByAccount: raw.owned_by_account,
    registryStatus: toRegistryStatus(raw.registry_status, raw.registry_status_text, raw.registry_status_date),
  };
}

/** The select list of a lookup row, over `organisations o`; the matched alias's kind and display value with it (an alias before a former name of the same search form). */
export function rowColumns(accountId: string, matchedAlias: SQL): SQL {
  const aliasOf = sql`case when ${matchedAlias} is null then null else (
             select array[a.kind, a.value] from organisation_aliases a where a.organisation_id = o.id and a.search_value = ${matchedAlias}
              order by a.kind = 'former_name', a.value limit 1) end`;
  return sql`o.id, o.name, o.search_name, ${matchedAlias} as matched_alias, ${aliasOf} as matched_alias_of, o.description, o.country_iso_alpha3, o.key, o.website,
           o.registry_status, o.registry_status_text, o.registry_status_date::text as registry_status_date,
           ${ownedByAccount(accountId, sql.raw('o.id'))} as owned_by_account`;
}
