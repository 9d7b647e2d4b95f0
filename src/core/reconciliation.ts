/**
 * The W3C Reconciliation Service API 0.2 (issue 13 section 1), pure parts: the shapes of what comes in
 * (query batches, data extension queries) and goes out (candidates, suggest, property proposals, the manifest),
 * the properties the service understands, and how a query's properties become match conditions.
 *
 * One entity type, `Organisation`; entity ids are organisation ids. The same property ids serve as match
 * conditions in reconciliation queries and as columns in data extension (the spec's 0.2 "connection between
 * properties in reconciliation queries and in data extension queries").
 */
import { z } from 'zod';
import { countryFromAnything } from './countries';
import { typedIdentifierValue } from './identifiers';
import { registrableDomain } from './website';

export const RECONCILIATION_API_VERSION = '0.2';
export const ORGANISATION_TYPE = { id: 'Organisation', name: 'Organisation' } as const;
/** At most this many queries in one batch (the manifest's `batchSize`); more is a `400 too_big`. */
export const RECONCILIATION_BATCH_SIZE = 50;
/** Candidates per query without a `limit`, and the most a `limit` can ask for (larger limits are lowered). */
export const DEFAULT_CANDIDATE_LIMIT = 5;
export const MAX_CANDIDATE_LIMIT = 25;
/** A query string longer than this is a `400 too_big`, like the quick lookup's. */
export const MAX_QUERY_LENGTH = 200;
/** Ids per data extension query. */
export const MAX_EXTEND_IDS = 100;
/** Suggestions per suggest answer. */
export const SUGGEST_PAGE_SIZE = 10;

/** A property value: a string, a number, a boolean, or an entity (`{id, name?}`) reconciled before. */
const propertyValueSchema = z.union([z.string(), z.number(), z.boolean(), z.looseObject({ id: z.string(), name: z.string().optional() })]);
export type PropertyValue = z.infer<typeof propertyValueSchema>;

export const reconciliationQuerySchema = z
  .strictObject({
    query: z.string().max(MAX_QUERY_LENGTH).optional(),
    type: z.union([z.string(), z.array(z.string())]).optional(),
    limit: z.number().int().positive().optional(),
    properties: z.array(z.looseObject({ pid: z.string(), v: z.union([propertyValueSchema, z.array(propertyValueSchema)]) })).optional(),
    type_strict: z.enum(['any', 'should', 'all']).optional(),
  })
  .refine((q) => q.query !== undefined || (q.properties?.length ?? 0) > 0, {
    message: 'A query needs `query` or at least one property',
    path: ['query'],
  });
export type ReconciliationQuery = z.infer<typeof reconciliationQuerySchema>;

export const reconciliationQueryBatchSchema = z.record(z.string(), reconciliationQuerySchema).superRefine((batch, ctx) => {
  if (Object.keys(batch).length > RECONCILIATION_BATCH_SIZE) {
    ctx.addIssue({
      code: 'too_big',
      maximum: RECONCILIATION_BATCH_SIZE,
      origin: 'object',
      inclusive: true,
      input: batch,
      message: `At most ${RECONCILIATION_BATCH_SIZE} queries in a batch`,
    });
  }
});
export type ReconciliationQueryBatch = z.infer<typeof reconciliationQueryBatchSchema>;

export const dataExtensionQuerySchema = z.looseObject({
  ids: z.array(z.string()).max(MAX_EXTEND_IDS),
  properties: z.array(z.looseObject({ id: z.string(), settings: z.record(z.string(), z.unknown()).optional() })).max(50),
});
export type DataExtensionQuery = z.infer<typeof dataExtensionQuerySchema>;

export const suggestQuerySchema = z.object({
  prefix: z.string().max(MAX_QUERY_LENGTH),
  cursor: z.coerce.number().int().min(0).max(1000).default(0),
});

export const previewQuerySchema = z.object({ id: z.string().min(1).max(100) });

export const proposePropertiesQuerySchema = z.object({
  type: z.string().min(1),
  limit: z.coerce.number().int().positive().optional(),
});

/** A type as candidates and suggestions carry it. */
const typeRefSchema = z.object({ id: z.string(), name: z.string() });

/** A matching feature: one per graded field (see `featuresOf`). */
export const reconciliationFeatureSchema = z.object({ id: z.string(), value: z.union([z.number(), z.boolean()]) });

