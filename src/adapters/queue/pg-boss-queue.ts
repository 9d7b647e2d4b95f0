/**
 * The JobQueue port over pg-boss 10, on the service's own PostgreSQL (pg-boss keeps its tables in the
 * `pgboss` schema, which it creates and migrates itself on start).
 *
 * Start is lazy: the first send or work starts pg-boss and creates a queue for every job of the registry,
 * so processes and tests that never touch a job pay nothing. `close()` stops it (and its pool).
 *
 * Sending inside a caller's transaction: pg-boss accepts a `db` option, an object whose
 * `executeSql(text, values)` runs its INSERT. We give it one that runs the statement on the drizzle
 * transaction's own connection, through the transaction's session:
 * `tx._.session.prepareQuery({ sql, params }, ...).execute()`. That is drizzle's typed, public way to run
 * a ready-made parameterised statement (`$1..$n`) on the session; node-postgres' client itself is private
 * on the session, and `tx.execute(sql...)` would need pg-boss's text re-tokenised into drizzle chunks.
 * So the job row is part of the caller's transaction: a rollback leaves no job, and a commit makes it
 * visible to workers. A send that fails (an SQL error, a broken connection, a queue that does not exist,
 * for which pg-boss inserts nothing and returns null) throws UnavailableError inside the transaction's
 * callback, so drizzle rolls the caller's transaction back.
 *
 * Leases (issue 19, section 4). pg-boss 10 has no heartbeat: a job is failed and retried once it has been active
 * longer than its expiry, and its `work()` also fails a handler that outlives that expiry. So a short expiry
 * alone would run a long job twice, and a long one leaves a dead worker's job waiting for minutes. The workers
 * here therefore run their own loop over pg-boss's public `fetch`, `complete` and `fail`, and hold each job on a
 * lease: the job's expiry (`expireInSeconds`, JOB_EXPIRE_SECONDS) is the lease, and while the handler runs the
 * worker renews it every third of the lease by moving the job's expiry to "now + lease" (one UPDATE of the
 * job's `expire_in`, matched on the attempt: id, `active`, and the attempt's `retry_count`). A worker that
 * dies stops renewing, and its job is expired one lease later by the expiry sweep every worker process runs
 * (pg-boss's own `expire()`, every third of the lease), then retried by the queue's usual back-off. A
 * renewal that matches nothing means the attempt lost its job (it was expired while this process was frozen
 * or cut off from the database, and handed to another attempt): the handler's `signal` is aborted and its
 * outcome is dropped, never completed nor failed over the new attempt. Completion is matched on the attempt
 * the same way.
 *
 * Fair share (issue 19, section 2). A job whose policy names a `fairShareField` (the batch jobs: the account)
 * is sent with a pg-boss priority computed as start-time fair queueing over that field: each job's tag is
 * one after the latest tag its account already holds in the queue, and never behind the tag the queue is
 * serving now; the priority is minus the tag (pg-boss fetches the highest priority first, then the oldest).
 * So an account with many jobs queued takes its turns one at a time, alternating with every other account
 * that has work, however many jobs it queued first.
 */

import PgBoss from 'pg-boss';
import { isDatabaseGoingAway } from '../db/database-going-away';
import { z } from 'zod';
import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { AppError, UnavailableError, ValidationError } from '../../core/errors';
import { JOB_NAMES, JOB_POLICIES, JOB_QUEUE_DEFAULTS, parseJobPayload, type JobName, type JobPayload } from '../../core/jobs';
import type { JobHandler, JobQueue, Log, SendJobOptions } from '../../server/ports';
import type { Env } from '../../config/env';

