/**
 * The examples of the OpenAPI document: for every operation an example request (its body, its path and query
 * values), an example answer, and the curl line that sends it. Request bodies are written by hand (what a client
 * would send); answers are derived from the answer's JSON Schema (required fields only, realistic values by
 * field name), so they follow the zod schemas as those change; `api-document.test.ts` parses each example with
 * its zod schema.
 */
type JsonSchema = Record<string, unknown>;

const DEMO_ORGANISATION_ID = '3f0c2a7e-5b1d-4c8e-9a64-1d2e3f4a5b6c';
const DEMO_BATCH_ID = '7a9e1c34-2b5d-4f6a-8c7e-9d0f1a2b3c4d';
const DEMO_REF = 'b4c5d6e7-f809-4a1b-8c2d-3e4f5a6b7c8d';

/** Path parameter values of the examples, by name. */
const PATH_VALUES: Readonly<Record<string, string>> = {
  id: DEMO_ORGANISATION_ID,
  organisationId: DEMO_ORGANISATION_ID,
  row: '0',
  deliveryId: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  alpha2: 'AU',
  path: 'sign-in/email',
};

/** Operations whose path `id` is not an organisation's. */
const ID_OF: Readonly<Record<string, string>> = {
  '/api/match/batches/': DEMO_BATCH_ID,
  '/api/decisions/': '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9',
  '/api/webhooks/': '9d8c7b6a-5f4e-4d3c-b2a1-0f9e8d7c6b5a',
};

/** Query values of the examples (`METHOD /path` -> name -> value). */
const QUERY_VALUES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'GET /api/naics/search': { term: 'fasteners' },
  'GET /api/match/batches/{id}/rows': { decision: 'review', limit: '50' },
  'GET /api/match/batches/{id}/result': { format: 'csv' },
  'GET /api/reconcile/suggest/entity': { prefix: 'acme' },
  'GET /api/reconcile/suggest/property': { prefix: 'coun' },
  'GET /api/reconcile/properties': { type: 'Organisation', limit: '5' },
  'GET /api/reconcile/preview': { id: DEMO_ORGANISATION_ID },
};

/** What a client sends (`METHOD /path` -> body). */
export const REQUEST_EXAMPLES: Readonly<Record<string, unknown>> = {
  'POST /api/organisations/quick-search': { query: 'Acme Widgets', countryIsoAlpha3: 'AUS' },
  'POST /api/organisations/search': { query: 'Acme Widgets', countryIsoAlpha3: 'AUS' },
  'POST /api/organisations/select': { candidate: { _type: 'candidate', ref: DEMO_REF }, countryIsoAlpha3: 'AUS' },
  'POST /api/organisations/{id}/naics': { naicsCode: '332722' },
  'POST /api/match/batches': {
    fileName: 'suppliers.csv',
    csv: 'Supplier,Country,ABN\nAcme Widgets Pty Ltd,AUS,51 824 753 556\nKiwi Dairy Cooperative,NZL,\n',
    columns: { name: 'Supplier', country: 'Country', identifier: 'ABN' },
  },
  'POST /api/match/batches/{id}/rows/{row}/review': { action: 'accept' },
  'POST /api/webhooks': { url: 'https://hooks.example.com/organisation-changes', kinds: ['status', 'legal_name'] },
  'POST /api/decisions': { query: 'Acme Widgets', countryIsoAlpha3: 'AUS', organisationId: DEMO_ORGANISATION_ID, verdict: 'same' },
  'POST /api/reconcile': { queries: { q0: { query: 'Acme Widgets', limit: 3, properties: [{ pid: 'country', v: 'AUS' }] } } },
  'POST /api/auth/{path}': { email: 'demo@example.com', password: 'demo-password-123' },
};

