/**
 * Zod schemas of the GLEIF API v1 payloads we read (JSON:API, `application/vnd.api+json`): one LEI record
 * (`GET /lei-records/{lei}`, `/lei-records/{lei}/direct-parent`, `/ultimate-parent`) and a list of them
 * (`GET /lei-records?filter[...]`). Unknown keys are kept (`looseObject`): the record grows between releases.
 */
import { z } from 'zod';

const nullishString = z.string().nullish();

export const gleifNameSchema = z.looseObject({
  name: z.string(),
  language: nullishString,
  /** ALTERNATIVE_LANGUAGE_LEGAL_NAME, PREVIOUS_LEGAL_NAME, TRADING_OR_OPERATING_NAME, AUTO_ASCII_TRANSLITERATED_LEGAL_NAME... */
  type: nullishString,
});
export type GleifName = z.infer<typeof gleifNameSchema>;

export const gleifAddressSchema = z.looseObject({
  addressLines: z.array(z.string()).nullish(),
  city: nullishString,
  region: nullishString,
  /** ISO 3166-1 alpha-2. */
  country: nullishString,
  postalCode: nullishString,
});

export const gleifEntitySchema = z.looseObject({
  legalName: gleifNameSchema,
  otherNames: z.array(gleifNameSchema).nullish(),
  transliteratedOtherNames: z.array(gleifNameSchema).nullish(),
  legalAddress: gleifAddressSchema.nullish(),
  headquartersAddress: gleifAddressSchema.nullish(),
  registeredAt: z.looseObject({ id: nullishString, other: nullishString }).nullish(),
  /** The entity's number in its business register (a Companies House number under RA000585). */
  registeredAs: nullishString,
  /** ISO 3166-1 alpha-2, or alpha-2 and a subdivision (`US-DE`). */
  jurisdiction: nullishString,
  category: nullishString,
  /** ACTIVE or INACTIVE (the entity, not its LEI). */
  status: nullishString,
  expiration: z.looseObject({ date: nullishString, reason: nullishString }).nullish(),
  creationDate: nullishString,
});

export const gleifRegistrationSchema = z.looseObject({
  initialRegistrationDate: nullishString,
  lastUpdateDate: nullishString,
  /** The LEI's own status: ISSUED, LAPSED, RETIRED, ANNULLED, MERGED, DUPLICATE, PENDING_TRANSFER, PENDING_ARCHIVAL... */
  status: z.string(),
  nextRenewalDate: nullishString,
  managingLou: nullishString,
  corroborationLevel: nullishString,
});

const relationshipLinksSchema = z.looseObject({ links: z.record(z.string(), z.string()).nullish() }).nullish();

export const gleifRecordSchema = z.looseObject({
  type: z.literal('lei-records'),
  id: z.string().min(1),
  attributes: z.looseObject({
    lei: z.string().min(1),
    entity: gleifEntitySchema,
    registration: gleifRegistrationSchema,
  }),
  relationships: z
    .looseObject({
      'direct-parent': relationshipLinksSchema,
      'ultimate-parent': relationshipLinksSchema,
    })
    .nullish(),
  links: z.looseObject({ self: nullishString }).nullish(),
});
export type GleifRecord = z.infer<typeof gleifRecordSchema>;

export const gleifRecordEnvelopeSchema = z.looseObject({ data: gleifRecordSchema });

export const gleifListEnvelopeSchema = z.looseObject({
  data: z.array(gleifRecordSchema),
  meta: z.looseObject({ pagination: z.looseObject({ total: z.number().int().nullish(), lastPage: z.number().int().nullish() }).nullish() }).nullish(),
});

/** An entity with its parents as one lookup reads it (the record, then its direct and ultimate parents' records when it reports them). */
export const gleifLookupSchema = z.object({
  record: gleifRecordSchema,
  directParent: gleifRecordSchema.nullable(),
  ultimateParent: gleifRecordSchema.nullable(),
});
export type GleifLookup = z.infer<typeof gleifLookupSchema>;
