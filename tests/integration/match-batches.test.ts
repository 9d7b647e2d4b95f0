/**
 * Batch matching of a supplier list (issue 13, section 2) on real PostgreSQL and the real pg-boss queue: the
 * file becomes a stored batch with its job; rows are decided match / review / no_match from the match objects;
 * a chunk that fails leaves the cursor and every committed row untouched and the next run resumes there; a
 * reviewer accepts, picks or refuses; applying links the accepted organisations; another account sees nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/adapters/db/client';
import { createQuickSearchLookups } from '../../src/adapters/db/queries/quick-search/quick-search-lookups';
import { uncalibratedAssessMatch } from '../../src/core/uncalibrated-match';
import { ValidationError, NotFoundError } from '../../src/core/errors';
import { createMatchRows } from '../../src/server/batch-matching/match-rows';
import { createRunMatchBatch } from '../../src/server/batch-matching/run-match-batch';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';

type Account = Awaited<ReturnType<typeof makeAccount>>;

let ctx: TestContext;
let db: Db;
let caller: Account;
let other: Account;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContainer();
  db = ctx.database.db;
  caller = await makeAccount(db);
  other = await makeAccount(db);
  ids.byAbn = (await makeOrganisation(db, { name: 'Quorvex Haulage Pty Ltd', identifiers: [{ type: 'ABN', value: '51824753556' }] })).id;
  ids.bySite = (await makeOrganisation(db, { name: 'Brindlewood Timber Pty Ltd', website: 'https://brindlewood-timber.com.au' })).id;
  ids.byName = (await makeOrganisation(db, { name: 'Zentrofax Analytics Limited', countryIsoAlpha3: 'GBR' })).id;
  ids.twinA = (await makeOrganisation(db, { name: 'Marlocaster Freight Pty Ltd' })).id;
  ids.twinB = (await makeOrganisation(db, { name: 'Marlocaster Freight Pty Ltd' })).id;
  ids.privateOther = (await makeOrganisation(db, { name: 'Vellicord Secret Holdings Pty Ltd' }, { ownerAccountId: other.id })).id;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const HEADER = 'Supplier,Country,ABN,Site\n';
const FILE =
  HEADER +
  [
    'Quorvex Haulage,AU,51 824 753 556,',
    'Brindlewood,Australia,,www.brindlewood-timber.com.au/contact',
    '"Zentrofax Analytics Ltd",GB,,',
    'Marlocaster Freight,AUS,,',
    'Vellicord Secret Holdings,AUS,,',
    'Nothing Like Anything Here,,,',
    '"Line, with a comma and ""quotes""",,,',
  ].join('\n');
const COLUMNS = { name: 'Supplier', country: 'Country', identifier: 'ABN', website: 'Site' };

async function runToEnd(accountId: string, batchId: string) {
  return ctx.container.matchBatches.run({ batchId, accountId });
}

describe('a supplier file', () => {
  let batchId: string;

  beforeAll(async () => {
    const created = await ctx.container.matchBatches.create(caller.id, { fileName: 'suppliers.csv', csv: FILE, columns: COLUMNS });
    batchId = created.batchId;
    expect(created.totalRows).toBe(7);
  });

  it('is stored as a batch of the account with every row in file order, and its job is queued with it', async () => {
    const summary = await ctx.container.matchBatches.read.summary(caller.id, batchId);
    expect(summary).toMatchObject({ status: 'queued', totalRows: 7, processedRows: 0, assessor: 'calibrated', fileName: 'suppliers.csv' });
    const rows = await ctx.container.matchBatches.read.rows(caller.id, batchId, { offset: 0, limit: 50 });
    expect(rows.map((r) => r.input.name)).toEqual([
      'Quorvex Haulage',
      'Brindlewood',
      'Zentrofax Analytics Ltd',
      'Marlocaster Freight',
      'Vellicord Secret Holdings',
      'Nothing Like Anything Here',
      'Line, with a comma and "quotes"',
    ]);
    const jobs = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'match-batch.run' and data->>'batchId' = ${batchId}`,
    );
    expect(jobs.rows[0]?.n).toBe(1);
  });

  it('decides each row from its candidates: identifier, website and exact name are matches; twins are doubtful; unknowns and private rows of others are not matched', async () => {
    expect(await runToEnd(caller.id, batchId)).toBe('completed');
    const rows = await ctx.container.matchBatches.read.rows(caller.id, batchId, { offset: 0, limit: 50 });
    const [abn, site, name, twins, privateOther, nothing, quoted] = rows;
    expect(abn?.decision).toBe('match');
    expect(abn?.result?.best?.organisationId).toBe(ids.byAbn);
    expect(abn?.result?.best?.match.grades.identifier).toBe('same');
    expect(site?.decision).toBe('match');
    expect(site?.result?.best?.organisationId).toBe(ids.bySite);
    expect(site?.result?.best?.match.matchedOn.website).toBe('brindlewood-timber.com.au');
    expect(name?.decision).toBe('match');
    expect(name?.result?.best?.organisationId).toBe(ids.byName);
    expect(name?.result?.explanation).toContain('Zentrofax');
    // Two organisations of the same name: the best is a match, but the runner-up is as close: review.
    expect(twins?.decision).toBe('review');
    expect(new Set([twins?.result?.best?.organisationId, twins?.result?.runnerUp?.organisationId])).toEqual(new Set([ids.twinA, ids.twinB]));
    expect(privateOther?.result?.candidates.map((c) => c.organisationId)).not.toContain(ids.privateOther);
    expect(privateOther?.decision).toBe('no_match');
    expect(nothing?.decision).toBe('no_match');
    expect(quoted?.decision).toBe('no_match');
    const summary = await ctx.container.matchBatches.read.summary(caller.id, batchId);
    expect(summary).toMatchObject({ status: 'completed', processedRows: 7, matchedRows: 3, reviewRows: 1, noMatchRows: 3 });
    expect(summary.completedAt).not.toBeNull();
  });

  it('is downloadable as CSV (header, one line per row, decisions and scores) and as JSON lines', async () => {
    let csv = '';
    for await (const chunk of await ctx.container.matchBatches.read.export(caller.id, batchId, 'csv')) csv += chunk;
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe(
      'row,name,country,identifier,website,decision,organisation_id,organisation_name,score,grade_name,grade_identifier,grade_website,grade_country,explanation,runner_up_id,runner_up_name,runner_up_score,source,registry_key,registry_pass,registry_status,identifier_issue,review',
    );
    expect(lines).toHaveLength(8);
    expect(lines[1]).toContain(`,match,${ids.byAbn},`);
    expect(lines[7]).toContain('"Line, with a comma and ""quotes"""');
    let jsonl = '';
    for await (const chunk of await ctx.container.matchBatches.read.export(caller.id, batchId, 'jsonl')) jsonl += chunk;
    expect(jsonl.trim().split('\n')).toHaveLength(7);
  });

  it('takes a reviewer decision: accept, pick another candidate, or not in the list; a pick outside the candidates is refused', async () => {
    const review = ctx.container.matchBatches.review;
    await expect(review(caller.id, null, { batchId, rowIndex: 3, review: { action: 'pick', organisationId: ids.byAbn ?? '' } })).rejects.toBeInstanceOf(
      ValidationError,
    );
    const twins = (await ctx.container.matchBatches.read.rows(caller.id, batchId, { decision: 'review', offset: 0, limit: 10 }))[0];
    const runnerUp = twins?.result?.runnerUp?.organisationId ?? '';
    expect(await review(caller.id, null, { batchId, rowIndex: 3, review: { action: 'pick', organisationId: runnerUp } })).toEqual({
      rowIndex: 3,
      action: 'pick',
      organisationId: runnerUp,
      registryKey: null,
    });
    await review(caller.id, null, { batchId, rowIndex: 2, review: { action: 'not_in_list' } });
    await expect(review(caller.id, null, { batchId, rowIndex: 5, review: { action: 'accept' } })).rejects.toBeInstanceOf(ValidationError);
    const rows = await ctx.container.matchBatches.read.rows(caller.id, batchId, { offset: 0, limit: 50 });
    expect(rows[3]?.review).toMatchObject({ action: 'pick', organisationId: runnerUp });
    expect(rows[2]?.review).toMatchObject({ action: 'not_in_list', organisationId: null });
    expect((await ctx.container.matchBatches.read.summary(caller.id, batchId)).reviewedRows).toBe(2);
  });

  it('applied, links the accepted organisations to the account (matches not overruled, picks), not the refused ones', async () => {
    const applied = await ctx.container.matchBatches.apply(caller.id, batchId);
    expect(applied).toEqual({ accepted: 3, linked: 3, created: 0 });
    const linked = await db.execute<{ organisation_id: string }>(sql`select organisation_id from account_organisations where account_id = ${caller.id}::uuid`);
    const twins = (await ctx.container.matchBatches.read.rows(caller.id, batchId, { offset: 3, limit: 1 }))[0];
    expect(new Set(linked.rows.map((r) => r.organisation_id))).toEqual(new Set([ids.byAbn, ids.bySite, twins?.review?.organisationId]));
    expect(await ctx.container.matchBatches.apply(caller.id, batchId)).toEqual({ accepted: 3, linked: 0, created: 0 });
    // Each accepted row records the organisation it settled on; a refused row none.
    const settled = await ctx.container.matchBatches.read.rows(caller.id, batchId, { offset: 0, limit: 50 });
    expect(settled[0]?.appliedOrganisationId).toBe(ids.byAbn);
    expect(settled[3]?.appliedOrganisationId).toBe(twins?.review?.organisationId);
    expect(settled[2]?.appliedOrganisationId).toBeNull();
  });

  it('is invisible to another account: reads, reviews and apply answer not found', async () => {
    await expect(ctx.container.matchBatches.read.summary(other.id, batchId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(ctx.container.matchBatches.read.rows(other.id, batchId, { offset: 0, limit: 5 })).rejects.toBeInstanceOf(NotFoundError);
    await expect(ctx.container.matchBatches.review(other.id, null, { batchId, rowIndex: 0, review: { action: 'not_in_list' } })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(ctx.container.matchBatches.apply(other.id, batchId)).rejects.toBeInstanceOf(NotFoundError);
    expect(await ctx.container.matchBatches.read.recent(other.id)).toEqual([]);
    expect(await ctx.container.matchBatches.run({ batchId, accountId: other.id })).toBe('not_found');
  });
});

describe('every row in view, a decided match overruled, a failing identifier flagged, partial names (issue 21 section 3, issue 20)', () => {
  let batchId = '';
  const mine: Record<string, string> = {};

  beforeAll(async () => {
    mine.vardelmo = (await makeOrganisation(db, { name: 'Vardelmo Clean Energy Co., Ltd.', countryIsoAlpha3: 'CHN' })).id;
    mine.ulvaston = (await makeOrganisation(db, { name: 'Ulvaston Cartage Pty Ltd', countryIsoAlpha3: 'AUS' })).id;
    const rows = [
      'Ulvaston Cartage,AU,,', // 0: a decided match, to be overruled
      '"Chengdu Huaqi Vardelmo Holding Co.,Ltd.",CN,,', // 1: shares only its rare word with a stored name
      'Plimsworth Haulage,AU,73 434 904 927,', // 2: an ABN whose check digit fails
      ...Array.from({ length: 45 }, (_, i) => `Nobody Anywhere ${i},AU,,`), // 3-47: not found
    ];
    batchId = (await ctx.container.matchBatches.create(caller.id, { fileName: 'every-row.csv', csv: HEADER + rows.join('\n'), columns: COLUMNS })).batchId;
    expect(await runToEnd(caller.id, batchId)).toBe('completed');
  });

  it('offers a name sharing a rare word with the row (the word-overlap stage) without deciding it a match by name alone', async () => {
    const [row] = await ctx.container.matchBatches.read.rows(caller.id, batchId, { after: 0, limit: 1, offset: 0 });
    expect(row?.input.name).toBe('Chengdu Huaqi Vardelmo Holding Co.,Ltd.');
    expect(row?.result?.candidates.map((c) => c.organisationId)).toContain(mine.vardelmo);
    expect(row?.result?.best?.match.match).toBe(false);
    expect(row?.decision).not.toBe('match');
  });

  it("flags a row whose identifier fails its check digit, in the quick lookup's words, on the row and in the result file", async () => {
    const [row] = await ctx.container.matchBatches.read.rows(caller.id, batchId, { after: 1, limit: 1, offset: 0 });
    expect(row?.result?.identifierIssue).toEqual({ type: 'ABN', value: '73434904927', message: '73 434 904 927 is not a valid ABN: its check digit fails' });
    let csv = '';
    for await (const chunk of await ctx.container.matchBatches.read.export(caller.id, batchId, 'csv')) csv += chunk;
    expect(csv.split('\n')[3]).toContain('73 434 904 927 is not a valid ABN: its check digit fails');
  });

  it('lists every row by decision or reviewed, paged by row number forward and back; another account sees none', async () => {
    const read = ctx.container.matchBatches.read;
    const summary = await read.summary(caller.id, batchId);
    expect(summary.matchedRows + summary.reviewRows + summary.noMatchRows).toBe(48);
    const first = await read.rows(caller.id, batchId, { decision: 'no_match', limit: 20, offset: 0 });
    expect(first).toHaveLength(20);
    expect(first.every((r) => r.decision === 'no_match')).toBe(true);
    const second = await read.rows(caller.id, batchId, { decision: 'no_match', after: first.at(-1)?.rowIndex, limit: 20, offset: 0 });
    expect(second[0]?.rowIndex).toBeGreaterThan(first.at(-1)?.rowIndex ?? Infinity);
    const back = await read.rows(caller.id, batchId, { decision: 'no_match', before: second[0]?.rowIndex, limit: 20, offset: 0 });
    expect(back.map((r) => r.rowIndex)).toEqual(first.map((r) => r.rowIndex));
    expect((await read.rows(caller.id, batchId, { decision: 'match', limit: 50, offset: 0 })).map((r) => r.rowIndex)).toEqual([0]);
    expect(await read.rows(caller.id, batchId, { decision: 'reviewed', limit: 50, offset: 0 })).toEqual([]);
    await expect(read.rows(other.id, batchId, { decision: 'reviewed', limit: 50, offset: 0 })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('takes "Not in the list" on a decided match; the reviewed filter lists it, apply leaves it out, then the batch remembers the apply', async () => {
    const read = ctx.container.matchBatches.read;
    const [matched] = await read.rows(caller.id, batchId, { decision: 'match', limit: 1, offset: 0 });
    expect(matched?.result?.best?.organisationId).toBe(mine.ulvaston);
    await ctx.container.matchBatches.review(caller.id, null, { batchId, rowIndex: 0, review: { action: 'not_in_list' } });
    const reviewed = await read.rows(caller.id, batchId, { decision: 'reviewed', limit: 50, offset: 0 });
    expect(reviewed.map((r) => [r.rowIndex, r.review?.action])).toEqual([[0, 'not_in_list']]);
    expect((await read.summary(caller.id, batchId)).applied).toBeNull();
    const outcome = await ctx.container.matchBatches.apply(caller.id, batchId);
    expect(outcome).toEqual({ accepted: 0, linked: 0, created: 0 });
    const [settled] = await read.rows(caller.id, batchId, { decision: 'match', limit: 1, offset: 0 });
    expect(settled?.appliedOrganisationId).toBeNull();
    const applied = (await read.summary(caller.id, batchId)).applied;
    expect(applied).toMatchObject(outcome);
    expect(Date.now() - Date.parse(applied?.at ?? '')).toBeLessThan(60_000);
    const recent = (await read.recent(caller.id)).find((b) => b.id === batchId);
    expect(recent?.applied).toMatchObject(outcome);
  });
});

describe("the account's own copy of a global organisation", () => {
  it('hides the global one with the same key, as the quick lookup does: a match to the own copy, not a doubtful twin; another account gets the global one', async () => {
    const global = await makeOrganisation(db, { name: 'Pellinore Cartage Pty Ltd' });
    const own = await makeOrganisation(db, { name: 'Pellinore Cartage Pty Ltd' }, { ownerAccountId: caller.id });
    const file = 'Supplier\nPellinore Cartage Pty Ltd\n';
    for (const [account, expected] of [
      [caller, own.id],
      [other, global.id],
    ] as const) {
      const { batchId } = await ctx.container.matchBatches.create(account.id, { fileName: 'own-copy.csv', csv: file, columns: { name: 'Supplier' } });
      expect(await runToEnd(account.id, batchId)).toBe('completed');
      const [row] = await ctx.container.matchBatches.read.rows(account.id, batchId, { offset: 0, limit: 5 });
      expect(row?.decision).toBe('match');
      expect(row?.result?.best?.organisationId).toBe(expected);
      expect(row?.result?.candidates.map((c) => c.organisationId)).toEqual([expected]);
    }
  });
});

describe('a batch interrupted mid-way', () => {
  it('keeps every committed chunk and its cursor when a chunk fails, and the next run resumes from the cursor without redoing or losing a row', async () => {
    const rows = Array.from({ length: 23 }, (_, i) => (i % 2 === 0 ? `Quorvex Haulage,AUS,,` : `Unknown Supplier ${i},,,`));
    const { batchId } = await ctx.container.matchBatches.create(caller.id, { fileName: 'resume.csv', csv: HEADER + rows.join('\n'), columns: COLUMNS });
    const matchRows = createMatchRows({ lookups: createQuickSearchLookups(db), assess: uncalibratedAssessMatch });
    let chunks = 0;
    const failing = createRunMatchBatch({
      db,
      jobs: ctx.container.jobs,
      chunkSize: 5,
      matchRows: async (accountId, inputs) => {
        chunks += 1;
        const results = await matchRows(accountId, inputs);
        if (chunks === 3) throw new Error('worker died mid-chunk (test)');
        return results;
      },
    });
    await expect(failing({ batchId, accountId: caller.id })).rejects.toThrow('worker died');
    let summary = await ctx.container.matchBatches.read.summary(caller.id, batchId);
    expect(summary).toMatchObject({ status: 'running', processedRows: 10 });
    const stored = await ctx.container.matchBatches.read.rows(caller.id, batchId, { offset: 0, limit: 50 });
    expect(stored.filter((r) => r.result !== null).map((r) => r.rowIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

    const seen: number[] = [];
    const resumed = createRunMatchBatch({ db, jobs: ctx.container.jobs, chunkSize: 5, matchRows, onChunk: ({ processedRows }) => seen.push(processedRows) });
    expect(await resumed({ batchId, accountId: caller.id })).toBe('completed');
    expect(seen).toEqual([15, 20, 23]);
    summary = await ctx.container.matchBatches.read.summary(caller.id, batchId);
    expect(summary).toMatchObject({ status: 'completed', processedRows: 23, matchedRows: 12, noMatchRows: 11, reviewRows: 0 });
    expect(summary.matchedRows + summary.reviewRows + summary.noMatchRows).toBe(23);
    // A duplicate delivery of the job after completion changes nothing.
    expect(await resumed({ batchId, accountId: caller.id })).toBe('completed');
    expect((await ctx.container.matchBatches.read.summary(caller.id, batchId)).matchedRows).toBe(12);
  });

  it('an attempt that lost its job (its signal aborted) stops after the chunk in flight; the attempt that took over finishes, every row once', async () => {
    const rows = Array.from({ length: 23 }, (_, i) => `Unknown Supplier ${i},,,`);
    const { batchId } = await ctx.container.matchBatches.create(caller.id, { fileName: 'lost.csv', csv: HEADER + rows.join('\n'), columns: COLUMNS });
    const lease = new AbortController();
    let staleChunks = 0;
    const stale = createRunMatchBatch({
      db,
      jobs: ctx.container.jobs,
      chunkSize: 5,
      matchRows: async (accountId, inputs) => {
        staleChunks += 1;
        if (staleChunks === 2) lease.abort(new Error('lease lost (test)')); // the queue gave the job to another attempt
        return ctx.container.matchBatches.matchRows(accountId, inputs);
      },
    });
    await expect(stale({ batchId, accountId: caller.id }, { isLastAttempt: false, signal: lease.signal })).rejects.toThrow('lease lost');
    expect(staleChunks).toBe(2); // the chunk in flight commits (under the batch's lock, from its cursor); no chunk after it starts
    expect((await ctx.container.matchBatches.read.summary(caller.id, batchId)).processedRows).toBe(10);

    const seen: number[] = [];
    const takenOver = createRunMatchBatch({
      db,
      jobs: ctx.container.jobs,
      chunkSize: 5,
      matchRows: ctx.container.matchBatches.matchRows,
      onChunk: ({ processedRows }) => seen.push(processedRows),
    });
    expect(await takenOver({ batchId, accountId: caller.id }, { isLastAttempt: false, signal: new AbortController().signal })).toBe('completed');
    expect(seen).toEqual([15, 20, 23]);
    const stored = await ctx.container.matchBatches.read.rows(caller.id, batchId, { offset: 0, limit: 50 });
    expect(stored.filter((r) => r.result !== null).map((r) => r.rowIndex)).toEqual(Array.from({ length: 23 }, (_, i) => i));
    expect(await ctx.container.matchBatches.read.summary(caller.id, batchId)).toMatchObject({ status: 'completed', processedRows: 23, noMatchRows: 23 });
  });

  it('hands over to a continuation job after its turn (the queue then serves other accounts in between)', async () => {
    const { batchId } = await ctx.container.matchBatches.create(caller.id, { fileName: 'slice.csv', csv: HEADER + 'A,,,\nB,,,\nC,,,', columns: COLUMNS });
    const sliced = createRunMatchBatch({
      db,
      jobs: ctx.container.jobs,
      matchRows: ctx.container.matchBatches.matchRows,
      chunkSize: 1,
      sliceMs: 0,
    });
    expect(await sliced({ batchId, accountId: caller.id })).toBe('continued');
    expect((await ctx.container.matchBatches.read.summary(caller.id, batchId)).processedRows).toBe(1);
    const jobs = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'match-batch.run' and data->>'batchId' = ${batchId}`,
    );
    expect(jobs.rows[0]?.n).toBe(2);
  });
});

describe('a bad file', () => {
  const create = (csv: string, columns: { name: string; country?: string } = { name: 'Supplier' }) =>
    ctx.container.matchBatches.create(caller.id, { fileName: 'bad.csv', csv, columns });

  it('is refused with the problem named, and nothing is stored', async () => {
    const before = await db.execute<{ n: number }>(sql`select count(*)::int as n from match_batches`);
    await expect(create('Name,Country\nAcme,AU', { name: 'Supplier' })).rejects.toMatchObject({ issues: [{ field: 'columns.name', rule: 'unknown_column' }] });
    await expect(create('Supplier,Country\nAcme,AU', { name: 'Supplier', country: 'Land' })).rejects.toMatchObject({
      issues: [{ field: 'columns.country', rule: 'unknown_column' }],
    });
    await expect(create('Supplier\n')).rejects.toMatchObject({ issues: [{ rule: 'too_small' }] });
    await expect(create('Supplier\n"unterminated,\n')).rejects.toMatchObject({ issues: [{ rule: 'csv_syntax' }] });
    await expect(create(`Supplier\n${'x'.repeat(301)}\n`)).rejects.toMatchObject({ issues: [{ rule: 'too_big' }] });
    await expect(create('Supplier\nA\u0000B\n')).rejects.toMatchObject({ issues: [{ rule: 'invalid_characters' }] });
    const after = await db.execute<{ n: number }>(sql`select count(*)::int as n from match_batches`);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('with more than 100,000 rows is refused', async () => {
    const csv = `Supplier\n${'a\n'.repeat(100_001)}`;
    await expect(create(csv)).rejects.toMatchObject({ issues: [{ rule: 'too_many_rows' }] });
  });
});