export const reconciliationCandidateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  score: z.number(),
  match: z.boolean(),
  type: z.array(typeRefSchema),
  features: z.array(reconciliationFeatureSchema),
});
export type ReconciliationCandidate = z.infer<typeof reconciliationCandidateSchema>;
export const reconciliationResultBatchSchema = z.record(z.string(), z.object({ result: z.array(reconciliationCandidateSchema) }));
export type ReconciliationResultBatch = z.infer<typeof reconciliationResultBatchSchema>;

export const suggestEntitiesResponseSchema = z.object({
  result: z.array(z.object({ id: z.string(), name: z.string(), description: z.string().optional(), notable: z.array(typeRefSchema) })),
});
export type SuggestEntitiesResponse = z.infer<typeof suggestEntitiesResponseSchema>;

/** A data extension cell value: a string, or nothing (the spec's `{}`). */
const extensionValueSchema = z.union([z.object({ str: z.string() }), z.strictObject({})]);
export const dataExtensionResponseSchema = z.object({
  meta: z.array(z.object({ id: z.string(), name: z.string() })),
  rows: z.record(z.string(), z.record(z.string(), z.array(extensionValueSchema))),
});
export type DataExtensionResponse = z.infer<typeof dataExtensionResponseSchema>;

export const propertyProposalResponseSchema = z.object({
  type: z.string(),
  limit: z.number().optional(),
  properties: z.array(z.object({ id: z.string(), name: z.string(), description: z.string() })),
});

/** The properties the service understands, as match conditions (`match`) and data extension columns (`extend`). */
export const RECONCILIATION_PROPERTIES = [
  { id: 'country', name: 'Country', description: 'ISO 3166 alpha-2, alpha-3 or English name', match: true, extend: true },
  {
    id: 'identifier',
    name: 'Identifier (any type)',
    description: 'Any registry identifier: ABN, ACN, Companies House number, LEI, ...',
    match: true,
    extend: true,
  },
  { id: 'ABN', name: 'ABN', description: 'Australian Business Number', match: true, extend: true },
  { id: 'ACN', name: 'ACN', description: 'Australian Company Number', match: true, extend: true },
  { id: 'CH', name: 'Companies House number', description: 'UK Companies House company number', match: true, extend: true },
  { id: 'LEI', name: 'LEI', description: 'Legal Entity Identifier (ISO 17442)', match: true, extend: true },
  { id: 'website', name: 'Website', description: 'A URL or domain, compared by registrable domain', match: true, extend: true },
  { id: 'description', name: 'Description', description: 'What the organisation does', match: false, extend: true },
  { id: 'naicsCode', name: 'NAICS codes', description: 'The NAICS 2017 codes the organisation is classified with', match: false, extend: true },
  { id: 'naicsTitle', name: 'NAICS titles', description: 'The titles of those NAICS codes, in the same order', match: false, extend: true },
  { id: 'aquila1', name: 'Aquila1 sectors', description: 'The Aquila1 sectors derived from the NAICS codes', match: false, extend: true },
  {
    id: 'profileStatus',
    name: 'Profile status',
    description: 'Enrichment status: PENDING, COMPLETED or FAILED (empty: never enriched)',
    match: false,
    extend: true,
  },
] as const;
export type ReconciliationPropertyId = (typeof RECONCILIATION_PROPERTIES)[number]['id'];
const IDENTIFIER_PROPERTY_TYPES = ['ABN', 'ACN', 'CH', 'LEI'] as const;

/** What a query's properties ask of a candidate. Every list is empty when the query did not name that field. */
export interface MatchConditions {
  /** Alpha-3 codes; a candidate in any of them satisfies the condition. */
  countries: string[];
  /** Normalised values; `type` null means any identifier type. */
  identifiers: { type: string | null; value: string }[];
  /** Registrable domains. */
  websites: string[];
}

export type ConditionIssue = { field: string; rule: 'invalid_value'; message: string };

/**
 * A query's properties as match conditions. Property ids the service does not know are ignored (the spec lets a
 * service decide how properties restrict; the spec's own examples use other services' ids and must be accepted);
 * a value of a known property that cannot be read (a country nobody calls that, a website that is not a host)
 * is an issue, so a client learns that its condition was not applied rather than getting unfiltered candidates.
 */
