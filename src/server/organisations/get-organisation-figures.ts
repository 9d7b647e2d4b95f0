/**
 * GetOrganisationFigures and CountOrganisationFlags: the figures manual classification unlocks (the account's
 * transactions with one organisation) and the account list's counts. Account-scoped in the queries; an
 * organisation the account cannot see answers NotFoundError.
 */
import { NotFoundError } from '../../core/errors';
import type { FlagCounts, OrganisationFigures } from '../../core/organisation-figures';
import type { OrganisationFiguresReader } from './ports';

export type GetOrganisationFigures = (params: { accountId: string; organisationId: string }) => Promise<OrganisationFigures>;
export type CountOrganisationFlags = (params: { accountId: string }) => Promise<FlagCounts>;

export function createGetOrganisationFigures(reader: OrganisationFiguresReader): GetOrganisationFigures {
  return async ({ accountId, organisationId }) => {
    const figures = await reader.findFigures(accountId, organisationId);
    if (!figures) throw new NotFoundError(`organisation ${organisationId} is not visible to account ${accountId}`, 'Organisation not found');
    return figures;
  };
}

export function createCountOrganisationFlags(reader: OrganisationFiguresReader): CountOrganisationFlags {
  return ({ accountId }) => reader.countFlags(accountId);
}