export interface PgBossJobQueueOptions {
  connectionString: string;
  log: Log;
  /** pg-boss's own pool (sends outside a transaction, workers' fetch, renewals and completion, maintenance). */
  poolMax?: number;
  /** How often an idle worker polls for jobs. Default 1 s (a selected organisation starts enriching within a second). */
  pollingIntervalSeconds?: number;
  /** Attempts after the first, with exponential back-off from `retryDelaySeconds`. Defaults: JOB_QUEUE_DEFAULTS (3 and 5 s). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Per job, retries other than the defaults above (webhook deliveries retry over a day and more). */
  retries?: Partial<Record<JobName, { retryLimit: number; retryDelaySeconds: number }>>;
  /**
   * The lease: a job whose worker stopped renewing it for this long (the worker died) is failed and retried.
   * Renewed every third of it while the handler runs. Default JOB_QUEUE_DEFAULTS (30 s).
   */
  expireInSeconds?: number;
  /** How often pg-boss's maintenance runs (archiving; expiry too, besides the workers' own sweep). Default 60 s. */
  maintenanceIntervalSeconds?: number;
  /** How long `close()` lets running handlers finish before it hands their jobs back to the queue. Default 10 s. */
  stopGraceMs?: number;
  /**
   * Whether this process writes the queues' policy (retries, lease) over what an earlier start wrote. True for the
   * product (server and worker); false for an operator's command (`monitor run`, `import`), which only creates a queue
   * that does not exist yet: a command run with other settings must not change the running worker's retries.
   */
  ownsQueuePolicies?: boolean;
}

/** The queue's policies as the environment sets them: the product's processes write them to the queues; a command only creates missing ones. */
export function jobQueuePoliciesFromEnv(
  env: Env,
): Pick<PgBossJobQueueOptions, 'retryLimit' | 'retryDelaySeconds' | 'retries' | 'expireInSeconds' | 'maintenanceIntervalSeconds'> {
  return {
    retryLimit: env.ENRICH_RETRY_LIMIT,
    retryDelaySeconds: env.ENRICH_RETRY_DELAY_SECONDS,
    retries: { 'webhook.deliver': { retryLimit: env.WEBHOOK_RETRY_LIMIT, retryDelaySeconds: env.WEBHOOK_RETRY_DELAY_SECONDS } },
    expireInSeconds: env.JOB_EXPIRE_SECONDS,
    maintenanceIntervalSeconds: env.JOB_MAINTENANCE_INTERVAL_SECONDS,
  };
}

export interface PgBossJobQueue extends JobQueue {
  /**
   * Stops the workers: no new job is fetched, running handlers get `stopGraceMs` to finish; then their
   * signals are aborted and their jobs handed back to the queue (failed, so retried at once). Closes
   * pg-boss's pool. Idempotent.
   */
  close(): Promise<void>;
}

const SEND_FAILED_MESSAGE = 'The request could not be queued; please try again';
const SCHEMA = 'pgboss';

/** One attempt at one job, held by this process on a lease. */
interface Attempt {
  readonly name: JobName;
  readonly id: string;
  /** pg-boss counts a retry when it fetches the job again: (id, retry_count) names the attempt. */
  readonly retryCount: number;
  readonly controller: AbortController;
  /** The queue handed the job to another attempt (a renewal matched nothing). */
  lost: boolean;
}

/** Why a handler's signal was aborted. */
export class JobLeaseLostError extends Error {
  override readonly name = 'JobLeaseLostError';
}

