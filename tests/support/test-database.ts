/**
 * A fresh database per test file, cloned from the migrated template in milliseconds.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/db/client';

export interface TestDatabase extends Database {
  readonly url: string;
  readonly name: string;
  /** Drops the database (closing the pool first). */
  drop(): Promise<void>;
}

export async function createTestDatabase(options: { max?: number } = {}): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  const parentPid = template.replace(/^osc_test_template_/, '');
  const name = `osc_t_${parentPid}_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name} template ${template}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = createDatabase(url, { max: options.max ?? 10 });
  return {
    ...database,
    url,
    name,
    async drop() {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Runs one statement on the maintenance database (to create roles, drop databases, ...). */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
