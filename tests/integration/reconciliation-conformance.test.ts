/**
 * Conformance with the W3C Reconciliation Service API 0.2, over real HTTP: every answer of /api/reconcile and
 * its services validates against the spec's JSON Schema (ajv, tests/fixtures/reconciliation-api-0.2/, copied
 * unchanged), every valid example query batch and data extension query of the spec is accepted, and every
 * invalid example query batch is refused with a 400 in the README's error shape.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { get, postForm, serveReconciliation, type ReconciliationServer } from './reconciliation-support';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/reconciliation-api-0.2');
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** Every schema of the spec, by file name; `$schema` (the unversioned "http://json-schema.org/schema#") is read as draft-07. */
const ajv = new Ajv({ schemaId: '$id', validateSchema: false, allErrors: true });
const SCHEMA_IDS: Record<string, string> = {};
for (const file of readdirSync(path.join(FIXTURES, 'schemas'))) {
  const { $schema: _dialect, ...schema } = readJson(path.join(FIXTURES, 'schemas', file)) as { $schema?: string; $id: string };
  ajv.addSchema(schema);
  SCHEMA_IDS[file] = schema.$id;
}

function validate(schemaFile: string, value: unknown): string[] {
  const id = SCHEMA_IDS[schemaFile];
  if (id === undefined) throw new Error(`no schema ${schemaFile}`);
  const valid = ajv.validate(id, value);
  return valid ? [] : (ajv.errors ?? []).map((e) => `${e.dataPath} ${e.message ?? ''}`);
}

function examples(folder: string, kind: 'valid' | 'invalid'): [string, unknown][] {
  const dir = path.join(FIXTURES, 'examples', folder, kind);
  try {
    return readdirSync(dir).map((file) => [file, readJson(path.join(dir, file))]);
  } catch {
    return [];
  }
}

let ctx: TestContext;
let server: ReconciliationServer;
let authorization: string;
let organisationId: string;

