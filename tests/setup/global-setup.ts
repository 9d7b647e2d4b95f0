/**
 * Once per test run: find a PostgreSQL server (TEST_DATABASE_URL's, else an embedded one started here),
 * build a migrated template database, and hand its coordinates to the workers. Each test file then
 * clones its own database from the template (tests/support/test-database.ts).
 */
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../src/adapters/db/client';
import { runMigrations } from '../../src/adapters/db/migrate';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../src/adapters/db/embedded-postgres';

export const TEMPLATE_DATABASE = `osc_test_template_${process.pid}`;

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

let embedded: EmbeddedServer | undefined;
let adminUrl = '';

export async function setup(project: TestProject): Promise<void> {
  const external = process.env.TEST_DATABASE_URL;
  if (external && external.trim() !== '') {
    adminUrl = external;
  } else {
    const dir = path.join(os.tmpdir(), 'osc-test-pg');
    embedded = await startEmbeddedPostgres(dir, (m) => process.stderr.write(`[test-db] ${m}\n`));
    adminUrl = embedded.adminUrl;
    await skipFlushesToDisk(adminUrl);
  }
  await dropTemplate(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const templateUrl = withDatabase(adminUrl, TEMPLATE_DATABASE);
  const template = createDatabase(templateUrl, { max: 2 });
  try {
    await runMigrations(template.db);
  } finally {
    await template.close();
  }
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', TEMPLATE_DATABASE);
}

export async function teardown(): Promise<void> {
  if (adminUrl) await dropTemplate(adminUrl).catch(() => undefined);
  await dropLeftoverTestDatabases(adminUrl).catch(() => undefined);
  if (embedded?.owned) await embedded.stop();
}

/**
 * The tests' own throw-away cluster need not survive a machine crash: without the flushes to disk, each file's
 * database clone and every commit stop waiting on the disk (a PostgreSQL process that dies still loses nothing).
 * Never applied to TEST_DATABASE_URL's server, which is someone else's.
 */
async function skipFlushesToDisk(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes']) await admin.query(`alter system set ${setting} = off`);
    await admin.query('select pg_reload_conf()');
  } finally {
    await admin.end();
  }
}

async function dropTemplate(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
  } finally {
    await admin.end();
  }
}

async function dropLeftoverTestDatabases(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const rows = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'osc_t_${process.pid}_%'`);
    for (const r of rows.rows) await admin.query(`drop database if exists "${r.datname}" with (force)`);
  } finally {
    await admin.end();
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
