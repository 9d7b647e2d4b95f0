/**
 * One monitoring pass (issue 23, section 1) on real PostgreSQL, its registers a double of the RegistryReads port (the
 * outside world): pacing per provider key, a rename recorded the next day, a failed read not retried within the pass
 * and due again within the hour, stopping when its signal aborts, and GLEIF's changed-since query (asked once for the
 * LEIs read within MONITOR_FULL_READ_DAYS; a failed query fails its page). These were unit tests over an in-memory
 * monitor store until decision 0027's review removed the store port: every assertion is kept, the due times read from
 * `monitored_reads`. Each test has its own database, so a pass over every account's list sees its reads only.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { monitoredReads } from '../../src/adapters/db/schema';
import { nextReadDue, type RegistryObservation } from '../../src/core/registry-observation';
import { registryStatusOf } from '../../src/core/registry-status';
import type { RegistryReads } from '../../src/server/monitoring/ports';
import { createRunMonitorPass } from '../../src/server/monitoring/run-monitor-pass';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const observation = (legalName: string): RegistryObservation => ({
  legalName,
  businessNames: [],
  registryStatus: registryStatusOf('active', 'Active', null),
  leiRegistrationStatus: null,
  directParent: null,
  ultimateParent: null,
});

const log = { debug: () => undefined, warn: () => undefined };

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database?.drop();
});

/**
 * Organisations on a list, each with one registry identifier, and their reads due in the order given (at the epoch
 * and a millisecond apart, as the in-memory store had them), with a last full read where `lastReadAt` is given.
 */
async function watched(reads: { type: 'ABN' | 'LEI'; value: string; lastReadAt?: Date | null; due?: boolean }[]) {
  const db = database.db;
  const account = await makeAccount(db);
  const ids = new Map<string, string>();
  for (const [i, read] of reads.entries()) {
    const organisation = await makeOrganisation(
      db,
      { name: `Watched ${read.value}`, countryIsoAlpha3: read.type === 'ABN' ? 'AUS' : 'USA', identifiers: [{ type: read.type, value: read.value }] },
      { linkAccountId: account.id },
    );
    ids.set(read.value, organisation.id);
    if (read.due === false) continue;
    const last = read.lastReadAt ?? null;
    await db.insert(monitoredReads).values({
      organisationId: organisation.id,
      identifierType: read.type,
      identifierValue: read.value,
      source: read.type === 'ABN' ? 'abr' : 'gleif',
      observation: last === null ? null : observation(read.value),
      checkedAt: last,
      dueAt: new Date(i),
    });
  }
  const dueAt = async (value: string) =>
    (
      await db
        .select({ dueAt: monitoredReads.dueAt })
        .from(monitoredReads)
        .where(and(eq(monitoredReads.identifierValue, value), eq(monitoredReads.organisationId, ids.get(value) ?? '')))
    )[0]?.dueAt;
  return { ids, dueAt };
}

const twoReads = [
  { type: 'ABN' as const, value: '30635412074' },
  { type: 'LEI' as const, value: '984500HARBOURLINE019' },
];