beforeAll(async () => {
  ctx = await createTestContainer();
  const { db } = ctx.database;
  const account = await makeAccount(db);
  authorization = account.authorization;
  organisationId = (
    await makeOrganisation(
      db,
      { name: 'Christel Hanewinckel Consulting Pty Ltd', website: 'https://hanewinckel.com.au', identifiers: [{ type: 'ABN', value: '51824753556' }] },
      { ownerAccountId: account.id, linkAccountId: account.id },
    )
  ).id;
  server = await serveReconciliation();
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

describe('the validator itself (so a passing answer means something)', () => {
  const pairs: [string, string][] = [
    ['manifest', 'manifest.json'],
    ['reconciliation-query-batch', 'reconciliation-query-batch.json'],
    ['reconciliation-result-batch', 'reconciliation-result-batch.json'],
    ['data-extension-query', 'data-extension-query.json'],
    ['data-extension-response', 'data-extension-response.json'],
    ['suggest-entities-response', 'suggest-entities-response.json'],
    ['data-extension-property-proposal', 'data-extension-property-proposal.json'],
  ];
  it.each(pairs)('accepts the valid %s examples and refuses the invalid ones', (folder, schema) => {
    for (const [file, example] of examples(folder, 'valid')) expect(validate(schema, example), file).toEqual([]);
    for (const [file, example] of examples(folder, 'invalid')) expect(validate(schema, example), file).not.toEqual([]);
  });
});

describe('answers validate against the spec', () => {
  it('the manifest (no account needed), with CORS', async () => {
    const response = await get(server.baseUrl, '/api/reconcile', null);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const manifest = (await response.json()) as Record<string, unknown>;
    expect(validate('manifest.json', manifest)).toEqual([]);
    expect(manifest).toMatchObject({
      versions: ['0.2'],
      defaultTypes: [{ id: 'Organisation', name: 'Organisation' }],
      authentication: { type: 'apiKey', in: 'header', name: 'Authorization' },
    });
  });

  it('a result batch, by form POST, GET and JSON POST alike', async () => {
    const queries = { q0: { query: 'Christel Hanewinckel Consulting', properties: [{ pid: 'country', v: 'AU' }] }, q1: { query: 'Nothing Like It At All' } };
    const answers = [
      await postForm(server.baseUrl, { queries: JSON.stringify(queries) }, authorization),
      await get(server.baseUrl, `/api/reconcile?queries=${encodeURIComponent(JSON.stringify(queries))}`, authorization),
      await fetch(`${server.baseUrl}/api/reconcile`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ queries }),
      }),
    ];
    for (const response of answers) {
      expect(response.status).toBe(200);
      const batch = (await response.json()) as Record<string, { result: { id: string }[] }>;
      expect(validate('reconciliation-result-batch.json', batch)).toEqual([]);
      expect(batch.q0?.result[0]?.id).toBe(organisationId);
      expect(Object.keys(batch).sort()).toEqual(['q0', 'q1']);
    }
  });

  it('a data extension response', async () => {
    const extend = { ids: [organisationId, 'no-such-id'], properties: [{ id: 'website' }, { id: 'ABN' }, { id: 'naicsCode' }, { id: 'unknownProperty' }] };
    const response = await postForm(server.baseUrl, { extend: JSON.stringify(extend) }, authorization);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(validate('data-extension-response.json', body)).toEqual([]);
  });

  it('entity and property suggestions, and property proposals', async () => {
    const entities = await (await get(server.baseUrl, '/api/reconcile/suggest/entity?prefix=Christel%20Hane', authorization)).json();
    expect(validate('suggest-entities-response.json', entities)).toEqual([]);
    expect((entities as { result: { id: string }[] }).result.map((r) => r.id)).toContain(organisationId);
    const suggested = await (await get(server.baseUrl, '/api/reconcile/suggest/property?prefix=co', authorization)).json();
    expect(validate('suggest-properties-response.json', suggested)).toEqual([]);
    const proposal = await (await get(server.baseUrl, '/api/reconcile/properties?type=Organisation&limit=3', authorization)).json();
    expect(validate('data-extension-property-proposal.json', proposal)).toEqual([]);
  });

  it('the preview is an HTML page', async () => {
    const response = await get(server.baseUrl, `/api/reconcile/preview?id=${organisationId}`, authorization);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('Christel Hanewinckel Consulting Pty Ltd');
  });
});

describe("the spec's example queries", () => {
  it.each(examples('reconciliation-query-batch', 'valid'))('accepts the valid query batch %s and answers each query', async (_file, batch) => {
    const response = await postForm(server.baseUrl, { queries: JSON.stringify(batch) }, authorization);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(validate('reconciliation-result-batch.json', body)).toEqual([]);
    expect(Object.keys(body).sort()).toEqual(Object.keys(batch as object).sort());
  });

  it.each(examples('reconciliation-query-batch', 'invalid'))('refuses the invalid query batch %s with a 400 naming the field', async (_file, batch) => {
    const response = await postForm(server.baseUrl, { queries: JSON.stringify(batch) }, authorization);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; issues: { field: string; rule: string }[] };
    expect(body.code).toBe('validation_failed');
    expect(body.issues.length).toBeGreaterThan(0);
    for (const issue of body.issues) expect(issue.field).toMatch(/^queries\./);
  });

  it.each(examples('data-extension-query', 'valid'))('accepts the valid data extension query %s', async (_file, extend) => {
    const response = await postForm(server.baseUrl, { extend: JSON.stringify(extend) }, authorization);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { rows: Record<string, unknown> };
    expect(validate('data-extension-response.json', body)).toEqual([]);
    expect(Object.keys(body.rows).sort()).toEqual([...(extend as { ids: string[] }).ids].sort());
  });

  it('refuses data extension queries the schema refuses', async () => {
    for (const extend of [{ ids: ['x'] }, { properties: [{ id: 'website' }] }, { ids: 'x', properties: [] }, { ids: [], properties: [{ settings: {} }] }]) {
      expect(validate('data-extension-query.json', extend)).not.toEqual([]);
      const response = await postForm(server.baseUrl, { extend: JSON.stringify(extend) }, authorization);
      expect(response.status, JSON.stringify(extend)).toBe(400);
    }
  });
});
