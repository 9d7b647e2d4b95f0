/**
 * The pg-boss JobQueue on real PostgreSQL: typed sends parsed at both ends, and a send that is part of
 * the caller's transaction (a rollback leaves no job; a failed send rolls the transaction back).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgBossJobQueue, type PgBossJobQueue } from '../../src/adapters/queue/pg-boss-queue';
import { organisations } from '../../src/adapters/db/schema';
import { createLogger } from '../../src/adapters/logging/logger';
import { UnavailableError, ValidationError } from '../../src/core/errors';
import { organisationEnrichPayload, type OrganisationEnrichPayload } from '../../src/core/jobs';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer } from '../support/test-container';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const JOB = 'organisation.enrich';
const log = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent', destination: 'stderr' });

let database: TestDatabase;
let queue: PgBossJobQueue;
/** pg-boss used directly, to put a malformed job in the queue and to remove the queue. */
let rawBoss: PgBoss;

beforeAll(async () => {
  database = await createTestDatabase();
  // The broken-connection case terminates a checked-out client's backend; node-postgres then emits 'error' on
  // that client, which the pool only listens for on idle clients.
  database.pool.on('connect', (client) => client.on('error', () => undefined));
  queue = createPgBossJobQueue({ connectionString: database.url, log, pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  await queue?.close();
  await rawBoss?.stop({ graceful: false });
  await database?.drop();
});

async function jobCount(): Promise<number> {
  const result = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = ${JOB}`);
  return result.rows[0]?.n ?? -1;
}

async function organisationExists(id: string): Promise<boolean> {
  const rows = await database.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, id));
  return rows.length === 1;
}

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function payload(website: string | null = 'https://example.com.au'): OrganisationEnrichPayload {
  return organisationEnrichPayload({ organisationId: randomUUID(), accountId: randomUUID(), website });
}

describe('the organisation.enrich payload', () => {
  it("is 'direct' exactly when a website is present", () => {
    expect(payload('  acme.com.au ')).toMatchObject({ profileSource: 'direct', website: 'acme.com.au' });
    expect(payload(null)).toMatchObject({ profileSource: 'agentic', website: null });
    expect(payload('   ')).toMatchObject({ profileSource: 'agentic', website: null });
  });
});

describe('JobQueue over pg-boss', () => {
  const received: { payload: OrganisationEnrichPayload; id: string }[] = [];

  it('delivers a sent job to a worker with the parsed payload', async () => {
    await queue.work(JOB, async (p, job) => {
      received.push({ payload: p, id: job.id });
    });
    const sent = payload();
    const id = await queue.send(JOB, sent);
    const got = await waitFor(async () => received.find((r) => r.id === id), 'the worker to receive the job');
    expect(got.payload).toEqual(sent);
  });

  it('rejects a bad payload at send with a ValidationError, and sends nothing', async () => {
    const before = await jobCount();
    const wrongPair = { organisationId: randomUUID(), accountId: randomUUID(), profileSource: 'direct', website: null } as const;
    // @ts-expect-error profileSource 'direct' needs a website: the registry's types reject the pair at compile time
    await expect(queue.send(JOB, wrongPair)).rejects.toBeInstanceOf(ValidationError);
    const badId = { ...payload(), organisationId: 'not-a-uuid' };
    const error: unknown = await queue.send(JOB, badId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error instanceof ValidationError && error.issues).toEqual([expect.objectContaining({ field: 'organisationId', rule: 'invalid_format' })]);
    expect(await jobCount()).toBe(before);
  });

  it("rejects a malformed job already in the queue by the worker's parse: the handler never sees it, the job fails", async () => {
    rawBoss = new PgBoss({ connectionString: database.url, max: 2, schedule: false, supervise: false });
    rawBoss.on('error', () => undefined);
    await rawBoss.start();
    const malformed = { organisationId: 'not-a-uuid', accountId: randomUUID(), profileSource: 'agentic', website: null };
    const id = await rawBoss.send(JOB, malformed, { retryLimit: 0 });
    if (id === null) throw new Error('the raw send inserted nothing');
    const failed = await waitFor(async () => {
      const job = await rawBoss.getJobById(JOB, id, { includeArchive: true });
      return job?.state === 'failed' ? job : undefined;
    }, 'the malformed job to fail');
    expect(received.some((r) => r.id === id)).toBe(false);
    expect(JSON.stringify(failed.output)).toContain('"field":"organisationId"');
  });

  it('a send inside a transaction that commits is delivered; one inside a transaction that rolls back leaves no job', async () => {
    const before = await jobCount();
    const committed = payload(null);
    const committedId = await database.db.transaction(async (tx) => queue.send(JOB, committed, { tx }));
    await waitFor(async () => received.find((r) => r.id === committedId), 'the committed job');

    const account = await makeAccount(database.db);
    let organisationId = '';
    const rolledBack = database.db.transaction(async (tx) => {
      organisationId = (await makeOrganisation(tx, {}, { ownerAccountId: account.id })).id;
      await queue.send(JOB, organisationEnrichPayload({ organisationId, accountId: account.id, website: null }), { tx });
      const inside = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = ${JOB} and data->>'organisationId' = ${organisationId}`,
      );
      expect(inside.rows[0]?.n).toBe(1); // the job is written on the transaction's own connection
      throw new Error('abandon the selection');
    });
    await expect(rolledBack).rejects.toThrow('abandon the selection');
    expect(await organisationExists(organisationId)).toBe(false);
    const left = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where data->>'organisationId' = ${organisationId}`);
    expect(left.rows[0]?.n).toBe(0);
    expect(await jobCount()).toBe(before + 1);
  });

  it('a send that fails inside a transaction rolls the transaction back (the organisation is gone)', async () => {
    const account = await makeAccount(database.db);

    // 1. An SQL error on the transaction's connection (here: the transaction turned read-only).
    let first = '';
    const sqlFailure = database.db.transaction(async (tx) => {
      first = (await makeOrganisation(tx, {}, { ownerAccountId: account.id })).id;
      await tx.execute(sql`set transaction read only`);
      await queue.send(JOB, organisationEnrichPayload({ organisationId: first, accountId: account.id, website: 'acme.com.au' }), { tx });
    });
    await expect(sqlFailure).rejects.toBeInstanceOf(UnavailableError);
    expect(first).not.toBe('');
    expect(await organisationExists(first)).toBe(false);

    // 2. A broken connection: the transaction's backend is terminated before the send.
    let second = '';
    const brokenConnection = database.db.transaction(async (tx) => {
      second = (await makeOrganisation(tx, {}, { ownerAccountId: account.id })).id;
      const pid = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      await database.pool.query('select pg_terminate_backend($1)', [pid.rows[0]?.pid]);
      await queue.send(JOB, organisationEnrichPayload({ organisationId: second, accountId: account.id, website: null }), { tx });
    });
    await expect(brokenConnection).rejects.toThrow();
    expect(second).not.toBe('');
    expect(await organisationExists(second)).toBe(false);

    // 3. A queue that does not exist (pg-boss would insert nothing and answer null): the send throws.
    await database.db.execute(sql`delete from pgboss.job where name = ${JOB}`); // a queue with jobs cannot be deleted
    await rawBoss.deleteQueue(JOB);
    let third = '';
    const noQueue = database.db.transaction(async (tx) => {
      third = (await makeOrganisation(tx, {}, { ownerAccountId: account.id })).id;
      await queue.send(JOB, organisationEnrichPayload({ organisationId: third, accountId: account.id, website: null }), { tx });
    });
    await expect(noQueue).rejects.toBeInstanceOf(UnavailableError);
    expect(third).not.toBe('');
    expect(await organisationExists(third)).toBe(false);
    await rawBoss.createQueue(JOB);
  });

  it('refuses a tx that is not a drizzle transaction', async () => {
    await expect(queue.send(JOB, payload(), { tx: database.db })).rejects.toBeInstanceOf(TypeError);
  });
});

describe('the container', () => {
  it('starts pg-boss only on first use, and stops it on close', async () => {
    const context = await createTestContainer();
    const jobConnections = async () =>
      (
        await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity where datname = ${context.database.name} and application_name = 'organisation-search-jobs'`,
        )
      ).rows[0]?.n;
    try {
      const schemas = async () =>
        (await context.database.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_namespace where nspname = 'pgboss'`)).rows[0]?.n;
      expect(await schemas()).toBe(0);
      expect(await jobConnections()).toBe(0);
      await context.container.jobs.send(JOB, payload());
      expect(await schemas()).toBe(1);
      expect(await jobConnections()).toBeGreaterThan(0);
      await context.container.close();
      // A closed client's server process exits a moment after the client (more of them since pg-boss also runs its
      // cron clock): wait for it, bounded, rather than racing it.
      for (let i = 0; i < 40 && (await jobConnections()) !== 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await jobConnections()).toBe(0);
    } finally {
      await context.database.drop();
    }
  });
});

describe("the queues' policy", () => {
  /** The retry delay pg-boss holds for the queue (what a job sent now gets). */
  async function retryDelayOf(name: string): Promise<number | undefined> {
    const result = await database.db.execute<{ retry_delay: number }>(sql`select retry_delay from pgboss.queue where name = ${name}`);
    return result.rows[0]?.retry_delay;
  }

  it("is written by the product's processes; an operator's command with other settings leaves it as the product set it", async () => {
    const product = createPgBossJobQueue({
      connectionString: database.url,
      log,
      retryDelaySeconds: 3,
      retries: { 'webhook.deliver': { retryLimit: 2, retryDelaySeconds: 1 } },
    });
    const command = createPgBossJobQueue({ connectionString: database.url, log, retryDelaySeconds: 30, ownsQueuePolicies: false });
    const later = createPgBossJobQueue({ connectionString: database.url, log, retryDelaySeconds: 7 });
    try {
      await product.send(JOB, payload());
      expect(await retryDelayOf(JOB)).toBe(3);
      expect(await retryDelayOf('webhook.deliver')).toBe(1);
      // `monitor run` or `import` run with the defaults (webhooks 30 s): the worker's retries stay as they were.
      await command.send(JOB, payload());
      expect(await retryDelayOf(JOB)).toBe(3);
      expect(await retryDelayOf('webhook.deliver')).toBe(1);
      // A product process started with new settings (a deploy) does write them.
      await later.send(JOB, payload());
      expect(await retryDelayOf(JOB)).toBe(7);
    } finally {
      await Promise.all([product.close(), command.close(), later.close()]);
    }
  });
});
