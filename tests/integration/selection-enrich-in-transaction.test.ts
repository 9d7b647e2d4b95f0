/**
 * The spec's "organisation.enrich is sent inside the transaction that creates the organisation", pinned (issue 19,
 * section 4): SelectOrganisation over the real selection store, the real queue and a running worker, with one
 * thing changed: the store's transaction fails at its commit, after the use case's work (and its send) succeeded.
 * Just before that commit the job is on the transaction's own connection and on no other; after the rollback no
 * job exists and the worker never sees one, while a selection that commits reaches the worker. A send moved
 * before the transaction (its own connection) is seen from outside and survives the rollback; a send moved after
 * it is missing inside: either way this test fails.
 */
import { is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSelectionStore } from '../../src/adapters/db/queries/selection-store';
import type { SelectionStore } from '../../src/server/selection/ports';
import { createSelectCandidate } from '../../src/server/selection/select-candidate';
import { recordedReference, registryCandidateFacts } from '../support/candidate-references';
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

const registryCandidate = (name: string) => registryCandidateFacts(name, { description: 'Freight forwarding' });

/** The rows of a result from the transaction the store handed out (typed by the caller's schema). */
function rowsOf<T>(result: unknown, row: z.ZodType<T>): T[] {
  return z.object({ rows: z.array(row) }).parse(result).rows;
}

const enrichJobsOf = (organisationId: string) =>
  sql`select count(*)::int as n from pgboss.job where name = 'organisation.enrich' and data->>'organisationId' = ${organisationId}`;

describe('selecting a new organisation', () => {
  it('sends organisation.enrich inside the transaction that creates it: a rollback after the send leaves no job a worker can see', async () => {
    const account = await makeAccount(ctx.database.db);
    const enriched: string[] = [];
    await ctx.container.jobs.work('organisation.enrich', async (payload) => {
      enriched.push(payload.organisationId);
    });

    const real = createSelectionStore(ctx.database.db);
    const atCommit: { organisationId?: string; inside?: number; outside?: number } = {};
    const commitFails: SelectionStore = {
      transaction: (work) =>
        real.transaction(async (tx) => {
          await work(tx); // the use case's work, its send included, succeeded
          const handle = tx.handle;
          if (!is(handle, PgTransaction)) throw new Error('the selection store gave no drizzle transaction');
          const [created] = rowsOf(await handle.execute(sql`select id from organisations where name = 'KESTREL HAULAGE PTY LTD'`), z.object({ id: z.uuid() }));
          if (created === undefined) throw new Error('the organisation was not created in the transaction');
          atCommit.organisationId = created.id;
          atCommit.inside = rowsOf(await handle.execute(enrichJobsOf(created.id)), z.object({ n: z.number() }))[0]?.n;
          atCommit.outside = (await ctx.database.db.execute<{ n: number }>(enrichJobsOf(created.id))).rows[0]?.n;
          throw new Error('the commit failed');
        }),
    };
    // The creating half of the selection (select-candidate.ts), given the facts a recorded reference holds.
    const failing = createSelectCandidate({ store: commitFails, jobs: ctx.container.jobs });
    await expect(failing(account.id, { candidate: registryCandidate('KESTREL HAULAGE PTY LTD'), countryIsoAlpha3: 'AUS' })).rejects.toThrow(
      'the commit failed',
    );
    const rolledBack = atCommit.organisationId;
    if (rolledBack === undefined) throw new Error('the transaction never reached its commit');
    expect({ inside: atCommit.inside, outside: atCommit.outside }).toEqual({ inside: 1, outside: 0 });

    // After the rollback: neither the organisation nor its job exists.
    expect((await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int as n from organisations where id = ${rolledBack}::uuid`)).rows[0]?.n).toBe(0);
    expect((await ctx.database.db.execute<{ n: number }>(enrichJobsOf(rolledBack))).rows[0]?.n).toBe(0);

    // A selection that commits reaches the worker; the queue runs oldest first, so the rolled-back one, had it
    // survived, would have reached it before.
    const committed = await ctx.container.selection.selectOrganisation(account.id, {
      candidate: await recordedReference(ctx.database.db, account.id, registryCandidate('OSPREY HAULAGE PTY LTD')),
      countryIsoAlpha3: 'AUS',
    });
    await waitFor('the committed selection to reach the worker', async () => (enriched.includes(committed.organisationId) ? true : undefined), 30_000, 50);
    expect(enriched).toEqual([committed.organisationId]);
  }, 60_000);
});
