/**
 * Named prepared statements for the lookups that run on every query or supplier row (issue 20, section 7's speed
 * targets). `db.execute` sends each statement unnamed: PostgreSQL parses, analyses and plans its SQL (several KB for
 * the quick lookup's statements) every time. A named statement is parsed once per connection (the driver remembers
 * the names it prepared) and, once PostgreSQL's plan cache finds its generic plan no dearer than the custom ones
 * (`plan_cache_mode = auto`: after five executions), planned once too; on the quick lookup's generic companion
 * (decisions 0031 and 0032), planned once per connection whatever the estimates (under `auto` the word-overlap stage
 * and the identifier lookup were planned for every execution).
 *
 * Only for statements whose plan does not depend on the values bound: every index access an equality or a b-tree
 * range, the values passed as parameters (arrays for lists), so the generic plan is the plan a custom one would be
 * (`src/adapters/db/queries/quick-search/`: the word corrections, the corrected whole names, the word-overlap stage,
 * the identifier and website lookups). Not for the `like` patterns over the trigram indexes (the exact step's and the
 * typo step's every-word branches), whose best plan depends on the pattern, except on batch matching's pool, which
 * plans generically (`executeValueDependent`, decision 0028), and on the quick lookup's generic companion when their
 * words suit a generic plan (decision 0031). The name is derived from the SQL text,
 * so statements built with a different shape (another number of branches) are different statements. Behind a
 * pooler, it needs one that keeps protocol-level prepared statements (PgBouncer 1.21+ `max_prepared_statements`;
 * docs/operations.md).
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { genericCompanionOf, plansGenerically, type Db } from './client';

const dialect = new PgDialect();

/** The pool behind `db`, or undefined (a transaction, a stand-in). */
function poolOf(db: Db): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client as pg.Pool | undefined;
  return client === undefined || typeof client.query !== 'function' ? undefined : client;
}

/**
 * Runs `statement` as a named prepared statement on the pool behind `db` (a transaction: as `db.execute`), or on its
 * generic companion when it has one (the quick lookup's): its plan does not depend on its values, and there it is
 * planned once per connection, where `plan_cache_mode = auto` kept planning some of them for every execution (the
 * word-overlap stage, the identifier lookup, the corrected whole names: 0 generic plans in hundreds; decision 0032).
 * Its rows.
 */
export async function executePrepared<T extends Record<string, unknown>>(db: Db, label: string, statement: SQL): Promise<{ rows: T[] }> {
  const client = poolOf(db);
  if (client === undefined) return { rows: (await db.execute<T>(statement)).rows as T[] };
  return executeNamed<T>(genericCompanionOf(client) ?? client, label, statement);
}

/** `statement` as a named prepared statement on `pool`, its name derived from its SQL text. */
async function executeNamed<T extends Record<string, unknown>>(pool: pg.Pool, label: string, statement: SQL): Promise<{ rows: T[] }> {
  const query = dialect.sqlToQuery(statement);
  const name = `${label}_${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}`;
  const result = await pool.query<T>({ name, text: query.sql, values: query.params });
  return { rows: result.rows };
}

/**
 * A statement whose best plan depends on its values (the `like` patterns over the trigram indexes: the exact step's
 * and the typo step's every-word branches). Unnamed, so planned for its values, on an ordinary pool; named
 * (`executePrepared`) on a pool that plans generically anyway (`createDatabase`'s `genericPlans`, batch matching's),
 * where an unnamed statement would be planned every time for nothing: once per connection and statement shape there
 * (decision 0028), unless its words want a plan of their own (`suitsGenericPlan` false). On a pool with a generic
 * companion (`genericCompanion`, the quick lookup's: decision 0031), named on the companion when its words suit a
 * generic plan, else unnamed on the pool itself, planned for its values in one round trip.
 */
export async function executeValueDependent<T extends Record<string, unknown>>(
  db: Db,
  label: string,
  statement: SQL,
  /** False when the statement must be planned for its values even there (every-word-branches.ts's `suitsGenericPlan`). */
  suitsGenericPlan = true,
): Promise<{ rows: T[] }> {
  const pool = poolOf(db);
  // A pool with a generic companion (the quick lookup's, decision 0031): a statement that suits a generic plan runs
  // there, named, planned once per connection; the others here, unnamed, planned for their values.
  const companion = pool === undefined ? undefined : genericCompanionOf(pool);
  if (companion !== undefined && suitsGenericPlan) return executeNamed<T>(companion, label, statement);
  if (pool === undefined || !plansGenerically(pool)) return { rows: (await db.execute<T>(statement)).rows as T[] };
  if (suitsGenericPlan) return executePrepared<T>(db, label, statement);
  // On that pool an unnamed statement is planned generically too: this one is planned for its values in a transaction
  // of its own (two more round trips, for the few rows whose words are all short).
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query('begin; set local plan_cache_mode = force_custom_plan');
    const query = dialect.sqlToQuery(statement);
    const result = await client.query<T>(query.sql, query.params);
    await client.query('commit');
    return { rows: result.rows };
  } catch (error) {
    // A connection that cannot even roll back is discarded rather than returned to the pool.
    await client.query('rollback').catch((rollbackFailure: unknown) => {
      failure = rollbackFailure instanceof Error ? rollbackFailure : new Error(String(rollbackFailure));
    });
    throw error;
  } finally {
    client.release(failure);
  }
}
