import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema';

export type Schema = typeof schema;
/** A database handle or a transaction: every query function takes one of these as its first argument. */
export type Db = NodePgDatabase<Schema>;

export interface Database {
  readonly pool: pg.Pool;
  readonly db: Db;
  close(): Promise<void>;
}

// Return DATE columns as 'YYYY-MM-DD' strings and NUMERIC as strings (no float surprises).
pg.types.setTypeParser(1082, (v: string) => v);

/** The pools created with `genericPlans` (prepared-statement.ts names their value-dependent statements too). */
const genericPlanPools = new WeakSet<pg.Pool>();

/** The pool plans every parameterised statement generically (`createDatabase`'s `genericPlans`). */
export function plansGenerically(pool: pg.Pool): boolean {
  return genericPlanPools.has(pool);
}

/**
 * `max`: the pool's size, always the caller's (DB_POOL_MAX for the service's own pool). `statementTimeoutMs`:
 * every statement on this pool is cancelled by the server past it (unset: no limit). `jit: false`: PostgreSQL never
 * JIT-compiles this pool's statements (batch matching's: a chunk statement whose estimated cost passes
 * `jit_above_cost` spent ~100 ms compiling for ~90 ms of work). `genericPlans`: `plan_cache_mode =
 * force_generic_plan` on every connection, so a named prepared statement is planned once per connection, never for
 * its values (batch matching's: decision 0028).
 */
export function createDatabase(
  url: string,
  options: { max: number; applicationName?: string; statementTimeoutMs?: number; jit?: boolean; genericPlans?: boolean },
): Database {
  const settings = [...(options.jit === false ? ['-c jit=off'] : []), ...(options.genericPlans === true ? ['-c plan_cache_mode=force_generic_plan'] : [])];
  const pool = new pg.Pool({
    ...(settings.length > 0 ? { options: settings.join(' ') } : {}),
    connectionString: url,
    max: options.max,
    application_name: options.applicationName ?? 'organisation-search',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    ...(options.statementTimeoutMs === undefined ? {} : { statement_timeout: options.statementTimeoutMs }),
  });
  // A client's error (the server restarting, a backend terminated) must not crash the process: idle clients
  // report on the pool, checked-out clients on themselves; the query in flight still rejects and is handled.
  pool.on('error', () => undefined);
  if (options.genericPlans === true) genericPlanPools.add(pool);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = drizzle(pool, { schema });
  let closed = false;
  return {
    pool,
    db,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
