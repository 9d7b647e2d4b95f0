/**
 * Pure mapping from a Companies API record to our CompanyDataProfile (providers/enrichment.md 2.4). No I/O
 * here; tested on recorded payloads in __fixtures__. Nothing is guessed: a field the record does not give
 * (or gives in a form we cannot read) is null or empty.
 */
import type { OrganisationType } from '../../core/candidates';
import { toAlpha3 } from '../../core/countries';
import { registrableDomain, toWebsiteUrl } from '../../core/website';
import type { CompanyDataProfile, RelatedCompany } from '../../server/enrichment/ports';
import type { BusinessType, CompaniesApiCompany, CompaniesApiRelatedCompany } from './schemas';

/** The shared cache key of one registrable domain (never carries the token). */
export function companyDataCacheKey(domain: string): string {
  return `companydata:domain:${domain}`;
}

/**
 * `about.businessType` to the three accepted types (providers/enrichment.md 2.4, type mapping). Every other
 * business type (partnership, nonprofit, government agency, educational institution, unknown) is null:
 * "privately held" says nothing about partnerships or trusts, and the spec never guesses a type.
 */
const TYPE_BY_BUSINESS_TYPE: Readonly<Partial<Record<BusinessType, OrganisationType>>> = {
  'privately-held': 'ProprietaryLimited',
  'public-company': 'PublicLimited',
  'sole-proprietorship': 'SoleProprietor',
  'self-employed': 'SoleProprietor',
};

export function organisationTypeOf(businessType: BusinessType | null | undefined): OrganisationType | null {
  if (businessType === null || businessType === undefined) return null;
  return TYPE_BY_BUSINESS_TYPE[businessType] ?? null;
}

/** Trimmed text, or null when absent or blank. */
function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** `descriptions.primary`, else `.website`, else `.linkedin` (the tagline is too short to describe). */
export function descriptionOf(company: CompaniesApiCompany): string | null {
  const descriptions = company.descriptions;
  return text(descriptions?.primary) ?? text(descriptions?.website) ?? text(descriptions?.linkedin);
}

/** An absolute http(s) URL as given, or undefined (a `javascript:` or relative value is never passed on). */
function httpUrl(value: string | null | undefined): string | undefined {
  const candidate = text(value);
  if (candidate === null) return undefined;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? candidate : undefined;
  } catch {
    return undefined;
  }
}

/** `urls.website`, else `https://` + `domain.domain` (normalised); null when neither is usable. */
export function websiteOf(company: CompaniesApiCompany): string | null {
  const domain = text(company.domain?.domain);
  return httpUrl(company.urls?.website) ?? (domain === null ? undefined : toWebsiteUrl(domain)) ?? null;
}

/** Headquarters `country.code` (alpha-2, any case) to alpha-3; null when absent or unmappable. */
export function countryOf(company: CompaniesApiCompany): string | null {
  const code = text(company.locations?.headquarters?.country?.code);
  return code === null ? null : (toAlpha3(code) ?? null);
}

/** `codes.naics[]`: six-digit strings only (shorter sector codes are dropped, not padded), deduplicated. */
export function naicsCodesOf(company: CompaniesApiCompany): string[] {
  const codes = (company.codes?.naics ?? []).map((code) => code.trim()).filter((code) => /^\d{6}$/.test(code));
  return [...new Set(codes)];
}

/**
 * A parent or subsidiary as a stub: its name and, when the API gives one, its registrable domain (a full
 * URL is reduced to it; an unusable domain is dropped). The API gives no country for related companies.
 * Undefined when it has no name.
 */
export function toRelatedCompany(related: CompaniesApiRelatedCompany | null | undefined): RelatedCompany | undefined {
  const name = text(related?.name);
  if (name === null) return undefined;
  const domain = text(related?.domain);
  return { name, website: domain === null ? null : (registrableDomain(domain) ?? null), countryIsoAlpha3: null };
}

function relatedKey(related: RelatedCompany): string {
  return `${related.name.toLowerCase()}|${related.website ?? ''}`;
}

export function subsidiariesOf(company: CompaniesApiCompany): RelatedCompany[] {
  const seen = new Set<string>();
  const subsidiaries: RelatedCompany[] = [];
  for (const item of company.companies?.subsidiaries ?? []) {
    const related = toRelatedCompany(item);
    if (related === undefined || seen.has(relatedKey(related))) continue;
    seen.add(relatedKey(related));
    subsidiaries.push(related);
  }
  return subsidiaries;
}

/** `about.nameAlts`, trimmed and deduplicated (case-insensitively), without the display or legal name. */
export function aliasesOf(company: CompaniesApiCompany, name: string | null, legalName: string | null): string[] {
  const seen = new Set([name, legalName].filter((n): n is string => n !== null).map((n) => n.toLowerCase()));
  const aliases: string[] = [];
  for (const alias of company.about?.nameAlts ?? []) {
    const value = text(alias);
    if (value === null || seen.has(value.toLowerCase())) continue;
    seen.add(value.toLowerCase());
    aliases.push(value);
  }
  return aliases;
}

/** One Companies API record as our profile (providers/enrichment.md 2.4, field mapping). */
export function toCompanyDataProfile(company: CompaniesApiCompany): CompanyDataProfile {
  const name = text(company.about?.name);
  const legalName = text(company.about?.nameLegal);
  return {
    name,
    legalName,
    aliases: aliasesOf(company, name, legalName),
    description: descriptionOf(company),
    website: websiteOf(company),
    type: organisationTypeOf(company.about?.businessType),
    countryIsoAlpha3: countryOf(company),
    naicsCodes: naicsCodesOf(company),
    parent: toRelatedCompany(company.companies?.parent) ?? null,
    subsidiaries: subsidiariesOf(company),
    domainState: company.domain?.state ?? null,
  };
}
