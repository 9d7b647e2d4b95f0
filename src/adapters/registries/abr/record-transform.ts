/**
 * Pure mapping from one `AbnDetails.aspx` / `AcnDetails.aspx` payload (providers/abr.md 2.3) to the
 * enrichment port's RegistryRecord (registry look-ups by identifier). No I/O: the look-ups adapter fetches,
 * this decides.
 */
import type { Identifier } from '../../../core/identifiers';
import { isValidAbn, isValidAcn, normaliseIdentifierValue } from '../../../core/identifiers';
import type { RegistryRecord } from '../../../server/enrichment/ports';
import type { AbnDetailsPayload } from './schemas';
import { abnRegistryStatus, organisationTypeFor } from './transform';

/** The ABR's public page of an ABN (ABN Lookup's "current details" view). */
export function abrRecordUrl(abn: string): string {
  return `https://abr.business.gov.au/ABN/View?abn=${encodeURIComponent(abn)}`;
}

/** `Active` in details (and, defensively, MatchingNames' coded `0000000001`); anything else is not active. */
export function isActiveAbnStatus(status: string): boolean {
  const s = status.trim().toLowerCase();
  return s === 'active' || s === '0000000001';
}

/** Names in first-seen order, trimmed, without blanks, case-insensitive repeats or the entity's own name. */
function otherNamesOf(entityName: string, names: readonly string[]): string[] {
  const seen = new Set([entityName.toLowerCase()]);
  const result: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(name);
  }
  return result;
}

/**
 * One details payload as a registry record, or null when it holds no entity: a non-empty `Message` ("No
 * record found", whose `Abn` may echo the query, or any other application error), an empty `Abn` or an
 * empty `EntityName`.
 *
 * - `active`: `AbnStatus` is Active (a Cancelled ABN is a record, not active).
 * - `identifiers`: ABN and ACN, each only when it passes its check digits (providers/abr.md 5).
 * - `otherNames`: the current registered business names (`BusinessName[]`).
 * - `formerNames`: none (the JSON details carry no history; providers/abr.md 1).
 * - `type`: PRV/PUB/IND as in search (ProprietaryLimited/PublicLimited/SoleProprietor), otherwise null.
 * - `url`: the ABN's page on ABN Lookup, when the ABN is valid.
 */
export function toRegistryRecord(payload: AbnDetailsPayload): RegistryRecord | null {
  const abn = normaliseIdentifierValue(payload.Abn);
  const name = payload.EntityName.trim();
  if (payload.Message.trim() !== '' || abn === '' || name === '') return null;

  const abnValid = isValidAbn(abn);
  const identifiers: Identifier[] = [];
  if (abnValid) identifiers.push({ type: 'ABN', value: abn });
  const acn = normaliseIdentifierValue(payload.Acn);
  if (acn !== '' && isValidAcn(acn)) identifiers.push({ type: 'ACN', value: acn });

  return {
    name,
    otherNames: otherNamesOf(name, payload.BusinessName),
    formerNames: [],
    countryIsoAlpha3: 'AUS',
    identifiers,
    active: isActiveAbnStatus(payload.AbnStatus),
    registryStatus: abnRegistryStatus(payload.AbnStatus, payload.AbnStatusEffectiveFrom),
    type: organisationTypeFor(payload.EntityTypeCode),
    register: 'abr',
    url: abnValid ? abrRecordUrl(abn) : null,
  };
}
