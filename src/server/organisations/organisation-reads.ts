/**
 * The organisation pages' reads: the profile (the organisation page and `GET /api/organisations/{id}`), the record
 * the identify sidebar and the analyst and spotlight surfaces read (classification included), the figures manual
 * classification unlocks (the account's transactions with one organisation) and the account list's flag counts.
 * Visibility and the account's scope are in the queries; an organisation the account cannot see answers
 * NotFoundError; a redirected organisation (merged into a verified global one) answers with its target.
 */
import { NotFoundError } from '../../core/errors';
import type { FlagCounts, OrganisationFigures } from '../../core/organisation-figures';
import type { OrganisationProfile } from '../../core/organisation-profile';
import type { OrganisationRecord } from '../../core/organisation-record';
import type { Db } from '../../adapters/db/client';
import { countOrganisationFlagsForAccount, findOrganisationFiguresForAccount } from '../../adapters/db/queries/organisation-figures';
import { findOrganisationProfileForAccount } from '../../adapters/db/queries/organisation-profile';
import { findOrganisationRecordForAccount } from '../../adapters/db/queries/organisation-read';

interface OrganisationOfAccount {
  accountId: string;
  organisationId: string;
}

export type GetOrganisationProfile = (params: OrganisationOfAccount) => Promise<OrganisationProfile>;
export type GetOrganisationRecord = (params: OrganisationOfAccount) => Promise<OrganisationRecord>;
export type GetOrganisationFigures = (params: OrganisationOfAccount) => Promise<OrganisationFigures>;
export type CountOrganisationFlags = (params: { accountId: string }) => Promise<FlagCounts>;

function visibleOrThrow<T>(found: T | null, { accountId, organisationId }: OrganisationOfAccount): T {
  if (!found) throw new NotFoundError(`organisation ${organisationId} is not visible to account ${accountId}`, 'Organisation not found');
  return found;
}

export function createGetOrganisationProfile(db: Db): GetOrganisationProfile {
  return async (params) => visibleOrThrow(await findOrganisationProfileForAccount(db, params), params);
}

export function createGetOrganisationRecord(db: Db): GetOrganisationRecord {
  return async (params) => visibleOrThrow(await findOrganisationRecordForAccount(db, params), params);
}

export function createGetOrganisationFigures(db: Db): GetOrganisationFigures {
  return async (params) => visibleOrThrow(await findOrganisationFiguresForAccount(db, params), params);
}

export function createCountOrganisationFlags(db: Db): CountOrganisationFlags {
  return (params) => countOrganisationFlagsForAccount(db, params);
}
