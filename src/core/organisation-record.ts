/**
 * The single organisation record the identify sidebar (and the other classification surfaces) read:
 * `GET /api/identify/sidebar/{organisationId}/organisation`. After an add the sidebar merges only
 * `naics`, `aquila1` and `aquila2` into its stored copy.
 */
import { z } from 'zod';
import { profileStatusGlossary } from './profile-status';
import { registryStatusSchema } from './registry-status';

export const naicsTagSchema = z.object({ code: z.string(), name: z.string() });
export const aquila1EdgeSchema = z.object({ code: z.string(), name: z.string(), weight: z.number(), for: z.string() });
export const aquila2EdgeSchema = z.object({
  code: z.string(),
  name: z.string(),
  aquila1Code: z.string().nullable(),
  weight: z.number(),
  for: z.string(),
});

export const organisationRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The business (trading) name it was found and selected by ("Trading as: Koala Kids Childcare"); null when none. */
  businessName: z.string().nullable(),
  key: z.string().nullable(),
  description: z.string().nullable(),
  type: z.string().nullable(),
  countryIsoAlpha3: z.string().nullable(),
  website: z.string().nullable(),
  websiteDomain: z.string().nullable(),
  profileStatus: z.string().nullable().describe(`The profile's state: ${profileStatusGlossary()}`),
  /** Web research (the agent, the website, the company-data provider) found its description or website: `webResearchFound` (core/profile-status). */
  webResearchFound: z.boolean(),
  /** Why the last enrichment failed (FAILED only); null otherwise. */
  profileFailureReason: z.string().nullable(),
  /** ISO 8601 timestamp or null. */
  profileCheckedAt: z.string().nullable(),
  redirectedTo: z.string().nullable(),
  /** Whether the register still lists it as trading (active, inactive, unknown), in its own words and with the date. */
  registryStatus: registryStatusSchema,
  /** profileStatus is COMPLETED or FAILED: isEnrichmentSettled (core/profile-status). */
  enrichmentComplete: z.boolean(),
  /** Private to the caller's account (false: global). */
  owned: z.boolean(),
  /** In the caller's account's list of organisations. */
  accountLinked: z.boolean(),
  identifiers: z.array(z.object({ type: z.string(), value: z.string() })),
  /** Other names it bears (aliases, trading and legal names). */
  aliases: z.array(z.string()),
  /** Names it bore before (a register's former names, an import line's `formerNames`), shown "Formerly". Absent: none. */
  formerNames: z.array(z.string()).optional(),
  naics: z.array(naicsTagSchema),
  aquila1: z.array(aquila1EdgeSchema),
  aquila2: z.array(aquila2EdgeSchema),
  /** At least one Aquila1 classification (a NAICS tag alone does not classify): isClassified (core/classification). */
  classified: z.boolean(),
});

export type OrganisationRecord = z.infer<typeof organisationRecordSchema>;
/** The part of the record an add changes (what the sidebar patches). */
export type OrganisationClassificationPatch = Pick<OrganisationRecord, 'naics' | 'aquila1' | 'aquila2'>;
