/**
 * The PostgreSQL implementation of quick search's ports. Every failure of the database (connection
 * refused or lost, missing table, revoked privilege, timeout) becomes an UnavailableError: the route
 * answers 503 `{candidates: []}` for a failed lookup, and the use case treats a failed membership
 * check as "not linked".
 */
import { UnavailableError } from '../../../core/errors';
import type { AccountMembership, QuickSearchLookups } from '../../../server/quick-search/ports';
import type { Db } from '../client';
import { findLinkedOrganisationIds } from './account-membership';
import { findOrganisationsByCorrectedName, findOrganisationsByIdentifier, findOrganisationsByName, findOrganisationsByWebsite } from './quick-search';

async function unavailableOnFailure<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new UnavailableError(`${what} failed: ${error instanceof Error ? error.message : String(error)}`, 'Search is temporarily unavailable');
  }
}

export function createQuickSearchLookups(db: Db): QuickSearchLookups {
  return {
    byName: (params) =>
      unavailableOnFailure('quick-search name lookup', async () => ({
        rows: await findOrganisationsByName(db, params),
        corrected: () => unavailableOnFailure('quick-search corrected name lookup', () => findOrganisationsByCorrectedName(db, params)),
      })),
    byIdentifier: (params) => unavailableOnFailure('quick-search identifier lookup', () => findOrganisationsByIdentifier(db, params)),
    byWebsite: (params) => unavailableOnFailure('quick-search website lookup', () => findOrganisationsByWebsite(db, params)),
  };
}

export function createAccountMembership(db: Db): AccountMembership {
  return {
    linkedOrganisationIds: (params) => unavailableOnFailure('account membership check', () => findLinkedOrganisationIds(db, params)),
  };
}
