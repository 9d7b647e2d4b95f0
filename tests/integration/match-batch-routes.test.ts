/**
 * The /api/match/batches routes over the real handlers, real PostgreSQL and pg-boss: upload, progress, rows,
 * review, apply and download with an API key; every bad input a 4xx in the error shape; another account's
 * batch 404 exactly like an id that does not exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as upload, GET as recent } from '../../src/app/api/match/batches/route';
import { GET as summary } from '../../src/app/api/match/batches/[id]/route';
import { GET as rows } from '../../src/app/api/match/batches/[id]/rows/route';
import { POST as review } from '../../src/app/api/match/batches/[id]/rows/[row]/review/route';
import { POST as apply } from '../../src/app/api/match/batches/[id]/apply/route';
import { GET as result } from '../../src/app/api/match/batches/[id]/result/route';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';

type Account = Awaited<ReturnType<typeof makeAccount>>;
let ctx: TestContext;
let caller: Account;
let other: Account;
let organisationId = '';

beforeAll(async () => {
  ctx = await createTestContainer();
  caller = await makeAccount(ctx.database.db);
  other = await makeAccount(ctx.database.db);
  organisationId = (await makeOrganisation(ctx.database.db, { name: 'Trellisworth Paper Pty Ltd' })).id;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function call(handler: Handler, path: string, options: { method?: string; body?: unknown; params?: Record<string, string>; as?: Account } = {}) {
  const headers: Record<string, string> = { authorization: (options.as ?? caller).authorization, 'content-type': 'application/json' };
  const init: RequestInit = { method: options.method ?? 'GET', headers };
  if (options.body !== undefined) init.body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  const response = await handler(new Request(`http://localhost${path}`, init), { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text, headers: response.headers };
}

const CSV = 'Supplier\nTrellisworth Paper\nUnheard Of Vendor\n';

describe('/api/match/batches', () => {
  let batchId = '';

  it('uploads a file: 202 with the batch id; the batch is listed and its progress readable', async () => {
    const created = await call((r) => upload(r), '/api/match/batches', {
      method: 'POST',
      body: { fileName: 'a.csv', csv: CSV, columns: { name: 'Supplier' } },
    });
    expect(created.status).toBe(202);
    expect(created.json).toMatchObject({ data: { totalRows: 2 } });
    batchId = (created.json as { data: { batchId: string } }).data.batchId;
    expect((await call((r) => recent(r), '/api/match/batches')).json).toMatchObject({ data: [{ id: batchId, totalRows: 2 }] });
    expect((await call(summary, `/api/match/batches/${batchId}`, { params: { id: batchId } })).json).toMatchObject({ data: { id: batchId, status: 'queued' } });
  });

  it('answers rows, a review, apply and the download once the batch ran', async () => {
    await ctx.container.matchBatches.run({ batchId, accountId: caller.id });
    const listed = await call(rows, `/api/match/batches/${batchId}/rows?decision=match`, { params: { id: batchId } });
    expect(listed.json).toMatchObject({ data: [{ rowIndex: 0, decision: 'match', result: { best: { organisationId } } }] });
    const reviewed = await call(review, `/api/match/batches/${batchId}/rows/1/review`, {
      method: 'POST',
      body: { action: 'not_in_list' },
      params: { id: batchId, row: '1' },
    });
    expect(reviewed).toMatchObject({ status: 200, json: { data: { rowIndex: 1, action: 'not_in_list', organisationId: null } } });
    expect((await call(apply, `/api/match/batches/${batchId}/apply`, { method: 'POST', body: {}, params: { id: batchId } })).json).toEqual({
      data: { accepted: 1, linked: 1, created: 0 },
    });
    const reviewedRows = await call(rows, `/api/match/batches/${batchId}/rows?decision=reviewed`, { params: { id: batchId } });
    expect(reviewedRows.json).toMatchObject({ data: [{ rowIndex: 1, review: { action: 'not_in_list' } }] });
    expect((reviewedRows.json as { data: unknown[] }).data).toHaveLength(1);
    const applied = await call(summary, `/api/match/batches/${batchId}`, { params: { id: batchId } });
    expect(applied.json).toMatchObject({ data: { applied: { accepted: 1, linked: 1, created: 0 } } });
    const csv = await call(result, `/api/match/batches/${batchId}/result?format=csv`, { params: { id: batchId } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="match-${batchId}.csv"`);
    expect(csv.text.trim().split('\n')).toHaveLength(3);
    expect(csv.text).toContain('not_in_list');
  });

  it('answers bad input with a 4xx in the error shape, never a 500', async () => {
    const post = (body: unknown) => call((r) => upload(r), '/api/match/batches', { method: 'POST', body });
    expect(await post('not json')).toMatchObject({ status: 400, json: { code: 'validation_failed', issues: [{ rule: 'invalid_json' }] } });
    expect(await post({ fileName: 'a.csv', csv: CSV })).toMatchObject({ status: 400, json: { issues: [{ field: 'columns', rule: 'required' }] } });
    expect(await post({ fileName: 'a.csv', csv: CSV, columns: { name: 'Vendor' } })).toMatchObject({
      status: 400,
      json: { issues: [{ field: 'columns.name', rule: 'unknown_column' }] },
    });
    expect(await post({ fileName: 'a.csv', csv: 'Supplier\n"open', columns: { name: 'Supplier' } })).toMatchObject({
      status: 400,
      json: { issues: [{ rule: 'csv_syntax' }] },
    });
    expect((await call(summary, '/api/match/batches/nope', { params: { id: 'nope' } })).status).toBe(400);
    expect((await call(rows, `/api/match/batches/${batchId}/rows?limit=1000`, { params: { id: batchId } })).status).toBe(400);
    expect((await call(rows, `/api/match/batches/${batchId}/rows?after=1&before=5`, { params: { id: batchId } })).status).toBe(400);
    expect((await call(rows, `/api/match/batches/${batchId}/rows?decision=maybe`, { params: { id: batchId } })).status).toBe(400);
    expect((await call(rows, `/api/match/batches/${batchId}/rows?after=x`, { params: { id: batchId } })).status).toBe(400);
    expect((await call(result, `/api/match/batches/${batchId}/result?format=xlsx`, { params: { id: batchId } })).status).toBe(400);
    const badReview = (body: unknown, row = '0') => call(review, `/x`, { method: 'POST', body, params: { id: batchId, row } });
    expect((await badReview({ action: 'maybe' })).status).toBe(400);
    expect((await badReview({ action: 'pick', organisationId: 'x' })).status).toBe(400);
    expect((await badReview({ action: 'accept' }, '-1')).status).toBe(400);
    expect((await badReview({ action: 'accept' }, '99')).status).toBe(404);
  });

  it("is 404 for another account's batch, exactly as for an id that does not exist", async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const id of [batchId, missing]) {
      const answers = [
        await call(summary, '/x', { params: { id }, as: other }),
        await call(rows, '/x', { params: { id }, as: other }),
        await call(result, '/x', { params: { id }, as: other }),
        await call(apply, '/x', { method: 'POST', body: {}, params: { id }, as: other }),
        await call(review, '/x', { method: 'POST', body: { action: 'not_in_list' }, params: { id, row: '0' }, as: other }),
      ];
      for (const answer of answers) expect(answer).toMatchObject({ status: 404, json: { code: 'not_found' } });
    }
  });
});
