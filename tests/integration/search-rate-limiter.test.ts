/**
 * The search rate limit over PostgreSQL: the shared count, and each instance's view of an account's window
 * (`hasHeadroom`), which lets the route start a search while the count is confirmed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresSearchRateLimiter, headroomMargin } from '../../src/adapters/rate-limit/postgres-rate-limiter';
import { RateLimitedError } from '../../src/core/errors';
import { makeAccount } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const POINTS = 10;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

/** The limiters a test opened; closed after it. */
const opened: { close(): Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((instance) => instance.close()));
});

function limiter(pointsPerMinute = POINTS) {
  const instance = createPostgresSearchRateLimiter({ connectionString: database.url, pointsPerMinute });
  opened.push(instance);
  return instance;
}

describe('headroom margin', () => {
  it('is a fifth of the budget, and at least 2', () => {
    expect(headroomMargin(30)).toBe(6);
    expect(headroomMargin(10)).toBe(2);
    expect(headroomMargin(5)).toBe(2);
    expect(headroomMargin(100_000)).toBe(20_000);
  });
});

describe('hasHeadroom', () => {
  it('is false for an account this instance has not counted yet', async () => {
    const account = await makeAccount(database.db);
    const instance = limiter();
    expect(instance.hasHeadroom(account.id)).toBe(false);
  });

  it('is true while the last count leaves at least the margin, and false once it does not', async () => {
    const account = await makeAccount(database.db);
    const instance = limiter();
    const seen: boolean[] = [];
    for (let i = 0; i < POINTS; i += 1) {
      await instance.consumeOrThrow(account.id);
      seen.push(instance.hasHeadroom(account.id));
    }
    // 9, 8, ... 0 points left after each search; the margin for 10 a minute is 2.
    expect(seen).toEqual([true, true, true, true, true, true, true, true, false, false]);
    await expect(instance.consumeOrThrow(account.id)).rejects.toBeInstanceOf(RateLimitedError);
    expect(instance.hasHeadroom(account.id)).toBe(false);
  });

  it('counts the searches started since the last answer', async () => {
    const account = await makeAccount(database.db);
    const instance = limiter();
    for (let i = 0; i < 6; i += 1) await instance.consumeOrThrow(account.id); // 4 left
    expect(instance.hasHeadroom(account.id)).toBe(true);
    const inFlight = [instance.consumeOrThrow(account.id), instance.consumeOrThrow(account.id), instance.consumeOrThrow(account.id)];
    expect(instance.hasHeadroom(account.id)).toBe(false); // 4 - 3 started < 2
    await Promise.all(inFlight);
    expect(instance.hasHeadroom(account.id)).toBe(false); // 1 left
  });

  it("learns another instance's spending only from its next answer, and the shared count still refuses", async () => {
    const account = await makeAccount(database.db);
    const first = limiter();
    const second = limiter();
    await first.consumeOrThrow(account.id);
    expect(first.hasHeadroom(account.id)).toBe(true);
    for (let i = 0; i < POINTS - 1; i += 1) await second.consumeOrThrow(account.id);
    expect(first.hasHeadroom(account.id)).toBe(true); // stale view: the route may start, the count decides
    await expect(first.consumeOrThrow(account.id)).rejects.toBeInstanceOf(RateLimitedError);
    expect(first.hasHeadroom(account.id)).toBe(false);
  });
});

describe('refund', () => {
  it('gives one counted search back: the account may search once more in the window', async () => {
    const account = await makeAccount(database.db);
    const instance = limiter();
    for (let i = 0; i < POINTS; i += 1) await instance.consumeOrThrow(account.id);
    await expect(instance.consumeOrThrow(account.id)).rejects.toBeInstanceOf(RateLimitedError);
    await instance.refund(account.id);
    await instance.refund(account.id);
    await instance.consumeOrThrow(account.id);
    await expect(instance.consumeOrThrow(account.id)).rejects.toBeInstanceOf(RateLimitedError);
  });
});
