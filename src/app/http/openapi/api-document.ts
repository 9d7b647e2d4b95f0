/**
 * The OpenAPI 3.1 document of every route, generated from the same zod schemas the routes parse with
 * (request bodies, query parameters) and answer with (responses, the NDJSON stream item union). Served at
 * `GET /api/openapi.json` and rendered at `/api-reference`; `api-document.test.ts` validates it and fails
 * when a route file has no entry (or an entry has no route).
 */
import { z } from 'zod';
import { internalQuickSearchCandidateSchema, quickSearchAnswerSchema, streamItemSchema } from '../../../core/candidates';
import { errorBodySchema, type AppErrorStatus } from '../../../core/errors';
import { MATCH_THRESHOLD, RELEVANCE_FLOOR } from '../../../core/match';
import { naicsSearchResultSchema } from '../../../core/naics';
import { organisationProfileSchema } from '../../../core/organisation-profile';
import { organisationRecordSchema } from '../../../core/organisation-record';
import { PROFILE_STATUS_LABELS, profileStatusGlossary } from '../../../core/profile-status';
import {
  dataExtensionQuerySchema,
  dataExtensionResponseSchema,
  propertyProposalResponseSchema,
  reconciliationQueryBatchSchema,
  reconciliationResultBatchSchema,
  suggestEntitiesResponseSchema,
} from '../../../core/reconciliation';
import { quickSearchRequestSchema } from '../../../server/quick-search/answer-quick-search';
import { searchRequestSchema } from '../../../server/search/search-request';
import { selectOrganisationInputSchema } from '../../../server/selection/select-organisation';
import { reviewActionSchema } from '../../../core/batch-matching';
import { decisionRequestSchema, matchDecisionSchema } from '../../../core/match-decision';
import { changesPageSchema } from '../../../core/organisation-changes';
import { createdWebhookSchema, createWebhookRequestSchema, webhookEndpointSchema, webhookEventSchema } from '../../../core/webhooks';
import { createMatchBatchInputSchema } from '../../../server/batch-matching/create-match-batch';
import { batchRowViewSchema, batchSummarySchema } from '../../../server/batch-matching/match-batch';
import { flagCountsSchema, healthSchema, naicsAddResultSchema, organisationFiguresSchema } from './response-schemas';
import { curlOf, operationKey, REQUEST_EXAMPLES, responseExampleOf } from './api-examples';

type JsonSchema = Record<string, unknown>;
type ErrorStatus = AppErrorStatus | 500;

/** Named schemas, written once under `components.schemas` and referenced from the operations. */
export const COMPONENTS = {
  Error: errorBodySchema,
  QuickSearchRequest: quickSearchRequestSchema,
  SearchRequest: searchRequestSchema,
  InternalQuickSearchCandidate: internalQuickSearchCandidateSchema,
  QuickSearchAnswer: quickSearchAnswerSchema,
  StreamItem: streamItemSchema,
  SelectOrganisationRequest: selectOrganisationInputSchema,
  OrganisationProfile: organisationProfileSchema,
  OrganisationRecord: organisationRecordSchema,
  NaicsSearchResult: naicsSearchResultSchema,
  NaicsAddResult: naicsAddResultSchema,
  OrganisationFigures: organisationFiguresSchema,
  FlagCounts: flagCountsSchema,
  Health: healthSchema,
  ReconciliationQueryBatchRequest: reconciliationQueryBatchSchema,
  DataExtensionQueryRequest: dataExtensionQuerySchema,
  ReconciliationResultBatch: reconciliationResultBatchSchema,
  DataExtensionResponse: dataExtensionResponseSchema,
  SuggestEntitiesResponse: suggestEntitiesResponseSchema,
  PropertyProposalResponse: propertyProposalResponseSchema,
  CreateMatchBatchRequest: createMatchBatchInputSchema,
  MatchBatch: batchSummarySchema,
  MatchBatchRow: batchRowViewSchema,
  MatchReview: reviewActionSchema,
  DecisionRequest: decisionRequestSchema,
  MatchDecision: matchDecisionSchema,
  ChangesPage: changesPageSchema,
  CreateWebhookRequest: createWebhookRequestSchema,
  CreatedWebhook: createdWebhookSchema,
  WebhookEndpoint: webhookEndpointSchema,
  WebhookEvent: webhookEventSchema,
} satisfies Record<string, z.ZodType>;
export type ComponentName = keyof typeof COMPONENTS;

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const ref = (name: ComponentName): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
/** An object whose properties are all required. */
const objectOf = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties, required: Object.keys(properties) });
/** An answer's `{data: ...}` envelope. */
const dataOf = (schema: JsonSchema): JsonSchema => objectOf({ data: schema });
const STRING = { type: 'string' };
const INTEGER = { type: 'integer' };

