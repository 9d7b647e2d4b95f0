/**
 * Registry monitoring (issue 23, sections 1, 2 and 5) through the real `monitor.run` worker on real pg-boss, the real
 * registry adapters against their contract fakes (ABN Lookup, OpenCorporates, GLEIF, each started here so a test can
 * change a register and read what it was asked) and real PostgreSQL; GET /api/changes through its route. The clock is
 * the test's (a port of the pass), so "a day later" needs no waiting.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '../../src/app/api/changes/route';
import { createProviderCache } from '../../src/adapters/cache/provider-cache';
import { createRegistryPacer } from '../../src/adapters/rate-limit/registry-pacer';
import { createRegistryReadsFromEnv } from '../../src/adapters/registries/registry-reads';
import { changesPageSchema, type ChangesPage } from '../../src/core/organisation-changes';
import { startMonitorWorker } from '../../src/server/monitoring/monitor-worker';
import { createRunMonitorPass, type MonitorPassSummary } from '../../src/server/monitoring/run-monitor-pass';
import { startFakeAbr, type FakeAbr } from '../../src/sandbox/abr/fake-abr-server';
import { FAKE_ABR_ENTITIES } from '../../src/sandbox/abr/dataset';
import { startFakeGleif, type FakeGleif } from '../../src/sandbox/gleif/fake-gleif-server';
import { startFakeOpenCorporates, type FakeOpenCorporates } from '../../src/sandbox/opencorporates/fake-opencorporates-server';
import { FAKE_COMPANIES } from '../../src/sandbox/opencorporates/dataset';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { updateLeiRecord, watchByLei } from '../support/watched-organisations';
import { waitFor } from '../support/worker-process';
import { TEST_GUID } from './abr-support';

const T0 = new Date('2026-12-01T06:00:00Z');
const HOUR = 60 * 60 * 1000;
let clock = T0;

let ctx: TestContext;
let abr: FakeAbr;
let openCorporates: FakeOpenCorporates;
let gleif: FakeGleif;
const abrEntities = structuredClone([...FAKE_ABR_ENTITIES]);
const companies = structuredClone([...FAKE_COMPANIES]);
let pacer: ReturnType<typeof createRegistryPacer>;
/** What the worker's passes answered, in order. */
const passes: MonitorPassSummary[] = [];

let accountA: Awaited<ReturnType<typeof makeAccount>>;
let accountB: Awaited<ReturnType<typeof makeAccount>>;
const ids: Record<'harbourline' | 'fernhollow' | 'kookaburra' | 'quillstone' | 'unlisted', string> = {
  harbourline: '',
  fernhollow: '',
  kookaburra: '',
  quillstone: '',
  unlisted: '',
};