/** Answers whose schema says little (text, HTML, a manifest): written by hand. */
const RESPONSE_EXAMPLES: Readonly<Record<string, unknown>> = {
  'GET /api/match/batches/{id}/result': 'rowIndex,name,decision,organisationId,score\n0,Acme Widgets Pty Ltd,match,3f0c2a7e-5b1d-4c8e-9a64-1d2e3f4a5b6c,96\n',
  'GET /api/reconcile/preview': '<!doctype html><title>Acme Widgets Pty Ltd</title>…',
  'GET /api/flags/{alpha2}': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480">…</svg>',
  'GET /api/reconcile': {
    versions: ['0.2'],
    name: 'Organisation search',
    identifierSpace: 'https://example.com/organisations',
    schemaSpace: 'https://example.com/organisations/schema',
  },
  'POST /api/auth/{path}': { redirect: false, token: 'session-token', user: { email: 'demo@example.com', name: 'Demo User' } },
  'GET /api/openapi.json': { openapi: '3.1.0', info: { title: 'Organisation search and classification service', version: '1.0.0' }, paths: {} },
};

/** Realistic strings by field name; anything else is named after its field. */
const STRING_BY_FIELD: Readonly<Record<string, string>> = {
  name: 'Acme Widgets Pty Ltd',
  canonicalName: 'Acme Widgets Pty Ltd',
  businessName: 'Acme Widgets',
  query: 'Acme Widgets',
  description: 'Manufacturer of fasteners and industrial widgets.',
  countryIsoAlpha3: 'AUS',
  country: 'AUS',
  currency: 'AUD',
  website: 'https://acmewidgets.com.au',
  websiteDomain: 'acmewidgets.com.au',
  key: 'AUS|acme widgets pty ltd',
  code: '332722',
  naicsCode: '332722',
  aquila1Code: 'DEMO-31-33',
  aquila1Name: '[Demo] Manufacturing',
  fileName: 'suppliers.csv',
  error: 'The request body is invalid',
  message: 'must be a string',
  field: 'query',
  rule: 'invalid_type',
  value: '51824753556',
  type: 'SPENT',
  status: 'ok',
  email: 'demo@example.com',
  logo: 'https://cdn.brandfetch.io/acmewidgets.com.au/w/64/h/64',
  wording: 'Registered',
  legalFormsIgnored: 'Pty Ltd',
  from: 'widgts',
  to: 'widgets',
  url: 'https://hooks.example.com/organisation-changes',
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  webhookId: 'msg_0b1c2d3e4f5a4b6c8d7e9f0a1b2c3d4e',
};

/** Where a field's name means something else inside a given parent (`parent.field`). */
const STRING_BY_PARENT_FIELD: Readonly<Record<string, string>> = {
  'identifier.type': 'ABN',
  'identifiers.type': 'ABN',
  'typed.type': 'ABN',
  'registryStatus.status': 'active',
};

function pathOf(pointer: string): string {
  return pointer.replace('#/components/schemas/', '');
}

function stringFor(field: string | undefined, schema: JsonSchema, parent?: string): string {
  const inParent = parent && field ? STRING_BY_PARENT_FIELD[`${parent}.${field}`] : undefined;
  if (inParent) return inParent;
  if (schema.format === 'uuid') return field === 'ref' ? DEMO_REF : DEMO_ORGANISATION_ID;
  if (schema.format === 'date-time') return '2026-11-28T08:00:00.000Z';
  if (schema.format === 'date' || field === 'date' || (typeof schema.pattern === 'string' && schema.pattern.startsWith('^\\d{4}-'))) return '2026-11-28';
  if (schema.format === 'email') return 'demo@example.com';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://acmewidgets.com.au';
  if (schema.pattern === '^[0-9]{6}$') return '332722';
  if (schema.pattern === '^[A-Z]{3}$' || schema.pattern === '^[A-Za-z]{3}$') return 'AUS';
  if (field && /Id$|^id$/.test(field)) return DEMO_ORGANISATION_ID;
  if (field && /At$/.test(field)) return '2026-11-28T08:00:00.000Z';
  const text = (field && STRING_BY_FIELD[field]) ?? field ?? 'text';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  return text.padEnd(min, 'x').slice(0, max);
}