export function createPgBossJobQueue(options: PgBossJobQueueOptions): PgBossJobQueue {
  const log = options.log;
  const leaseSeconds = options.expireInSeconds ?? JOB_QUEUE_DEFAULTS.expireInSeconds;
  const renewEveryMs = Math.max(250, (leaseSeconds * 1000) / 3);
  const pollingMs = (options.pollingIntervalSeconds ?? 1) * 1000;
  let starting: Promise<PgBoss> | undefined;
  let closed = false;
  const attempts = new Set<Attempt>();
  const loops: Promise<void>[] = [];
  /** Wakes the idle workers (close). */
  const sleepers = new Set<() => void>();
  let sweeper: NodeJS.Timeout | undefined;

  async function start(): Promise<PgBoss> {
    const boss = new PgBoss({
      connectionString: options.connectionString,
      schema: SCHEMA,
      max: options.poolMax ?? 4,
      application_name: 'organisation-search-jobs',
      // Cron schedules (monitoring's pass) and maintenance (expiry, archiving) run in every process with a queue.
      schedule: true,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? JOB_QUEUE_DEFAULTS.maintenanceIntervalSeconds,
    });
    // pg-boss reports background failures (maintenance) as events; unheard, they would crash the process.
    // The database closing its connections (stopping, restarting) is a warning, once a minute at most: on
    // Ctrl-C it reaches the embedded PostgreSQL too, and its idle connections close before close() runs.
    let warnedGoingAwayAt = Number.NEGATIVE_INFINITY;
    boss.on('error', (error) => {
      if (!isDatabaseGoingAway(error)) return log.error({ err: error }, 'job queue background error');
      if (Date.now() - warnedGoingAwayAt < 60_000) return;
      warnedGoingAwayAt = Date.now();
      log.warn(
        { reason: error.message },
        closed
          ? 'job queue: the database closed its connections while the queue stopped'
          : 'job queue: the database closed its connections (stopping or restarting); the queue reconnects when it is back',
      );
    });
    try {
      await boss.start();
      const queue: Omit<PgBoss.Queue, 'name'> = {
        // One active job per singleton key (JOB_POLICIES); jobs without a key are unaffected.
        policy: 'singleton',
        retryLimit: options.retryLimit ?? JOB_QUEUE_DEFAULTS.retryLimit,
        retryDelay: options.retryDelaySeconds ?? JOB_QUEUE_DEFAULTS.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: leaseSeconds,
      };
      for (const name of JOB_NAMES) {
        const retries = options.retries?.[name];
        const policy = retries === undefined ? queue : { ...queue, retryLimit: retries.retryLimit, retryDelay: retries.retryDelaySeconds };
        // updateQueue keeps a queue made by an earlier version in step with today's policy and retries; a process
        // that does not own the policies leaves an existing queue as the product set it.
        if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...policy });
        else if (options.ownsQueuePolicies ?? true) await boss.updateQueue(name, { name, ...policy });
      }
    } catch (error) {
      await boss.stop({ graceful: false }).catch(() => undefined);
      throw error;
    }
    return boss;
  }

  function ready(): Promise<PgBoss> {
    if (closed) return Promise.reject(new UnavailableError('Job queue is closed', SEND_FAILED_MESSAGE));
    starting ??= start().catch((error: unknown) => {
      starting = undefined;
      throw error;
    });
    return starting;
  }

  /** Waits `ms`, or less when the queue closes. */
  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });
  }

  /**
   * Moves the attempt's expiry to one lease from now. 'held': renewed; 'lost': the job is no longer this
   * attempt's (the handler is aborted); 'unknown': the database did not answer (the lease may still hold).
   */
  async function renew(boss: PgBoss, attempt: Attempt): Promise<'held' | 'lost' | 'unknown'> {
    if (attempt.lost) return 'lost';
    try {
      const result = await boss.getDb().executeSql(
        `UPDATE ${SCHEMA}.job SET expire_in = (now() - started_on) + $3::int * interval '1 second'
         WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $4 RETURNING id`,
        [attempt.name, attempt.id, leaseSeconds, attempt.retryCount],
      );
      if (result.rows.length > 0) return 'held';
    } catch (error) {
      log.warn({ err: error, job: attempt.name, jobId: attempt.id }, 'job lease could not be renewed');
      return 'unknown';
    }
    if (!attempt.lost) {
      attempt.lost = true;
      log.warn({ job: attempt.name, jobId: attempt.id, retryCount: attempt.retryCount }, 'job lease lost: another attempt holds the job; this one stops');
      attempt.controller.abort(new JobLeaseLostError(`${attempt.name} ${attempt.id}: the job's lease was lost`));
    }
    return 'lost';
  }

  /** Completes the attempt's job; false when the job is no longer this attempt's. */
  async function complete(boss: PgBoss, attempt: Attempt): Promise<boolean> {
    const result = await boss.getDb().executeSql(
      `UPDATE ${SCHEMA}.job SET completed_on = now(), state = 'completed'
       WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $3 RETURNING id`,
      [attempt.name, attempt.id, attempt.retryCount],
    );
    return result.rows.length > 0;
  }

  /** Fails the attempt's job (the queue retries it with back-off) unless another attempt holds it. */
  async function fail(boss: PgBoss, attempt: Attempt, error: unknown): Promise<void> {
    // pg-boss's fail is not matched on the attempt: the renewal just before it is (a lease outlives it by far).
    if ((await renew(boss, attempt)) === 'lost') return;
    // pg-boss keeps the error (serialised with its own fields, e.g. a ValidationError's issues) as the job's output.
    await boss.fail(attempt.name, attempt.id, typeof error === 'object' && error !== null ? error : { message: String(error) });
  }

  async function runAttempt<J extends JobName>(boss: PgBoss, name: J, job: PgBoss.JobWithMetadata<unknown>, handler: JobHandler<J>): Promise<void> {
    const attempt: Attempt = { name, id: job.id, retryCount: job.retryCount, controller: new AbortController(), lost: false };
    attempts.add(attempt);
    let outcome: { ok: true } | { ok: false; error: unknown };
    // A retried job's row still carries the expiry its previous attempt renewed to: renew before anything else.
    const renewal = setInterval(() => void renew(boss, attempt), renewEveryMs);
    try {
      await renew(boss, attempt);
      let payload: JobPayload<J>;
      try {
        payload = parseJobPayload(name, job.data);
      } catch (error) {
        // The attempt fails with the issues; a retry fails the same way, and the handler never sees the payload.
        if (error instanceof ValidationError) log.warn({ job: name, jobId: job.id, issues: error.issues }, 'malformed job rejected');
        throw error;
      }
      attempt.controller.signal.throwIfAborted();
      await handler(payload, {
        id: job.id,
        retryCount: job.retryCount,
        isLastAttempt: job.retryCount >= job.retryLimit,
        signal: attempt.controller.signal,
      });
      outcome = { ok: true };
    } catch (error) {
      outcome = { ok: false, error };
    } finally {
      clearInterval(renewal);
    }
    try {
      if (attempt.lost) {
        log.warn({ job: name, jobId: job.id, ok: outcome.ok }, 'job attempt ended after its lease was lost: its outcome is dropped');
      } else if (outcome.ok) {
        if (!(await complete(boss, attempt))) log.warn({ job: name, jobId: job.id }, 'job attempt finished but the job was no longer its own');
      } else {
        await fail(boss, attempt, outcome.error);
      }
    } catch (error) {
      // The job stays active; its lease, no longer renewed, expires and the queue retries it.
      log.error({ err: error, job: name, jobId: job.id }, 'job outcome could not be recorded');
    } finally {
      attempts.delete(attempt);
    }
  }

  async function workLoop<J extends JobName>(boss: PgBoss, name: J, handler: JobHandler<J>): Promise<void> {
    while (!closed) {
      // pg-boss's fetch answers [] when the database fails (it logs nothing): the worker simply polls again.
      const [job] = await boss.fetch<unknown>(name, { batchSize: 1, includeMetadata: true });
      if (job === undefined) await sleep(pollingMs);
      else await runAttempt(boss, name, job, handler);
    }
  }

  /** Expires jobs whose lease ran out (their worker died), every third of the lease, in every worker process. */
  function sweepExpiredLeases(boss: PgBoss): void {
    if (sweeper !== undefined) return;
    const sweep = () => boss.expire().catch((error: unknown) => log.warn({ err: error }, 'expired job leases could not be swept'));
    void sweep();
    sweeper = setInterval(() => void sweep(), renewEveryMs);
    sweeper.unref();
  }

  return {
    async send<J extends JobName>(name: J, payload: JobPayload<J>, sendOptions: SendJobOptions = {}): Promise<string> {
      // Parse before anything else: an invalid payload sends nothing and is the caller's bug, reported as such.
      const data = parseJobPayload(name, payload);
      const db = sendOptions.tx === undefined ? undefined : transactionDb(sendOptions.tx);
      let id: string | null;
      try {
        const boss = await ready();
        const policy = JOB_POLICIES[name];
        const singletonKey = policy.singletonKey(data);
        const field = policy.fairShareField;
        const priority = field === undefined ? undefined : await fairSharePriority(db ?? boss.getDb(), name, { field, value: String(data[field]) });
        id = await boss.send(name, data, { singletonKey, ...(db ? { db } : {}), ...(priority === undefined ? {} : { priority }) });
      } catch (error) {
        log.error({ err: error, job: name }, 'job could not be sent');
        if (error instanceof AppError) throw error;
        throw new UnavailableError(`${name} could not be sent: ${errorMessage(error)}`, SEND_FAILED_MESSAGE);
      }
      if (id === null) {
        // pg-boss inserts nothing when the queue does not exist (its INSERT joins the queue table).
        log.error({ job: name }, 'job queue accepted no job');
        throw new UnavailableError(`${name} could not be sent: the queue accepted no job (does the queue exist?)`, SEND_FAILED_MESSAGE);
      }
      return id;
    },

    async pendingJobForUpdate(name: JobName, singletonKey: string, { tx }: { tx: unknown }): Promise<string | null> {
      const db = transactionDb(tx);
      try {
        // Started first: the queue's tables exist once pg-boss has started (it creates them).
        await ready();
        // A transaction-scoped advisory lock per (job, key): held until the caller commits or rolls back, so
        // the next caller's statements (read committed) see the job this one sent.
        await db.executeSql('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`job:${name}:${singletonKey}`]);
        // created, retry and active sort before completed in pg-boss's job_state enum (its own queries say the same).
        const { rows } = await db.executeSql(
          `select id from ${SCHEMA}.job where name = $1 and singleton_key = $2 and state < 'completed' order by created_on limit 1`,
          [name, singletonKey],
        );
        const [row] = rows;
        return typeof row === 'object' && row !== null && 'id' in row && typeof row.id === 'string' ? row.id : null;
      } catch (error) {
        log.error({ err: error, job: name }, 'pending jobs could not be read');
        if (error instanceof AppError) throw error;
        throw new UnavailableError(`${name} pending jobs could not be read: ${errorMessage(error)}`, SEND_FAILED_MESSAGE);
      }
    },

    async schedule<J extends JobName>(name: J, cron: string, payload: JobPayload<J>): Promise<void> {
      const data = parseJobPayload(name, payload);
      const boss = await ready();
      await boss.schedule(name, cron, data, { singletonKey: JOB_POLICIES[name].singletonKey(data), tz: 'UTC' });
    },

    async work<J extends JobName>(name: J, handler: JobHandler<J>): Promise<void> {
      const boss = await ready();
      sweepExpiredLeases(boss);
      loops.push(
        workLoop(boss, name, handler).catch((error: unknown) => {
          log.error({ err: error, job: name }, 'job worker stopped');
        }),
      );
    },

    async close() {
      if (closed) return;
      closed = true;
      if (sweeper !== undefined) clearInterval(sweeper);
      for (const wake of [...sleepers]) wake();
      const boss = await starting?.catch(() => undefined);
      const graceMs = options.stopGraceMs ?? 10_000;
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)));
      const finished = await Promise.race([Promise.all(loops).then(() => 'done' as const), graceOver]);
      clearTimeout(timer);
      if (finished === 'late' && boss !== undefined) {
        // Handlers still running past the grace: aborted, and their jobs handed back to the queue now rather than
        // one lease later (the retry runs elsewhere; the stopped attempt's outcome is then dropped).
        for (const attempt of [...attempts]) {
          attempt.lost = true; // first: the handler's outcome, whenever it comes, is not recorded over the hand-back
          attempt.controller.abort(new JobLeaseLostError(`${attempt.name} ${attempt.id}: the worker is stopping`));
          await boss.fail(attempt.name, attempt.id, { message: 'worker stopped before the job finished' }).catch(() => undefined);
        }
      }
      await boss?.stop({ graceful: false, wait: true, timeout: 2_000 });
    },
  };
}

