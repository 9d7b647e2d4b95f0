/**
 * Pure mappings from GLEIF LEI records to our shapes: the LEI entity monitoring compares (names, entity and
 * registration status, direct and ultimate parent), the registry record of a look-up by number, and the search
 * candidate. Names keep the register's spelling (canonical spacing only).
 */
import { canonicalName } from '../../../core/canonical-name';
import { toAlpha3 } from '../../../core/countries';
import { normaliseCompaniesHouseNumber, type Identifier } from '../../../core/identifiers';
import { registryStatusOf, type RegistryStatus } from '../../../core/registry-status';
import type { RegistryRecord } from '../../../server/enrichment/ports';
import type { RegistryCandidate } from '../../../server/search/ports';
import type { GleifLookup, GleifName, GleifRecord } from './schemas';

/** Companies House's code in the GLEIF Registration Authorities list: `registeredAs` is then a CH number. */
const COMPANIES_HOUSE_RA = 'RA000585';

const PREVIOUS_LEGAL_NAME = 'PREVIOUS_LEGAL_NAME';

/** A parent as an LEI record names it. */
export interface LeiParent {
  lei: string;
  name: string;
}

/** What one LEI record says of its entity, as monitoring and search read it. */
export interface LeiEntity {
  lei: string;
  legalName: string;
  /** Other names the entity bears (alternative language, trading names), without the legal name or repeats. */
  otherNames: string[];
  /** Legal names it bore before (`PREVIOUS_LEGAL_NAME`). */
  previousLegalNames: string[];
  /** The register's ASCII transliterations of the legal and other names. */
  transliteratedNames: string[];
  countryIsoAlpha3: string | null;
  /** ACTIVE or INACTIVE, as GLEIF writes it (the entity). */
  entityStatus: string | null;
  /** ISSUED, LAPSED, RETIRED... as GLEIF writes it (the LEI). */
  registrationStatus: string;
  registryStatus: RegistryStatus;
  directParent: LeiParent | null;
  ultimateParent: LeiParent | null;
  /** The record's page on the GLEIF API. */
  url: string | null;
}

/** Whether a record reports a parent of that kind (its relationship carries a `lei-record` link, not a reporting exception). */
export function reportsParent(record: GleifRecord, kind: 'direct-parent' | 'ultimate-parent'): boolean {
  const links = record.relationships?.[kind]?.links;
  return links !== undefined && links !== null && typeof links['lei-record'] === 'string';
}

function distinctNames(names: readonly (GleifName | string)[], exclude: readonly string[]): string[] {
  const seen = new Set(exclude.map((n) => n.toLowerCase()));
  const result: string[] = [];
  for (const entry of names) {
    const name = canonicalName(typeof entry === 'string' ? entry : entry.name);
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(name);
  }
  return result;
}

const EXPIRATION_WORDING: Readonly<Record<string, string>> = { DISSOLVED: 'Dissolved', CORPORATE_ACTION: 'Merged', OTHER: 'Inactive' };

/**
 * The entity's status (not its LEI's): ACTIVE -> active ("Active"); INACTIVE -> inactive, worded by the expiration
 * reason ("Dissolved", "Merged", "Inactive") with the expiration date; anything else -> unknown. A lapsed LEI says the
 * entity stopped renewing its identifier, not that it stopped trading: that is `registrationStatus`.
 */
export function entityRegistryStatus(record: GleifRecord): RegistryStatus {
  const { status, expiration } = record.attributes.entity;
  switch (status?.trim().toUpperCase()) {
    case 'ACTIVE':
      return registryStatusOf('active', 'Active', null);
    case 'INACTIVE':
      return registryStatusOf('inactive', EXPIRATION_WORDING[expiration?.reason?.trim().toUpperCase() ?? ''] ?? 'Inactive', expiration?.date ?? null);
    default:
      return registryStatusOf('unknown', null, null);
  }
}

