/**
 * Job leases (issue 19, section 4): a worker holds its job on a lease it renews while the handler runs, so a job
 * may run longer than the lease without being run twice, and a job whose worker stops renewing (dead, frozen or
 * cut off from the database) is taken over one lease later. Real PostgreSQL, real pg-boss; the lease is the
 * database's clock, so these tests wait real seconds (a lease of 2 s). The "cut off" worker reaches the database
 * through a TCP proxy the test cuts: a real network partition, not a faked row.
 */
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/adapters/logging/logger';
import { createPgBossJobQueue, JobLeaseLostError, type PgBossJobQueue } from '../../src/adapters/queue/pg-boss-queue';
import { organisationEnrichPayload } from '../../src/core/jobs';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { waitFor } from '../support/worker-process';

const JOB = 'organisation.enrich';
const LEASE_SECONDS = 2;
const log = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent', destination: 'stderr' });

let database: TestDatabase;
const queues: PgBossJobQueue[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  // Each test's workers stop with it: a later test's job goes only to that test's workers.
  for (const queue of queues.splice(0)) await queue.close();
});
afterAll(async () => {
  await database?.drop();
});

function queue(connectionString = database.url, stopGraceMs?: number): PgBossJobQueue {
  const made = createPgBossJobQueue({
    connectionString,
    log,
    pollingIntervalSeconds: 0.5,
    expireInSeconds: LEASE_SECONDS,
    retryDelaySeconds: 1,
    ...(stopGraceMs === undefined ? {} : { stopGraceMs }),
  });
  queues.push(made);
  return made;
}

const payload = () => organisationEnrichPayload({ organisationId: randomUUID(), accountId: randomUUID(), website: null });

async function job(id: string) {
  const found = await database.db.execute<{ state: string; retry_count: number }>(
    sql`select state, retry_count from pgboss.job where name = ${JOB} and id = ${id}::uuid`,
  );
  return found.rows[0];
}

/** A promise and its resolver. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/**
 * A TCP proxy to the test's PostgreSQL that can be cut: `cut()` resets every connection through it and refuses new
 * ones (a network partition, as the worker sees it), `restore()` lets connections through again.
 */
async function cuttableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
  const url = new URL(target.toString());
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.toString(),
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      cut = false;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe('job leases', () => {
  it('a job running three times longer than its lease is renewed, not expired: one attempt, run once, completed', async () => {
    const worker = queue();
    const other = queue(); // a second worker, which would take the job over if its lease ran out
    const calls: number[] = [];
    const handler = async (_: unknown, attempt: { retryCount: number }) => {
      calls.push(attempt.retryCount);
      await new Promise((resolve) => setTimeout(resolve, LEASE_SECONDS * 3 * 1000));
    };
    await worker.work(JOB, handler);
    const id = await worker.send(JOB, payload());
    await waitFor('the job to be taken', async () => (calls.length > 0 ? true : undefined), 15_000, 50);
    await other.work(JOB, handler);
    const done = await waitFor('the job to complete', async () => ((await job(id))?.state === 'completed' ? job(id) : undefined), 30_000, 100);
    expect(done).toEqual({ state: 'completed', retry_count: 0 });
    expect(calls).toEqual([0]);
  }, 60_000);

  it('a worker cut off from the database past its lease loses the job: another attempt takes it over, the first is aborted and records nothing', async () => {
    const proxy = await cuttableProxy(new URL(database.url));
    try {
      const cutOff = queue(proxy.url);
      const healthy = queue();
      const firstStarted = gate();
      const firstAborted = gate();
      let firstReason: unknown;
      await cutOff.work(JOB, async (_, attempt) => {
        firstStarted.open();
        await new Promise<void>((resolve) => attempt.signal.addEventListener('abort', () => resolve(), { once: true }));
        firstReason = attempt.signal.reason;
        firstAborted.open();
        // Returns normally: were its completion not matched on the attempt, it would complete the other attempt's job.
      });
      const id = await cutOff.send(JOB, payload());
      await firstStarted.opened;

      const secondStarted = gate();
      const secondMayFinish = gate();
      const second: { retryCount?: number; aborted?: boolean } = {};
      await healthy.work(JOB, async (_, attempt) => {
        second.retryCount = attempt.retryCount;
        secondStarted.open();
        await secondMayFinish.opened;
        second.aborted = attempt.signal.aborted;
      });

      proxy.cut();
      await secondStarted.opened; // the lease ran out without renewal; the healthy worker's sweep expired it and it retried
      expect(second.retryCount).toBe(1);
      proxy.restore();
      await firstAborted.opened; // the cut-off worker's next renewal matched nothing
      expect(firstReason).toBeInstanceOf(JobLeaseLostError);
      // The first attempt's handler has returned; the job is still the second attempt's, active.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await job(id)).toEqual({ state: 'active', retry_count: 1 });

      secondMayFinish.open();
      const done = await waitFor('the job to complete', async () => ((await job(id))?.state === 'completed' ? job(id) : undefined), 15_000, 100);
      expect(done).toEqual({ state: 'completed', retry_count: 1 });
      expect(second.aborted).toBe(false);
    } finally {
      proxy.close();
    }
  }, 60_000);

  it('closing a worker whose handler outlives the grace period aborts the handler and hands the job back at once', async () => {
    const stopping = queue(database.url, 200);
    const started = gate();
    let aborted = false;
    await stopping.work(JOB, async (_, attempt) => {
      started.open();
      await new Promise<void>((resolve) => attempt.signal.addEventListener('abort', () => resolve(), { once: true }));
      aborted = true;
    });
    const sender = queue();
    const id = await sender.send(JOB, payload());
    await started.opened;
    await stopping.close();
    expect(aborted).toBe(true);
    // Handed back: waiting for its retry now, not held until its lease runs out.
    expect(await job(id)).toEqual({ state: 'retry', retry_count: 0 });

    const taker = queue();
    const retried: number[] = [];
    await taker.work(JOB, async (_, attempt) => {
      retried.push(attempt.retryCount);
    });
    await waitFor('the job to complete', async () => ((await job(id))?.state === 'completed' ? true : undefined), 15_000, 100);
    expect(retried).toEqual([1]);
  }, 60_000);
});