export interface RouteDoc {
  readonly path: string;
  readonly method: 'get' | 'post' | 'delete';
  readonly summary: string;
  readonly description?: string;
  /** `session`: a signed-in browser session or an API key; `public`: no account needed. */
  readonly auth: 'account' | 'public';
  readonly pathParameters?: readonly string[];
  readonly query?: readonly { name: string; description: string; required?: boolean }[];
  readonly body?: ComponentName | { readonly inline: JsonSchema };
  readonly success: { readonly status: number; readonly description: string; readonly schema?: JsonSchema; readonly contentType?: string };
  readonly errors: readonly ErrorStatus[];
}

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Invalid input: `issues` names each field and the rule it broke',
  401: 'No active account (sign in, or send `Authorization: Bearer <api key>`)',
  403: 'Refused: a feature flag is off for the account, or a cross-site write',
  404: 'Not found, or not visible to the account',
  405: 'Method not allowed; `Allow` lists the methods the path answers',
  409: 'Conflict: the same operation is in flight',
  429: 'Rate limited; `Retry-After` says how many seconds to wait',
  431: 'The request line and headers exceed 16 KB together (answered by the HTTP server, before any route)',
  503: 'A dependency (the database, the job queue) is unavailable',
  500: 'A bug: `{"error": "Something went wrong", "code": "internal"}`',
};

