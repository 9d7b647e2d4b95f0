/**
 * Identifiers as people type them (issue 20, section 2), on real PostgreSQL through the routes a user calls: the
 * quick lookup (POST /api/organisations/quick-search) finds an organisation by an identifier written with its
 * label ("ABN 57 095 403 820", "A.C.N. 609 840 486", "CRN 02452736", "LEI: 3912005XU1KV6HW70B19"), by a Companies
 * House number without its leading zero ("4398218"), and by an identifier inside a longer query ("Telstra ABN 33
 * 051 775 556"); a number whose check digit fails is answered as not valid ("73 434 904 927 is not a valid ABN: its
 * check digit fails"), with the did-you-mean suggestions when there are any, never as "No organisations found".
 * Batch matching and reconciliation read a typed identifier the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/adapters/db/client';
import { makeAbn } from '../../src/core/identifiers';
import { makeAccount, makeOrganisation } from '../support/factories';
import { quickSearchAnswer } from '../support/quick-search-route';
import { createTestContainer, type TestContext } from '../support/test-container';
import { postForm, serveReconciliation, type ReconciliationServer } from './reconciliation-support';

type Account = Awaited<ReturnType<typeof makeAccount>>;

let ctx: TestContext;
let db: Db;
let caller: Account;
let server: ReconciliationServer;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContainer();
  db = ctx.database.db;
  caller = await makeAccount(db);
  const make = async (key: string, name: string, countryIsoAlpha3: string, identifiers: { type: string; value: string }[]) => {
    ids[key] = (await makeOrganisation(db, { name, countryIsoAlpha3, identifiers })).id;
  };
  // Identifiers stored as registries write them, names unrelated to the queries (so only the identifier can find them).
  await make('abn', 'Kestrelvale Minerals Pty Ltd', 'AUS', [{ type: 'ABN', value: '57 095 403 820' }]);
  await make('acn', 'Orrindale Timber Pty Ltd', 'AUS', [{ type: 'ACN', value: '609 840 486' }]);
  await make('crn', 'Pellbrook Foods Limited', 'GBR', [{ type: 'CH', value: '02452736' }]);
  await make('ch', 'Varnhallow Software Ltd', 'GBR', [{ type: 'CH', value: '04398218' }]);
  await make('scottish', 'Glenmurrow Distillers Ltd', 'GBR', [{ type: 'CH', value: 'SC012345' }]);
  await make('lei', 'Quillmarsh Capital Markets LLC', 'USA', [{ type: 'LEI', value: '3912005XU1KV6HW70B19' }]);
  await make('telstra', 'Telstra Corporation Limited', 'AUS', [{ type: 'ABN', value: '33 051 775 556' }]);
  await make('telstraNamesake', 'Telstra Super Pty Ltd', 'AUS', [{ type: 'ABN', value: makeAbn(93_000_001) }]);
  await make('riverbend', 'Riverbend Cellars Pty Ltd', 'AUS', [{ type: 'ABN', value: '73 434 904 926' }]);
  server = await serveReconciliation();
}, 120_000);

afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

describe('POST quick-search: identifiers as people type them', () => {
  it.each([
    ['ABN 57 095 403 820', 'abn'],
    ['ABN: 57095403820', 'abn'],
    ['a.b.n. 57-095-403-820', 'abn'],
    ['A.C.N. 609 840 486', 'acn'],
    ['ARBN 609 840 486', 'acn'],
    ['CRN 02452736', 'crn'],
    ['Company No. 2452736', 'crn'],
    ['4398218', 'ch'],
    ['sc 12345', 'scottish'],
    ['LEI: 3912005XU1KV6HW70B19', 'lei'],
  ])('%j finds the organisation carrying it, as a certain match', async (query, key) => {
    const answer = await quickSearchAnswer(caller.authorization, query);
    expect(answer.candidates.map((c) => c.existingOrgId)).toEqual([ids[key]]);
    expect(answer.candidates[0]?.match).toMatchObject({ match: true, grades: { identifier: 'same' } });
    expect(answer.identifierIssue).toBeUndefined();
  });

  it('finds Telstra by the ABN inside "Telstra ABN 33 051 775 556", first and the only match, above its namesake', async () => {
    const answer = await quickSearchAnswer(caller.authorization, 'Telstra ABN 33 051 775 556', 'AUS');
    expect(answer.candidates[0]?.existingOrgId).toBe(ids.telstra);
    expect(answer.candidates[0]?.match).toMatchObject({ match: true, grades: { identifier: 'same' } });
    expect(answer.candidates.filter((c) => c.match.match).map((c) => c.existingOrgId)).toEqual([ids.telstra]);
  });

  it('says a number whose check digit fails is not valid, with the did-you-mean suggestion of the organisation one digit away', async () => {
    const answer = await quickSearchAnswer(caller.authorization, '73 434 904 927', 'AUS');
    expect(answer.candidates).toEqual([]);
    expect(answer.identifierIssue).toEqual({ type: 'ABN', value: '73434904927', message: '73 434 904 927 is not a valid ABN: its check digit fails' });
    expect(answer.identifierSuggestions).toEqual([
      { type: 'ABN', value: '73434904926', formatted: '73 434 904 926', name: 'Riverbend Cellars Pty Ltd', foundIn: 'internal' },
    ]);
  });

  it('says so for a labelled number with no valid neighbour known, and for one inside a longer query (whose name is still looked up)', async () => {
    const lonely = await quickSearchAnswer(caller.authorization, 'ABN 12 345 678 901', 'AUS');
    expect(lonely).toEqual({
      candidates: [],
      identifierIssue: { type: 'ABN', value: '12345678901', message: '12 345 678 901 is not a valid ABN: its check digit fails' },
      identifierSuggestions: [],
    });
    const inside = await quickSearchAnswer(caller.authorization, 'Riverbend Cellars ABN 73 434 904 927', 'AUS');
    expect(inside.identifierIssue?.message).toBe('73 434 904 927 is not a valid ABN: its check digit fails');
    expect(inside.candidates[0]?.existingOrgId).toBe(ids.riverbend);
  });
});

describe('batch matching reads a typed identifier the same way', () => {
  it('matches rows by "ABN 57 095 403 820", "4398218" and an ABN typed in the name column, whatever their names say', async () => {
    const csv = ['Supplier,Country,Identifier', 'KV Minerals,AU,ABN 57 095 403 820', 'Varnhallow,GB,4398218', '"Telstra ABN 33 051 775 556",AU,'].join('\n');
    const { batchId } = await ctx.container.matchBatches.create(caller.id, {
      fileName: 'typed.csv',
      csv,
      columns: { name: 'Supplier', country: 'Country', identifier: 'Identifier' },
    });
    expect(await ctx.container.matchBatches.run({ batchId, accountId: caller.id })).toBe('completed');
    const rows = await ctx.container.matchBatches.read.rows(caller.id, batchId, { offset: 0, limit: 10 });
    expect(rows.map((r) => [r.decision, r.result?.best?.organisationId])).toEqual([
      ['match', ids.abn],
      ['match', ids.ch],
      ['match', ids.telstra],
    ]);
    expect(rows.map((r) => r.result?.best?.match.grades.identifier)).toEqual(['same', 'same', 'same']);
  });
});

describe('reconciliation reads a typed identifier the same way', () => {
  it('finds by "ABN 57 095 403 820" as an ABN property and by "A.C.N. 609 840 486" as the query, as certain matches', async () => {
    const queries = {
      q0: { properties: [{ pid: 'ABN', v: 'ABN 57 095 403 820' }] },
      q1: { query: 'A.C.N. 609 840 486' },
      q2: { query: 'Varnhallow', properties: [{ pid: 'CH', v: '4398218' }] },
    };
    const response = await postForm(server.baseUrl, { queries: JSON.stringify(queries) }, caller.authorization);
    expect(response.status).toBe(200);
    const batch = (await response.json()) as Record<string, { result: { id: string; match: boolean }[] }>;
    expect(batch.q0?.result.map((c) => [c.id, c.match])).toEqual([[ids.abn, true]]);
    expect(batch.q1?.result.map((c) => [c.id, c.match])).toEqual([[ids.acn, true]]);
    expect(batch.q2?.result[0]).toMatchObject({ id: ids.ch, match: true });
  });
});
