/**
 * Registry monitoring (issue 23, sections 1 and 2): what one registry said of a watched organisation when it was
 * last read (an observation), and the changes between two observations, one rule each:
 *
 * - `status`: the register's status (`registryStatus` of the identity issue) differs: active, inactive or unknown, its
 *   wording or its date;
 * - `legal_name`: the registered name differs (case and spacing aside); the old one is kept as a former name;
 * - `business_names`: a business or trading name was added or removed (one change per name, `before` or `after` null);
 * - `lei_registration_status`: the LEI's own status differs (ISSUED, LAPSED, RETIRED...);
 * - `parent`: the direct or ultimate parent differs (by its LEI when both have one, else by name).
 *
 * A re-read that says the same thing has no changes. The first read of an organisation has nothing to differ from but
 * what the product stored: only a known stored status that the register contradicts is a change then
 * (`firstReadChanges`); the rest is the baseline.
 */
import { z } from 'zod';
import { registryStatusSchema, type RegistryStatus } from './registry-status';

export const CHANGE_KINDS = ['status', 'legal_name', 'business_names', 'lei_registration_status', 'parent'] as const;
export const changeKindSchema = z.enum(CHANGE_KINDS);
export type ChangeKind = z.infer<typeof changeKindSchema>;

/** Which register a reading came from. */
export const REGISTRY_SOURCES = ['abr', 'opencorporates', 'gleif'] as const;
export const registrySourceSchema = z.enum(REGISTRY_SOURCES);
export type RegistrySourceName = z.infer<typeof registrySourceSchema>;

export const relatedEntitySchema = z.object({ name: z.string(), lei: z.string().nullable() });
export type RelatedEntity = z.infer<typeof relatedEntitySchema>;

export const registryObservationSchema = z.object({
  legalName: z.string(),
  /** Business or trading names the register lists now (ABN Lookup business names, GLEIF trading and other names). */
  businessNames: z.array(z.string()),
  registryStatus: registryStatusSchema,
  /** GLEIF only: the LEI's registration status; null for other registers. */
  leiRegistrationStatus: z.string().nullable(),
  /** GLEIF only (null elsewhere, and when none is reported). */
  directParent: relatedEntitySchema.nullable(),
  ultimateParent: relatedEntitySchema.nullable(),
});
export type RegistryObservation = z.infer<typeof registryObservationSchema>;

/** A change before it is stored: the organisation, source and time are the caller's. */
export interface ChangeDraft {
  kind: ChangeKind;
  /** The field as the API names it: registryStatus, legalName, businessNames, leiRegistrationStatus, directParent, ultimateParent. */
  field: string;
  before: unknown;
  after: unknown;
}

/** Names compared as written, case and spacing aside (`Pty Ltd` for `Pty Limited` is a change: the register wrote it). */
const nameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();
const sameName = (a: string, b: string): boolean => nameKey(a) === nameKey(b);

function sameStatus(a: RegistryStatus, b: RegistryStatus): boolean {
  return a.status === b.status && (a.wording ?? '').toLowerCase() === (b.wording ?? '').toLowerCase() && a.date === b.date;
}

function sameEntity(a: RelatedEntity | null, b: RelatedEntity | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.lei !== null && b.lei !== null) return a.lei === b.lei;
  return sameName(a.name, b.name);
}

/** The changes from what was last seen to what the register says now; [] when nothing differs. */
export function registryChanges(before: RegistryObservation, after: RegistryObservation): ChangeDraft[] {
  const changes: ChangeDraft[] = [];
  if (!sameStatus(before.registryStatus, after.registryStatus)) {
    changes.push({ kind: 'status', field: 'registryStatus', before: before.registryStatus, after: after.registryStatus });
  }
  if (!sameName(before.legalName, after.legalName)) changes.push({ kind: 'legal_name', field: 'legalName', before: before.legalName, after: after.legalName });
  const had = new Set(before.businessNames.map(nameKey));
  const has = new Set(after.businessNames.map(nameKey));
  for (const name of after.businessNames) {
    if (!had.has(nameKey(name))) changes.push({ kind: 'business_names', field: 'businessNames', before: null, after: name });
  }
  for (const name of before.businessNames) {
    if (!has.has(nameKey(name))) changes.push({ kind: 'business_names', field: 'businessNames', before: name, after: null });
  }
  if ((before.leiRegistrationStatus ?? null) !== (after.leiRegistrationStatus ?? null)) {
    changes.push({ kind: 'lei_registration_status', field: 'leiRegistrationStatus', before: before.leiRegistrationStatus, after: after.leiRegistrationStatus });
  }
  if (!sameEntity(before.directParent, after.directParent))
    changes.push({ kind: 'parent', field: 'directParent', before: before.directParent, after: after.directParent });
  if (!sameEntity(before.ultimateParent, after.ultimateParent)) {
    changes.push({ kind: 'parent', field: 'ultimateParent', before: before.ultimateParent, after: after.ultimateParent });
  }
  return changes;
}

/**
 * The first read of an organisation: a change only where the product already stored a known status that the register
 * now contradicts (active -> inactive, or back); an unknown stored status is filled in without a change (nothing is
 * overwritten), and names and parents become the baseline.
 */
export function firstReadChanges(stored: RegistryStatus, observation: RegistryObservation): ChangeDraft[] {
  if (stored.status === 'unknown' || observation.registryStatus.status === 'unknown' || stored.status === observation.registryStatus.status) return [];
  return [{ kind: 'status', field: 'registryStatus', before: stored, after: observation.registryStatus }];
}

/** One organisation's reading is due again after `intervalHours` (MONITOR_INTERVAL_HOURS); a failed one after at most an hour. */
export function nextReadDue(now: Date, outcome: 'read' | 'failed', intervalHours: number): Date {
  const hours = outcome === 'read' ? intervalHours : Math.min(1, intervalHours);
  return new Date(now.getTime() + hours * 60 * 60 * 1000);
}

/** The registry identifiers monitoring reads, and the register each is read from. */
export const MONITORED_IDENTIFIER_TYPES = ['ABN', 'ACN', 'CH', 'OPENCORPORATES', 'LEI'] as const;
export type MonitoredIdentifierType = (typeof MONITORED_IDENTIFIER_TYPES)[number];

export function registrySourceOf(type: MonitoredIdentifierType): RegistrySourceName {
  switch (type) {
    case 'ABN':
    case 'ACN':
      return 'abr';
    case 'CH':
    case 'OPENCORPORATES':
      return 'opencorporates';
    case 'LEI':
      return 'gleif';
  }
}
