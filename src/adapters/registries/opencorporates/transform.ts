/**
 * Pure mapping between our vocabulary and OpenCorporates v0.4 (providers/opencorporates.md sections 4-5;
 * spec: Registry behaviour: global aggregator). No I/O here; tested on recorded payloads.
 */
import { canonicalName } from '../../../core/canonical-name';
import type { OrganisationType } from '../../../core/candidates';
import { toAlpha2, toAlpha3 } from '../../../core/countries';
import { normaliseCompaniesHouseNumber } from '../../../core/identifiers';
import { registryStatusOf, statusOfWording, type RegistryStatus } from '../../../core/registry-status';
import type { RegistryCandidate } from '../../../server/search/ports';
import type { OcCompany } from './schemas';

/**
 * The `country_code` search parameter for a caller's country: alpha-2 or alpha-3 in any case (and `UK`)
 * to lower-case alpha-2. `country_code` covers every sub-jurisdiction (`us` finds all `us_*` states, `ca`
 * federal and provincial registers), so it is used instead of `jurisdiction_code` (note section 4).
 * Undefined when unmappable (GLO, XXX, nonsense): the caller answers with an empty result.
 */
export function countryCodeParameter(countryCode: string): string | undefined {
  return toAlpha2(countryCode)?.toLowerCase();
}

/**
 * A company's country from its jurisdiction code: the part before the first underscore (`us_de` -> `us`),
 * then alpha-2 to alpha-3. Undefined for codes outside the ISO table (`eu`, `xk`, `an`, `uk`): such
 * candidates are dropped (spec: "unmappable jurisdictions are dropped").
 */
export function countryFromJurisdiction(jurisdictionCode: string): string | undefined {
  const base = jurisdictionCode.trim().toLowerCase().split('_')[0] ?? '';
  // `uk` is not a jurisdiction (gb is); toAlpha3 would accept it as an alias, the register never sends it.
  if (!/^[a-z]{2}$/.test(base) || base === 'uk') return undefined;
  return toAlpha3(base);
}

/** The form of a name a cache key and the `q` parameter use: canonical spacing; keys also lower-cased. */
export function searchQueryText(name: string): string {
  return canonicalName(name);
}

/** `oc:search:<account>:<country alpha-2 | all>:<normalised name>`; never contains the API token. */
export function searchCacheKey(countryParameter: string | undefined, name: string, accountId: string): string {
  return `oc:search:${accountId}:${countryParameter ?? 'all'}:${searchQueryText(name).toLowerCase()}`;
}

/** `oc:company:<jurisdiction>/<number>`, jurisdiction lower-cased, number as OpenCorporates writes it. */
export function companyCacheKey(jurisdictionCode: string, companyNumber: string): string {
  return `oc:company:${jurisdictionCode.trim().toLowerCase()}/${companyNumber.trim()}`;
}

/** The aggregator's company id as an identifier value: `<jurisdiction_code>/<company_number>` (note 5). */
export function openCorporatesId(company: Pick<OcCompany, 'jurisdiction_code' | 'company_number'>): string {
  return `${company.jurisdiction_code.toLowerCase()}/${company.company_number}`;
}

/**
 * Company types whose meaning is unambiguous. Everything else (LLCs, guarantee companies, "NZ Limited
 * Company", GmbH...) stays null: a wrong type would be written to the organisation on selection.
 */
const TYPE_BY_COMPANY_TYPE: ReadonlyMap<string, OrganisationType> = new Map([
  ['private limited company', 'ProprietaryLimited'],
  ['private company limited by shares', 'ProprietaryLimited'],
  ['ltd - private company limited by shares', 'ProprietaryLimited'],
  ['public limited company', 'PublicLimited'],
  ['plc - public limited company', 'PublicLimited'],
]);

export function organisationTypeOf(companyType: string | null | undefined): OrganisationType | null {
  if (!companyType) return null;
  return TYPE_BY_COMPANY_TYPE.get(companyType.trim().toLowerCase().replace(/\s+/g, ' ')) ?? null;
}

/** True when the register says the company no longer trades (`inactive`, else a dissolution date). */
export function isInactive(company: OcCompany): boolean {
  if (company.inactive === true) return true;
  if (company.inactive === false) return false;
  return Boolean(company.dissolution_date);
}

/** The day a date field names: a single date, or the later end of a range (`2009-08-22:2012-01-08`, `:2012-01-08`). */
function dayOf(value: string | null | undefined): string | null {
  const ends = (value ?? '')
    .split(':')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return ends.at(-1) ?? null;
}

