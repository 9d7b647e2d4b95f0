/**
 * Batch fairness (issue 19, section 2: "batch jobs of one account must not starve another's"): the queue shares
 * its turns between accounts, not between batches, so an account that queued two batches first takes every
 * other turn, and a second account's batch starts after the first account's first turn, not after its batches
 * end. Real PostgreSQL, the real pg-boss queue and worker loop, batches created through CreateMatchBatch; turns
 * are measured on an injected clock that advances one second each time a job reads it, with a turn of two
 * seconds: two chunks of five rows per turn, whatever the machine's speed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startMatchBatchWorker } from '../../src/server/batch-matching/match-batch-worker';
import { createRunMatchBatch } from '../../src/server/batch-matching/run-match-batch';
import { makeAccount } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { waitFor } from '../support/worker-process';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContainer();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

function supplierFile(rows: number, label: string): string {
  return `name,country\n${Array.from({ length: rows }, (_, i) => `${label} Supplies ${i} Pty Ltd,AUS`).join('\n')}`;
}

describe('batch jobs of two accounts', () => {
  it('take turns by account: the second account starts after one turn of the first, whose two batches share its turns', async () => {
    const first = await makeAccount(ctx.database.db);
    const second = await makeAccount(ctx.database.db);
    const create = (accountId: string, label: string, rows: number) =>
      ctx.container.matchBatches.create(accountId, { fileName: `${label}.csv`, csv: supplierFile(rows, label), columns: { name: 'name', country: 'country' } });
    // The first account queues two batches of 40 rows (4 turns each), then the second one batch of 80 (8 turns).
    const a1 = (await create(first.id, 'Amberley', 40)).batchId;
    const a2 = (await create(first.id, 'Ashcombe', 40)).batchId;
    const b1 = (await create(second.id, 'Brackenridge', 80)).batchId;

    let clock = 0;
    const chunks: string[] = [];
    const run = createRunMatchBatch({
      db: ctx.database.db,
      matchRows: ctx.container.matchBatches.matchRows,
      jobs: ctx.container.jobs,
      chunkSize: 5,
      sliceMs: 2_000,
      now: () => (clock += 1_000),
      onChunk: ({ batchId }) => chunks.push(batchId),
    });
    await startMatchBatchWorker({ jobs: ctx.container.jobs, runMatchBatch: run });

    await waitFor(
      'every batch to complete',
      async () => {
        const done = await ctx.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from match_batches where id in (${a1}::uuid, ${a2}::uuid, ${b1}::uuid) and status = 'completed'`,
        );
        return done.rows[0]?.n === 3 ? true : undefined;
      },
      120_000,
      100,
    );

    const name = (id: string) => (id === a1 ? 'A1' : id === a2 ? 'A2' : id === b1 ? 'B1' : 'other');
    // A turn is a run of consecutive chunks of one batch.
    const turns = chunks.map(name).filter((batch, i, all) => i === 0 || all[i - 1] !== batch);
    expect(chunks.map(name).indexOf('B1')).toBe(2); // after the first account's first turn (two chunks), not after 16 chunks
    expect(turns).toEqual(['A1', 'B1', 'A2', 'B1', 'A1', 'B1', 'A2', 'B1', 'A1', 'B1', 'A2', 'B1', 'A1', 'B1', 'A2', 'B1']);
    expect(chunks).toHaveLength(32);
  }, 180_000);
});
