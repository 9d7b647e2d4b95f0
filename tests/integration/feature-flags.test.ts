/** Feature flags over OpenFeature: per-account override, then the all-accounts value, then the environment default. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createFeatureFlags, type FlagDefaults } from '../../src/adapters/flags/database-flag-provider';
import { setFlagValue } from '../../src/adapters/db/queries/feature-flags';
import { FLAGS } from '../../src/core/flags';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { makeAccount } from '../support/factories';

const defaults: FlagDefaults = { hybridSearch: true, commandKSearch: false, devMode: false, manualNaicsClassification: false };
const key = FLAGS.manualNaicsClassification.key;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('feature flags', () => {
  it('take the account override first, then the all-accounts value, then the environment default', async () => {
    const flags = await createFeatureFlags(database.db, defaults);
    const account = await makeAccount(database.db);
    const other = await makeAccount(database.db);
    expect(await flags.isEnabled('manualNaicsClassification', account.id)).toBe(false);
    expect(await flags.isEnabled('hybridSearch', account.id)).toBe(true);

    await setFlagValue(database.db, { flagKey: key, accountId: null, value: true });
    expect(await flags.isEnabled('manualNaicsClassification', other.id)).toBe(true);

    await setFlagValue(database.db, { flagKey: key, accountId: account.id, value: false });
    expect(await flags.isEnabled('manualNaicsClassification', account.id)).toBe(false);
    expect(await flags.isEnabled('manualNaicsClassification', other.id)).toBe(true);
    expect((await flags.all(other.id)).manualNaicsClassification).toBe(true);
  });

  it("keep an account's values for at most the cache TTL: the first evaluation after it sees a change", async () => {
    let now = 0; // the TTL's clock, moved by hand
    const flags = await createFeatureFlags(database.db, defaults, { cacheTtlMs: 300, now: () => now });
    const account = await makeAccount(database.db);
    expect(await flags.isEnabled('devMode', account.id)).toBe(false);
    await setFlagValue(database.db, { flagKey: FLAGS.devMode.key, accountId: account.id, value: true });
    now = 100;
    expect(await flags.isEnabled('devMode', account.id)).toBe(false);
    now = 300;
    // Expired: never answered again, so this first evaluation after the TTL already reads the new value.
    expect(await flags.isEnabled('devMode', account.id)).toBe(true);
  });

  it('refresh a value in use ahead of its expiry (past half the TTL), so a warm account never waits', async () => {
    let now = 0;
    const flags = await createFeatureFlags(database.db, defaults, { cacheTtlMs: 400, now: () => now });
    const account = await makeAccount(database.db);
    expect(await flags.isEnabled('devMode', account.id)).toBe(false);
    await setFlagValue(database.db, { flagKey: FLAGS.devMode.key, accountId: account.id, value: true });
    now = 250;
    // Past half the TTL: the cached value answers while a refresh starts in the background.
    expect(await flags.isEnabled('devMode', account.id)).toBe(false);
    // The clock stays before the first value's expiry: the refreshed value answers all the same.
    await vi.waitFor(async () => expect(await flags.isEnabled('devMode', account.id)).toBe(true), { timeout: 10_000 });
  });

  it('fail closed to the environment default when the database cannot answer, and do not cache the failure', async () => {
    const doomed = await createTestDatabase();
    const flags = await createFeatureFlags(doomed.db, defaults, { cacheTtlMs: 60_000 });
    const account = await makeAccount(doomed.db);
    await setFlagValue(doomed.db, { flagKey: key, accountId: account.id, value: true });
    await doomed.db.execute(sql`alter table feature_flags rename to feature_flags_gone`);
    expect(await flags.isEnabled('manualNaicsClassification', account.id)).toBe(false);
    await doomed.db.execute(sql`alter table feature_flags_gone rename to feature_flags`);
    expect(await flags.isEnabled('manualNaicsClassification', account.id)).toBe(true);
    await doomed.drop();
  });
});
