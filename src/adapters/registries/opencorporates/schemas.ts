/**
 * Zod schemas of the OpenCorporates v0.4 payloads we read (providers/opencorporates.md sections 1-3).
 * Search items are light records: apart from name, number and jurisdiction every field may be null or
 * absent, so everything else is `.nullish()`. Unknown keys are kept (`looseObject`): the payload grows
 * between minor versions.
 */
import { z } from 'zod';

const nullishString = z.string().nullish();

export const ocPreviousNameSchema = z.looseObject({
  company_name: z.string(),
  start_date: nullishString,
  end_date: nullishString,
});

export const ocIndustryCodeSchema = z.looseObject({
  industry_code: z.looseObject({
    code: nullishString,
    description: nullishString,
    code_scheme_id: nullishString,
    code_scheme_name: nullishString,
    uid: nullishString,
  }),
});

export const ocIdentifierSchema = z.looseObject({
  identifier: z.looseObject({
    uid: nullishString,
    identifier_system_code: nullishString,
    identifier_system_name: nullishString,
  }),
});

export const ocCompanySchema = z.looseObject({
  name: z.string(),
  company_number: z.string().min(1),
  jurisdiction_code: z.string().min(1),
  opencorporates_url: nullishString,
  incorporation_date: nullishString,
  dissolution_date: nullishString,
  company_type: nullishString,
  registry_url: nullishString,
  branch: nullishString,
  branch_status: nullishString,
  inactive: z.boolean().nullish(),
  current_status: nullishString,
  native_company_number: nullishString,
  previous_names: z.array(ocPreviousNameSchema).nullish(),
  registered_address_in_full: nullishString,
  industry_codes: z.array(ocIndustryCodeSchema).nullish(),
  identifiers: z.array(ocIdentifierSchema).nullish(),
});
export type OcCompany = z.infer<typeof ocCompanySchema>;

/** `api_version` is compared on its `0.4` prefix only (note section 0). */
const apiVersionSchema = z.string().refine((v) => v === '0.4' || v.startsWith('0.4.'), 'api_version is not 0.4.x');

export const ocSearchEnvelopeSchema = z.looseObject({
  api_version: apiVersionSchema,
  results: z.looseObject({
    companies: z.array(z.looseObject({ company: ocCompanySchema })),
    page: z.number().int().nullish(),
    per_page: z.number().int().nullish(),
    total_pages: z.number().int().nullish(),
    total_count: z.number().int().nullish(),
  }),
});
export type OcSearchEnvelope = z.infer<typeof ocSearchEnvelopeSchema>;

export const ocCompanyEnvelopeSchema = z.looseObject({
  api_version: apiVersionSchema,
  results: z.looseObject({ company: ocCompanySchema }),
});

/** What we keep in the shared cache for a search: the companies of the first page, already validated. */
export const cachedSearchSchema = z.object({ companies: z.array(ocCompanySchema) });
export type CachedSearch = z.infer<typeof cachedSearchSchema>;

/** What we keep for company-by-id: the record (a 404 is not cached: the company may be added later). */
export const cachedCompanySchema = z.object({ company: ocCompanySchema });
export type CachedCompany = z.infer<typeof cachedCompanySchema>;