/** Every route of the service. Paths use `{name}` for path parameters, as OpenAPI does. */
export const ROUTES: readonly RouteDoc[] = [
  {
    path: '/api/health',
    method: 'get',
    summary: 'Liveness with the database',
    auth: 'public',
    success: { status: 200, description: '`{"status":"ok"}` once the database answers', schema: ref('Health') },
    errors: [503],
  },
  {
    path: '/api/organisations/quick-search',
    method: 'post',
    summary: 'Internal quick lookup',
    description: `Account-scoped, fuzzy on names and aliases, exact on identifiers and websites. Every candidate carries \`match\`: a calibrated score 0-100 (of candidates scored about s, about s% are right), the decision \`match\` (score >= ${MATCH_THRESHOLD}), per-field grades (name, identifier, website, country: same / similar / different / missing) and \`matchedOn\` (the name or alias, identifier and website that matched, the legal-form words ignored, the typo corrections applied). Candidates come by match score; one scored below ${RELEVANCE_FLOOR} is not returned unless the query begins its name or alias. A blank query answers \`{candidates: []}\`; a database failure \`503 {"candidates": []}\`. Identifiers are read as people type them: with a label (ABN, A.B.N., ACN, ARBN, CRN, Company No., LEI, NZBN) in any case and punctuation, a Companies House number without its leading zeros, or inside a longer query ("Telstra ABN 33 051 775 556", whose rest is looked up as a name). A query written like an ABN, ACN, LEI or NZBN whose check digit fails also answers \`identifierIssue\` (\`{type, value, message}\`, e.g. "73 434 904 927 is not a valid ABN: its check digit fails") and \`identifierSuggestions\`: the valid identifiers one digit-edit away that organisations visible to the account carry.`,
    auth: 'account',
    body: 'QuickSearchRequest',
    success: { status: 200, description: 'The internal candidates, best match first, and identifier suggestions', schema: ref('QuickSearchAnswer') },
    errors: [400, 401, 503],
  },
  {
    path: '/api/organisations/search',
    method: 'post',
    summary: 'Streamed registry and agent search',
    description:
      'NDJSON: one `StreamItem` per line (candidate, internal, identifierPatch, channel-degraded, identifierSuggestions), each the moment it exists; every candidate carries its `match` (score, decision, grades, matchedOn) for the query. An organisation the account judged "same" for the query (`POST /api/decisions`) that no provider returned is added to the first batch (or alone at the end) as an `internal` candidate, first, as the match (`matchedOn.decision: "same"`); one judged "different" is never a match. Each company is streamed once: a later row of a company already streamed (the same `existingOrgId`, or registry identifiers one side carries all of) becomes an `identifierPatch` of that row, or is not streamed when it adds nothing; at most one row of a stream is `match: true`. An ABN or ACN query is looked up on ABN Lookup by number and a Companies House number on the aggregator by id, also as people type them (labelled, zeros dropped, inside a longer query); a query written like an identifier whose check digit fails reaches no provider as that identifier and streams one `identifierSuggestions` item, whose `typed` carries the `message` saying the number is not valid (a longer query naming one after a label is still searched by the rest of its text). Validation, authorisation and the rate limit answer before the first byte as ordinary JSON errors.',
    auth: 'account',
    body: 'SearchRequest',
    success: { status: 200, description: 'One StreamItem per line', schema: ref('StreamItem'), contentType: 'application/x-ndjson' },
    errors: [400, 401, 429],
  },
  {
    path: '/api/organisations/select',
    method: 'post',
    summary: 'Select a candidate by reference (selectOrganisationAction for API clients)',
    description:
      'Selection is by reference: `candidate` is `{_type: "candidate", ref}` with the `ref` of a candidate the search stream handed out to this account (within the hour), or `{_type: "internal", existingOrgId}` with an organisation the quick lookup found; any other field is ignored. The facts written (identifiers, type, website, description, source) are the ones the server recorded when it streamed the candidate. Creates the organisation when no visible one matches (profile PENDING, `organisation.enrich` queued in the same transaction), or selects the match. A reference the server does not recognise (unknown, expired, another account\'s) or an organisation the account cannot see is a 400 with rule `unknown_reference`: search again.',
    auth: 'account',
    body: 'SelectOrganisationRequest',
    success: {
      status: 200,
      description: 'The selected organisation and whether it was created',
      schema: dataOf(objectOf({ organisationId: STRING, created: { type: 'boolean' } })),
    },
    errors: [400, 401, 403, 503],
  },
  {
    path: '/api/organisations/{id}',
    method: 'get',
    summary: 'The organisation profile as the account sees it',
    description: 'Status, fields with their sources, identifiers, aliases, family and verification. A redirected id answers its target.',
    auth: 'account',
    pathParameters: ['id'],
    success: { status: 200, description: 'The profile', schema: dataOf(ref('OrganisationProfile')) },
    errors: [400, 401, 404],
  },
  {
    path: '/api/organisations/{id}/enrich',
    method: 'post',
    summary: 'Re-run the enrichment (triggerEnrichmentAction for API clients; always agentic)',
    description:
      "At most one enrichment per organisation is pending: while one is queued or running, a request joins it (the same `202`, nothing queued). Every request counts against the account's re-enrichment limit (`REENRICH_RATE_LIMIT_PER_HOUR`, default 30 an hour): `429` with `Retry-After` over it. A global organisation (shared by every account) is re-enriched only when its profile is not a fresh one: never enriched, `FAILED`, or `COMPLETED` at least `REENRICH_GLOBAL_MIN_AGE_HOURS` (default 168) ago; otherwise `409` saying from when it may be. An organisation the account owns may be re-enriched at any time.",
    auth: 'account',
    pathParameters: ['id'],
    success: {
      status: 202,
      description: 'The job is queued, or one already pending was joined; the profile is PENDING',
      schema: dataOf(objectOf({ organisationId: STRING })),
    },
    errors: [400, 401, 403, 404, 409, 429, 503],
  },
  {
    path: '/api/organisations/{id}/naics',
    method: 'post',
    summary: 'Add a NAICS code to the organisation (manual classification)',
    auth: 'account',
    pathParameters: ['id'],
    body: { inline: objectOf({ naicsCode: { type: 'string', pattern: '^[0-9]{6}$' } }) },
    success: { status: 200, description: 'The add result: tags, Aquila1 weights and the transactions classified', schema: ref('NaicsAddResult') },
    errors: [400, 401, 403, 404, 409],
  },
  {
    path: '/api/naics/search',
    method: 'get',
    summary: 'Typeahead over leaf NAICS codes',
    auth: 'account',
    query: [{ name: 'term', description: 'Name words or a code prefix; under 2 characters answers `[]`, over 200 is `400`' }],
    success: { status: 200, description: 'At most 25 leaf codes, by name then code', schema: { type: 'array', items: ref('NaicsSearchResult') } },
    errors: [400, 401, 500],
  },
  {
    path: '/api/match/batches',
    method: 'post',
    summary: 'Upload a supplier file for batch matching',
    description:
      "The CSV text (header first; at most 20 MB and 100,000 rows) with its column mapping (header names; only `name` is required). The batch and its `match-batch.run` job are stored together; a worker matches it chunk by chunk and resumes after a restart. `registryPass: true` adds the registry pass: rows left without an internal match are looked up on their country's registry (ABN Lookup for Australia, OpenCorporates otherwise), paced and capped (MATCH_REGISTRY_MAX_ROWS); a row needs its country column or `defaultCountry`. A header without a mapped column, a field too long, a NUL or bad CSV is `400` naming the line.",
    auth: 'account',
    body: 'CreateMatchBatchRequest',
    success: {
      status: 202,
      description: 'The batch is stored and queued',
      schema: dataOf(objectOf({ batchId: STRING, totalRows: INTEGER })),
    },
    errors: [400, 401, 403, 503],
  },
  {
    path: '/api/match/batches',
    method: 'get',
    summary: "The account's 20 most recent match batches",
    auth: 'account',
    success: {
      status: 200,
      description: 'Newest first',
      schema: dataOf({ type: 'array', items: ref('MatchBatch') }),
    },
    errors: [401],
  },
  {
    path: '/api/match/batches/{id}',
    method: 'get',
    summary: "A match batch's progress and counts",
    auth: 'account',
    pathParameters: ['id'],
    success: { status: 200, description: 'The batch', schema: dataOf(ref('MatchBatch')) },
    errors: [400, 401, 404],
  },
  {
    path: '/api/match/batches/{id}/rows',
    method: 'get',
    summary: "A match batch's rows in file order, with their decisions, candidates and reviews",
    auth: 'account',
    pathParameters: ['id'],
    query: [
      { name: 'decision', description: '`match`, `review` or `no_match`, or `reviewed` (rows a reviewer decided); absent: every row' },
      { name: 'after', description: 'The page after this row index (paged by key, an index range however deep)' },
      { name: 'before', description: 'The page before this row index (answered in row order); not with `after`' },
      { name: 'offset', description: 'Rows to skip (default 0)' },
      { name: 'limit', description: 'Rows to answer, 1-200 (default 50)' },
    ],
    success: {
      status: 200,
      description: 'The rows',
      schema: dataOf({ type: 'array', items: ref('MatchBatchRow') }),
    },
    errors: [400, 401, 404],
  },
  {
    path: '/api/match/batches/{id}/rows/{row}/review',
    method: 'post',
    summary: 'Decide a row: accept the best candidate, pick another of its candidates, or mark it not in the list',
    auth: 'account',
    pathParameters: ['id', 'row'],
    body: 'MatchReview',
    success: {
      status: 200,
      description: 'The decision as recorded (a new decision replaces the previous one)',
      schema: dataOf(objectOf({ rowIndex: INTEGER, action: STRING, organisationId: { type: ['string', 'null'] }, registryKey: { type: ['string', 'null'] } })),
    },
    errors: [400, 401, 403, 404, 409],
  },
  {
    path: '/api/decisions',
    method: 'get',
    summary: "The account's remembered decisions, the latest first",
    description:
      'Each decision says that a query (as the product normalises names) in a country names an organisation (`same`) or does not (`different`), and where it was taken: the confirm header\'s "No", a batch review, or this API.',
    auth: 'account',
    success: { status: 200, description: 'The decisions', schema: dataOf({ type: 'array', items: ref('MatchDecision') }) },
    errors: [401],
  },
  {
    path: '/api/decisions',
    method: 'post',
    summary: 'Remember that a query names an organisation (`same`) or does not (`different`)',
    description:
      'A later quick lookup, stream, batch or reconciliation of the same text (normalised) and country ranks an organisation judged `same` first as the match (`matchedOn.decision: "same"`) and never marks one judged `different` a match (`matchedOn.decision: "different"`). A later decision for the same query, country and organisation replaces the earlier one. `countryIsoAlpha3` null, absent or `GLO`: the query was made without a country.',
    auth: 'account',
    body: 'DecisionRequest',
    success: { status: 200, description: 'The decision as recorded', schema: dataOf(ref('MatchDecision')) },
    errors: [400, 401, 403, 404],
  },
  {
    path: '/api/changes',
    method: 'get',
    summary: "Registry changes of the organisations on the account's list, oldest first",
    description:
      "Monitoring re-reads every organisation on an account's list that carries a registry identifier (ABN, ACN, Companies House number, the aggregator's company id, LEI) at most once per `MONITOR_INTERVAL_HOURS`, and records a change when the register's answer differs from what was last seen: `status` (`registryStatus`), `legal_name` (the old one is kept as a former name), `business_names` (one change per name added, `before` null, or removed, `after` null), `lei_registration_status`, `parent` (`directParent`, `ultimateParent`). `source` is the register that answered (`abr`, `opencorporates`, `gleif`). Pass `nextCursor` back as `cursor` for the next page.",
    auth: 'account',
    query: [
      { name: 'since', description: 'ISO 8601 date-time: only changes observed at or after it' },
      { name: 'cursor', description: 'The `nextCursor` of the previous page' },
      { name: 'limit', description: 'Changes per page, 1-500 (default 100)' },
    ],
    success: { status: 200, description: 'A page of changes', schema: ref('ChangesPage') },
    errors: [400, 401],
  },
  {
    path: '/api/webhooks',
    method: 'get',
    summary: "The account's webhook endpoints, their state and latest deliveries",
    description:
      "Each endpoint without its secret: `state` is `enabled`, or `disabled` with `disabledReason` and `disabledAt` once every attempt failed for `WEBHOOK_DISABLE_AFTER_HOURS` (24) since `failingSince`. `recentDeliveries` are the latest 20, each with its `webhookId` (the same on every attempt), its `state` (`pending`, `succeeded`, `failed`) and its attempts (time, the receiver's status code or the transport error, duration, whether a replay sent it). A delivery's body is a `WebhookEvent`.",
    auth: 'account',
    success: { status: 200, description: 'The endpoints', schema: dataOf({ type: 'array', items: ref('WebhookEndpoint') }) },
    errors: [401],
  },
  {
    path: '/api/webhooks',
    method: 'post',
    summary: "Register a webhook endpoint for the registry changes of the organisations on the account's list",
    description:
      "Every change recorded for an organisation on the account's list (of the `kinds` given; every kind when omitted) is posted to `url` as a `WebhookEvent`, following Standard Webhooks: headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed by the base64 part of the secret). Failed attempts (no 2xx within 10 s; redirects are not followed) are retried with exponential back-off for about a day and a half under the same `webhook-id`. The URL must be https to a public host (no private, loopback or link-local address, default port); in the sandbox http and loopback receivers are allowed too. The answer's `secret` is shown only here. At most 20 endpoints per account.",
    auth: 'account',
    body: 'CreateWebhookRequest',
    success: { status: 201, description: 'The endpoint and its signing secret (shown once)', schema: ref('CreatedWebhook') },
    errors: [400, 401, 403, 409],
  },
  {
    path: '/api/webhooks/{id}',
    method: 'delete',
    summary: 'Remove a webhook endpoint and its delivery log',
    auth: 'account',
    pathParameters: ['id'],
    success: { status: 200, description: 'The endpoint is removed', schema: dataOf(objectOf({ id: STRING })) },
    errors: [400, 401, 403, 404],
  },
  {
    path: '/api/webhooks/{id}/deliveries/{deliveryId}/replay',
    method: 'post',
    summary: 'Send a delivery again',
    description:
      'A delivery that succeeded or failed is queued again under its same `webhook-id` (a fresh timestamp and signature); a disabled endpoint is enabled again. 409 while the delivery is still being attempted.',
    auth: 'account',
    pathParameters: ['id', 'deliveryId'],
    success: { status: 202, description: 'The delivery is queued', schema: dataOf(objectOf({ id: STRING, state: { const: 'pending' } })) },
    errors: [400, 401, 403, 404, 409],
  },
  {
    path: '/api/decisions/{id}',
    method: 'delete',
    summary: 'Undo a remembered decision',
    auth: 'account',
    pathParameters: ['id'],
    success: { status: 200, description: 'The decision is forgotten', schema: dataOf(objectOf({ id: STRING })) },
    errors: [400, 401, 403, 404],
  },
  {
    path: '/api/match/batches/{id}/apply',
    method: 'post',
    summary: 'Link the accepted organisations of a completed batch to the account; create and enrich its accepted registry candidates',
    description:
      'Accepted internal organisations join the list in one statement; accepted registry candidates go through the selection use case (created owned by the account and enriched, or settled on an existing organisation with the same key). Each row records the organisation it settled on: applying again creates nothing twice.',
    auth: 'account',
    pathParameters: ['id'],
    success: {
      status: 200,
      description: 'How many were accepted, how many joined the list anew, how many organisations were created from registry candidates',
      schema: dataOf(objectOf({ accepted: INTEGER, linked: INTEGER, created: INTEGER })),
    },
    errors: [400, 401, 403, 404, 409],
  },
  {
    path: '/api/match/batches/{id}/resume',
    method: 'post',
    summary: 'Resume a failed or stalled match batch from its cursors',
    description:
      'A batch whose job gave up (status `failed`, with `failureReason`) or stalled (`stalled: true`: queued or running with no chunk committed for ten minutes) is queued again; a completed one, or one making progress, is `409`.',
    auth: 'account',
    pathParameters: ['id'],
    success: {
      status: 202,
      description: 'The batch is queued again',
      schema: dataOf(objectOf({ batchId: STRING, status: { type: 'string', enum: ['queued'] } })),
    },
    errors: [400, 401, 403, 404, 409],
  },
  {
    path: '/api/match/batches/{id}/result',
    method: 'get',
    summary: "Download a batch's result",
    auth: 'account',
    pathParameters: ['id'],
    query: [{ name: 'format', description: '`csv` (default) or `jsonl`' }],
    success: {
      status: 200,
      description: 'One line per row: decision, best candidate, score, grades, explanation, close runner-up, review',
      schema: { type: 'string' },
      contentType: 'text/csv',
    },
    errors: [400, 401, 404],
  },
  {
    path: '/api/identify/sidebar/{organisationId}/organisation',
    method: 'get',
    summary: 'The organisation record for the identify sidebar',
    auth: 'account',
    pathParameters: ['organisationId'],
    success: { status: 200, description: 'The record', schema: ref('OrganisationRecord') },
    errors: [401, 404],
  },
  {
    path: '/organisations/{id}/figures',
    method: 'get',
    summary: "The figures classification unlocks: the account's transactions with the organisation",
    auth: 'account',
    pathParameters: ['id'],
    success: { status: 200, description: 'Totals and classified totals per type and currency, amounts per Aquila1 sector', schema: ref('OrganisationFigures') },
    errors: [401, 404],
  },
  {
    path: '/organisations/flag-counts',
    method: 'get',
    summary: "The account list's counts (listed, awaiting classification, enriching, not enriched)",
    description: `Counted in the profile status vocabulary of the pages and the identify filter: ${profileStatusGlossary()}. \`enriching\` and \`notEnriched\` find the same organisations as the identify list's "${PROFILE_STATUS_LABELS.PENDING}" and "${PROFILE_STATUS_LABELS.NONE}" filters.`,
    auth: 'account',
    success: { status: 200, description: 'The counts', schema: ref('FlagCounts') },
    errors: [401],
  },
  {
    path: '/api/auth/{path}',
    method: 'post',
    summary: 'Better Auth: sign-in (`sign-in/email`), sign-out, session',
    description: 'The browser session endpoints of Better Auth, mounted at `/api/auth/*`. Sign-in is limited per client address.',
    auth: 'public',
    pathParameters: ['path'],
    success: { status: 200, description: 'See the Better Auth documentation' },
    errors: [400, 401, 429],
  },
  {
    path: '/api/flags/{alpha2}',
    method: 'get',
    summary: "A country's flag as an SVG image (ISO 3166-1 alpha-2, upper case)",
    auth: 'public',
    pathParameters: ['alpha2'],
    success: { status: 200, description: 'The flag, cacheable for a year', schema: { type: 'string' }, contentType: 'image/svg+xml' },
    errors: [404],
  },
  {
    path: '/api/reconcile',
    method: 'get',
    summary: 'Reconciliation service (W3C Reconciliation API 0.2): the manifest, or results for `queries` / `extend`',
    description:
      'Without parameters: the service manifest (no account needed). With `queries` (a query batch as JSON text): a result batch, each candidate with its `score` 0-100, `match` and per-field `features`; properties `country`, `identifier`, `ABN`, `ACN`, `CH`, `LEI` and `website` are match conditions. With `extend` (a data extension query as JSON text): the values of the requested properties. Every other request needs an account; CORS for any origin, without credentials.',
    auth: 'account',
    query: [
      { name: 'queries', description: 'A reconciliation query batch, JSON (see `ReconciliationQueryBatchRequest`)' },
      { name: 'extend', description: 'A data extension query, JSON (see `DataExtensionQueryRequest`)' },
    ],
    success: {
      status: 200,
      description: 'The manifest, a result batch or a data extension response',
      schema: { oneOf: [{ type: 'object', description: 'The service manifest' }, ref('ReconciliationResultBatch'), ref('DataExtensionResponse')] },
    },
    errors: [400, 401, 429],
  },
  {
    path: '/api/reconcile',
    method: 'post',
    summary: 'Reconciliation queries or data extension (W3C Reconciliation API 0.2)',
    description:
      'A form (`application/x-www-form-urlencoded` or `multipart/form-data`) with the field `queries` or `extend` holding JSON text, as OpenRefine sends it, or a JSON body `{"queries": {...}}` / `{"extend": {...}}`. At most 50 queries in a batch; each query counts as one quick lookup against the per-account limit (QUICK_SEARCH_RATE_LIMIT_PER_MINUTE).',
    auth: 'account',
    body: { inline: { type: 'object', properties: { queries: ref('ReconciliationQueryBatchRequest'), extend: ref('DataExtensionQueryRequest') } } },
    success: {
      status: 200,
      description: 'A result batch or a data extension response',
      schema: { oneOf: [ref('ReconciliationResultBatch'), ref('DataExtensionResponse')] },
    },
    errors: [400, 401, 403, 429],
  },
  {
    path: '/api/reconcile/suggest/entity',
    method: 'get',
    summary: 'Reconciliation: entity suggestions by prefix',
    auth: 'account',
    query: [
      { name: 'prefix', description: 'What the user typed (a name prefix, an identifier, a website or an organisation id)', required: true },
      { name: 'cursor', description: 'Suggestions to skip (default 0)' },
    ],
    success: { status: 200, description: 'At most 10 suggestions', schema: ref('SuggestEntitiesResponse') },
    errors: [400, 401, 429],
  },
  {
    path: '/api/reconcile/suggest/property',
    method: 'get',
    summary: 'Reconciliation: the properties a query can match on, by prefix',
    auth: 'account',
    query: [{ name: 'prefix', description: 'The start of a property id or name', required: true }],
    success: {
      status: 200,
      description: 'The matching properties',
      schema: objectOf({ result: { type: 'array' } }),
    },
    errors: [400, 401],
  },
  {
    path: '/api/reconcile/properties',
    method: 'get',
    summary: 'Reconciliation: data extension property proposals',
    auth: 'account',
    query: [
      { name: 'type', description: 'The type id (`Organisation`; another type has no properties)', required: true },
      { name: 'limit', description: 'At most this many properties' },
    ],
    success: { status: 200, description: 'The proposed properties', schema: ref('PropertyProposalResponse') },
    errors: [400, 401],
  },
  {
    path: '/api/reconcile/preview',
    method: 'get',
    summary: 'Reconciliation: the HTML preview card of an organisation',
    description: 'Name, country, identifiers, website, description and NAICS codes; any site may frame it.',
    auth: 'account',
    query: [{ name: 'id', description: 'The organisation id', required: true }],
    success: { status: 200, description: 'A small HTML page', schema: { type: 'string' }, contentType: 'text/html' },
    errors: [400, 401, 404],
  },
  {
    path: '/api/openapi.json',
    method: 'get',
    summary: 'This document',
    auth: 'public',
    success: { status: 200, description: 'The OpenAPI 3.1 document' },
    errors: [],
  },
];

