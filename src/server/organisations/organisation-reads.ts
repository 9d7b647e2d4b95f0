/**
 * The organisation pages' reads: the profile (the organisation page and `GET /api/organisations/{id}`), the record
 * the identify sidebar and the analyst and spotlight surfaces read (classification included), the figures manual
 * classification unlocks (the account's transactions with one organisation) and the account list's flag counts.
 * Visibility and the account's scope are in the queries; an organisation the account cannot see answers
 * NotFoundError; a redirected organisation (merged into a verified global one) answers with its target. Each is a
 * function of `(db, params)`: pages and routes call it with `container.database.db` (decision 0027).
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

function visibleOrThrow<T>(found: T | null, { accountId, organisationId }: OrganisationOfAccount): T {
  if (!found) throw new NotFoundError(`organisation ${organisationId} is not visible to account ${accountId}`, 'Organisation not found');
  return found;
}

export async function getOrganisationProfile(db: Db, params: OrganisationOfAccount): Promise<OrganisationProfile> {
  return visibleOrThrow(await findOrganisationProfileForAccount(db, params), params);
}

export async function getOrganisationRecord(db: Db, params: OrganisationOfAccount): Promise<OrganisationRecord> {
  return visibleOrThrow(await findOrganisationRecordForAccount(db, params), params);
}

export async function getOrganisationFigures(db: Db, params: OrganisationOfAccount): Promise<OrganisationFigures> {
  return visibleOrThrow(await findOrganisationFiguresForAccount(db, params), params);
}

export function countOrganisationFlags(db: Db, params: { accountId: string }): Promise<FlagCounts> {
  return countOrganisationFlagsForAccount(db, params);
}
