/**
 * A rate-limiter-flexible counter shared by every instance: RateLimiterPostgres on the `rate_limits` table our
 * migrations create (`tableCreated: true`), over its own small pool, with an in-process limiter of the same
 * budget as insurance when the database cannot be reached. One row per key, reused when its window expires,
 * so no sweep timer runs.
 */
import pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres } from 'rate-limiter-flexible';

export interface SharedLimiterOptions {
  connectionString: string;
  keyPrefix: string;
  points: number;
  durationSeconds: number;
  applicationName: string;
  poolMax: number;
  /** Pool sessions with `synchronous_commit = off`: a counter lost in a crash is harmless, and the check is faster. */
  relaxedCommit?: boolean;
}

export function createSharedLimiter(options: SharedLimiterOptions): { limiter: RateLimiterPostgres; close(): Promise<void> } {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolMax,
    application_name: options.applicationName,
    ...(options.relaxedCommit ? { options: '-c synchronous_commit=off' } : {}),
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 2_000,
  });
  pool.on('error', () => undefined);
  const limits = { points: options.points, duration: options.durationSeconds };
  const limiter = new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: options.keyPrefix,
    clearExpiredByTimeout: false,
    insuranceLimiter: new RateLimiterMemory({ ...limits, keyPrefix: `${options.keyPrefix}-insurance` }),
    ...limits,
  });
  let closed = false;
  return {
    limiter,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
