/** The registry pass's pacer: over its pace a call waits in rate-limiter-flexible's queue; it never fails for its own pace. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createRegistryPacer } from '../../src/adapters/rate-limit/registry-pacer';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('registry pacer', () => {
  it('lets the calls of the minute through, then holds the next one in the queue instead of failing it', async () => {
    const pacer = createRegistryPacer({ connectionString: database.url, callsPerMinute: 2 });
    const provider = `pacer-${randomUUID()}`;
    await pacer.pace(provider);
    await pacer.pace(provider);
    let third: 'waiting' | 'called' | 'failed' = 'waiting';
    pacer.pace(provider).then(
      () => (third = 'called'),
      () => (third = 'failed'),
    );
    // The shared count refused the third call (it counts the refusal too): from then on the call waits for the window.
    await vi.waitFor(
      async () => {
        const rows = await database.db.execute<{ points: number }>(sql`select points from rate_limits where key = ${`match-registry:${provider}`}`);
        expect(rows.rows[0]?.points).toBe(3);
      },
      { timeout: 10_000 },
    );
    await Promise.resolve();
    expect(third).toBe('waiting');
    await pacer.close();
  });
});
