/**
 * The verification rule (spec: "Organisation profile", verification agent verdict): an account-owned
 * organisation is verified by registry evidence, meaning an active registry record found by one of its registry
 * identifiers, whose name matches and whose identifiers agree with the organisation's. Pure: the use case
 * looks the record up and applies the verdict; this decides it and words the evidence.
 */
import type { Identifier } from './identifiers';
import { formatAbn, formatAcn, normaliseCompaniesHouseNumber, normaliseIdentifierValue } from './identifiers';
import { registeredNameMatches } from './name-match';
import type { VerificationEvidence } from './organisation-profile';

/** The identifier the register is asked about: the first type of this list the organisation holds. */
export const VERIFICATION_IDENTIFIER_ORDER = ['ABN', 'ACN', 'CH', 'OPENCORPORATES'] as const;
export type VerificationIdentifierType = (typeof VERIFICATION_IDENTIFIER_ORDER)[number];

export type RegisterName = 'abr' | 'opencorporates' | 'gleif';

export interface VerificationIdentifier {
  type: VerificationIdentifierType;
  /** As the organisation stores it. */
  value: string;
}

/** What the rule reads of a registry record (the enrichment port's RegistryRecord has this shape). */
export interface RegisteredEntity {
  name: string;
  otherNames: readonly string[];
  identifiers: readonly Identifier[];
  active: boolean;
  register: RegisterName;
  url: string | null;
}

export const NO_REGISTRY_IDENTIFIER_SUMMARY = 'No registry identifier to check';

/**
 * The identifier to verify by: the organisation's first ABN, else ACN, else Companies House number, else
 * aggregator id (ABN first because the ABR's ABN record also carries the ACN, so both get checked). Among
 * several values of one type the smallest normalised value is taken, so the choice does not depend on row order.
 */
export function verificationIdentifier(identifiers: readonly Identifier[]): VerificationIdentifier | null {
  for (const type of VERIFICATION_IDENTIFIER_ORDER) {
    const values = identifiers
      .filter((identifier) => identifier.type === type && normaliseIdentifierValue(identifier.value) !== '')
      .sort((a, b) => comparisonValue(a).localeCompare(comparisonValue(b)));
    const first = values[0];
    if (first) return { type, value: first.value };
  }
  return null;
}

/** The register that answers for an identifier type: the ABR for ABN and ACN, the aggregator otherwise. */
export function registerFor(type: VerificationIdentifierType): RegisterName {
  return type === 'ABN' || type === 'ACN' ? 'abr' : 'opencorporates';
}

/**
 * The form two values of one type are compared in: the lookup normalisation, plus Companies House's leading
 * zeros ("1234567" is "01234567").
 */
export function comparisonValue(identifier: Identifier): string {
  if (identifier.type === 'CH') return normaliseCompaniesHouseNumber(identifier.value) ?? normaliseIdentifierValue(identifier.value);
  return normaliseIdentifierValue(identifier.value);
}

/**
 * The organisation's identifiers the register contradicts: for every type the record lists, each of the
 * organisation's values of that type that is not one of the record's (its ACN is not the record's ACN).
 * Types the record does not list are not evidence either way.
 */
export function inconsistentIdentifiers(ours: readonly Identifier[], registered: readonly Identifier[]): Identifier[] {
  const registeredValues = new Map<string, Set<string>>();
  for (const identifier of registered) {
    const values = registeredValues.get(identifier.type) ?? new Set<string>();
    values.add(comparisonValue(identifier));
    registeredValues.set(identifier.type, values);
  }
  return ours
    .filter((identifier) => {
      const values = registeredValues.get(identifier.type);
      return values !== undefined && !values.has(comparisonValue(identifier));
    })
    .map(({ type, value }) => ({ type, value }));
}

export interface RegistryAssessment {
  verified: boolean;
  evidence: VerificationEvidence;
}

/**
 * The verdict on a record found by `checked`: verified when the record is active, its registered name (or one
 * of its other names) matches the organisation's and none of the organisation's identifiers is contradicted.
 */
export function assessRegistryRecord(
  organisation: { name: string; identifiers: readonly Identifier[] },
  checked: VerificationIdentifier,
  record: RegisteredEntity,
): RegistryAssessment {
  const nameMatches = registeredNameMatches(organisation.name, record);
  const contradicted = inconsistentIdentifiers(organisation.identifiers, record.identifiers);
  const verified = record.active && nameMatches && contradicted.length === 0;
  const source = `${registerLabel(record.register)} record for ${describeIdentifier(checked)}`;
  const reasons = [
    ...(record.active ? [] : ['the record is not active']),
    ...(nameMatches ? [] : [`the registered name "${record.name}" does not match "${organisation.name}"`]),
    ...contradicted.map((identifier) => `the register does not give ${describeIdentifier(identifier)}`),
  ];
  return {
    verified,
    evidence: {
      register: record.register,
      identifier: { type: checked.type, value: checked.value },
      registeredName: record.name,
      active: record.active,
      nameMatches,
      inconsistentIdentifiers: contradicted,
      url: record.url,
      summary: verified
        ? `Verified: ${source} is active, its name "${record.name}" matches and its identifiers agree`
        : `Not verified: ${reasons.join('; ')} (${source})`,
    },
  };
}

/** The evidence when the organisation holds no registry identifier: nothing could be asked. */
export function noRegistryIdentifierEvidence(): VerificationEvidence {
  return { ...emptyEvidence(null, null), summary: NO_REGISTRY_IDENTIFIER_SUMMARY };
}

/** The evidence when the register has no record for the identifier. */
export function noSuchRecordEvidence(checked: VerificationIdentifier): VerificationEvidence {
  const register = registerFor(checked.type);
  return {
    ...emptyEvidence(register, checked),
    summary: `No such record: ${registerLabel(register)} has no record for ${describeIdentifier(checked)}`,
  };
}

/** The evidence when the register could not answer; `reason` is a few safe words ("timed out"), never a provider message. */
export function registerUnreachableEvidence(checked: VerificationIdentifier, reason: string): VerificationEvidence {
  const register = registerFor(checked.type);
  return {
    ...emptyEvidence(register, checked),
    summary: `${capitalised(registerLabel(register))} could not be reached to check ${describeIdentifier(checked)} (${reason}); the organisation stays private until it is verified`,
  };
}

function emptyEvidence(register: RegisterName | null, checked: VerificationIdentifier | null): Omit<VerificationEvidence, 'summary'> {
  return {
    register,
    identifier: checked ? { type: checked.type, value: checked.value } : null,
    registeredName: null,
    active: null,
    nameMatches: false,
    inconsistentIdentifiers: [],
    url: null,
  };
}

function registerLabel(register: RegisterName): string {
  switch (register) {
    case 'abr':
      return 'the Australian Business Register';
    case 'opencorporates':
      return 'OpenCorporates';
    case 'gleif':
      return 'GLEIF';
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "ABN 51 824 753 556", "ACN 005 749 986", "company number SC612345", "OpenCorporates id gb/SC612345". */
export function describeIdentifier(identifier: Identifier): string {
  switch (identifier.type) {
    case 'ABN':
      return `ABN ${formatAbn(identifier.value)}`;
    case 'ACN':
      return `ACN ${formatAcn(identifier.value)}`;
    case 'CH':
      return `company number ${comparisonValue(identifier)}`;
    case 'OPENCORPORATES':
      return `OpenCorporates id ${identifier.value.trim()}`;
    default:
      return `${identifier.type} ${identifier.value.trim()}`;
  }
}
