/**
 * AddOrganisationNAICS.execute against real PostgreSQL, with the demo concordance:
 * 221111 SPENT+INVESTED DEMO-22; 111199 SPENT DEMO-11 + DEMO-81; 111110 SPENT DEMO-11; 921110 nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createPostgresLock } from '../../src/adapters/lock/postgres-lock';
import { createClassificationRepository } from '../../src/adapters/db/queries/classification';
import { setFlagValue } from '../../src/adapters/db/queries/feature-flags';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../src/core/errors';
import { FLAGS } from '../../src/core/flags';
import { AddOrganisationNAICS, organisationNaicsLockKey, type AddOrganisationNaicsDeps } from '../../src/server/naics/add-organisation-naics';
import type { ClassificationRepository } from '../../src/server/naics/ports';
import type { Db } from '../../src/adapters/db/client';
import { createTestContainer, type TestContext } from '../support/test-container';
import { makeAccount, makeOrganisation } from '../support/factories';
import type { Log } from '../../src/server/ports';

let ctx: TestContext;
let db: Db;

function recordingLog() {
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  const log: Pick<Log, 'info' | 'warn'> = { warn: (details, message) => warnings.push({ details, message }), info: () => undefined };
  return { log, warnings };
}

function useCase(overrides: Partial<AddOrganisationNaicsDeps> = {}) {
  return new AddOrganisationNAICS({
    lock: createPostgresLock(db),
    flags: ctx.container.flags,
    repository: createClassificationRepository(db),
    log: recordingLog().log,
    ...overrides,
  });
}

async function enabledAccount() {
  const account = await makeAccount(db);
  await setFlagValue(db, { flagKey: FLAGS.manualNaicsClassification.key, accountId: account.id, value: true });
  return account;
}

async function addTransactions(accountId: string, organisationId: string, type: string, count: number): Promise<void> {
  await db.execute(sql`insert into transactions (account_id, organisation_id, type, amount, currency, date)
    select ${accountId}::uuid, ${organisationId}::uuid, ${type}, 10, 'AUD', date '2026-01-01' from generate_series(1, ${count})`);
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute<{ n: string }>(query);
  return Number(result.rows[0]?.n ?? 0);
}

beforeAll(async () => {
  ctx = await createTestContainer({ naics: true });
  db = ctx.database.db;
});
afterAll(async () => {
  await ctx?.close();
});

describe('AddOrganisationNAICS.execute', () => {
  it('connects the code, derives both baskets, normalises weights and backfills the transactions', async () => {
    const account = await enabledAccount();
    const organisation = await makeOrganisation(db, { profileStatus: 'COMPLETED' });
    await addTransactions(account.id, organisation.id, 'SPENT', 5);
    await addTransactions(account.id, organisation.id, 'INVESTED', 2);
    await addTransactions(account.id, organisation.id, 'RECEIVED', 3);

    const result = await useCase().execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '221111' });

    expect(result.connected).toBe(true);
    expect(result.aquila1Synced).toBe(true);
    expect(result.naics).toEqual([{ code: '221111', name: 'Hydroelectric Power Generation' }]);
    expect(result.aquila1).toEqual([
      { code: 'DEMO-22', name: '[Demo] Utilities', weight: 1, for: 'INVESTED' },
      { code: 'DEMO-22', name: '[Demo] Utilities', weight: 1, for: 'SPENT' },
    ]);
    expect(result.classifiedByType).toEqual({ SPENT: 5, INVESTED: 2 });
    expect(result.transactionsClassified).toBe(7);
    // RECEIVED is reserved: never populated.
    expect(await count(sql`select count(*) n from transaction_aquila1 where "for" = 'RECEIVED'`)).toBe(0);
  });

  it('weights each code equally, splitting a code over its sectors, each basket summing to 1', async () => {
    const account = await enabledAccount();
    const organisation = await makeOrganisation(db);
    await useCase().execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '111199' });
    const result = await useCase().execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '111110' });
    expect(result.naics.map((n) => n.code)).toEqual(['111110', '111199']);
    expect(result.aquila1.map(({ code, weight, for: type }) => ({ code, weight, for: type }))).toEqual([
      { code: 'DEMO-11', weight: 0.75, for: 'SPENT' },
      { code: 'DEMO-81', weight: 0.25, for: 'SPENT' },
    ]);
  });

  it('lets exactly one of 20 concurrent adds for one organisation through; the others get ConflictError at once', async () => {
    const account = await enabledAccount();
    const organisation = await makeOrganisation(db);
    await addTransactions(account.id, organisation.id, 'SPENT', 1000);
    // The real lock and repository, watched: the winner's first read waits until all 20 acquires have answered,
    // so the race is a race however slow the machine (a fast winner could otherwise release before a late caller tries).
    const realLock = createPostgresLock(db);
    const realRepository = createClassificationRepository(db);
    let acquiresAnswered = 0;
    let allAnswered!: () => void;
    const allAcquiresAnswered = new Promise<void>((resolve) => (allAnswered = resolve));
    const subject = useCase({
      lock: {
        ...realLock,
        async tryAcquire(key, ttlMs) {
          const token = await realLock.tryAcquire(key, ttlMs);
          acquiresAnswered += 1;
          if (acquiresAnswered === 20) allAnswered();
          return token;
        },
      },
      repository: {
        ...realRepository,
        async findVisibleOrganisation(params) {
          await allAcquiresAnswered;
          return realRepository.findVisibleOrganisation(params);
        },
      },
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => subject.execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '221111' })),
    );
    const fulfilled = outcomes.filter((o) => o.status === 'fulfilled');
    const rejected = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(19);
    for (const reason of rejected) {
      expect(reason).toBeInstanceOf(ConflictError);
      expect((reason as ConflictError).name).toBe('ConflictError');
    }
    expect(await count(sql`select count(*) n from organisation_naics where organisation_id = ${organisation.id}::uuid`)).toBe(1);
    expect(
      await count(
        sql`select count(*) n from transaction_aquila1 ta join transactions t on t.id = ta.transaction_id where t.organisation_id = ${organisation.id}::uuid`,
      ),
    ).toBe(1000);
    // The winner released the lock.
    expect(await count(sql`select count(*) n from locks where key = ${organisationNaicsLockKey(organisation.id)}`)).toBe(0);
  });

  it('leaves the organisation tagged and unsynced after a failure between connect and sync, and a repeat call heals it', async () => {
    const account = await enabledAccount();
    const organisation = await makeOrganisation(db);
    await addTransactions(account.id, organisation.id, 'SPENT', 4);
    const real = createClassificationRepository(db);
    let failures = 1;
    const flaky: ClassificationRepository = {
      ...real,
      async findConcordanceBasket(params) {
        if (failures > 0) {
          failures -= 1;
          throw new Error('injected: the database went away before the sync');
        }
        return real.findConcordanceBasket(params);
      },
    };
    const subject = useCase({ repository: flaky });
    await expect(subject.execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '111110' })).rejects.toThrow(/injected/);
    expect(await real.listOrganisationNaicsCodes(organisation.id)).toEqual(['111110']);
    expect(await real.listOrganisationAquila1(organisation.id)).toEqual([]);
    expect(await count(sql`select count(*) n from locks where key = ${organisationNaicsLockKey(organisation.id)}`)).toBe(0);

    const healed = await subject.execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '111110' });
    expect(healed.connected).toBe(false);
    expect(healed.aquila1Synced).toBe(true);
    expect(healed.aquila1).toEqual([{ code: 'DEMO-11', name: '[Demo] Agriculture, Forestry, Fishing and Hunting', weight: 1, for: 'SPENT' }]);
    expect(healed.transactionsClassified).toBe(4);
    expect(await count(sql`select count(*) n from organisation_naics where organisation_id = ${organisation.id}::uuid`)).toBe(1);
  });

  it('answers aquila1Synced false without throwing when both baskets are empty', async () => {
    const account = await enabledAccount();
    const organisation = await makeOrganisation(db);
    await addTransactions(account.id, organisation.id, 'SPENT', 3);
    const result = await useCase().execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '921110' });
    expect(result.aquila1Synced).toBe(false);
    expect(result.transactionsClassified).toBe(0);
    expect(result.naics.map((n) => n.code)).toEqual(['921110']);
    expect(result.aquila1).toEqual([]);
  });

  it('deletes existing Aquila2 edges of each basket it writes', async () => {
    const account = await enabledAccount();
    const organisation = await makeOrganisation(db);
    await db.execute(sql`insert into organisation_aquila2 (organisation_id, aquila2_code, "for", weight) values
      (${organisation.id}::uuid, 'DEMO-111', 'SPENT', 1), (${organisation.id}::uuid, 'DEMO-221', 'INVESTED', 1)`);
    const result = await useCase().execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '111110' });
    expect(result.aquila2).toEqual([]);
    expect(await count(sql`select count(*) n from organisation_aquila2 where organisation_id = ${organisation.id}::uuid`)).toBe(0);
  });

  it('never touches already-classified transactions, RECEIVED ones, or another account’s', async () => {
    const account = await enabledAccount();
    const other = await makeAccount(db);
    const organisation = await makeOrganisation(db);
    await addTransactions(account.id, organisation.id, 'SPENT', 3);
    await addTransactions(other.id, organisation.id, 'SPENT', 2);
    const [classified] = (await db.execute<{ id: string }>(sql`select id from transactions where account_id = ${account.id}::uuid limit 1`)).rows;
    if (!classified) throw new Error('no transaction');
    await db.execute(
      sql`insert into transaction_aquila1 (transaction_id, aquila1_code, "for", weight) values (${classified.id}::uuid, 'DEMO-52', 'SPENT', 0.4)`,
    );

    const result = await useCase().execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '111110' });
    expect(result.transactionsClassified).toBe(2);
    const edges = await db.execute<{ aquila1_code: string; weight: number }>(
      sql`select aquila1_code, weight from transaction_aquila1 where transaction_id = ${classified.id}::uuid`,
    );
    expect(edges.rows).toEqual([{ aquila1_code: 'DEMO-52', weight: 0.4 }]);
    expect(
      await count(sql`select count(*) n from transaction_aquila1 ta join transactions t on t.id = ta.transaction_id where t.account_id = ${other.id}::uuid`),
    ).toBe(0);
    // A second add classifies nothing new.
    const again = await useCase().execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '111110' });
    expect(again.transactionsClassified).toBe(0);
  });

  it('re-checks the flag itself (default off) and releases the lock', async () => {
    const account = await makeAccount(db);
    const organisation = await makeOrganisation(db);
    await expect(useCase().execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '111110' })).rejects.toBeInstanceOf(ForbiddenError);
    expect(await count(sql`select count(*) n from organisation_naics where organisation_id = ${organisation.id}::uuid`)).toBe(0);
    expect(await count(sql`select count(*) n from locks where key = ${organisationNaicsLockKey(organisation.id)}`)).toBe(0);
  });

  it('re-validates the code and requires an existing leaf code', async () => {
    const account = await enabledAccount();
    const organisation = await makeOrganisation(db);
    const subject = useCase();
    await expect(subject.execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '11111' })).rejects.toBeInstanceOf(ValidationError);
    await expect(subject.execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '999999' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('answers "not found" for another account’s private organisation and a malformed id, writing nothing', async () => {
    const account = await enabledAccount();
    const owner = await makeAccount(db);
    const own = await makeOrganisation(db, {}, { ownerAccountId: account.id });
    const privateToOther = await makeOrganisation(db, {}, { ownerAccountId: owner.id });
    const subject = useCase();
    const error = await subject.execute({ accountId: account.id, organisationId: privateToOther.id, naicsCode: '111110' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).userMessage).toBe('Organisation not found');
    expect(await count(sql`select count(*) n from organisation_naics where organisation_id = ${privateToOther.id}::uuid`)).toBe(0);
    await expect(subject.execute({ accountId: account.id, organisationId: 'not-a-uuid', naicsCode: '111110' })).rejects.toBeInstanceOf(NotFoundError);
    const result = await subject.execute({ accountId: account.id, organisationId: own.id, naicsCode: '111110' });
    expect(result.aquila1Synced).toBe(true);
  });

  it('propagates a weight recalculation failure, leaving the edges at weight 0', async () => {
    const account = await enabledAccount();
    const organisation = await makeOrganisation(db);
    const real = createClassificationRepository(db);
    const failing: ClassificationRepository = {
      ...real,
      setAquila1Weights: async () => {
        throw new Error('injected: recalculation failed');
      },
    };
    await expect(useCase({ repository: failing }).execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '111110' })).rejects.toThrow(
      /recalculation failed/,
    );
    expect(await real.listOrganisationAquila1(organisation.id)).toEqual([
      { code: 'DEMO-11', name: '[Demo] Agriculture, Forestry, Fishing and Hunting', weight: 0, for: 'SPENT' },
    ]);
  });
});

describe('the per-organisation lock', () => {
  it('fails at once with ConflictError while another holder has it, and takes over an expired lock', async () => {
    const account = await enabledAccount();
    const organisation = await makeOrganisation(db);
    const lock = createPostgresLock(db);
    const key = organisationNaicsLockKey(organisation.id);
    const token = await lock.tryAcquire(key, 30_000);
    expect(token).not.toBeNull();
    expect(await lock.tryAcquire(key, 30_000)).toBeNull();
    const started = Date.now();
    await expect(useCase().execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '111110' })).rejects.toBeInstanceOf(ConflictError);
    // "At once": it did not wait for the holder's 30 s lock. Generous for a loaded machine; a call that waited
    // for the lock would take the lock's whole TTL.
    expect(Date.now() - started).toBeLessThan(10_000);
    // TTL: a 30 s lock expires; model the expiry by moving it into the past.
    await db.execute(sql`update locks set expires_at = now() - interval '1 second' where key = ${key}`);
    const result = await useCase().execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '111110' });
    expect(result.aquila1Synced).toBe(true);
    // The old holder's release does not remove someone else's lock.
    const mine = await lock.tryAcquire(key, 30_000);
    if (!token || !mine) throw new Error('expected tokens');
    await lock.release(key, token);
    expect(await lock.tryAcquire(key, 30_000)).toBeNull();
    await lock.release(key, mine);
    expect(await lock.tryAcquire(key, 30_000)).not.toBeNull();
  });

  it('writes a 30 s expiry', async () => {
    const organisation = await makeOrganisation(db);
    const account = await enabledAccount();
    const real = createPostgresLock(db);
    let seconds = 0;
    await useCase({
      lock: {
        tryAcquire: async (key, ttl) => {
          const token = await real.tryAcquire(key, ttl);
          seconds = await count(sql`select round(extract(epoch from expires_at - now()))::int n from locks where key = ${key}`);
          return token;
        },
        renew: real.renew,
        release: real.release,
      },
    }).execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '111110' });
    expect(seconds).toBe(30);
  });

  it('renews the lock while a long add runs, so a second add still gets ConflictError after the TTL', async () => {
    const account = await enabledAccount();
    const organisation = await makeOrganisation(db);
    const repository = createClassificationRepository(db);
    let releaseBackfill: () => void = () => undefined;
    const backfillGate = new Promise<void>((resolve) => {
      releaseBackfill = resolve;
    });
    const slow = useCase({
      lockTtlMs: 300,
      repository: {
        ...repository,
        listOrganisationAquila1: async (organisationId) => {
          await backfillGate;
          return repository.listOrganisationAquila1(organisationId);
        },
      },
    });
    const running = slow.execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '111110' });
    // Three TTLs later the first add is still working and still holds the (renewed) lock.
    await new Promise((resolve) => setTimeout(resolve, 900));
    await expect(useCase({ lockTtlMs: 300 }).execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '111110' })).rejects.toBeInstanceOf(
      ConflictError,
    );
    releaseBackfill();
    await expect(running).resolves.toMatchObject({ aquila1Synced: true });
  });

  it('logs a failed release instead of throwing; the add stands', async () => {
    const account = await enabledAccount();
    const organisation = await makeOrganisation(db);
    const real = createPostgresLock(db);
    const { log, warnings } = recordingLog();
    const result = await useCase({
      log,
      lock: {
        tryAcquire: real.tryAcquire,
        renew: real.renew,
        release: async () => {
          throw new Error('injected: release failed');
        },
      },
    }).execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '111110' });
    expect(result.aquila1Synced).toBe(true);
    expect(warnings.map((w) => w.message)).toEqual(['failed to release the organisation NAICS lock']);
    // Still locked until expiry.
    await expect(useCase().execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '111110' })).rejects.toBeInstanceOf(ConflictError);
  });
});
