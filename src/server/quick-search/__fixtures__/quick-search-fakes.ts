/**
 * In-memory fakes of quick search's ports, shared by its rule-by-rule tests (spec: POST
 * /api/organisations/quick-search): a stored row, a name lookup with its typo step, and lookups, membership,
 * logo and log that find, link, show and say nothing unless a test says otherwise.
 */
import { UNKNOWN_REGISTRY_STATUS } from '../../../core/registry-status';
import type { LogoService } from '../../ports';
import type { AccountMembership, NameLookup, QuickSearchLookups, QuickSearchRow } from '../ports';

export function row(overrides: Partial<QuickSearchRow> & { id: string; name: string }): QuickSearchRow {
  return {
    searchName: overrides.name.toLowerCase(),
    matchedAlias: null,
    description: null,
    countryIsoAlpha3: 'AUS',
    key: `AUS|${overrides.name.toLowerCase()}`,
    website: null,
    ownedByAccount: false,
    registryStatus: UNKNOWN_REGISTRY_STATUS,
    ...overrides,
  };
}

export const noLogo: LogoService = { logoFor: () => null };
export const noMembership: AccountMembership = { linkedOrganisationIds: async () => new Set() };
export const silent = { warn: () => undefined };

/** A name lookup answering `rows` exactly, and `corrected` from its typo step. */
export function named(rows: QuickSearchRow[], corrected: () => Promise<QuickSearchRow[]> = async () => []): NameLookup {
  return { rows, corrected };
}

export function lookups(overrides: Partial<QuickSearchLookups>): QuickSearchLookups {
  return { byName: async () => named([]), byWords: async () => [], byIdentifier: async () => [], byWebsite: async () => [], ...overrides };
}