/** Where the examples' curl lines send their requests when the document is built without a server (tests). */
export const DEFAULT_SERVER_URL = 'http://localhost:3000';

function operationOf(route: RouteDoc, serverUrl: string, schemas: Readonly<Record<string, JsonSchema>>): JsonSchema {
  const example = responseExampleOf(route, route.success.schema, schemas);
  const responses: Record<string, unknown> = {
    [String(route.success.status)]: {
      description: route.success.description,
      content: { [route.success.contentType ?? 'application/json']: { ...(route.success.schema ? { schema: route.success.schema } : {}), example } },
    },
  };
  for (const status of route.errors) {
    responses[String(status)] = { description: ERROR_DESCRIPTIONS[status], content: { 'application/json': { schema: ref('Error') } } };
  }
  const parameters = [
    ...(route.pathParameters ?? []).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...(route.query ?? []).map((q) => ({ name: q.name, in: 'query', required: q.required ?? false, description: q.description, schema: { type: 'string' } })),
  ];
  return {
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    operationId: `${route.method}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    ...(route.auth === 'public' ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: typeof route.body === 'string' ? ref(route.body) : route.body.inline,
                example: REQUEST_EXAMPLES[operationKey(route)],
              },
            },
          },
        }
      : {}),
    responses,
    'x-codeSamples': [{ lang: 'Shell', label: 'curl', source: curlOf(route, serverUrl) }],
  };
}

/** The document; `serverUrl` is the product's public base URL (BASE_URL), named as its server and used by the curl lines. */
export function buildOpenApiDocument(options: { serverUrl?: string } = {}): JsonSchema {
  const serverUrl = options.serverUrl ?? DEFAULT_SERVER_URL;
  const schemas: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(COMPONENTS)) {
    // Requests are documented as clients send them (before defaults), answers as the server writes them.
    schemas[name] = jsonSchemaOf(schema, name.endsWith('Request') ? 'input' : 'output');
  }
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES) {
    paths[route.path] = { ...paths[route.path], [route.method]: operationOf(route, serverUrl, schemas) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Organisation search and classification service',
      version: '1.0.0',
      description:
        'Find organisations across the internal database, company registries and a web-search agent; select and enrich them; classify them with NAICS codes. Every error answers `{error, code, issues?}`; a method a path does not answer is `405` with `Allow`, and an `/api` path no route answers is `404`.',
    },
    servers: [{ url: serverUrl, description: 'This instance of the service (BASE_URL)' }],
    security: [{ bearerApiKey: [] }, { session: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearerApiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'API key (osk_...)',
          description:
            'An API key of the account, sent as `Authorization: Bearer <api key>` (`npm run cli -- api-keys create`; `npm start` prints the demo key)',
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'better-auth.session_token',
          description: 'A signed-in browser session (writes also need a same-origin `Origin` and a JSON body)',
        },
      },
    },
  };
}
