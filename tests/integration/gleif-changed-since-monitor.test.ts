/**
 * Monitoring of LEIs through GLEIF's own "changed since" query (issue 23, section 1): the pass use case on real
 * PostgreSQL with the real GLEIF adapter against its contract fake over a real socket, whose requests are counted. More
 * than one page of watched LEIs (GLEIF's page is 200), the sandbox's scripted LEI lapse, and a parent change that does
 * not move the child's update date (caught by the read in full every MONITOR_FULL_READ_DAYS). The clock is the test's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderCache } from '../../src/adapters/cache/provider-cache';
import { createRegistryReadsFromEnv } from '../../src/adapters/registries/registry-reads';
import { isValidLei } from '../../src/core/identifiers';
import { createRunMonitorPass, type RunMonitorPass } from '../../src/server/monitoring/run-monitor-pass';
import { copyOfFakeLeiEntities, type FakeLeiEntity } from '../../src/sandbox/gleif/dataset';
import { startFakeGleif, type FakeGleif } from '../../src/sandbox/gleif/fake-gleif-server';
import { advanceSandboxClock, applySandboxDays } from '../../src/sandbox/sandbox-clock';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { gleifEntityOf, watchByLei } from '../support/watched-organisations';

const T0 = new Date('2026-12-01T06:00:00Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** More than one GLEIF page (200) of watched LEIs. */
const SYNTHETIC = 250;
const FERNHOLLOW = '9845001FERNHOLLOW064';
const QUILLSTONE = '984500QUILLSTONE0015';

let clock = T0;
let ctx: TestContext;
let gleif: FakeGleif;
let runPass: RunMonitorPass;
let dataDir: string;
const paced: { key: string; calls: number }[] = [];
const ids = { fernhollow: '', quillstone: '' };

/** An LEI with ISO 17442 check digits: 98 minus the remainder mod 97 of the 18 characters and "00". */
function withCheckDigits(prefix: string): string {
  let remainder = 0;
  for (const char of `${prefix}00`) for (const digit of String(Number.parseInt(char, 36))) remainder = (remainder * 10 + Number(digit)) % 97;
  return `${prefix}${String(98 - remainder).padStart(2, '0')}`;
}

const requests = () => gleif.connections.requests.map((r) => decodeURIComponent(r.url ?? ''));
const isChangedSince = (url: string) => url.includes('filter[registration.lastUpdateDate]');
/** The LEIs whose own record (not a list, not a parent) was read since `from` requests. */
const recordReadsFrom = (from: number) =>
  requests()
    .slice(from)
    .flatMap((url) => /^\/api\/v1\/lei-records\/([A-Z0-9]{20})$/.exec(url)?.[1] ?? []);

async function passAt(at: Date) {
  clock = at;
  const from = requests().length;
  paced.length = 0;
  const summary = await runPass({ accountId: null });
  return { summary, from, asked: requests().slice(from) };
}

beforeAll(async () => {
  const entities = copyOfFakeLeiEntities();
  const base = gleifEntityOf({ entities } as FakeGleif, '984500HARBOURLINE019');
  const synthetic: FakeLeiEntity[] = Array.from({ length: SYNTHETIC }, (_, i) => ({
    ...structuredClone(base),
    lei: withCheckDigits(`984500SYNTH${String(i).padStart(7, '0')}`),
    legalName: `SYNTHETIC ENTITY ${i} LIMITED`,
  }));
  gleif = await startFakeGleif({ latency: 'zero', entities: [...entities, ...synthetic] });
  ctx = await createTestContainer({ env: { GLEIF_BASE_URL: gleif.url } });
  const { db } = ctx.database;
  const account = await makeAccount(db);
  for (const e of synthetic) {
    expect(isValidLei(e.lei)).toBe(true);
    await makeOrganisation(db, { name: e.legalName, countryIsoAlpha3: 'USA', identifiers: [{ type: 'LEI', value: e.lei }] }, { linkAccountId: account.id });
  }
  ids.fernhollow = (
    await makeOrganisation(
      db,
      { name: 'FERNHOLLOW ANALYTICS LIMITED', countryIsoAlpha3: 'GBR', identifiers: [{ type: 'LEI', value: FERNHOLLOW }] },
      { linkAccountId: account.id },
    )
  ).id;
  ids.quillstone = await watchByLei(db, 'quillstone', { linkAccountId: account.id });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gleif-changed-since-'));
  const log = ctx.container.log;
  runPass = createRunMonitorPass({
    db,
    registries: createRegistryReadsFromEnv(ctx.container.env, { cache: createProviderCache(db), log }),
    pace: async (key, calls = 1) => void paced.push({ key, calls }),
    log,
    intervalHours: ctx.container.env.MONITOR_INTERVAL_HOURS,
    fullReadDays: ctx.container.env.MONITOR_FULL_READ_DAYS,
    now: () => clock,
  });
}, 180_000);

