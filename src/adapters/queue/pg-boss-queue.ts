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
 */
import PgBoss from 'pg-boss';
import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { AppError, UnavailableError, ValidationError } from '../../core/errors';
import { JOB_NAMES, JOB_POLICIES, JOB_QUEUE_DEFAULTS, parseJobPayload, type JobName, type JobPayload } from '../../core/jobs';
import type { JobHandler, JobQueue, SendJobOptions } from '../../server/jobs/job-queue';
import type { Logger } from '../logging/logger';

export interface PgBossJobQueueOptions {
  connectionString: string;
  log: Logger;
  /** pg-boss's own pool (sends outside a transaction, workers' fetch and completion, maintenance). */
  poolMax?: number;
  /** How often an idle worker polls for jobs; pg-boss's minimum is 0.5 s. */
  pollingIntervalSeconds?: number;
  /** Attempts after the first, with exponential back-off from `retryDelaySeconds`. Defaults: JOB_QUEUE_DEFAULTS (3 and 5 s). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A job active longer than this is failed and retried (its worker died). Default 300 s (JOB_QUEUE_DEFAULTS). */
  expireInSeconds?: number;
  /** How often pg-boss supervises queues (expires dead workers' jobs). Default 60 s (JOB_QUEUE_DEFAULTS). */
  maintenanceIntervalSeconds?: number;
}

export interface PgBossJobQueue extends JobQueue {
  /** Stops workers (waiting up to 10 s for running handlers) and closes pg-boss's pool. Idempotent. */
  close(): Promise<void>;
}

const SEND_FAILED_MESSAGE = 'The request could not be queued; please try again';
/** pg-boss's schema (its default, which `start` uses). */
const PGBOSS_SCHEMA = 'pgboss';

export function createPgBossJobQueue(options: PgBossJobQueueOptions): PgBossJobQueue {
  const log = options.log;
  let starting: Promise<PgBoss> | undefined;
  let closed = false;

  async function start(): Promise<PgBoss> {
    const boss = new PgBoss({
      connectionString: options.connectionString,
      max: options.poolMax ?? 4,
      application_name: 'organisation-search-jobs',
      // No cron schedules are used; maintenance (expiry, archiving) stays on.
      schedule: false,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? JOB_QUEUE_DEFAULTS.maintenanceIntervalSeconds,
    });
    // pg-boss reports background failures (maintenance, a worker's fetch) as events; unheard, they would crash the process.
    boss.on('error', (error) => log.error({ err: error }, 'job queue background error'));
    try {
      await boss.start();
      const queue: Omit<PgBoss.Queue, 'name'> = {
        // One active job per singleton key (JOB_POLICIES); jobs without a key are unaffected.
        policy: 'singleton',
        retryLimit: options.retryLimit ?? JOB_QUEUE_DEFAULTS.retryLimit,
        retryDelay: options.retryDelaySeconds ?? JOB_QUEUE_DEFAULTS.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: options.expireInSeconds ?? JOB_QUEUE_DEFAULTS.expireInSeconds,
      };
      for (const name of JOB_NAMES) {
        // updateQueue keeps a queue made by an earlier version in step with today's policy and retries.
        if (await boss.getQueue(name)) await boss.updateQueue(name, { name, ...queue });
        else await boss.createQueue(name, { name, ...queue });
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

  return {
    async send<J extends JobName>(name: J, payload: JobPayload<J>, sendOptions: SendJobOptions = {}): Promise<string> {
      // Parse before anything else: an invalid payload sends nothing and is the caller's bug, reported as such.
      const data = parseJobPayload(name, payload);
      const db = sendOptions.tx === undefined ? undefined : transactionDb(sendOptions.tx);
      let id: string | null;
      try {
        const boss = await ready();
        const singletonKey = JOB_POLICIES[name].singletonKey(data);
        id = await boss.send(name, data, db ? { db, singletonKey } : { singletonKey });
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
          `select id from ${PGBOSS_SCHEMA}.job where name = $1 and singleton_key = $2 and state < 'completed' order by created_on limit 1`,
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

    async work<J extends JobName>(name: J, handler: JobHandler<J>): Promise<void> {
      const boss = await ready();
      const workOptions: PgBoss.WorkOptions & { includeMetadata: true } = { batchSize: 1, includeMetadata: true };
      // An idle worker asks for work every second (pg-boss's default is 2 s): a selected organisation starts
      // enriching within a second. pg-boss also waits out the interval after a job it ran; the worker is notified
      // when a job ends so it fetches the next one at once (a queue of jobs runs back to back).
      workOptions.pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
      const worker: { id?: string } = {};
      worker.id = await boss.work<unknown>(name, workOptions, async (jobs) => {
        try {
          await runJobs(jobs);
        } finally {
          if (jobs.length > 0 && worker.id !== undefined) boss.notifyWorker(worker.id);
        }
      });
      async function runJobs(jobs: PgBoss.JobWithMetadata<unknown>[]): Promise<void> {
        for (const job of jobs) {
          let payload: JobPayload<J>;
          try {
            payload = parseJobPayload(name, job.data);
          } catch (error) {
            // Thrown, so pg-boss fails the job with the issues as its output; a retry fails the same way,
            // and the handler never sees the payload.
            if (error instanceof ValidationError) log.warn({ job: name, jobId: job.id, issues: error.issues }, 'malformed job rejected');
            throw error;
          }
          await handler(payload, { id: job.id, retryCount: job.retryCount, isLastAttempt: job.retryCount >= job.retryLimit });
        }
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      const boss = await starting?.catch(() => undefined);
      await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

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
