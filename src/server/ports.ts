/**
 * The ports every module may need, in one place (decision 0027): the log, the clock and timers, the shared lock, the job queue,
 * feature flags, logos and the caller's account. Each is a boundary to the outside world or has two
 * implementations; a module's own ports (its providers) stay in its `ports.ts`, and storage that only PostgreSQL
 * implements is no port at all: use cases call the `(db, params)` query functions of src/adapters/db/queries.
 */
import type { FlagName } from '../core/flags';
import type { JobName, JobPayload } from '../core/jobs';

/**
 * The structured log routes, server actions and use cases write to: details first, then the message (pino's call
 * shape; the composition root hands in pino). A use case that needs less takes `Pick<Log, 'warn'>`, so a test's
 * fake stays small.
 */
export interface Log {
  debug(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
  child(bindings: Record<string, unknown>): Log;
}

/** The time now; injected where a rule depends on it, so tests move it instead of waiting. */
export type Clock = () => Date;

/**
 * What waits on time (a fault's delay, the registry lead and its window, a route's time limit): `after` calls `fn`
 * once `ms` have passed and answers a function that cancels it; `now` is the same clock's time in epoch ms, for a
 * deadline. Production passes `realTimers` (src/server/timers.ts: setTimeout, Date.now); tests pass a manual clock
 * and advance it instead of waiting. `unref`: the timer alone does not keep the process alive.
 */
export interface Timers {
  now(): number;
  after(ms: number, fn: () => void, options?: { unref?: boolean }): () => void;
}

/**
 * A shared, expiring lock. `tryAcquire` is set-if-absent and non-blocking: it answers a token at once,
 * or null when someone else holds an unexpired lock on the key. `release` removes the lock only when
 * the token still owns it.
 */
export interface Lock {
  tryAcquire(key: string, ttlMs: number): Promise<string | null>;
  /** Pushes the expiry of a lock this token still holds to now + ttl; false when it no longer holds it. */
  renew(key: string, token: string, ttlMs: number): Promise<boolean>;
  release(key: string, token: string): Promise<void>;
}

// The job queue: use cases send jobs from the typed registry (src/core/jobs.ts); worker processes register
// handlers. The adapter parses every payload with the registry's schema on both sides.

export interface SendJobOptions {
  /**
   * The caller's open database transaction (the `tx` of `db.transaction(async (tx) => ...)`). The job is
   * written on that transaction's connection, so it exists only if the transaction commits, and a send
   * that fails throws inside the transaction, which therefore rolls back (spec: "organisation.enrich
   * cannot be sent -> organisation creation rolled back"). Opaque here: the port knows no database.
   */
  tx?: unknown;
}

export interface JobContext {
  /** The queue's id of this job; a handler uses it only for logging (handlers are idempotent by payload). */
  readonly id: string;
  /** 0 on the first attempt. */
  readonly retryCount: number;
  /** A failure of this attempt will not be retried: the handler records the final failure itself. */
  readonly isLastAttempt: boolean;
  /**
   * Aborted when this attempt no longer holds the job: the queue handed it to another attempt (this worker
   * was frozen or cut off from the database past the job's lease), or the worker is stopping past its grace
   * period. The handler should stop before its next write; whatever it does after, its outcome is dropped.
   */
  readonly signal: AbortSignal;
}

/** Handles one job. Throwing fails the attempt; the queue retries it. Must be idempotent. */
export type JobHandler<J extends JobName> = (payload: JobPayload<J>, job: JobContext) => Promise<void>;

export interface JobQueue {
  /**
   * Sends one job and returns its id. Throws ValidationError when the payload fails its schema (nothing is
   * sent) and UnavailableError when the queue does not accept it.
   */
  send<J extends JobName>(name: J, payload: JobPayload<J>, options?: SendJobOptions): Promise<string>;
  /**
   * The one-pending-job-per-key guard (issue 19: at most one pending enrichment per organisation). Takes a lock
   * on the job's name and `singletonKey` (JOB_POLICIES) for the rest of the caller's transaction, so concurrent
   * callers for one key run one after another, each seeing what the one before it committed; then answers the
   * id of a job of that key that is queued, waiting for a retry or running, or null when there is none (the
   * caller may then send one in the same transaction). Throws UnavailableError when the queue cannot be read.
   */
  pendingJobForUpdate(name: JobName, singletonKey: string, options: { tx: unknown }): Promise<string | null>;
  /**
   * Sends `payload` as job `name` on every tick of `cron` (five fields, UTC), from whichever process runs the queue's
   * clock; one schedule per job name, replaced by a later call.
   */
  schedule<J extends JobName>(name: J, cron: string, payload: JobPayload<J>): Promise<void>;
  /** Starts a worker for one job: each job's payload is parsed again before `handler` sees it. */
  work<J extends JobName>(name: J, handler: JobHandler<J>): Promise<void>;
}

/** The port every use case asks "is this feature on for this account?". */
export interface FeatureFlags {
  isEnabled(flag: FlagName, accountId: string): Promise<boolean>;
  /** Every flag's value for one account (for the interface). */
  all(accountId: string): Promise<Record<FlagName, boolean>>;
}

/** Computes a logo URL from a website at read time; null when there is no website or no logo provider. */
export interface LogoService {
  logoFor(website: string | null | undefined): string | null;
}

/** Who is calling: always an account (the tenant); a user when the call comes from a browser session. */
export interface AccountContext {
  readonly accountId: string;
  readonly userId: string | null;
  readonly via: 'api-key' | 'session';
}

/** Resolves the caller's active account from request headers (Bearer API key, else session cookie). */
export interface AccountResolver {
  resolve(headers: Headers): Promise<AccountContext | null>;
}
