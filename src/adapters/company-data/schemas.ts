/**
 * Zod schemas of The Companies API `GET /v2/companies/{domain}` answer (providers/enrichment.md 2.2; the
 * `CompanyV2` schema of their OpenAPI document, in which every field is optional). Only the parts we map
 * are described; unknown keys are kept (`looseObject`), and the API may send `null` for anything, so every
 * field is `.nullish()`. A wrong type is a malformed record; an enum value we do not know is not: it
 * becomes null and the rest of the record is kept (the vendor adds values without notice).
 */
import { z } from 'zod';

/** `about.businessType` (OpenAPI enum). */
export const BUSINESS_TYPES = [
  'educational-institution',
  'government-agency',
  'nonprofit',
  'partnership',
  'privately-held',
  'public-company',
  'self-employed',
  'sole-proprietorship',
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** `domain.state` (OpenAPI enum): `for-sale` and `broken` mean "no usable website". */
export const DOMAIN_STATES = ['broken', 'for-sale', 'operating', 'redirected'] as const;
export type CompaniesApiDomainState = (typeof DOMAIN_STATES)[number];

/**
 * A string enum that tolerates values added after this schema was written: a known value passes, any other
 * string becomes null (a number or an object is still a wrong shape).
 */
function tolerantEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string().transform((): null => null)]).nullish();
}

const nullishString = z.string().nullish();
const stringList = z.array(z.string()).nullish();
const named = z.looseObject({ name: nullishString, code: nullishString }).nullish();

/** A parent, subsidiary or acquisition as the API names it: name, domain, description. */
export const companiesApiRelatedCompanySchema = z.looseObject({
  name: nullishString,
  domain: nullishString,
  description: nullishString,
});
export type CompaniesApiRelatedCompany = z.infer<typeof companiesApiRelatedCompanySchema>;

export const companiesApiCompanySchema = z.looseObject({
  id: z.union([z.string(), z.number()]).nullish(),
  about: z
    .looseObject({
      name: nullishString,
      nameLegal: nullishString,
      nameAlts: stringList,
      businessType: tolerantEnum(BUSINESS_TYPES),
      industry: nullishString,
      industries: stringList,
      totalEmployees: nullishString,
      yearFounded: z.number().nullish(),
    })
    .nullish(),
  codes: z.looseObject({ naics: stringList, sic: stringList }).nullish(),
  descriptions: z
    .looseObject({
      primary: nullishString,
      tagline: nullishString,
      website: nullishString,
      linkedin: nullishString,
    })
    .nullish(),
  domain: z
    .looseObject({
      domain: nullishString,
      domainAlts: stringList,
      state: tolerantEnum(DOMAIN_STATES),
    })
    .nullish(),
  locations: z
    .looseObject({
      headquarters: z
        .looseObject({
          city: named,
          state: named,
          country: named,
        })
        .nullish(),
    })
    .nullish(),
  companies: z
    .looseObject({
      parent: companiesApiRelatedCompanySchema.nullish(),
      subsidiaries: z.array(companiesApiRelatedCompanySchema).nullish(),
      acquisitions: z.array(companiesApiRelatedCompanySchema).nullish(),
    })
    .nullish(),
  finances: z.looseObject({ revenue: nullishString, stockExchange: nullishString, stockSymbol: nullishString }).nullish(),
  socials: z.looseObject({ linkedin: z.looseObject({ url: nullishString, id: nullishString }).nullish() }).nullish(),
  urls: z.looseObject({ website: nullishString }).nullish(),
  meta: z.looseObject({ score: z.number().nullish(), syncedAt: nullishString }).nullish(),
});
export type CompaniesApiCompany = z.infer<typeof companiesApiCompanySchema>;
/** What the wire carries (enum fields as any string): the contract fake and fixtures write this. */
export type CompaniesApiCompanyWire = z.input<typeof companiesApiCompanySchema>;

/** The error body of 401/403/404 (`{ "status": 404, "messages": "companyNotFound" }`). */
export interface CompaniesApiErrorWire {
  status: number;
  messages: string;
  details?: unknown;
}

/**
 * What the provider cache keeps per registrable domain: the validated record, or null for a miss (404).
 * Read back through this schema, so a stale or foreign entry is a cache miss, never a crash.
 */
export const cachedCompanyDataSchema = z.object({ company: companiesApiCompanySchema.nullable() });
export type CachedCompanyData = z.infer<typeof cachedCompanyDataSchema>;
