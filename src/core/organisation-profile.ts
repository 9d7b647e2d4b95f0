/**
 * The organisation page's read model (`GET /api/organisations/{id}`): the record the classification
 * surfaces read, plus the profile's state, where each field came from, the corporate family and the last
 * verification verdict. One schema gives the type, the route's answer and the API document.
 */
import { z } from 'zod';
import { organisationRecordSchema } from './organisation-record';
import { profileStatusGlossary, profileStatusSchema } from './profile-status';

export const FIELD_SOURCE_NAMES = ['company_data', 'registry', 'website', 'agent', 'selection'] as const;

export const fieldSourceSchema = z.object({
  /** `description`, `website`, `type`, `country`, `naics`, `legalName`, `businessName`, `parent`, `subsidiaries` or `identifier:<TYPE>`. */
  field: z.string(),
  source: z.enum(FIELD_SOURCE_NAMES),
  /** ISO 8601. */
  retrievedAt: z.string(),
  evidenceUrl: z.string().nullable(),
});
export type FieldSourceRecord = z.infer<typeof fieldSourceSchema>;

export const relatedOrganisationSchema = z.object({ id: z.string(), name: z.string(), countryIsoAlpha3: z.string().nullable() });

export const VERIFICATION_VERDICTS = ['verified', 'redirected', 'not_verified'] as const;
export const verificationVerdictSchema = z.enum(VERIFICATION_VERDICTS);
export type VerificationVerdict = z.infer<typeof verificationVerdictSchema>;

export const verificationEvidenceSchema = z.object({
  /** Which register answered and for which identifier. */
  register: z.enum(['abr', 'opencorporates', 'gleif']).nullable(),
  identifier: z.object({ type: z.string(), value: z.string() }).nullable(),
  registeredName: z.string().nullable(),
  active: z.boolean().nullable(),
  nameMatches: z.boolean(),
  /** Identifiers the organisation holds that the register contradicts. */
  inconsistentIdentifiers: z.array(z.object({ type: z.string(), value: z.string() })),
  url: z.string().nullable(),
  /** A readable sentence for the page and the logs. */
  summary: z.string(),
});
export type VerificationEvidence = z.infer<typeof verificationEvidenceSchema>;

export const organisationProfileSchema = organisationRecordSchema.extend({
  profileStatus: profileStatusSchema.nullable().describe(`The profile's state: ${profileStatusGlossary()}`),
  /** 'direct' (company-data provider) or 'agentic', when enrichment was requested. */
  profileSource: z.enum(['direct', 'agentic']).nullable(),
  sources: z.array(fieldSourceSchema),
  parent: relatedOrganisationSchema.nullable(),
  subsidiaries: z.array(relatedOrganisationSchema),
  verification: z.object({ verdict: verificationVerdictSchema, createdAt: z.string(), evidence: verificationEvidenceSchema }).nullable(),
});
export type OrganisationProfile = z.infer<typeof organisationProfileSchema>;
