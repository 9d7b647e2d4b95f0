/**
 * Issue 13, section 3: a batch ends with a result and nothing lost after its worker is killed mid-way. Real
 * worker processes (`src/worker.ts` under tsx), real pg-boss: the first worker is killed with SIGKILL once some
 * chunks are committed; the committed rows and the cursor survive; a new worker takes the expired job over and
 * finishes from the cursor. Every row ends with exactly one result and the counts add up to the rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { exited, killWorkers, startWorker, waitFor } from '../support/worker-process';

const ROWS = 6_000;
let ctx: TestContext;
let dataDir: string;

beforeAll(async () => {
  ctx = await createTestContainer({ env: { JOB_EXPIRE_SECONDS: '8' } });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'match-worker-kill-'));
}, 120_000);
afterAll(async () => {
  killWorkers();
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const worker = () => startWorker({ DATABASE_URL: ctx.database.url, DATA_DIR: dataDir, MATCH_BATCH_CHUNK_SIZE: '100' });

async function progress(batchId: string) {
  const found = await ctx.database.db.execute<{ processed_rows: number; status: string; matched_rows: number; review_rows: number; no_match_rows: number }>(
    sql`select processed_rows, status, matched_rows, review_rows, no_match_rows from match_batches where id = ${batchId}::uuid`,
  );
  const row = found.rows[0];
  if (row === undefined) throw new Error('batch vanished');
  return row;
}

describe('the match-batch worker process', () => {
  it('killed with SIGKILL mid-batch loses nothing: a new worker resumes from the cursor and every row ends with one result', async () => {
    const account = await makeAccount(ctx.database.db);
    for (let i = 0; i < 20; i += 1) await makeOrganisation(ctx.database.db, { name: `Harrowgate Supplies ${i} Pty Ltd` });
    const lines = Array.from({ length: ROWS }, (_, i) => `Harrowgate Supplies ${i % 40},AUS`);
    const { batchId } = await ctx.container.matchBatches.create(account.id, {
      fileName: 'big.csv',
      csv: `name,country\n${lines.join('\n')}`,
      columns: { name: 'name', country: 'country' },
    });

    const first = worker();
    const before = await waitFor(
      'the first chunks to commit',
      async () => {
        const p = await progress(batchId);
        return p.processed_rows >= 300 ? p.processed_rows : undefined;
      },
      90_000,
      50,
    );
    first.child.kill('SIGKILL');
    expect(await exited(first.child)).toBeNull();
    const atKill = await progress(batchId);
    expect(atKill.processed_rows, first.output()).toBeGreaterThanOrEqual(before);
    expect(atKill.processed_rows).toBeLessThan(ROWS);
    expect(atKill.status).toBe('running');

    const second = worker();
    const done = await waitFor(
      'the batch to complete',
      async () => {
        const p = await progress(batchId);
        return p.status === 'completed' ? p : undefined;
      },
      150_000,
      250,
    );
    expect(done.processed_rows, second.output()).toBe(ROWS);
    expect(done.matched_rows + done.review_rows + done.no_match_rows).toBe(ROWS);
    const rows = await ctx.database.db.execute<{ total: number; with_result: number; first: number; last: number }>(sql`
      select count(*)::int as total, count(result)::int as with_result, min(row_index) as first, max(row_index) as last
      from match_batch_rows where batch_id = ${batchId}::uuid`);
    expect(rows.rows[0]).toEqual({ total: ROWS, with_result: ROWS, first: 0, last: ROWS - 1 });
    // Rows 0-19 of each 40 name an existing organisation: match or review (twins do not exist), never lost.
    const decided = await ctx.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from match_batch_rows where batch_id = ${batchId}::uuid and decision = 'no_match' and (row_index % 40) < 20`);
    expect(decided.rows[0]?.n).toBe(0);
    // The download (three pages of 2,000, paged by key): the header and every row once, in order, each decided.
    let text = '';
    for await (const part of await ctx.container.matchBatches.read.export(account.id, batchId, 'csv')) text += part;
    const body = text.trimEnd().split('\n').slice(1);
    expect(body).toHaveLength(ROWS);
    expect(body.map((line) => Number(line.split(',')[0]))).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
    expect(body.filter((line) => line.includes(',pending'))).toEqual([]);

    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
  }, 300_000);
});