describe('runMonitorPass', () => {
  it('paces each read on its provider’s key (the batch pass’s keys), a GLEIF read as the three calls it can make, and records a rename the next day', async () => {
    let now = new Date('2026-12-01T00:00:00Z');
    const names = new Map([
      ['30635412074', 'KOOKABURRA KITCHENS PTY LTD'],
      ['984500HARBOURLINE019', 'HARBOURLINE LOGISTICS, INC.'],
    ]);
    const registries: RegistryReads = { read: async (r) => ({ ok: true, value: observation(names.get(r.identifierValue) ?? '') }) };
    const paced: string[] = [];
    const { ids } = await watched(twoReads);
    const pass = createRunMonitorPass({
      db: database.db,
      registries,
      pace: async (p, calls) => void paced.push(`${p}x${calls ?? 1}`),
      log,
      intervalHours: 24,
      now: () => now,
    });
    expect(await pass({ accountId: null })).toMatchObject({ checked: 2, changed: 0, unchanged: 2 });
    expect(paced).toEqual(['registry_aux1', 'registry_leix3']);
    names.set('30635412074', 'KOOKABURRA JOINERY PTY LTD');
    now = new Date('2026-12-02T00:00:01Z');
    const next = await pass({ accountId: null });
    expect(next.changes.map((c) => [c.organisationId, c.kind, c.before, c.after])).toEqual([
      [ids.get('30635412074'), 'legal_name', 'KOOKABURRA KITCHENS PTY LTD', 'KOOKABURRA JOINERY PTY LTD'],
    ]);
  });

  it('a failed read is not retried within the pass, and comes due again within the hour', async () => {
    const now = new Date('2026-12-01T00:00:00Z');
    let calls = 0;
    const registries: RegistryReads = {
      read: async () => {
        calls += 1;
        return { ok: false, failure: { kind: 'http', status: 500, message: 'down' } };
      },
    };
    const { dueAt } = await watched(twoReads);
    const summary = await createRunMonitorPass({ db: database.db, registries, pace: async () => undefined, log, intervalHours: 24, now: () => now })({
      accountId: null,
    });
    expect(summary).toMatchObject({ checked: 2, failed: 2, changes: [] });
    expect(calls).toBe(2);
    expect(await dueAt('30635412074')).toEqual(nextReadDue(now, 'failed', 24));
    expect(nextReadDue(now, 'failed', 24).getTime() - now.getTime()).toBe(60 * 60 * 1000);
  });

  it('stops between reads when its signal aborts', async () => {
    const controller = new AbortController();
    const registries: RegistryReads = {
      read: async () => {
        controller.abort();
        return { ok: true, value: observation('X') };
      },
    };
    await watched(twoReads);
    const summary = await createRunMonitorPass({ db: database.db, registries, pace: async () => undefined, log, intervalHours: 24 })({
      accountId: null,
      signal: controller.signal,
    });
    expect(summary.checked).toBe(1);
  });

  describe('GLEIF’s changed-since query', () => {
    const now = new Date('2026-12-10T00:00:00Z');
    const day = (n: number) => new Date(now.getTime() - n * 24 * 60 * 60 * 1000);
    // Read yesterday; read 3 days ago; read 8 days ago (past MONITOR_FULL_READ_DAYS); never read.
    const leis = [
      { type: 'LEI' as const, value: 'A', lastReadAt: day(1) },
      { type: 'LEI' as const, value: 'B', lastReadAt: day(3) },
      { type: 'LEI' as const, value: 'C', lastReadAt: day(8) },
      { type: 'LEI' as const, value: 'D', due: false },
    ];

    async function run(answer: (asked: readonly string[], since: Date) => ReturnType<NonNullable<RegistryReads['leisChangedSince']>>) {
      const readInFull: string[] = [];
      const asked: { leis: readonly string[]; since: Date }[] = [];
      const paced: string[] = [];
      const registries: RegistryReads = {
        read: async (r) => {
          readInFull.push(r.identifierValue);
          return { ok: true, value: observation(r.identifierValue) };
        },
        leisChangedSince: async (values, since, { beforeCall }) => {
          await beforeCall?.();
          asked.push({ leis: values, since });
          return answer(values, since);
        },
      };
      const { dueAt } = await watched(leis);
      const pass = createRunMonitorPass({
        db: database.db,
        registries,
        pace: async (p, calls) => void paced.push(`${p}x${calls ?? 1}`),
        log,
        intervalHours: 24,
        fullReadDays: 7,
        now: () => now,
      });
      return { pass, readInFull, asked, paced, dueAt };
    }

    it('asks once for the LEIs read within MONITOR_FULL_READ_DAYS, since the oldest less a day, and re-reads only those changed since their own read', async () => {
      // B changed 2 days ago (after its read 3 days ago); A's answer is dated 2 days ago too, before its own read less a day.
      const { pass, readInFull, asked, paced, dueAt } = await run(async () => ({
        ok: true,
        value: new Map([
          ['A', day(2.5)],
          ['B', day(2)],
        ]),
      }));
      const summary = await pass({ accountId: null });
      expect(asked).toEqual([{ leis: ['A', 'B'], since: day(4) }]);
      expect(readInFull.sort()).toEqual(['B', 'C', 'D']);
      expect(paced.sort()).toEqual(['registry_leix1', 'registry_leix3', 'registry_leix3', 'registry_leix3']);
      expect(summary).toMatchObject({ checked: 4, unchanged: 4, unchangedSince: 1, changedSinceCalls: 1, failed: 0 });
      expect(await dueAt('A')).toEqual(nextReadDue(now, 'read', 24));
    });

    it('a failed query fails its page (due again within the hour) without falling back to full reads', async () => {
      const { pass, readInFull, dueAt } = await run(async () => ({ ok: false, failure: { kind: 'http', status: 429, message: 'throttled' } }));
      const summary = await pass({ accountId: null });
      expect(readInFull.sort()).toEqual(['C', 'D']);
      expect(summary).toMatchObject({ checked: 4, failed: 2, changedSinceCalls: 1 });
      expect(await dueAt('A')).toEqual(nextReadDue(now, 'failed', 24));
      expect(await dueAt('B')).toEqual(nextReadDue(now, 'failed', 24));
    });
  });
});
