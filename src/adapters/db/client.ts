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

/** Each pool created with `genericCompanion`, and its companion (a pool like it that plans generically). */
const genericCompanions = new WeakMap<pg.Pool, pg.Pool>();

/** The pool's generic companion (`createDatabase`'s `genericCompanion`), if it has one. */
export function genericCompanionOf(pool: pg.Pool): pg.Pool | undefined {
  return genericCompanions.get(pool);
}

/**
 * `max`: the pool's size, always the caller's (DB_POOL_MAX for the service's own pool). `statementTimeoutMs`:
 * every statement on this pool is cancelled by the server past it (unset: no limit). `jit: false`: PostgreSQL never
 * JIT-compiles this pool's statements (batch matching's: a chunk statement whose estimated cost passes
 * `jit_above_cost` spent ~100 ms compiling for ~90 ms of work). `genericPlans`: `plan_cache_mode =
 * force_generic_plan` on every connection, so a named prepared statement is planned once per connection, never for
 * its values (batch matching's: decision 0028). `genericCompanion`: a second pool of the same size and bounds that plans
 * generically, on which prepared-statement.ts runs this pool's value-dependent statements whose words suit a generic
 * plan (the quick lookup's: decision 0031); the others stay on this pool, planned for their values.
 */
export function createDatabase(
  url: string,
  options: { max: number; applicationName?: string; statementTimeoutMs?: number; jit?: boolean; genericPlans?: boolean; genericCompanion?: boolean },
): Database {
  const newPool = (genericPlans: boolean) => {
    const settings = [...(options.jit === false ? ['-c jit=off'] : []), ...(genericPlans ? ['-c plan_cache_mode=force_generic_plan'] : [])];
    const created = new pg.Pool({
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
    created.on('error', () => undefined);
    created.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    if (genericPlans) genericPlanPools.add(created);
    return created;
  };
  const pool = newPool(options.genericPlans === true);
  const companion = options.genericCompanion === true && options.genericPlans !== true ? newPool(true) : undefined;
  if (companion !== undefined) genericCompanions.set(pool, companion);
  const db = drizzle(pool, { schema });
  let closed = false;
  return {
    pool,
    db,
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), companion?.end()]);
    },
  };
}
