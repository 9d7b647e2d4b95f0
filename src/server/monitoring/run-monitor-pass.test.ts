import { describe, expect, it } from 'vitest';
import { nextReadDue, type ChangeDraft, type RegistryObservation } from '../../core/registry-observation';
import { registryStatusOf } from '../../core/registry-status';
import type { LastSeen, MonitorStore, RecordedChange, RegistryReads, WatchedRead } from './ports';
import { createRunMonitorPass } from './run-monitor-pass';

const observation = (legalName: string): RegistryObservation => ({
  legalName,
  businessNames: [],
  registryStatus: registryStatusOf('active', 'Active', null),
  leiRegistrationStatus: null,
  directParent: null,
  ultimateParent: null,
});

/** An in-memory store: reads due by time, the last observation per read, the change records. */
function memoryStore(reads: WatchedRead[]) {
  const due = new Map(reads.map((r) => [r.identifierValue, new Date(0)]));
  const seen = new Map<string, RegistryObservation>();
  const recorded: RecordedChange[] = [];
  const store: MonitorStore = {
    async dueReads({ now, limit }) {
      return reads.filter((r) => (due.get(r.identifierValue) ?? now) <= now).slice(0, limit);
    },
    async recordReading(read, reading, decide: (lastSeen: LastSeen, o: RegistryObservation) => ChangeDraft[]) {
      due.set(read.identifierValue, reading.nextDueAt);
      if (reading.observation === null) return [];
      const drafts = decide({ previous: seen.get(read.identifierValue) ?? null, stored: registryStatusOf('unknown') }, reading.observation);
      seen.set(read.identifierValue, reading.observation);
      const changes = drafts.map((d, i) => ({
        ...d,
        id: `${recorded.length + i}`,
        organisationId: read.organisationId,
        source: read.source,
        observedAt: reading.observedAt,
      }));
      recorded.push(...changes);
      return changes;
    },
    async markUnchanged(marked, { nextDueAt }) {
      for (const read of marked) due.set(read.identifierValue, nextDueAt);
    },
    async recordFailure(read, failure) {
      due.set(read.identifierValue, failure.nextDueAt);
    },
  };
  return { store, due, recorded };
}

const reads: WatchedRead[] = [
  { organisationId: 'o1', identifierType: 'ABN', identifierValue: '30635412074', source: 'abr' },
  { organisationId: 'o2', identifierType: 'LEI', identifierValue: '984500HARBOURLINE019', source: 'gleif' },
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
    const { store } = memoryStore(reads);
    const pass = createRunMonitorPass({
      store,
      registries,
      pace: async (p, calls) => void paced.push(`${p}x${calls ?? 1}`),
      log: { debug: () => undefined, warn: () => undefined },
      intervalHours: 24,
      now: () => now,
    });
    expect(await pass({ accountId: null })).toMatchObject({ checked: 2, changed: 0, unchanged: 2 });
    expect(paced).toEqual(['registry_aux1', 'registry_leix3']);
    names.set('30635412074', 'KOOKABURRA JOINERY PTY LTD');
    now = new Date('2026-12-02T00:00:01Z');
    const next = await pass({ accountId: null });
    expect(next.changes.map((c) => [c.organisationId, c.kind, c.before, c.after])).toEqual([
      ['o1', 'legal_name', 'KOOKABURRA KITCHENS PTY LTD', 'KOOKABURRA JOINERY PTY LTD'],
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
    const { store, due } = memoryStore(reads);
    const summary = await createRunMonitorPass({
      store,
      registries,
      pace: async () => undefined,
      log: { debug: () => undefined, warn: () => undefined },
      intervalHours: 24,
      now: () => now,
    })({
      accountId: null,
    });
    expect(summary).toMatchObject({ checked: 2, failed: 2, changes: [] });
    expect(calls).toBe(2);
    expect(due.get('30635412074')).toEqual(nextReadDue(now, 'failed', 24));
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
    const { store } = memoryStore(reads);
    const summary = await createRunMonitorPass({
      store,
      registries,
      pace: async () => undefined,
      log: { debug: () => undefined, warn: () => undefined },
      intervalHours: 24,
    })({
      accountId: null,
      signal: controller.signal,
    });
    expect(summary.checked).toBe(1);
  });

  describe('GLEIF’s changed-since query', () => {
    const now = new Date('2026-12-10T00:00:00Z');
    const lei = (value: string, lastReadAt: Date | null): WatchedRead => ({
      organisationId: `o-${value}`,
      identifierType: 'LEI',
      identifierValue: value,
      source: 'gleif',
      lastReadAt,
    });
    const day = (n: number) => new Date(now.getTime() - n * 24 * 60 * 60 * 1000);
    // Read yesterday; read 3 days ago; read 8 days ago (past MONITOR_FULL_READ_DAYS); never read.
    const leis = [lei('A', day(1)), lei('B', day(3)), lei('C', day(8)), lei('D', null)];

    function run(answer: (asked: readonly string[], since: Date) => ReturnType<NonNullable<RegistryReads['leisChangedSince']>>) {
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
      const { store, due } = memoryStore(leis);
      const pass = createRunMonitorPass({
        store,
        registries,
        pace: async (p, calls) => void paced.push(`${p}x${calls ?? 1}`),
        log: { debug: () => undefined, warn: () => undefined },
        intervalHours: 24,
        fullReadDays: 7,
        now: () => now,
      });
      return { pass, readInFull, asked, paced, due };
    }

    it('asks once for the LEIs read within MONITOR_FULL_READ_DAYS, since the oldest less a day, and re-reads only those changed since their own read', async () => {
      // B changed 2 days ago (after its read 3 days ago); A's answer is dated 2 days ago too, before its own read less a day.
      const { pass, readInFull, asked, paced, due } = run(async () => ({
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
      expect(due.get('A')).toEqual(nextReadDue(now, 'read', 24));
    });

    it('a failed query fails its page (due again within the hour) without falling back to full reads', async () => {
      const { pass, readInFull, due } = run(async () => ({ ok: false, failure: { kind: 'http', status: 429, message: 'throttled' } }));
      const summary = await pass({ accountId: null });
      expect(readInFull.sort()).toEqual(['C', 'D']);
      expect(summary).toMatchObject({ checked: 4, failed: 2, changedSinceCalls: 1 });
      expect(due.get('A')).toEqual(nextReadDue(now, 'failed', 24));
      expect(due.get('B')).toEqual(nextReadDue(now, 'failed', 24));
    });
  });
});
