/**
 * Generated requests for the fuzz suite (tests/e2e/request-fuzz.e2e.test.ts): every route of the product
 * (JSON and page routes, server actions) with generated path ids, query strings, bodies, methods, content
 * types and credentials. Deterministic for a seed, so a failure names the request that reproduces it.
 */

export interface FuzzCredentials {
  /** `Authorization: Bearer ...` of the fuzz account. */
  apiKey: string;
  /** `Cookie: ...` of a signed-in user of the fuzz account. */
  sessionCookie: string;
  /** The application's origin (a session's writes need it). */
  origin: string;
  /** An organisation the fuzz account owns. */
  organisationId: string;
  /** A batch-matching batch of the fuzz account. */
  batchId: string;
  /** The production build's server-action ids, each with a page that renders it. */
  serverActions: { id: string; page: string }[];
}

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** A page route: an HTML answer (a page or its not-found page) is right for it. */
  page: boolean;
}

export { seededRandom } from '../../../src/core/seeded-random';

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const chance = (random: Random, p: number) => random() < p;

/** What fetch can send: Next's methods, WebDAV and other registered ones, and tokens no parser knows (TRACE, TRACK and CONNECT go over raw sockets in the suite). */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'MKCOL', 'PURGE', 'QUERY', 'FOO', 'BREW'] as const;