export function matchConditionsOf(query: ReconciliationQuery): { conditions: MatchConditions; issues: ConditionIssue[] } {
  const conditions: MatchConditions = { countries: [], identifiers: [], websites: [] };
  const issues: ConditionIssue[] = [];
  (query.properties ?? []).forEach((property, index) => {
    const values = (Array.isArray(property.v) ? property.v : [property.v]).map(valueText).filter((v): v is string => v !== null && v.trim() !== '');
    const field = `properties.${index}.v`;
    for (const value of values) {
      if (property.pid === 'country') {
        const alpha3 = countryFromAnything(value);
        if (alpha3 === undefined) issues.push({ field, rule: 'invalid_value', message: `Not a country: ${value.slice(0, 50)}` });
        else conditions.countries.push(alpha3);
      } else if (property.pid === 'website') {
        const domain = registrableDomain(value);
        if (domain === undefined) issues.push({ field, rule: 'invalid_value', message: `Not a website: ${value.slice(0, 50)}` });
        else conditions.websites.push(domain);
      } else if (property.pid === 'identifier' || (IDENTIFIER_PROPERTY_TYPES as readonly string[]).includes(property.pid)) {
        // As people type it: "ABN 57 095 403 820", a Companies House number without its leading zero.
        const type = property.pid === 'identifier' ? null : property.pid;
        const normalised = typedIdentifierValue(value, type ?? undefined);
        if (normalised !== '') conditions.identifiers.push({ type, value: normalised });
      }
    }
  });
  return { conditions, issues };
}

/** The text of a property value: strings and numbers as they are, an entity by its name (else id), booleans none. */
function valueText(value: PropertyValue): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return null;
  return value.name ?? value.id;
}

/** The candidate count a query asks for: its `limit` (lowered to MAX_CANDIDATE_LIMIT), else the default. */
export function candidateLimitOf(query: ReconciliationQuery): number {
  return Math.min(query.limit ?? DEFAULT_CANDIDATE_LIMIT, MAX_CANDIDATE_LIMIT);
}

/** The manifest (`GET /api/reconcile` without parameters), for the service at `baseUrl`. */
export function reconciliationManifest(baseUrl: string) {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    versions: [RECONCILIATION_API_VERSION],
    name: 'Organisation search: your organisations',
    identifierSpace: `${base}/organisations/`,
    schemaSpace: 'https://schema.org/Organization',
    documentation: `${base}/api-reference`,
    defaultTypes: [ORGANISATION_TYPE],
    view: { url: `${base}/organisations/{{id}}` },
    preview: { url: `${base}/api/reconcile/preview?id={{id}}`, width: 420, height: 260 },
    suggest: {
      entity: { service_url: base, service_path: '/api/reconcile/suggest/entity' },
      property: { service_url: base, service_path: '/api/reconcile/suggest/property' },
    },
    extend: {
      propose_properties: { service_url: base, service_path: '/api/reconcile/properties' },
      property_settings: [],
    },
    batchSize: RECONCILIATION_BATCH_SIZE,
    authentication: {
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
      description:
        'An API key of your account, sent as `Authorization: Bearer <api key>` (enter `Bearer <api key>` as the key). Every request but this manifest needs it.',
    },
  };
}
export type ReconciliationManifest = ReturnType<typeof reconciliationManifest>;

/** Property proposals for data extension (`GET /api/reconcile/properties?type=`): every extendable property. */
export function proposeProperties(type: string, limit: number | undefined) {
  const all = RECONCILIATION_PROPERTIES.filter((p) => p.extend).map(({ id, name, description }) => ({ id, name, description }));
  const properties = type === ORGANISATION_TYPE.id ? all.slice(0, limit ?? all.length) : [];
  return { type, ...(limit === undefined ? {} : { limit }), properties };
}

/** Property suggestions (`GET /api/reconcile/suggest/property?prefix=`): the match properties whose id or name starts with the prefix. */
export function suggestProperties(prefix: string) {
  const wanted = prefix.trim().toLowerCase();
  const result = RECONCILIATION_PROPERTIES.filter((p) => p.match && (p.id.toLowerCase().startsWith(wanted) || p.name.toLowerCase().startsWith(wanted))).map(
    ({ id, name, description }) => ({ id, name, description }),
  );
  return { result };
}

/** The name of an extension property for the response's `meta` (an unknown id is named by itself). */
export function extensionPropertyName(id: string): string {
  return RECONCILIATION_PROPERTIES.find((p) => p.id === id)?.name ?? id;
}
