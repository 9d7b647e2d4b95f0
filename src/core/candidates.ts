/**
 * The shapes that leave the service: quick-search candidates and the search stream's items.
 * One schema per shape gives the type, the validation and the API document.
 */
import { z } from 'zod';
import { CHECKED_IDENTIFIER_TYPES, identifierSchema } from './identifiers';
import { matchSchema } from './match';
import { UNKNOWN_REGISTRY_STATUS, registryStatusSchema } from './registry-status';

/** Whether the register still lists the candidate as trading (issue 20, section 4); absent on input reads as unknown. */
const candidateRegistryStatusSchema = registryStatusSchema.default(UNKNOWN_REGISTRY_STATUS);

export const ORGANISATION_TYPES = ['ProprietaryLimited', 'PublicLimited', 'SoleProprietor'] as const;
export const organisationTypeSchema = z.enum(ORGANISATION_TYPES);
export type OrganisationType = z.infer<typeof organisationTypeSchema>;

export const SEARCH_SOURCES = ['agent', 'registry_au', 'registry_global'] as const;
export const searchSourceSchema = z.enum(SEARCH_SOURCES);
export type SearchSource = z.infer<typeof searchSourceSchema>;

/** ABR name kinds (providers/abr.md 4.1); unknown name types map to `other`. */
export const NAME_KINDS = ['entity', 'legal', 'business', 'trading', 'other'] as const;
export const nameKindSchema = z.enum(NAME_KINDS);
export type NameKind = z.infer<typeof nameKindSchema>;

export const internalQuickSearchCandidateSchema = z.object({
  _type: z.literal('internal'),
  canonicalName: z.string(),
  description: z.string(),
  /** The organisation's country, else the country filter, else '' (never GLO). */
  countryIsoAlpha3: z.string(),
  key: z.string(),
  existingOrgId: z.string(),
  source: z.literal('internal'),
  logo: z.string().nullable(),
  website: z.string().nullable(),
  accountLinked: z.boolean(),
  registryStatus: candidateRegistryStatusSchema,
  /** The former name the query matched, shown as "formerly ..."; absent when the query matched a current name. */
  formerName: z.string().optional().describe('The former name the query matched (shown as "formerly ..."); absent when it matched a current name'),
  /** How sure we are that this is the organisation the query names, and why (core/match.ts). */
  match: matchSchema.describe('How sure the service is that this candidate is the organisation the query names, and why'),
});
export type InternalQuickSearchCandidate = z.infer<typeof internalQuickSearchCandidateSchema>;

/**
 * What a selection sends for a streamed candidate (decision 0017): opaque, bound to the account that searched and
 * short-lived; the server recorded the candidate's facts under it and reads them back from there.
 */
export const candidateReferenceSchema = z.uuid({ error: 'must be the `ref` of a candidate the search handed out' });

export const searchOrganisationsCandidateSchema = z.object({
  _type: z.literal('candidate'),
  /** The candidate reference a selection sends (decision 0017). */
  ref: candidateReferenceSchema.describe('The candidate reference: what a selection sends (`candidate.ref`); account-bound, expires after an hour'),
  canonicalName: z.string(),
  description: z.string(),
  countryIsoAlpha3: z.string(),
  key: z.string(),
  /** Non-null when an internal organisation shares the key (owned preferred over global). */
  existingOrgId: z.string().nullable(),
  /** The channel that discovered the candidate, not whether it is internal. */
  source: searchSourceSchema,
  website: z.string().nullable(),
  logo: z.string().nullable(),
  accountLinked: z.boolean(),
  identifiers: z.array(identifierSchema),
  websiteValidated: z.boolean(),
  nameKind: nameKindSchema.nullable(),
  matchedBusinessName: z.string().nullable(),
  parentEntityName: z.string().nullable(),
  type: organisationTypeSchema.nullable(),
  /** National-registry relevance score (0-100); shown only with devMode. */
  score: z.number().nullable().optional(),
  registryStatus: candidateRegistryStatusSchema,
  /** Names the register says the company bore before; kept as its former names when it is selected. Absent: none known. */
  formerNames: z
    .array(z.string().max(500))
    .max(50)
    .optional()
    .describe("Names the register says the company bore before (kept as the organisation's former names when selected); absent when none are known"),
  /** How sure we are that this is the organisation the query names, and why (core/match.ts). */
  match: matchSchema.describe('How sure the service is that this candidate is the organisation the query names, and why'),
});
export type SearchOrganisationsCandidate = z.infer<typeof searchOrganisationsCandidateSchema>;

