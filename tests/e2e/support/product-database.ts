/**
 * The running product's database, for browser tests that arrange data or flags: the harness's database
 * (TEST_DATABASE_URL) or the product's embedded server for its DATA_DIR. `close()` also stops an embedded
 * server this process started.
 */
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../../../src/adapters/db/client';
import { openDatabase, type OpenedDatabase } from '../../../src/adapters/db/open-database';
import { setFlagValue } from '../../../src/adapters/db/queries/feature-flags';
import { DEMO_ACCOUNT_NAME } from '../../../src/adapters/db/seed/demo-seed';
import { FLAGS, type FlagName } from '../../../src/core/flags';

export async function openProductDatabase(): Promise<Database> {
  let opened: OpenedDatabase | undefined;
  const url = inject('databaseUrl') || (opened = await openDatabase({ DATABASE_URL: undefined, DATA_DIR: inject('dataDir') }, () => undefined)).url;
  const database = createDatabase(url, { max: 2 });
  return {
    ...database,
    async close() {
      await database.close();
      await opened?.stop();
    },
  };
}

/** The demo seed's account (the one the demo user signs in to); throws when the demo is not seeded. */
export async function demoAccountId(database: Pick<Database, 'db'>): Promise<string> {
  const account = await database.db.execute<{ id: string }>(sql`select id from accounts where name = ${DEMO_ACCOUNT_NAME} order by created_at limit 1`);
  const id = account.rows[0]?.id;
  if (!id) throw new Error(`the demo account ${DEMO_ACCOUNT_NAME} is missing`);
  return id;
}

/** An account's flags as a browser test arranges them: `set` one, and `restoreDefaults` (in afterAll) for those it changed. */
export function accountFlags(database: Pick<Database, 'db'>, accountId: string) {
  const set = (flag: FlagName, value: boolean) => setFlagValue(database.db, { flagKey: FLAGS[flag].key, accountId, value });
  return {
    set,
    async restoreDefaults(...flags: FlagName[]): Promise<void> {
      for (const flag of flags) await set(flag, FLAGS[flag].defaultValue).catch(() => undefined);
    },
  };
}