function countryOf(record: GleifRecord): string | null {
  const { legalAddress, jurisdiction } = record.attributes.entity;
  const code = legalAddress?.country ?? jurisdiction?.slice(0, 2) ?? '';
  return toAlpha3(code) ?? null;
}

function parentOf(record: GleifRecord | null): LeiParent | null {
  if (record === null) return null;
  return { lei: record.attributes.lei, name: canonicalName(record.attributes.entity.legalName.name) };
}

export function toLeiEntity(lookup: GleifLookup): LeiEntity {
  const { record } = lookup;
  const { entity, registration, lei } = record.attributes;
  const legalName = canonicalName(entity.legalName.name);
  const others = entity.otherNames ?? [];
  const otherNames = distinctNames(
    others.filter((n) => n.type !== PREVIOUS_LEGAL_NAME),
    [legalName],
  );
  const previousLegalNames = distinctNames(
    others.filter((n) => n.type === PREVIOUS_LEGAL_NAME),
    [legalName, ...otherNames],
  );
  return {
    lei,
    legalName,
    otherNames,
    previousLegalNames,
    transliteratedNames: distinctNames(entity.transliteratedOtherNames ?? [], [legalName, ...otherNames, ...previousLegalNames]),
    countryIsoAlpha3: countryOf(record),
    entityStatus: entity.status?.trim().toUpperCase() ?? null,
    registrationStatus: registration.status.trim().toUpperCase(),
    registryStatus: entityRegistryStatus(record),
    directParent: parentOf(lookup.directParent),
    ultimateParent: parentOf(lookup.ultimateParent),
    url: record.links?.self ?? null,
  };
}

/** The LEI, and the Companies House number when Companies House is the entity's register. */
function identifiersOf(record: GleifRecord): Identifier[] {
  const identifiers: Identifier[] = [{ type: 'LEI', value: record.attributes.lei }];
  const { registeredAt, registeredAs } = record.attributes.entity;
  const companiesHouse = registeredAt?.id === COMPANIES_HOUSE_RA && registeredAs ? normaliseCompaniesHouseNumber(registeredAs) : undefined;
  if (companiesHouse !== undefined) identifiers.push({ type: 'CH', value: companiesHouse });
  return identifiers;
}

/** One LEI record as a registry record (a look-up by number), or null when it has no name or no mappable country. */
export function toRegistryRecord(lookup: GleifLookup): RegistryRecord | null {
  const entity = toLeiEntity(lookup);
  if (entity.legalName === '' || entity.countryIsoAlpha3 === null) return null;
  return {
    name: entity.legalName,
    otherNames: [...entity.previousLegalNames, ...entity.otherNames, ...entity.transliteratedNames],
    countryIsoAlpha3: entity.countryIsoAlpha3,
    identifiers: identifiersOf(lookup.record),
    active: entity.registryStatus.status === 'active',
    registryStatus: entity.registryStatus,
    type: null,
    register: 'gleif',
    url: entity.url,
    ...(entity.directParent === null ? {} : { parentName: entity.directParent.name }),
  };
}

/** One LEI record as a search candidate (its direct parent named), or undefined when it has no name or no mappable country. */
export function toRegistryCandidate(lookup: GleifLookup): RegistryCandidate | undefined {
  const record = toRegistryRecord(lookup);
  if (record === null) return undefined;
  const entity = toLeiEntity(lookup);
  return {
    name: record.name,
    countryIsoAlpha3: record.countryIsoAlpha3,
    identifiers: record.identifiers,
    description: `LEI ${entity.lei} (${entity.registrationStatus.toLowerCase()})`,
    website: null,
    websiteValidated: false,
    nameKind: 'entity',
    matchedBusinessName: null,
    parentEntityName: entity.directParent?.name ?? null,
    type: null,
    score: null,
    registryStatus: entity.registryStatus,
  };
}

/** The shared cache key of one LEI's lookup (the record and its parents). */
export const leiCacheKey = (lei: string): string => `gleif:lei:${lei}`;