export const searchOrganisationsIdentifierPatchSchema = z.object({
  _type: z.literal('identifierPatch'),
  /** The key of the already-streamed candidate to upgrade in place. */
  key: z.string(),
  /** That candidate's reference: a selection of it now writes these identifiers too. */
  ref: candidateReferenceSchema,
  identifiers: z.array(identifierSchema),
  existingOrgId: z.string().nullable(),
  accountLinked: z.boolean(),
});
export type SearchOrganisationsIdentifierPatch = z.infer<typeof searchOrganisationsIdentifierPatchSchema>;

export const searchOrganisationsChannelDegradedSchema = z.object({
  _type: z.literal('channel-degraded'),
  channel: z.literal('registry'),
});
export type SearchOrganisationsChannelDegraded = z.infer<typeof searchOrganisationsChannelDegradedSchema>;

/** An identifier typed with a bad check digit (ABN, ACN, LEI, NZBN), normalised. */
export const typedIdentifierSchema = z.object({
  type: z.enum(CHECKED_IDENTIFIER_TYPES),
  value: z.string(),
});
export type TypedIdentifier = z.infer<typeof typedIdentifierSchema>;

/**
 * A query's identifier whose check digit fails, and what the service says about it (issue 20, section 2): the
 * answer and the interface say the number is not valid rather than "No organisations found".
 */
export const identifierIssueSchema = typedIdentifierSchema.extend({
  /** "73 434 904 927 is not a valid ABN: its check digit fails" (mistypedIdentifierMessage). */
  message: z.string(),
});
export type IdentifierIssue = z.infer<typeof identifierIssueSchema>;

/**
 * "Did you mean 51 824 753 556?": a valid identifier one digit-edit (a substitution or an adjacent transposition)
 * away from what was typed, that exists in the database (visible to the account) or on the registry.
 */
export const identifierSuggestionSchema = z.object({
  type: z.enum(CHECKED_IDENTIFIER_TYPES),
  /** Normalised: what a search for it sends. */
  value: z.string(),
  /** As people write it ("51 824 753 556"). */
  formatted: z.string(),
  /** The organisation that carries it (the database's or the registry's name). */
  name: z.string(),
  /** Where it was found: an organisation visible to the account, or the registry (ABN Lookup). */
  foundIn: z.enum(['internal', 'registry']),
});
export type IdentifierSuggestion = z.infer<typeof identifierSuggestionSchema>;

/**
 * The quick lookup's answer: the candidates, and, when the query is or names an identifier whose check digit fails,
 * that identifier with its message and the suggestions.
 */
export const quickSearchAnswerSchema = z.object({
  candidates: z.array(internalQuickSearchCandidateSchema),
  /** Present only when the query is written like an identifier whose check digit fails (or names one after a label). */
  identifierIssue: identifierIssueSchema.optional(),
  /** Present (possibly empty) only when the query is written like an identifier whose check digit fails. */
  identifierSuggestions: z.array(identifierSuggestionSchema).optional(),
});
export type QuickSearchAnswer = z.infer<typeof quickSearchAnswerSchema>;

/**
 * Stream item for a query written like an identifier whose check digit fails: the identifier never reaches a
 * provider; the registry's valid one-edit neighbours are offered instead (empty when none is on the register).
 */
export const searchOrganisationsIdentifierSuggestionsSchema = z.object({
  _type: z.literal('identifierSuggestions'),
  /** The mistyped identifier, with the message saying it is not valid. */
  typed: identifierIssueSchema,
  suggestions: z.array(identifierSuggestionSchema),
});
export type SearchOrganisationsIdentifierSuggestions = z.infer<typeof searchOrganisationsIdentifierSuggestionsSchema>;

/**
 * The stream's items. `internal`: an organisation the account judged "same" for this query (issue 20, section 6) that
 * no provider returned, as the quick lookup answers it (`matchedOn.decision: 'same'`), ranked first; it is selected
 * by its `existingOrgId`, like a quick-lookup row.
 */
export const streamItemSchema = z.discriminatedUnion('_type', [
  searchOrganisationsCandidateSchema,
  internalQuickSearchCandidateSchema,
  searchOrganisationsIdentifierPatchSchema,
  searchOrganisationsChannelDegradedSchema,
  searchOrganisationsIdentifierSuggestionsSchema,
]);
export type StreamItem = z.infer<typeof streamItemSchema>;
