/**
 * The reconciliation service (/api/reconcile and below) over real HTTP: authentication (API key as the manifest
 * declares it, cookie sessions with the cross-site rules), properties as match conditions, the calibrated
 * score and decision, data extension and preview values, tenancy (another account's private organisation never
 * shows, and answers exactly like an id that exists nowhere), bad input as 400s, and CORS.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFlagValue } from '../../src/adapters/db/queries/feature-flags';
import { FLAGS } from '../../src/core/flags';
import { MATCH_THRESHOLD } from '../../src/core/match';
import { abnFromAcn, makeAcn, makeCompaniesHouseNumber } from '../../src/core/identifiers';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { get, postForm, serveReconciliation, type ReconciliationServer } from './reconciliation-support';

type Candidate = { id: string; name: string; score: number; match: boolean; features: { id: string; value: number }[] };
type ResultBatch = Record<string, { result: Candidate[] }>;

let ctx: TestContext;
let server: ReconciliationServer;
let owner: { id: string; authorization: string };
let other: { id: string; authorization: string };
const ids = { privateOrg: '', australian: '', british: '', classified: '', hostile: '' };
const PRIVATE_NAME = 'Quokkavale Bespoke Joinery Pty Ltd';
const PRIVATE_ABN = abnFromAcn(makeAcn(71_234_567));
const FREIGHT_ABN = abnFromAcn(makeAcn(31_234_568));
const FREIGHT_CH = makeCompaniesHouseNumber(4_512_345);

beforeAll(async () => {
  let sessionAccountId = '';
  ctx = await createTestContainer({
    naics: true,
    sessionAccount: async (headers) => (headers.get('cookie') === 'session=valid' ? { accountId: sessionAccountId, userId: 'user-1' } : null),
  });
  const { db } = ctx.database;
  owner = await makeAccount(db);
  other = await makeAccount(db);
  sessionAccountId = other.id;
  const ownedBy = (account: { id: string }) => ({ ownerAccountId: account.id, linkAccountId: account.id });
  ids.privateOrg = (
    await makeOrganisation(
      db,
      { name: PRIVATE_NAME, website: 'https://quokkavale-joinery.com.au', identifiers: [{ type: 'ABN', value: PRIVATE_ABN }] },
      ownedBy(owner),
    )
  ).id;
  ids.australian = (
    await makeOrganisation(db, {
      name: 'Kookaburra Freight Pty Ltd',
      countryIsoAlpha3: 'AUS',
      website: 'https://kookaburra-freight.com.au',
      identifiers: [{ type: 'ABN', value: FREIGHT_ABN }],
    })
  ).id;
  ids.british = (await makeOrganisation(db, { name: 'Kookaburra Freight Ltd', countryIsoAlpha3: 'GBR', identifiers: [{ type: 'CH', value: FREIGHT_CH }] })).id;
  ids.classified = (
    await makeOrganisation(db, { name: 'Wombat Power Generation Pty Ltd', description: 'Hydro power', profileStatus: 'COMPLETED' }, ownedBy(other))
  ).id;
  ids.hostile = (
    await makeOrganisation(db, { name: '<script>alert(1)</script> Widgets Pty Ltd', description: '<img src=x onerror=alert(1)>' }, ownedBy(other))
  ).id;
  await setFlagValue(db, { flagKey: FLAGS.manualNaicsClassification.key, accountId: other.id, value: true });
  await ctx.container.naics.addOrganisationNaics.execute({ accountId: other.id, organisationId: ids.classified, naicsCode: '221111' });
  server = await serveReconciliation();
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

async function reconcile(queries: unknown, authorization = other.authorization): Promise<ResultBatch> {
  const response = await postForm(server.baseUrl, { queries: JSON.stringify(queries) }, authorization);
  expect(response.status).toBe(200);
  return (await response.json()) as ResultBatch;
}
const idsOf = (batch: ResultBatch, key = 'q0') => (batch[key]?.result ?? []).map((c) => c.id);

describe('authentication', () => {
  it('answers the manifest without an account, and everything else 401 without one or with an unknown key', async () => {
    expect((await get(server.baseUrl, '/api/reconcile', null)).status).toBe(200);
    const queries = encodeURIComponent(JSON.stringify({ q0: { query: 'Kookaburra' } }));
    for (const authorization of [null, 'Bearer not-a-key']) {
      for (const path of [
        `/api/reconcile?queries=${queries}`,
        '/api/reconcile/suggest/entity?prefix=Koo',
        `/api/reconcile/preview?id=${ids.australian}`,
        '/api/reconcile/properties?type=Organisation',
      ]) {
        const response = await get(server.baseUrl, path, authorization);
        expect(response.status, `${path} ${authorization}`).toBe(401);
        expect(await response.json()).toMatchObject({ code: 'unauthorized' });
      }
      expect((await postForm(server.baseUrl, { queries: decodeURIComponent(queries) }, authorization)).status).toBe(401);
    }
  });

  it('takes a cookie session for reads, and refuses a cookie form POST (cross-site rule) but not a same-origin JSON one', async () => {
    const queries = { q0: { query: 'Wombat Power Generation' } };
    const byGet = await get(server.baseUrl, `/api/reconcile?queries=${encodeURIComponent(JSON.stringify(queries))}`, null, { cookie: 'session=valid' });
    expect(byGet.status).toBe(200);
    expect(idsOf((await byGet.json()) as ResultBatch)).toContain(ids.classified);
    const form = await fetch(`${server.baseUrl}/api/reconcile`, {
      method: 'POST',
      headers: { cookie: 'session=valid', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ queries: JSON.stringify(queries) }).toString(),
    });
    expect(form.status).toBe(403);
    const json = await fetch(`${server.baseUrl}/api/reconcile`, {
      method: 'POST',
      headers: { cookie: 'session=valid', 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ queries }),
    });
    expect(json.status).toBe(200);
  });
});

describe('reconciliation queries', () => {
  it('finds the organisation by its exact name with a calibrated score, a match decision and per-field features', async () => {
    const batch = await reconcile({ q0: { query: 'Kookaburra Freight Pty Ltd', properties: [{ pid: 'country', v: 'AUS' }] } });
    const [best] = batch.q0?.result ?? [];
    expect(best?.id).toBe(ids.australian);
    expect(best?.match).toBe(true);
    expect(best?.score).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    expect(best?.score).toBeLessThanOrEqual(100);
    expect(best?.features).toEqual(
      expect.arrayContaining([
        { id: 'name', value: 1 },
        { id: 'country', value: 1 },
      ]),
    );
  });

  it.each(['GB', 'GBR', 'United Kingdom'])('uses the country (%s) as a match condition', async (country) => {
    const batch = await reconcile({ q0: { query: 'Kookaburra Freight', properties: [{ pid: 'country', v: country }] } });
    expect(idsOf(batch)).toContain(ids.british);
    expect(idsOf(batch)).not.toContain(ids.australian);
  });

  it('finds by an identifier alone (no query string), as a certain match', async () => {
    for (const pid of ['ABN', 'identifier']) {
      const batch = await reconcile({ q0: { properties: [{ pid, v: FREIGHT_ABN.replace(/(\d{2})(\d{3})/, '$1 $2 ') }] } });
      expect(idsOf(batch)).toEqual([ids.australian]);
      expect(batch.q0?.result[0]).toMatchObject({ match: true, features: expect.arrayContaining([{ id: 'identifier', value: 1 }]) });
      expect(batch.q0?.result[0]?.score).toBeGreaterThanOrEqual(97);
    }
    // The Australian namesake has no Companies House number: not contradicted, so it stays, below.
    const byCompaniesHouse = await reconcile({ q0: { query: 'Kookaburra Freight', properties: [{ pid: 'CH', v: FREIGHT_CH }] } });
    expect(idsOf(byCompaniesHouse)).toEqual([ids.british, ids.australian]);
    expect(byCompaniesHouse.q0?.result[0]?.match).toBe(true);
  });

  it('drops a candidate whose identifier or website contradicts the query', async () => {
    const otherAbn = abnFromAcn(makeAcn(55_555_555));
    expect(idsOf(await reconcile({ q0: { query: 'Kookaburra Freight Pty Ltd', properties: [{ pid: 'ABN', v: otherAbn }] } }))).not.toContain(ids.australian);
    const byWebsite = await reconcile({
      q0: { query: 'Kookaburra Freight', properties: [{ pid: 'website', v: 'https://www.kookaburra-freight.com.au/about' }] },
    });
    expect(idsOf(byWebsite)[0]).toBe(ids.australian); // same name score as its British namesake; the website ranks it first
    expect(idsOf(await reconcile({ q0: { query: 'Kookaburra Freight Pty Ltd', properties: [{ pid: 'website', v: 'elsewhere.example.org' }] } }))).not.toContain(
      ids.australian,
    );
  });

  it('answers each query of a batch under its key, best first, at most `limit`', async () => {
    const batch = await reconcile({ a: { query: 'Kookaburra Freight', limit: 1 }, b: { query: 'Wombat Power' }, c: { query: 'Zzyzx Nothing' } });
    expect(batch.a?.result).toHaveLength(1);
    expect(idsOf(batch, 'b')).toEqual([ids.classified]);
    expect(batch.c?.result).toEqual([]);
    const scores = (await reconcile({ q0: { query: 'Kookaburra Freight' } })).q0?.result.map((c) => c.score) ?? [];
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
  });
});

describe('bad input is a 400 in the error shape, never a 500', () => {
  const cases: [string, Record<string, string>, string, string][] = [
    ['queries that are not JSON', { queries: '{not json' }, 'queries', 'invalid_json'],
    ['a limit of 0', { queries: JSON.stringify({ q0: { query: 'x', limit: 0 } }) }, 'queries.q0.limit', 'too_small'],
    ['a fractional limit', { queries: JSON.stringify({ q0: { query: 'x', limit: 2.5 } }) }, 'queries.q0.limit', 'invalid_type'],
    [
      'a country nobody calls that',
      { queries: JSON.stringify({ q0: { query: 'x', properties: [{ pid: 'country', v: 'Narnia' }] } }) },
      'queries.q0.properties.0.v',
      'invalid_value',
    ],
    [
      'a website that is not a host',
      { queries: JSON.stringify({ q0: { query: 'x', properties: [{ pid: 'website', v: 'not a site' }] } }) },
      'queries.q0.properties.0.v',
      'invalid_value',
    ],
    ['a query over 200 characters', { queries: JSON.stringify({ q0: { query: 'x'.repeat(201) } }) }, 'queries.q0.query', 'too_big'],
    [
      'a batch over 50 queries',
      { queries: JSON.stringify(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`q${i}`, { query: 'x' }]))) },
      'queries',
      'too_big',
    ],
    ['a NUL in a query', { queries: JSON.stringify({ q0: { query: 'a\u0000b' } }) }, 'queries', 'invalid_characters'],
    ['neither queries nor extend', { other: '1' }, 'queries', 'required'],
  ];
  it.each(cases)('%s', async (_name, fields, field, rule) => {
    const response = await postForm(server.baseUrl, fields, other.authorization);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; issues: { field: string; rule: string }[] };
    expect(body.code).toBe('validation_failed');
    expect(body.issues).toContainEqual(expect.objectContaining({ field, rule }));
  });

  it('refuses a body that is neither a form nor JSON, and bad suggest, preview and proposal parameters', async () => {
    const text = await fetch(`${server.baseUrl}/api/reconcile`, {
      method: 'POST',
      headers: { authorization: other.authorization, 'content-type': 'text/plain' },
      body: 'queries={}',
    });
    expect(text.status).toBe(400);
    for (const path of [
      '/api/reconcile/suggest/entity',
      '/api/reconcile/suggest/entity?prefix=a&cursor=-1',
      '/api/reconcile/preview',
      '/api/reconcile/properties',
      '/api/reconcile/properties?type=Organisation&limit=abc',
    ]) {
      const response = await get(server.baseUrl, path, other.authorization);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed' });
    }
  });
});

describe('suggest, preview and data extension', () => {
  it('suggests by name prefix and by organisation id', async () => {
    const byPrefix = (await (await get(server.baseUrl, '/api/reconcile/suggest/entity?prefix=Kookab', other.authorization)).json()) as {
      result: { id: string; notable: unknown[] }[];
    };
    expect(byPrefix.result.map((r) => r.id)).toEqual(expect.arrayContaining([ids.australian, ids.british]));
    expect(byPrefix.result[0]?.notable).toEqual([{ id: 'Organisation', name: 'Organisation' }]);
    const byId = (await (await get(server.baseUrl, `/api/reconcile/suggest/entity?prefix=${ids.british}`, other.authorization)).json()) as {
      result: { id: string }[];
    };
    expect(byId.result.map((r) => r.id)).toEqual([ids.british]);
  });

  it('previews name, country, identifiers, website, description and NAICS, escaped, in a frame any site may embed', async () => {
    const html = await (await get(server.baseUrl, `/api/reconcile/preview?id=${ids.australian}`, other.authorization)).text();
    for (const text of ['Kookaburra Freight Pty Ltd', 'Australia', FREIGHT_ABN, 'kookaburra-freight.com.au']) expect(html).toContain(text);
    const classified = await (await get(server.baseUrl, `/api/reconcile/preview?id=${ids.classified}`, other.authorization)).text();
    expect(classified).toContain('221111');
    expect(classified).toContain('Hydro power');
    const hostile = await (await get(server.baseUrl, `/api/reconcile/preview?id=${ids.hostile}`, other.authorization)).text();
    expect(hostile).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Widgets');
    expect(hostile).not.toMatch(/<script|<img/i);
  });

  it('extends with website, country, identifiers, description, NAICS codes and titles, Aquila1 sectors and profile status', async () => {
    const properties = ['website', 'country', 'ABN', 'identifier', 'description', 'naicsCode', 'naicsTitle', 'aquila1', 'profileStatus'].map((id) => ({ id }));
    const response = await postForm(server.baseUrl, { extend: JSON.stringify({ ids: [ids.australian, ids.classified], properties }) }, other.authorization);
    const body = (await response.json()) as { meta: { id: string; name: string }[]; rows: Record<string, Record<string, { str: string }[]>> };
    expect(body.meta.map((m) => m.id)).toEqual(properties.map((p) => p.id));
    expect(body.rows[ids.australian]).toMatchObject({
      website: [{ str: 'https://kookaburra-freight.com.au' }],
      country: [{ str: 'AUS' }],
      ABN: [{ str: FREIGHT_ABN }],
      identifier: [{ str: `ABN ${FREIGHT_ABN}` }],
    });
    const classified = body.rows[ids.classified];
    expect(classified?.naicsCode).toEqual([{ str: '221111' }]);
    expect(classified?.naicsTitle?.[0]?.str).toMatch(/Hydroelectric/i);
    expect(classified?.aquila1?.length).toBeGreaterThan(0);
    expect(classified?.profileStatus).toEqual([{ str: 'COMPLETED' }]);
    expect(classified?.description).toEqual([{ str: 'Hydro power' }]);
  });
});

describe("another account's private organisation", () => {
  it('never appears in reconciliation results, by name, identifier or website', async () => {
    const batch = await reconcile({
      byName: { query: PRIVATE_NAME },
      byAbn: { properties: [{ pid: 'ABN', v: PRIVATE_ABN }] },
      byAnyIdentifier: { query: 'Quokkavale', properties: [{ pid: 'identifier', v: PRIVATE_ABN }] },
      byWebsite: { properties: [{ pid: 'website', v: 'quokkavale-joinery.com.au' }] },
    });
    for (const key of Object.keys(batch)) expect(idsOf(batch, key), key).not.toContain(ids.privateOrg);
    expect(idsOf(await reconcile({ q0: { query: PRIVATE_NAME } }, owner.authorization))).toContain(ids.privateOrg);
  });

  it('never appears in suggestions, by prefix or by its id', async () => {
    for (const prefix of ['Quokkavale', ids.privateOrg]) {
      const body = (await (await get(server.baseUrl, `/api/reconcile/suggest/entity?prefix=${prefix}`, other.authorization)).json()) as {
        result: { id: string }[];
      };
      expect(body.result.map((r) => r.id)).not.toContain(ids.privateOrg);
    }
  });

  it('previews exactly like an id that exists nowhere (404, same body)', async () => {
    const missing = randomUUID();
    const answer = async (id: string) => {
      const response = await get(server.baseUrl, `/api/reconcile/preview?id=${id}`, other.authorization);
      return { status: response.status, body: (await response.text()).split(id).join('<id>') };
    };
    const forPrivate = await answer(ids.privateOrg);
    expect(forPrivate).toEqual(await answer(missing));
    expect(forPrivate.status).toBe(404);
    expect((await get(server.baseUrl, `/api/reconcile/preview?id=${ids.privateOrg}`, owner.authorization)).status).toBe(200);
  });

  it('extends exactly like an id that exists nowhere (a row of empty values)', async () => {
    const missing = randomUUID();
    const properties = [{ id: 'website' }, { id: 'ABN' }, { id: 'description' }];
    const response = await postForm(server.baseUrl, { extend: JSON.stringify({ ids: [ids.privateOrg, missing], properties }) }, other.authorization);
    const body = (await response.json()) as { rows: Record<string, unknown> };
    expect(body.rows[ids.privateOrg]).toEqual(body.rows[missing]);
    expect(body.rows[ids.privateOrg]).toEqual({ website: [], ABN: [], description: [] });
  });
});

describe('CORS (the spec: callable from any origin)', () => {
  it('answers a preflight with the methods and headers a client may send, never credentials', async () => {
    for (const path of [
      '/api/reconcile',
      '/api/reconcile/suggest/entity',
      '/api/reconcile/preview',
      '/api/reconcile/properties',
      '/api/reconcile/suggest/property',
    ]) {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method: 'OPTIONS',
        headers: { origin: 'http://127.0.0.1:3333', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      expect(response.status, path).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('marks answers and errors readable from any origin', async () => {
    const ok = await get(server.baseUrl, '/api/reconcile/suggest/entity?prefix=Koo', other.authorization, { origin: 'http://127.0.0.1:3333' });
    const refused = await get(server.baseUrl, '/api/reconcile/suggest/entity?prefix=Koo', null, { origin: 'http://127.0.0.1:3333' });
    for (const response of [ok, refused]) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });
});