beforeAll(async () => {
  abr = await startFakeAbr({ validGuid: TEST_GUID, entities: abrEntities });
  openCorporates = await startFakeOpenCorporates({ latency: 'zero', companies });
  gleif = await startFakeGleif({ latency: 'zero' });
  ctx = await createTestContainer({
    env: {
      ABR_GUID: TEST_GUID,
      ABR_BASE_URL: abr.url,
      OPENCORPORATES_API_TOKEN: 'test-token',
      OPENCORPORATES_BASE_URL: openCorporates.url,
      GLEIF_BASE_URL: gleif.url,
      JOB_EXPIRE_SECONDS: '10',
    },
  });
  const { db } = ctx.database;
  accountA = await makeAccount(db);
  accountB = await makeAccount(db);
  ids.harbourline = await watchByLei(db, 'harbourline', { linkAccountId: accountA.id });
  ids.fernhollow = (
    await makeOrganisation(
      db,
      {
        name: 'FERNHOLLOW ANALYTICS LIMITED',
        countryIsoAlpha3: 'GBR',
        identifiers: [
          { type: 'CH', value: '09876543' },
          { type: 'OPENCORPORATES', value: 'gb/09876543' },
          { type: 'LEI', value: '9845001FERNHOLLOW064' },
        ],
      },
      { ownerAccountId: accountA.id, linkAccountId: accountA.id },
    )
  ).id;
  ids.kookaburra = (
    await makeOrganisation(
      db,
      {
        name: 'KOOKABURRA KITCHENS PTY LTD',
        identifiers: [
          { type: 'ABN', value: '30635412074' },
          { type: 'ACN', value: '635412074' },
        ],
        registryStatus: { status: 'active', wording: 'Active', date: null },
      },
      { linkAccountId: accountA.id },
    )
  ).id;
  ids.quillstone = await watchByLei(db, 'quillstone', { ownerAccountId: accountB.id, linkAccountId: accountB.id });
  // On nobody's list: never watched.
  ids.unlisted = (
    await makeOrganisation(db, { name: 'BLUEFERN ROBOTICS LTD', countryIsoAlpha3: 'GBR', identifiers: [{ type: 'LEI', value: '984500BLUEFERNROB007' }] })
  ).id;

  pacer = createRegistryPacer({ connectionString: ctx.database.url, callsPerMinute: 10_000 });
  const log = ctx.container.log;
  const runPass = createRunMonitorPass({
    db,
    registries: createRegistryReadsFromEnv(ctx.container.env, { cache: createProviderCache(db), log }),
    pace: pacer.pace,
    log,
    intervalHours: ctx.container.env.MONITOR_INTERVAL_HOURS,
    now: () => clock,
  });
  await startMonitorWorker({
    jobs: ctx.container.jobs,
    runMonitorPass: async (options) => {
      const summary = await runPass(options);
      passes.push(summary);
      return summary;
    },
    cron: ctx.container.env.MONITOR_SCHEDULE_CRON,
    log,
  });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await pacer?.close();
  await Promise.all([abr?.close(), openCorporates?.close(), gleif?.close()]);
});

/** Sends one `monitor.run` job and waits for the worker to complete it; answers its pass. */
async function runPassAt(at: Date, accountId: string | null = null): Promise<MonitorPassSummary> {
  clock = at;
  const before = passes.length;
  const jobId = await ctx.container.jobs.send('monitor.run', { accountId });
  await waitFor(
    'the monitor.run job to complete',
    async () => {
      const found = await ctx.database.db.execute<{ state: string }>(sql`select state from pgboss.job where id = ${jobId}::uuid`);
      const state = found.rows[0]?.state;
      if (state === 'failed') throw new Error('monitor.run failed');
      return state === 'completed' ? true : undefined;
    },
    30_000,
    100,
  );
  const summary = passes[before];
  if (summary === undefined) throw new Error('no pass recorded');
  return summary;
}

async function changesOf(authorization: string, query = ''): Promise<{ status: number; body: unknown }> {
  const response = await GET(new Request(`http://localhost/api/changes${query}`, { headers: { authorization } }));
  return { status: response.status, body: await response.json() };
}

async function pageOf(authorization: string, query = ''): Promise<ChangesPage> {
  const { status, body } = await changesOf(authorization, query);
  expect(status).toBe(200);
  return changesPageSchema.parse(body);
}

const countChanges = async () => Number((await ctx.database.db.execute<{ n: string }>(sql`select count(*) as n from organisation_changes`)).rows[0]?.n);

const fakeRequests = () => ({
  abr: abr.connections.requests.length,
  openCorporates: openCorporates.connections.requests.length,
  gleif: gleif.connections.requests.length,
});

