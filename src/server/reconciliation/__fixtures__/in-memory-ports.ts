/** In-memory ports for the reconciliation use case tests: a quick lookup by substring, identifier or website, and entities by id. */
import type { InternalQuickSearchCandidate } from '../../../core/candidates';
import type { ReconciliationEntity } from '../../../core/reconciliation-entity';
import { normaliseIdentifierValue } from '../../../core/identifiers';
import { assessMatch, matchQueryOfSearch } from '../../../core/match-confidence';
import { registrableDomain } from '../../../core/website';
import type { ReconciliationDependencies } from '../ports';
import { UNKNOWN_REGISTRY_STATUS } from '../../../core/registry-status';

export function entity(overrides: Partial<ReconciliationEntity> & Pick<ReconciliationEntity, 'id' | 'name'>): ReconciliationEntity {
  return {
    description: null,
    countryIsoAlpha3: 'AUS',
    website: null,
    profileStatus: null,
    identifiers: [],
    aliases: [],
    naics: [],
    aquila1: [],
    registryStatus: UNKNOWN_REGISTRY_STATUS,
    ...overrides,
  };
}

export function inMemoryPorts(entities: ReconciliationEntity[]): ReconciliationDependencies & { searches: { query: string; countryIsoAlpha3: string }[] } {
  const searches: { query: string; countryIsoAlpha3: string }[] = [];
  const found = (query: string) => (e: ReconciliationEntity) =>
    e.name.toLowerCase().includes(query.toLowerCase()) ||
    e.identifiers.some((i) => normaliseIdentifierValue(i.value) === normaliseIdentifierValue(query)) ||
    (e.website !== null && registrableDomain(e.website) === registrableDomain(query));
  return {
    searches,
    quickSearch: {
      async execute({ query, countryIsoAlpha3 }) {
        searches.push({ query, countryIsoAlpha3 });
        return entities
          .filter(found(query))
          .filter((e) => countryIsoAlpha3 === 'GLO' || e.countryIsoAlpha3 === countryIsoAlpha3)
          .map((e): InternalQuickSearchCandidate => ({
            _type: 'internal',
            canonicalName: e.name,
            description: e.description ?? '',
            countryIsoAlpha3: e.countryIsoAlpha3 ?? '',
            key: `${e.countryIsoAlpha3 ?? ''}|${e.name}`,
            existingOrgId: e.id,
            source: 'internal',
            logo: null,
            website: e.website,
            accountLinked: false,
            registryStatus: e.registryStatus,
            match: assessMatch(matchQueryOfSearch(query, countryIsoAlpha3), {
              name: e.name,
              identifiers: e.identifiers,
              website: e.website,
              countryIsoAlpha3: e.countryIsoAlpha3,
            }),
          }));
      },
    },
    entities: { findEntity: async (_accountId, id) => entities.find((e) => e.id === id) ?? null },
  };
}
