/**
 * The identifier directory of identifier suggestions: which of a set of identifiers organisations visible to the
 * account carry, in one query over `organisation_identifiers.value_normalised` (indexed), with the account's
 * visibility and the country scope of quick search in its WHERE clause.
 */
import { sql } from 'drizzle-orm';
import { UnavailableError } from '../../../core/errors';
import type { CheckedIdentifierType } from '../../../core/identifiers';
import type { CarriedIdentifier, IdentifierDirectory } from '../../../server/identifiers/ports';
import type { Db } from '../client';
import { ownedByAccount, visibleToAccount } from './visibility';

export async function findCarriedIdentifiers(
  db: Db,
  params: { accountId: string; countryIsoAlpha3: string | null; identifiers: readonly { type: CheckedIdentifierType; value: string }[] },
): Promise<CarriedIdentifier[]> {
  if (params.identifiers.length === 0) return [];
  const types = params.identifiers.map((i) => i.type);
  const values = params.identifiers.map((i) => i.value);
  const inCountry = params.countryIsoAlpha3 === null ? sql`true` : sql`(o.country_iso_alpha3 = ${params.countryIsoAlpha3} or o.country_iso_alpha3 is null)`;
  const result = await db.execute<{ type: CheckedIdentifierType; value: string; organisationName: string }>(sql`
    select distinct on (i.type, i.value_normalised) i.type, i.value_normalised as value, o.name as "organisationName"
      from organisation_identifiers i
      join unnest(${sql.param(types)}::text[], ${sql.param(values)}::text[]) as wanted(type, value)
        on wanted.type = i.type and wanted.value = i.value_normalised
      join organisations o on o.id = i.organisation_id
     where o.redirected_to is null
       and ${inCountry}
       and ${visibleToAccount(params.accountId, sql.raw('o.id'))}
     order by i.type, i.value_normalised,
              ${ownedByAccount(params.accountId, sql.raw('o.id'))} desc,
              o.name`);
  return result.rows;
}

export function createIdentifierDirectory(db: Db): IdentifierDirectory {
  return {
    async carried(params) {
      try {
        return await findCarriedIdentifiers(db, params);
      } catch (error) {
        throw new UnavailableError(
          `identifier suggestions failed: ${error instanceof Error ? error.message : String(error)}`,
          'Search is temporarily unavailable',
        );
      }
    },
  };
}