describe('registry monitoring', () => {
  it('the worker puts the pass on pg-boss’s cron schedule (MONITOR_SCHEDULE_CRON, every list)', async () => {
    const found = await ctx.database.db.execute<{ cron: string; data: unknown }>(sql`select cron, data from pgboss.schedule where name = 'monitor.run'`);
    expect(found.rows).toEqual([{ cron: '*/15 * * * *', data: { accountId: null } }]);
  });

  it('the first pass reads every watched identifier once (ACN and the British aggregator id left out) and records nothing', async () => {
    const summary = await runPassAt(T0);
    expect(summary).toMatchObject({ checked: 5, unchanged: 5, changed: 0, failed: 0, missing: 0, changes: [] });
    expect(gleif.connections.requests.map((r) => r.url)).not.toContain('/api/v1/lei-records/984500BLUEFERNROB007');
    expect(abr.connections.requests.some((r) => r.url.includes('AcnDetails'))).toBe(false);
    expect(await countChanges()).toBe(0);
  });

  it('nothing is re-read before MONITOR_INTERVAL_HOURS: the registers are not even asked', async () => {
    const asked = fakeRequests();
    const summary = await runPassAt(new Date(T0.getTime() + HOUR));
    expect(summary.checked).toBe(0);
    expect(fakeRequests()).toEqual(asked);
  });

  it('a day later, each change in a register becomes one change record, and what it changes is written with it', async () => {
    // Each LOU update moves the record's lastUpdateDate, which GLEIF's changed-since query goes by (the parent change
    // here comes with an update of the child's record; one that does not is caught by the periodic full read).
    const updatedAt = new Date(T0.getTime() + 24 * HOUR);
    updateLeiRecord(gleif, '984500HARBOURLINE019', { registrationStatus: 'LAPSED' }, updatedAt);
    updateLeiRecord(gleif, '9845001FERNHOLLOW064', { directParent: '984500HARBOURLINE019', ultimateParent: '984500HARBOURLINE019' }, updatedAt);
    updateLeiRecord(gleif, '984500QUILLSTONE0015', { status: 'INACTIVE', expiration: { date: '2026-11-30T00:00:00Z', reason: 'DISSOLVED' } }, updatedAt);
    const fernhollow = companies.find((c) => c.jurisdiction_code === 'gb' && c.company_number === '09876543');
    const kookaburra = abrEntities.find((e) => e.abn === '30635412074');
    if (fernhollow === undefined || kookaburra === undefined) throw new Error('fake datasets changed');
    fernhollow.name = 'FERNHOLLOW INSIGHTS LIMITED';
    Object.assign(kookaburra, { status: 'Cancelled', statusFrom: '2026-11-30', businessNames: [...kookaburra.businessNames, 'Kookaburra Joinery'] });

    const summary = await runPassAt(new Date(T0.getTime() + 25 * HOUR));
    expect(summary).toMatchObject({ checked: 5, changed: 5, failed: 0 });
    const found = summary.changes.map((c) => [c.organisationId, c.kind, c.field, c.before, c.after, c.source]);
    expect(found).toEqual(
      expect.arrayContaining([
        [ids.harbourline, 'lei_registration_status', 'leiRegistrationStatus', 'ISSUED', 'LAPSED', 'gleif'],
        [ids.fernhollow, 'legal_name', 'legalName', 'FERNHOLLOW ANALYTICS LIMITED', 'FERNHOLLOW INSIGHTS LIMITED', 'opencorporates'],
        [
          ids.fernhollow,
          'parent',
          'directParent',
          { name: 'FERNHOLLOW GROUP PLC', lei: '984500FERNHOLDGRP028' },
          { name: 'HARBOURLINE LOGISTICS, INC.', lei: '984500HARBOURLINE019' },
          'gleif',
        ],
        [
          ids.fernhollow,
          'parent',
          'ultimateParent',
          { name: 'FERNHOLLOW GROUP PLC', lei: '984500FERNHOLDGRP028' },
          { name: 'HARBOURLINE LOGISTICS, INC.', lei: '984500HARBOURLINE019' },
          'gleif',
        ],
        [
          ids.kookaburra,
          'status',
          'registryStatus',
          { status: 'active', wording: 'Active', date: expect.any(String) },
          { status: 'inactive', wording: 'Cancelled', date: '2026-11-30' },
          'abr',
        ],
        [ids.kookaburra, 'business_names', 'businessNames', null, 'Kookaburra Joinery', 'abr'],
        [
          ids.quillstone,
          'status',
          'registryStatus',
          { status: 'active', wording: 'Active', date: null },
          { status: 'inactive', wording: 'Dissolved', date: '2026-11-30' },
          'gleif',
        ],
      ]),
    );
    expect(found).toHaveLength(7);
    expect(await countChanges()).toBe(7);

    const { db } = ctx.database;
    const status = await db.execute<{ registry_status: string; registry_status_text: string }>(
      sql`select registry_status, registry_status_text from organisations where id = ${ids.kookaburra}::uuid`,
    );
    expect(status.rows[0]).toEqual({ registry_status: 'inactive', registry_status_text: 'Cancelled' });
    const names = await db.execute<{ value: string; kind: string }>(
      sql`select value, kind from organisation_aliases where organisation_id in (${ids.fernhollow}::uuid, ${ids.kookaburra}::uuid) order by value, kind`,
    );
    expect(names.rows).toEqual(
      expect.arrayContaining([
        { value: 'FERNHOLLOW ANALYTICS LIMITED', kind: 'former_name' },
        { value: 'FERNHOLLOW INSIGHTS LIMITED', kind: 'alias' },
        { value: 'Kookaburra Joinery', kind: 'alias' },
      ]),
    );
  });

  it('a re-check that finds nothing new records nothing', async () => {
    const before = await countChanges();
    const summary = await runPassAt(new Date(T0.getTime() + 50 * HOUR));
    expect(summary).toMatchObject({ checked: 5, unchanged: 5, changed: 0, changes: [] });
    expect(await countChanges()).toBe(before);
  });

  it('an account never sees the changes of organisations that are not on its list', async () => {
    const a = await pageOf(accountA.authorization);
    const b = await pageOf(accountB.authorization);
    expect(new Set(a.changes.map((c) => c.organisationId))).toEqual(new Set([ids.harbourline, ids.fernhollow, ids.kookaburra]));
    expect(a.changes).toHaveLength(6);
    expect(b.changes.map((c) => [c.organisationId, c.kind, c.source])).toEqual([[ids.quillstone, 'status', 'gleif']]);
    const other = await makeAccount(ctx.database.db);
    expect((await pageOf(other.authorization)).changes).toEqual([]);
  });

  it('pages with nextCursor, filters by since, and answers a bad cursor or date with 400', async () => {
    const first = await pageOf(accountA.authorization, '?limit=4');
    expect(first.changes).toHaveLength(4);
    expect(first.nextCursor).not.toBeNull();
    const second = await pageOf(accountA.authorization, `?limit=4&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    expect(second.changes).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.changes, ...second.changes].map((c) => c.id)).size).toBe(6);
    // Changes observed in one pass share their time, so which comes first varies; a name added has `before` null.
    expect(first.changes[0]).toMatchObject({
      id: expect.any(String),
      organisationId: expect.any(String),
      kind: expect.any(String),
      field: expect.any(String),
      source: expect.any(String),
      observedAt: new Date(T0.getTime() + 25 * HOUR).toISOString(),
      unread: true,
    });
    expect(Object.keys(first.changes[0] ?? {}).sort()).toEqual(['after', 'before', 'field', 'id', 'kind', 'observedAt', 'organisationId', 'source', 'unread']);
    expect((await pageOf(accountA.authorization, `?since=${new Date(T0.getTime() + 26 * HOUR).toISOString()}`)).changes).toEqual([]);
    for (const query of ['?cursor=not-a-cursor', '?since=yesterday', '?limit=0']) {
      const { status, body } = await changesOf(accountA.authorization, query);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('a register that fails records no change, and its reads are tried again within the hour', async () => {
    gleif.faults.inject({ kind: 'status', status: 500 });
    const before = await countChanges();
    const failing = await runPassAt(new Date(T0.getTime() + 75 * HOUR));
    expect(failing).toMatchObject({ checked: 5, failed: 3, changes: [] });
    expect(await countChanges()).toBe(before);
    gleif.faults.clear();
    const retried = await runPassAt(new Date(T0.getTime() + 76 * HOUR + 60_000));
    expect(retried).toMatchObject({ checked: 3, failed: 0, unchanged: 3 });
  });

  it('one account’s pass reads only the organisations on its list', async () => {
    updateLeiRecord(gleif, '984500QUILLSTONE0015', { registrationStatus: 'LAPSED' }, new Date(T0.getTime() + 110 * HOUR));
    const summary = await runPassAt(new Date(T0.getTime() + 110 * HOUR), accountA.id);
    expect(summary.checked).toBe(4);
    expect(summary.changes).toEqual([]);
  });
});