function numberFor(field: string | undefined, schema: JsonSchema): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  let value = field === 'score' ? 92 : /amount/i.test(field ?? '') ? 12_480.5 : /count|total|listed|imported/i.test(field ?? '') ? 12 : 1;
  if (schema.type === 'integer') value = Math.round(value);
  if (min !== undefined && value < min) value = min;
  if (max !== undefined && value > max) value = max;
  return value;
}

/** An example value of a JSON Schema: required properties only, one item per array, the first of a choice. */
export function exampleOf(schema: JsonSchema, components: Readonly<Record<string, JsonSchema>>, field?: string, depth = 0, parent?: string): unknown {
  if (depth > 40) return null; // a recursive schema ends here
  if (typeof schema.$ref === 'string') {
    const target = components[pathOf(schema.$ref)];
    return target ? exampleOf(target, components, field, depth + 1, parent) : null;
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  const choice = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (Array.isArray(choice)) {
    const first = choice.find((option) => option.type !== 'null') ?? choice[0];
    return first ? exampleOf(first, components, field, depth + 1, parent) : null;
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
  const type = types.find((t) => t !== 'null') ?? types[0];
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(properties)) {
        if (required.has(name)) value[name] = exampleOf(property, components, name, depth + 1, field);
      }
      const extra = schema.additionalProperties;
      if (Object.keys(properties).length === 0 && extra && typeof extra === 'object' && Object.keys(extra).length > 0) {
        value.q0 = exampleOf(extra as JsonSchema, components, 'q0', depth + 1);
      }
      return value;
    }
    case 'array': {
      const items = (schema.items ?? {}) as JsonSchema;
      const count = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1);
      return Array.from({ length: count }, () => exampleOf(items, components, field, depth + 1, parent));
    }
    case 'string':
      return stringFor(field, schema, parent);
    case 'integer':
    case 'number':
      return numberFor(field, schema);
    case 'boolean':
      return field === 'match' || field === 'created' || field === 'aquila1Synced';
    case 'null':
      return null;
    default:
      return null;
  }
}

export interface ExampleRoute {
  readonly path: string;
  readonly method: 'get' | 'post' | 'delete';
  readonly auth: 'account' | 'public';
  readonly pathParameters?: readonly string[];
  readonly query?: readonly { name: string; required?: boolean }[];
}

export const operationKey = (route: Pick<ExampleRoute, 'method' | 'path'>) => `${route.method.toUpperCase()} ${route.path}`;

/** The path with the example's values, and its query string. */
export function exampleUrl(route: ExampleRoute): string {
  const key = operationKey(route);
  const idValue = Object.entries(ID_OF).find(([prefix]) => route.path.startsWith(prefix))?.[1];
  const path = route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => (name === 'id' && idValue ? idValue : (PATH_VALUES[name] ?? name)));
  const query = QUERY_VALUES[key] ?? {};
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** The example answer of an operation: by hand where the schema says little, else derived from it. */
export function responseExampleOf(route: ExampleRoute, schema: JsonSchema | undefined, components: Readonly<Record<string, JsonSchema>>): unknown {
  const key = operationKey(route);
  if (key in RESPONSE_EXAMPLES) return RESPONSE_EXAMPLES[key];
  return schema ? exampleOf(schema, components) : undefined;
}

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** The curl line that sends the example request (`$API_KEY` for the account's key). */
export function curlOf(route: ExampleRoute, serverUrl: string): string {
  const key = operationKey(route);
  const parts = ['curl'];
  if (route.method !== 'get') parts.push('-X', route.method.toUpperCase());
  parts.push(shellQuote(`${serverUrl.replace(/\/$/, '')}${exampleUrl(route)}`));
  if (route.auth === 'account') parts.push('-H', '"Authorization: Bearer $API_KEY"');
  const body = REQUEST_EXAMPLES[key];
  if (body !== undefined) parts.push('-H', shellQuote('Content-Type: application/json'), '-d', shellQuote(JSON.stringify(body)));
  return parts.join(' ');
}
