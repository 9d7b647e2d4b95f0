/**
 * Ctrl-C on `npm start` signals the embedded PostgreSQL too: it closes every connection (57P01, "terminating
 * connection due to administrator command") a moment before the process closes its own. The job queue's
 * background errors from that used to be four ERROR lines with stacks; the database going away is a warning,
 * once, and the queue still closes cleanly.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgBossJobQueue, type PgBossJobQueue } from '../../src/adapters/queue/pg-boss-queue';
import { isDatabaseGoingAway } from '../../src/adapters/db/database-going-away';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const lines: { level: number; msg: string }[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
    done();
  },
});
const log = pino({ level: 'debug' }, capture);

let database: TestDatabase;
let queue: PgBossJobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  database.pool.on('connect', (client) => client.on('error', () => undefined));
  queue = createPgBossJobQueue({ connectionString: database.url, log, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
});
afterAll(async () => {
  await queue?.close();
  await database?.drop();
});

describe('the job queue when the database closes its connections', () => {
  it('warns once instead of logging errors, and still closes', async () => {
    await queue.work('organisation.enrich', async () => undefined);
    // Every connection the queue holds is terminated by the server, as a shutdown does.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const terminated = await database.db.execute<{ n: number }>(sql`
      select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = current_database() and application_name = 'organisation-search-jobs'`);
    expect(terminated.rows[0]?.n).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await queue.close();
    expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([]);
    expect(lines.filter((line) => line.level === 40 && /database closed its connections/.test(line.msg))).toHaveLength(1);
  });

  it('tells the database going away from other failures', () => {
    expect(isDatabaseGoingAway(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseGoingAway(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseGoingAway(Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }))).toBe(false);
    expect(isDatabaseGoingAway('boom')).toBe(false);
  });
});