afterAll(async () => {
  await ctx?.close();
  await gleif?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const WATCHED = SYNTHETIC + 2;

describe('GLEIF "changed since" in the monitoring pass', () => {
  it('the first pass reads every LEI in full (never read: no changed-since query)', async () => {
    const { summary, from, asked } = await passAt(T0);
    expect(summary).toMatchObject({ checked: WATCHED, unchanged: WATCHED, changed: 0, failed: 0, changedSinceCalls: 0, unchangedSince: 0, changes: [] });
    expect(asked.some(isChangedSince)).toBe(false);
    expect(new Set(recordReadsFrom(from)).size).toBe(WATCHED);
  }, 120_000);

  it('(a) a day later, nothing changed: one changed-since call per page of 200 due LEIs, paced as one call each, no record read, nothing recorded', async () => {
    const { summary, asked } = await passAt(new Date(T0.getTime() + 25 * HOUR));
    expect(summary).toMatchObject({ checked: WATCHED, unchanged: WATCHED, unchangedSince: WATCHED, changedSinceCalls: 2, changed: 0, failed: 0, changes: [] });
    expect(asked).toHaveLength(2);
    expect(asked.every(isChangedSince)).toBe(true);
    // The page's since: its oldest last read (T0) less the day's margin; each call asks about at most 200 LEIs.
    for (const url of asked) {
      expect(url).toContain('filter[registration.lastUpdateDate]=>=2026-11-30T06:00:00Z');
      expect(/filter\[lei\]=([^&]*)/.exec(url)?.[1]?.split(',').length).toBeLessThanOrEqual(200);
    }
    expect(paced).toEqual([
      { key: 'registry_lei', calls: 1 },
      { key: 'registry_lei', calls: 1 },
    ]);
    const { db } = ctx.database;
    const reads = await db.execute<{ checked_at: Date; due_at: Date; n: string }>(
      sql`select checked_at, due_at, count(*) as n from monitored_reads group by checked_at, due_at`,
    );
    // Due again a day later; checked_at stays the last full read's time.
    expect(reads.rows.map((r) => [new Date(r.checked_at).toISOString(), new Date(r.due_at).toISOString(), Number(r.n)])).toEqual([
      [T0.toISOString(), new Date(T0.getTime() + 49 * HOUR).toISOString(), WATCHED],
    ]);
    expect(Number((await db.execute<{ n: string }>(sql`select count(*) as n from organisation_changes`)).rows[0]?.n)).toBe(0);
  });

  it('(b) after `sandbox advance` lapses an LEI, the pass re-reads only that one and records its change', async () => {
    const file = path.join(dataDir, 'sandbox-clock.json');
    fs.writeFileSync(file, JSON.stringify({ days: 0, started: '2026-12-01' }));
    const { clock: advanced, changes: scripted } = advanceSandboxClock(file, 2);
    expect(scripted).toContain('FERNHOLLOW ANALYTICS LIMITED: LEI 9845001FERNHOLLOW064 lapsed (GLEIF)');
    // What the running fakes do when the clock file moves; "now" is T0, so the sandbox's time is T0 + 2 days.
    applySandboxDays({ abr: [], openCorporates: [], gleif: gleif.entities }, 0, advanced, T0);
    expect(gleifEntityOf(gleif, FERNHOLLOW).lastUpdateDate).toBe('2026-12-03T06:00:00Z');

    const { summary, from } = await passAt(new Date(T0.getTime() + 49 * HOUR));
    expect(summary).toMatchObject({ checked: WATCHED, changed: 1, unchangedSince: WATCHED - 1, changedSinceCalls: 2, failed: 0 });
    expect(recordReadsFrom(from)).toEqual([FERNHOLLOW]);
    expect(summary.changes.map((c) => [c.organisationId, c.kind, c.before, c.after, c.source])).toEqual([
      [ids.fernhollow, 'lei_registration_status', 'ISSUED', 'LAPSED', 'gleif'],
    ]);
  });

  it('(c) a parent change that does not move the record’s date is found by the full read every MONITOR_FULL_READ_DAYS', async () => {
    expect(ctx.container.env.MONITOR_FULL_READ_DAYS).toBe(7);
    // GLEIF records it in the relationship records; the child's lastUpdateDate stays.
    Object.assign(gleifEntityOf(gleif, QUILLSTONE), { directParent: '984500BLUEFERNINC072', ultimateParent: '984500BLUEFERNINC072' });

    const unseen = await passAt(new Date(T0.getTime() + 73 * HOUR));
    expect(unseen.summary).toMatchObject({ checked: WATCHED, changed: 0, changes: [] });
    expect(recordReadsFrom(unseen.from)).not.toContain(QUILLSTONE);

    const full = await passAt(new Date(T0.getTime() + 7 * DAY + 60_000));
    const readInFull = new Set(recordReadsFrom(full.from));
    // Every LEI last read in full at T0 is read in full again; FERNHOLLOW (read at T0+49h) went by the query.
    expect(readInFull.has(QUILLSTONE)).toBe(true);
    expect(readInFull.size).toBeGreaterThanOrEqual(WATCHED - 1);
    expect(full.summary.changes.map((c) => [c.organisationId, c.kind, c.field, c.after])).toEqual(
      expect.arrayContaining([
        [ids.quillstone, 'parent', 'directParent', { name: 'BLUEFERN ROBOTICS INC.', lei: '984500BLUEFERNINC072' }],
        [ids.quillstone, 'parent', 'ultimateParent', { name: 'BLUEFERN ROBOTICS INC.', lei: '984500BLUEFERNINC072' }],
      ]),
    );
    expect(full.summary.changes).toHaveLength(2);
  });
});