/** JSON nested `depth` deep (arrays, or objects under "a"), with `inner` at the bottom. */
export function deeplyNested(depth: number, kind: 'array' | 'object', inner = '1'): string {
  return kind === 'array' ? `${'['.repeat(depth)}${inner}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
}
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/json; charset=utf-16',
  '',
] as const;

const STRINGS = [
  '',
  ' ',
  'a',
  'koala',
  'Koala Logistics',
  '73 434 904 926',
  'www.example.com',
  'https://koala.example/',
  '\u0000',
  'a\u0000b',
  '%ZZ',
  '%C0%AF',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "'; drop table organisations; --",
  '😀'.repeat(60),
  '東京都港区赤坂一丁目二番三号株式会社',
  'x'.repeat(201),
  'y'.repeat(5000),
  '\\',
  '$Q1',
  '$@0',
  'GLO',
  'AUS',
  'aus',
  'XXX',
  '111110',
  '921110',
  'null',
  '-1',
  '1e309',
] as const;

function randomString(random: Random): string {
  if (chance(random, 0.7)) return pick(random, STRINGS);
  const length = Math.floor(random() * 40);
  let text = '';
  for (let i = 0; i < length; i += 1)
    text += String.fromCodePoint(pick(random, [0x20, 0x41, 0x61, 0x7f, 0xe9, 0x4e00, 0x1f600, 0x2028, 0xfeff]) + Math.floor(random() * 26));
  return text;
}

function randomValue(random: Random, depth = 0): unknown {
  const kind = Math.floor(random() * (depth > 3 ? 6 : 8));
  switch (kind) {
    case 0:
      return null;
    case 1:
      return chance(random, 0.5);
    case 2:
      return pick(random, [0, -1, 1.5, 31, 1e21, Number.MAX_SAFE_INTEGER, -0]);
    case 3:
    case 4:
    case 5:
      return randomString(random);
    case 6:
      return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, () => [randomString(random), randomValue(random, depth + 1)]));
  }
}

/** A plausible body for the route, with fields dropped, retyped or replaced at random. */
function mutate(random: Random, template: Record<string, unknown>): unknown {
  if (chance(random, 0.1)) return randomValue(random);
  const body: Record<string, unknown> = structuredClone(template);
  for (const key of Object.keys(body)) {
    if (chance(random, 0.15)) delete body[key];
    else if (chance(random, 0.3)) body[key] = randomValue(random);
  }
  if (chance(random, 0.1)) body[randomString(random)] = randomValue(random);
  return body;
}

function rawBody(random: Random, value: unknown): string {
  const roll = random();
  if (roll < 0.06) return '';
  if (roll < 0.1) return '{"query": "unterminated';
  if (roll < 0.12) return pick(random, ['['.repeat(2000), deeplyNested(10_000, 'array'), `{"query":"koala","x":${deeplyNested(5_000, 'object')}}`]);
  if (roll < 0.14) return 'not json at all';
  return JSON.stringify(value);
}

function pathId(random: Random, credentials: FuzzCredentials): string {
  return pick(random, [
    credentials.organisationId,
    credentials.organisationId,
    '00000000-0000-4000-8000-000000000000',
    crypto.randomUUID(),
    'not-a-uuid',
    '%ZZ',
    '%C0%AF',
    '%00',
    `${credentials.organisationId}%00`,
    '%E0%A4',
    '%2F..%2F',
    '%5C',
    encodeURIComponent('東京'),
    '1',
    'x'.repeat(300),
    encodeURIComponent(randomString(random)),
  ]);
}

/** `plausible`, when given, makes a value that is nearly right for the parameter (JSON text for `queries`, an id). */
function queryString(random: Random, names: readonly string[], plausible?: (random: Random, name: string) => string | undefined): string {
  if (chance(random, 0.3)) return '';
  const parts = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
    const name = chance(random, 0.8) ? pick(random, names) : encodeURIComponent(randomString(random));
    const near = plausible && chance(random, 0.6) ? plausible(random, name) : undefined;
    const value =
      near !== undefined
        ? encodeURIComponent(near)
        : chance(random, 0.2)
          ? pick(random, ['%ZZ', '%C0%AF', '%00', '%', '&&', '='])
          : encodeURIComponent(randomString(random));
    return `${name}=${value}`;
  });
  return `?${parts.join('&')}`;
}

const searchBody = { query: 'koala', countryIsoAlpha3: 'AUS', mode: 'auto', abrPreset: 'entity-only', websiteTopK: 2, includeSoleTraders: false };
const quickBody = { query: 'koala', countryIsoAlpha3: 'AUS' };
/** Selection is by reference (decision 0017): a well-formed reference no search handed out (answers 400 unknown_reference). */
const selectBody = {
  candidate: { _type: 'candidate', ref: '6f1c1a52-8c1e-4d43-9d7e-3f5a1b2c4d5e' },
  countryIsoAlpha3: 'AUS',
  searchIntent: 'analyst',
};

/** The reconciliation service's two requests (W3C Reconciliation API 0.2), as OpenRefine sends them. */
const reconcileQueries = (organisationId: string) => ({
  q0: { query: 'koala logistics', type: 'Organisation', limit: 3, properties: [{ pid: 'country', v: 'AUS' }] },
  q1: {
    query: 'Harbourline',
    properties: [
      { pid: 'ABN', v: '51824753556' },
      { pid: 'website', v: ['koala.example'] },
    ],
    type_strict: 'should',
  },
  q2: { query: organisationId },
});
const reconcileExtend = (organisationId: string) => ({ ids: [organisationId, 'not-an-id'], properties: [{ id: 'country' }, { id: 'website', settings: {} }] });
const batchBody = {
  fileName: 'suppliers.csv',
  csv: 'name,country,abn\nKoala Logistics Pty Ltd,AUS,51824753556\nHarbourline,GBR,\n',
  columns: { name: 'name', country: 'country', identifier: 'abn' },
};
const reviewBody = { action: 'pick', organisationId: '00000000-0000-4000-8000-000000000000' };

/** The JSON text of a reconciliation parameter, nearly right. */
function reconcileParameter(random: Random, credentials: FuzzCredentials, name: string): string | undefined {
  if (name === 'queries') return JSON.stringify(mutate(random, reconcileQueries(credentials.organisationId)));
  if (name === 'extend') return JSON.stringify(mutate(random, reconcileExtend(credentials.organisationId)));
  if (name === 'id') return pathId(random, credentials);
  return undefined;
}

function batchId(random: Random, credentials: FuzzCredentials): string {
  return chance(random, 0.5) ? credentials.batchId : pathId(random, credentials);
}

const rowNumber = (random: Random) => pick(random, ['1', '2', '0', '-1', '3', '99999999999', '1.5', 'x', '%ZZ', '%00']);

interface RouteShape {
  methods: readonly string[];
  path: (random: Random, credentials: FuzzCredentials) => string;
  body?: (random: Random, credentials: FuzzCredentials) => Record<string, unknown>;
  /** Form fields the route also reads from a form body (`queries=...`, as OpenRefine posts them). */
  formFields?: readonly string[];
  query?: readonly string[];
  /** Nearly right values for some of `query`'s parameters. */
  plausible?: (random: Random, credentials: FuzzCredentials, name: string) => string | undefined;
  page?: boolean;
}

const ROUTES: RouteShape[] = [
  { methods: ['GET'], path: () => '/api/health' },
  { methods: ['POST'], path: () => '/api/organisations/quick-search', body: () => quickBody },
  { methods: ['POST'], path: () => '/api/organisations/search', body: () => searchBody },
  { methods: ['POST'], path: () => '/api/organisations/select', body: () => selectBody },
  { methods: ['GET'], path: () => '/api/naics/search', query: ['term'] },
  { methods: ['GET'], path: (r, c) => `/api/organisations/${pathId(r, c)}` },
  { methods: ['POST'], path: (r, c) => `/api/organisations/${pathId(r, c)}/naics`, body: () => ({ naicsCode: '111110' }) },
  { methods: ['POST'], path: (r, c) => `/api/organisations/${pathId(r, c)}/enrich` },
  { methods: ['GET'], path: (r, c) => `/api/identify/sidebar/${pathId(r, c)}/organisation` },
  { methods: ['GET'], path: () => '/organisations/flag-counts' },
  { methods: ['GET'], path: (r, c) => `/organisations/${pathId(r, c)}/figures` },
  {
    methods: ['GET'],
    path: (r) => pick(r, ['/api/nope', '/api/organisations', '/api/organisations/a/b/c', '/api/auth/nothing-here', '/api/%ZZ', '/api/identify']),
  },
  { methods: ['GET'], path: () => '/api/auth/get-session' },
  {
    methods: ['GET'],
    path: (r) => pick(r, ['/dashboard', '/engage', '/identify', '/search', '/']),
    query: ['q', 'country', 'searchIntent', 'returnTo', 'from'],
    page: true,
  },
  { methods: ['GET'], path: (r, c) => `/organisations/${pathId(r, c)}${pick(r, ['', '/analyst', '/spotlight', '/engage'])}`, query: ['from', 'q'], page: true },
  { methods: ['GET'], path: () => '/sign-in', query: ['next', 'reason'], page: true },
  // The reconciliation service (W3C Reconciliation API 0.2).
  {
    methods: ['GET', 'POST'],
    path: () => '/api/reconcile',
    body: (r, c) => pick(r, [{ queries: reconcileQueries(c.organisationId) }, { extend: reconcileExtend(c.organisationId) }]),
    formFields: ['queries', 'extend'],
    query: ['queries', 'extend', 'callback'],
    plausible: reconcileParameter,
  },
  { methods: ['GET'], path: () => '/api/reconcile/suggest/entity', query: ['prefix', 'cursor'] },
  { methods: ['GET'], path: () => '/api/reconcile/suggest/property', query: ['prefix', 'cursor'] },
  { methods: ['GET'], path: () => '/api/reconcile/preview', query: ['id'], plausible: reconcileParameter },
  { methods: ['GET'], path: () => '/api/reconcile/properties', query: ['type', 'limit'] },
  // Batch matching.
  { methods: ['GET', 'POST'], path: () => '/api/match/batches', body: () => batchBody },
  { methods: ['GET'], path: (r, c) => `/api/match/batches/${batchId(r, c)}` },
  { methods: ['GET'], path: (r, c) => `/api/match/batches/${batchId(r, c)}/rows`, query: ['decision', 'offset', 'limit'] },
  { methods: ['POST'], path: (r, c) => `/api/match/batches/${batchId(r, c)}/rows/${rowNumber(r)}/review`, body: () => reviewBody },
  { methods: ['POST'], path: (r, c) => `/api/match/batches/${batchId(r, c)}/apply` },
  { methods: ['GET'], path: (r, c) => `/api/match/batches/${batchId(r, c)}/result`, query: ['format'] },
];

function credentialHeaders(random: Random, credentials: FuzzCredentials, method: string): Record<string, string> {
  const roll = random();
  if (roll < 0.55) return { authorization: `Bearer ${credentials.apiKey}` };
  if (roll < 0.8) {
    const headers: Record<string, string> = { cookie: credentials.sessionCookie };
    if (method !== 'GET' && chance(random, 0.8)) headers.origin = credentials.origin;
    return headers;
  }
  if (roll < 0.9) return {};
  return { authorization: pick(random, ['Bearer osk_nope', 'Bearer', 'Basic Zm9vOmJhcg==', 'Bearer \u00e9', `Bearer ${credentials.apiKey} extra`]) };
}

/** One generated request. */
export function fuzzRequest(random: Random, credentials: FuzzCredentials): FuzzRequest {
  if (chance(random, 0.06) && credentials.serverActions.length > 0) return serverActionRequest(random, credentials);
  const route = pick(random, ROUTES);
  const method = chance(random, 0.75) ? pick(random, route.methods) : pick(random, METHODS);
  const plausible = route.plausible && ((r: Random, name: string) => route.plausible?.(r, credentials, name));
  const path =
    route.path(random, credentials) + (route.query ? queryString(random, route.query, plausible) : chance(random, 0.1) ? queryString(random, ['x']) : '');
  const headers = credentialHeaders(random, credentials, method);
  let body: string | undefined;
  if (method === 'POST' && route.formFields && plausible && chance(random, 0.4)) {
    const field = pick(random, route.formFields);
    body = `${field}=${encodeURIComponent(plausible(random, field) ?? randomString(random))}`;
    headers['content-type'] = pick(random, [
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded; charset=UTF-8',
      'multipart/form-data; boundary=fuzz',
    ]);
    return { method, path, headers, body, page: false };
  }
  if (method !== 'GET' && method !== 'HEAD' && (route.body || chance(random, 0.3))) {
    body = rawBody(random, route.body ? mutate(random, route.body(random, credentials)) : randomValue(random));
    const contentType = chance(random, 0.7) ? 'application/json' : pick(random, CONTENT_TYPES);
    if (contentType !== '') headers['content-type'] = contentType;
  }
  return { method, path, headers, body, page: route.page === true };
}

function serverActionRequest(random: Random, credentials: FuzzCredentials): FuzzRequest {
  const action = pick(random, credentials.serverActions);
  const origin = pick(random, [credentials.origin, credentials.origin, credentials.origin, credentials.origin, undefined, 'http://evil.example']);
  const headers: Record<string, string> = {
    cookie: credentials.sessionCookie,
    ...(origin === undefined ? {} : { origin }),
    ...(origin === 'http://evil.example' && chance(random, 0.5) ? { 'x-forwarded-host': 'evil.example' } : {}),
    'next-action': chance(random, 0.85) ? action.id : pick(random, ['0000', `${action.id.slice(0, -2)}ff`, '', 'x'.repeat(42)]),
    'content-type': chance(random, 0.8) ? 'text/plain;charset=UTF-8' : pick(random, CONTENT_TYPES),
  };
  const body = pick(random, [
    JSON.stringify([mutate(random, { organisationId: credentials.organisationId, naicsCode: '111110' })]),
    JSON.stringify([randomValue(random)]),
    JSON.stringify(randomValue(random)),
    '["$Q1"]',
    '[{"a":"$@1"}]',
    `[${deeplyNested(10_000, 'object')}]`,
    deeplyNested(5_000, 'array'),
    '[',
    '',
    '--fuzz\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$K1"]\r\n--fuzz--',
  ]);
  return { method: 'POST', path: action.page, headers, body, page: true };
}