/**
 * The priority of a job sent for `share` (start-time fair queueing, see the header): minus its tag, which is
 * one after the highest tag `share` already holds among the queue's unfinished jobs, and at least the tag the
 * queue serves now (the lowest tag of its active and runnable jobs).
 */
async function fairSharePriority(db: PgBoss.Db, name: JobName, share: { field: string; value: string }): Promise<number> {
  const result = await db.executeSql(
    `SELECT
       -max(priority) FILTER (WHERE state = 'active' OR start_after <= now()) AS serving,
       -min(priority) FILTER (WHERE data->>$2 = $3) AS latest
     FROM ${SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
    [name, share.field, share.value],
  );
  const { serving, latest } = fairShareTagsSchema.parse(result.rows[0]);
  const now = serving ?? 0;
  return -Math.max(now, latest === null ? now : latest + 1);
}

/** The tags, as node-postgres answers them (numeric aggregates arrive as text). */
const fairShareTagsSchema = z.object({ serving: z.coerce.number().nullable(), latest: z.coerce.number().nullable() });

/** pg-boss's `db` option over a drizzle transaction: its statements run on that transaction's connection. */
function transactionDb(tx: unknown): PgBoss.Db {
  if (!is(tx, PgTransaction)) {
    throw new TypeError('JobQueue.send: options.tx must be the transaction given by db.transaction(async (tx) => ...)');
  }
  const session = tx._.session;
  return {
    async executeSql(text: string, values: unknown[]) {
      const result: unknown = await session.prepareQuery({ sql: text, params: values }, undefined, undefined, false).execute();
      return { rows: rowsOf(result) };
    },
  };
}

function rowsOf(result: unknown): unknown[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) return result.rows;
  throw new TypeError('Unexpected driver result: no rows array');
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
