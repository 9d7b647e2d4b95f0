/**
 * Pure mapping from one OpenCorporates v0.4 company (company by id, providers/opencorporates.md 2) to the
 * enrichment port's RegistryRecord (registry look-ups by identifier). Name, country, identifiers and type
 * are the search transform's (`toRegistryCandidate`), so a record and a search row of the same company agree.
 */
import type { RegistryRecord } from '../../../server/enrichment/ports';
import type { OcCompany } from './schemas';
import { companyRegistryStatus, formerNamesOf, toRegistryCandidate } from './transform';

/**
 * Active per the aggregator: `inactive === false`; when `inactive` is null or absent, `current_status` is
 * `Active` (any case). Every other status word (Dissolved, Liquidation, Registered, Live...) is not read as
 * active without `inactive: false`: the vocabulary is the register's own (note section 1).
 */
export function isActiveCompany(company: Pick<OcCompany, 'inactive' | 'current_status'>): boolean {
  if (company.inactive === false) return true;
  if (company.inactive === true) return false;
  return company.current_status?.trim().toLowerCase() === 'active';
}

/** An absolute http(s) URL, or undefined (a provider string is never trusted as a link as it comes). */
function httpUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One company as a registry record, or null when the search transform would drop it (jurisdiction outside
 * the ISO table, no name).
 *
 * - `identifiers`: `CH` (normalised, leading zeros kept) for `gb`, then `OPENCORPORATES` `<jurisdiction>/<number>`.
 * - `otherNames` and `formerNames`: `previous_names[].company_name` (a register's name match accepts a former name;
 *   enrichment keeps them as former names).
 * - `active`: see isActiveCompany.
 * - `url`: `opencorporates_url` (the aggregator's page, also its attribution), else `registry_url`.
 */
export function toRegistryRecord(company: OcCompany): RegistryRecord | null {
  const candidate = toRegistryCandidate(company);
  if (candidate === undefined) return null;
  return {
    name: candidate.name,
    otherNames: formerNamesOf(candidate.name, company),
    formerNames: formerNamesOf(candidate.name, company),
    countryIsoAlpha3: candidate.countryIsoAlpha3,
    identifiers: candidate.identifiers,
    active: isActiveCompany(company),
    registryStatus: companyRegistryStatus(company),
    type: candidate.type,
    register: 'opencorporates',
    url: httpUrl(company.opencorporates_url) ?? httpUrl(company.registry_url) ?? null,
  };
}