/**
 * The company's registry status: `inactive` buckets it (providers/opencorporates.md: use `inactive`, not the
 * string); with `inactive` null, a dissolution date means inactive, else the register's word is read
 * (`statusOfWording`). The wording is the register's `current_status` ("Dissolved", "Struck Off"), or
 * "Dissolved" when only a dissolution date says so; the date is the dissolution date.
 */
export function companyRegistryStatus(company: Pick<OcCompany, 'inactive' | 'current_status' | 'dissolution_date'>): RegistryStatus {
  const wording = company.current_status?.trim() || null;
  const dissolved = dayOf(company.dissolution_date);
  const status = company.inactive === true ? 'inactive' : company.inactive === false ? 'active' : dissolved !== null ? 'inactive' : statusOfWording(wording);
  if (status !== 'inactive') return registryStatusOf(status, wording, null);
  return registryStatusOf('inactive', wording ?? (dissolved !== null ? 'Dissolved' : null), dissolved);
}

/**
 * One line for the result list: company type, status (with the dissolution date), incorporation date.
 * Inactive companies are kept and say so here: a user may be looking for a dissolved company, and the
 * status is what tells two same-named companies apart.
 */
export function describeCompany(company: OcCompany): string {
  const parts: string[] = [];
  if (company.company_type) parts.push(company.company_type.trim());
  const status = company.current_status?.trim() || (isInactive(company) ? 'Inactive' : '');
  if (status) parts.push(company.dissolution_date ? `${status} (dissolved ${company.dissolution_date})` : status);
  else if (company.dissolution_date) parts.push(`dissolved ${company.dissolution_date}`);
  if (company.incorporation_date) parts.push(`incorporated ${company.incorporation_date}`);
  if (company.branch_status) parts.push(company.branch_status.trim());
  return parts.join(', ');
}

/**
 * One OpenCorporates company as a registry candidate, or undefined when its jurisdiction is unmappable or
 * it has no name. Identifiers: the aggregator's company id for every company, plus the Companies House
 * number (normalised, leading zeros kept) for British companies.
 */
export function toRegistryCandidate(company: OcCompany): RegistryCandidate | undefined {
  const countryIsoAlpha3 = countryFromJurisdiction(company.jurisdiction_code);
  const name = canonicalName(company.name);
  if (countryIsoAlpha3 === undefined || name === '') return undefined;
  const identifiers: RegistryCandidate['identifiers'] = [];
  if (countryIsoAlpha3 === 'GBR') {
    const companiesHouse = normaliseCompaniesHouseNumber(company.company_number);
    if (companiesHouse !== undefined) identifiers.push({ type: 'CH', value: companiesHouse });
  }
  identifiers.push({ type: 'OPENCORPORATES', value: openCorporatesId(company) });
  return {
    name,
    countryIsoAlpha3,
    identifiers,
    description: describeCompany(company),
    website: null,
    websiteValidated: false,
    nameKind: 'entity',
    matchedBusinessName: null,
    parentEntityName: null,
    type: organisationTypeOf(company.company_type),
    score: null,
    registryStatus: companyRegistryStatus(company),
    ...formerNamesField(name, company),
  };
}

/**
 * The company's former names (`previous_names[].company_name`), canonical spacing, without blanks, case-insensitive
 * repeats or the current name; absent when there is none.
 */
export function formerNamesOf(name: string, company: Pick<OcCompany, 'previous_names'>): string[] {
  const seen = new Set([name.toLowerCase()]);
  const result: string[] = [];
  for (const previous of company.previous_names ?? []) {
    const other = canonicalName(previous.company_name);
    const key = other.toLowerCase();
    if (other === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(other);
  }
  return result;
}

function formerNamesField(name: string, company: OcCompany): { formerNames?: string[] } {
  const formerNames = formerNamesOf(name, company);
  return formerNames.length === 0 ? {} : { formerNames };
}

/**
 * A search page as candidates, in the aggregator's relevance order with inactive companies moved after
 * active ones (stable), unmappable jurisdictions dropped and repeated company ids collapsed.
 */
export function toRegistryCandidates(companies: readonly OcCompany[]): RegistryCandidate[] {
  const seen = new Set<string>();
  const active: RegistryCandidate[] = [];
  const inactive: RegistryCandidate[] = [];
  for (const company of companies) {
    const id = openCorporatesId(company);
    if (seen.has(id)) continue;
    seen.add(id);
    const candidate = toRegistryCandidate(company);
    if (candidate === undefined) continue;
    (isInactive(company) ? inactive : active).push(candidate);
  }
  return [...active, ...inactive];
}
