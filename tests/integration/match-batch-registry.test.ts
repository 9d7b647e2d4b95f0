/**
 * The registry pass of batch matching, apply through the selection use case, and failed -> resume (issue 13,
 * section 2), on real PostgreSQL and pg-boss, with the real registry adapters over the contract fakes of ABN
 * Lookup and OpenCorporates on loopback (as sandbox mode runs them):
 * - a row without an internal match is looked up on its country's registry and a company missing from the
 *   database becomes a registry candidate ("Registry: ABN Lookup"), graded and decided like internal ones;
 * - a row without a country is skipped and says so; rows past the batch's cap say so; a provider failure is a
 *   value on the row and the batch completes;
 * - apply links the accepted internal organisations and creates the accepted registry candidates through the
 *   selection use case, with one enrichment job each, exactly once however often it is applied;
 * - a batch whose job gave up is `failed` with a short reason; resume re-queues it and it completes; resuming a
 *   running or completed batch is 409; another account's 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/adapters/db/client';
import { findMatchBatch } from '../../src/adapters/db/queries/match-batches';
import { POST as resumeRoute } from '../../src/app/api/match/batches/[id]/resume/route';
import { POST as applyRoute } from '../../src/app/api/match/batches/[id]/apply/route';
import { createRunMatchBatch } from '../../src/server/batch-matching/run-match-batch';
import { createResumeMatchBatch } from '../../src/server/batch-matching/resume-match-batch';
import { ConflictError, NotFoundError } from '../../src/core/errors';
import type { RegistryPass } from '../../src/server/batch-matching/registry-pass';
import { startFakeAbr, type FakeAbr } from '../../src/sandbox/abr/fake-abr-server';
import { startFakeOpenCorporates, type FakeOpenCorporates } from '../../src/sandbox/opencorporates/fake-opencorporates-server';
import { createInternalMatches } from '../../src/adapters/db/queries/internal-matches';
import { decideRow } from '../../src/core/batch-matching';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';

type Account = Awaited<ReturnType<typeof makeAccount>>;

let ctx: TestContext;
let db: Db;
let abr: FakeAbr;
let openCorporates: FakeOpenCorporates;
let caller: Account;
let other: Account;
let internalId = '';

const CAP = 4;

beforeAll(async () => {
  abr = await startFakeAbr({ latency: 'zero' });
  openCorporates = await startFakeOpenCorporates({ latency: 'zero' });
  ctx = await createTestContainer({
    env: {
      ABR_GUID: 'sandbox-guid',
      ABR_BASE_URL: abr.url,
      OPENCORPORATES_API_TOKEN: 'sandbox-token',
      OPENCORPORATES_BASE_URL: openCorporates.url,
      MATCH_REGISTRY_MAX_ROWS: String(CAP),
    },
  });
  db = ctx.database.db;
  caller = await makeAccount(db);
  other = await makeAccount(db);
  internalId = (await makeOrganisation(db, { name: 'Quorvex Haulage Pty Ltd', countryIsoAlpha3: 'AUS' })).id;
}, 120_000);
afterAll(async () => {
  for (const close of closers) await close();
  await ctx?.close();
  await abr?.close();
  await openCorporates?.close();
});

const HEADER = 'Supplier,Country\n';
const COLUMNS = { name: 'Supplier', country: 'Country' };

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function call(handler: Handler, batchId: string, as: Account) {
  const response = await handler(
    new Request(`http://localhost/api/match/batches/${batchId}`, {
      method: 'POST',
      headers: { authorization: as.authorization, 'content-type': 'application/json' },
      body: '{}',
    }),
    { params: Promise.resolve({ id: batchId }) },
  );
  return { status: response.status, json: (await response.json()) as unknown };
}

/** The registry pass the container wires (real adapters over the fakes, the shared pacer), taken from a run's work. */
async function containerRegistryPass(): Promise<RegistryPass> {
  const { createRegistryPass } = await import('../../src/server/batch-matching/registry-pass');
  const { createRegistryPacer } = await import('../../src/adapters/rate-limit/registry-pacer');
  const { createSearchProviderPorts } = await import('../../src/adapters/search/search-ports');
  const ports = createSearchProviderPorts(ctx.container.env, db, ctx.container.log);
  const pacer = createRegistryPacer({ connectionString: ctx.database.url, callsPerMinute: 1000 });
  closers.push(() => pacer.close());
  return createRegistryPass({
    nationalRegistry: ports.nationalRegistry,
    globalRegistry: ports.globalRegistry,
    websiteValidator: ports.websiteValidator,
    pace: pacer.pace,
    log: ctx.container.log,
    internalMatches: createInternalMatches(db),
  });
}
const closers: (() => Promise<void>)[] = [];

async function countOf(query: ReturnType<typeof sql>): Promise<number> {
  const found = await db.execute<{ n: number }>(query);
  return found.rows[0]?.n ?? 0;
}

describe('the registry pass', () => {
  let batchId = '';

  beforeAll(async () => {
    const csv =
      HEADER +
      [
        'Quorvex Haulage,AU', // internal match: never sent to a registry
        'Nullarbor Freight,Australia', // only ABN Lookup knows it
        'Jacaranda Software,', // no country, and the batch has no default: skipped
        'Fernhollow Analytics,GB', // only OpenCorporates knows it
        'Zzxqv Nonexistent Widgets,AU', // nobody knows it
        'Kakadu Constructions,AU', // the 4th lookup: the cap
        'Lamington Foods,AU', // past the cap: skipped
      ].join('\n');
    batchId = (await ctx.container.matchBatches.create(caller.id, { fileName: 'suppliers.csv', csv, columns: COLUMNS, registryPass: true })).batchId;
    expect(await ctx.container.matchBatches.run({ batchId, accountId: caller.id })).toBe('completed');
  }, 60_000);

  it('finds a company missing from the database on its national registry and stores it as a registry candidate, decided like an internal one', async () => {
    const rows = await ctx.container.matchBatches.read.rows(caller.id, batchId, { offset: 0, limit: 50 });
    const [internal, nullarbor, , fernhollow, nobody, kakadu] = rows;
    expect(internal?.decision).toBe('match');
    expect(internal?.result?.best?.organisationId).toBe(internalId);
    expect(internal?.result?.registry).toBeNull();

    const best = nullarbor?.result?.best;
    expect(best?.kind).toBe('registry');
    if (best?.kind !== 'registry') throw new Error('expected a registry candidate');
    expect(best).toMatchObject({ registry: 'ABN Lookup', source: 'registry_au', countryIsoAlpha3: 'AUS', organisationId: null });
    expect(best.name.toUpperCase()).toContain('NULLARBOR FREIGHT');
    expect(best.key.startsWith('AUS|')).toBe(true);
    expect(best.identifiers.map((i) => i.type)).toContain('ABN');
    // What the selection use case needs to create it: the stream's candidate with its key.
    expect(best.selection).toMatchObject({ _type: 'candidate', key: best.key, source: 'registry_au', existingOrgId: null });
    expect(best.match.grades.name).not.toBe('different');
    expect(nullarbor?.decision).toBe('match');
    expect(nullarbor?.result?.registry).toMatchObject({ status: 'found', registry: 'ABN Lookup' });
    expect(nullarbor?.result?.explanation).toContain('ABN Lookup');

    const gb = fernhollow?.result?.best;
    expect(gb).toMatchObject({ kind: 'registry', registry: 'OpenCorporates', countryIsoAlpha3: 'GBR' });
    expect(fernhollow?.result?.registry).toMatchObject({ status: 'found', registry: 'OpenCorporates' });

    expect(nobody?.result?.registry?.status).toBe('not_found');
    expect(nobody?.decision).toBe('no_match');
    expect(kakadu?.result?.registry?.status).toBe('found');
  });

  it('skips a row without a country and the rows past the cap, each saying why; the counts add up', async () => {
    const rows = await ctx.container.matchBatches.read.rows(caller.id, batchId, { offset: 0, limit: 50 });
    expect(rows[2]?.result?.registry).toMatchObject({ status: 'skipped', registry: null });
    expect(rows[2]?.result?.registry?.message).toContain('no country');
    expect(rows[6]?.result?.registry).toMatchObject({ status: 'skipped' });
    expect(rows[6]?.result?.registry?.message).toContain('cap');
    const summary = await ctx.container.matchBatches.read.summary(caller.id, batchId);
    expect(summary).toMatchObject({ status: 'completed', processedRows: 7 });
    expect(summary.registry).toEqual({ defaultCountry: null, cap: CAP, processedRows: 7, lookedUpRows: CAP, foundRows: 3, failedRows: 0, skippedRows: 2 });
    expect(summary.matchedRows + summary.reviewRows + summary.noMatchRows).toBe(7);
  });

  it('writes registry candidates distinctly in the result file', async () => {
    let csv = '';
    for await (const chunk of await ctx.container.matchBatches.read.export(caller.id, batchId, 'csv')) csv += chunk;
    const lines = csv.trim().split('\n');
    expect(lines[0]).toContain('source,registry_key,registry_pass');
    expect(lines[2]).toContain('Registry: ABN Lookup');
    expect(lines[3]).toContain('skipped: Not looked up on a registry');
  });

  it('uses the default country for rows without one', async () => {
    const csv = HEADER + 'Jacaranda Software,\n';
    const created = await ctx.container.matchBatches.create(caller.id, {
      fileName: 'default.csv',
      csv,
      columns: COLUMNS,
      registryPass: true,
      defaultCountry: 'Australia',
    });
    expect(await ctx.container.matchBatches.run({ batchId: created.batchId, accountId: caller.id })).toBe('completed');
    const [row] = await ctx.container.matchBatches.read.rows(caller.id, created.batchId, { offset: 0, limit: 5 });
    expect(row?.result?.best).toMatchObject({ kind: 'registry', registry: 'ABN Lookup' });
    await expect(
      ctx.container.matchBatches.create(caller.id, { fileName: 'bad.csv', csv, columns: COLUMNS, registryPass: true, defaultCountry: 'Atlantis' }),
    ).rejects.toMatchObject({ issues: [{ field: 'defaultCountry' }] });
  });

  it('apply links the internal match, creates each accepted registry candidate through the selection use case and enqueues its enrichment, exactly once', async () => {
    const first = await call(applyRoute, batchId, caller);
    expect(first.status).toBe(200);
    // Accepted: the internal match and the three registry matches (Nullarbor, Fernhollow, Kakadu).
    expect(first.json).toEqual({ data: { accepted: 4, linked: 4, created: 3 } });
    const rows = await ctx.container.matchBatches.read.rows(caller.id, batchId, { offset: 0, limit: 50 });
    const nullarbor = rows[1];
    const createdId = nullarbor?.appliedOrganisationId;
    expect(createdId).toBeTruthy();
    const organisation = await db.execute<{ owned: boolean; profile_status: string; country_iso_alpha3: string }>(
      sql`select exists (select 1 from organisation_owners w where w.organisation_id = o.id and w.account_id = ${caller.id}::uuid) as owned,
            o.profile_status, o.country_iso_alpha3
          from organisations o where o.id = ${createdId}::uuid`,
    );
    expect(organisation.rows[0]).toEqual({ owned: true, profile_status: 'PENDING', country_iso_alpha3: 'AUS' });
    const enrichJobs = sql`select count(*)::int as n from pgboss.job where name = 'organisation.enrich' and data->>'organisationId' = ${createdId}`;
    expect(await countOf(enrichJobs)).toBe(1);
    expect(
      await countOf(sql`select count(*)::int as n from account_organisations where account_id = ${caller.id}::uuid and organisation_id = ${internalId}::uuid`),
    ).toBe(1);
    expect(rows[0]?.appliedOrganisationId).toBe(internalId);

    const again = await call(applyRoute, batchId, caller);
    expect(again.json).toEqual({ data: { accepted: 4, linked: 0, created: 0 } });
    expect(await countOf(enrichJobs)).toBe(1);
    expect(await countOf(sql`select count(*)::int as n from organisations where name ilike 'nullarbor freight%'`)).toBe(1);
  });

  it('a decision changed after apply un-applies its row; the next apply acts on it (accepted again: settled again, nothing created)', async () => {
    // Row 0 (internal, applied) is re-decided "not in the list", then accepted again: applied again, nothing new.
    await ctx.container.matchBatches.review(caller.id, null, { batchId, rowIndex: 0, review: { action: 'not_in_list' } });
    expect((await ctx.container.matchBatches.read.rows(caller.id, batchId, { offset: 0, limit: 1 }))[0]?.appliedOrganisationId).toBeNull();
    await ctx.container.matchBatches.review(caller.id, null, { batchId, rowIndex: 0, review: { action: 'accept' } });
    expect((await call(applyRoute, batchId, caller)).json).toEqual({ data: { accepted: 4, linked: 0, created: 0 } });
    expect((await ctx.container.matchBatches.read.rows(caller.id, batchId, { offset: 0, limit: 1 }))[0]?.appliedOrganisationId).toBe(internalId);
  });

  it('apply of another account is 404', async () => {
    expect((await call(applyRoute, batchId, other)).status).toBe(404);
  });
});

describe('a registry that fails', () => {
  it('is a value on the row ("failed", which registry), and the batch completes', async () => {
    abr.faults.inject({ kind: 'status', status: 500 });
    try {
      const csv = HEADER + 'Brightwater Logistics,AU\nQuorvex Haulage,AU\n';
      const { batchId } = await ctx.container.matchBatches.create(caller.id, { fileName: 'down.csv', csv, columns: COLUMNS, registryPass: true });
      expect(await ctx.container.matchBatches.run({ batchId, accountId: caller.id })).toBe('completed');
      const [failed, matched] = await ctx.container.matchBatches.read.rows(caller.id, batchId, { offset: 0, limit: 5 });
      expect(failed?.result?.registry).toMatchObject({ status: 'failed', registry: 'ABN Lookup' });
      expect(failed?.decision).toBe('no_match');
      expect(matched?.decision).toBe('match');
      const summary = await ctx.container.matchBatches.read.summary(caller.id, batchId);
      expect(summary).toMatchObject({ status: 'completed' });
      expect(summary.registry).toMatchObject({ lookedUpRows: 1, failedRows: 1, foundRows: 0 });
    } finally {
      abr.faults.clear();
    }
  }, 60_000);
});

describe('failed and resumed', () => {
  it('a batch whose last attempt fails is failed with a short reason; resume re-queues it and it completes from its cursor', async () => {
    const csv = HEADER + ['Quorvex Haulage,AU', 'Nullarbor Freight,AU', 'Somebody Else,AU'].join('\n');
    const { batchId } = await ctx.container.matchBatches.create(caller.id, { fileName: 'fails.csv', csv, columns: COLUMNS });
    let chunks = 0;
    const dying = createRunMatchBatch({
      db,
      jobs: ctx.container.jobs,
      chunkSize: 1,
      matchRows: async (accountId, inputs) => {
        chunks += 1;
        if (chunks === 2) throw new Error('database connection lost (test)\n    at Pool.connect (pg/lib/pool.js:1:1)');
        return ctx.container.matchBatches.matchRows(accountId, inputs);
      },
    });
    await expect(dying({ batchId, accountId: caller.id }, { isLastAttempt: true })).rejects.toThrow('database connection lost');
    const failed = await ctx.container.matchBatches.read.summary(caller.id, batchId);
    expect(failed).toMatchObject({ status: 'failed', processedRows: 1 });
    expect(failed.failureReason).toBe('Matching stopped after its retries: database connection lost (test)');

    expect((await call(resumeRoute, batchId, other)).status).toBe(404);
    const resumed = await call(resumeRoute, batchId, caller);
    expect(resumed).toEqual({ status: 202, json: { data: { batchId, status: 'queued' } } });
    expect((await ctx.container.matchBatches.read.summary(caller.id, batchId)).failureReason).toBeNull();
    // Queued again: resuming twice is a conflict.
    expect((await call(resumeRoute, batchId, caller)).status).toBe(409);

    const seen: number[] = [];
    const worker = createRunMatchBatch({
      db,
      jobs: ctx.container.jobs,
      chunkSize: 1,
      matchRows: ctx.container.matchBatches.matchRows,
      onChunk: ({ processedRows }) => seen.push(processedRows),
    });
    expect(await worker({ batchId, accountId: caller.id })).toBe('completed');
    expect(seen).toEqual([2, 3]);
    const done = await ctx.container.matchBatches.read.summary(caller.id, batchId);
    expect(done).toMatchObject({ status: 'completed', processedRows: 3, failureReason: null });
    const conflict = await call(resumeRoute, batchId, caller);
    expect(conflict.status).toBe(409);
    expect(conflict.json).toMatchObject({ error: expect.any(String) });
  });

  it('a registry pass that dies mid-way keeps its committed chunks and cursor; resumed, it redoes only the chunk in flight', async () => {
    // Companies no earlier test created (four: the cap).
    const names = ['Quokka Digital', 'Outback Outfitters', 'Pilbara Iron Services', 'Goldfields Resources'];
    const csv = HEADER + names.map((n) => `${n},AU`).join('\n');
    const { batchId } = await ctx.container.matchBatches.create(caller.id, { fileName: 'registry-dies.csv', csv, columns: COLUMNS, registryPass: true });
    const looked: string[] = [];
    let calls = 0;
    // The pass as the container runs it, counted; the second chunk dies (a killed worker, a lost connection).
    const counting: RegistryPass = async (accountId, rows, options) => {
      calls += 1;
      if (calls === 2) throw new Error('worker killed mid-chunk (test)');
      looked.push(...rows.map((r) => r.input.name));
      return passOfContainer(accountId, rows, options);
    };
    const passOfContainer = await containerRegistryPass();
    const run = (pass: RegistryPass, isLastAttempt: boolean) =>
      createRunMatchBatch({ db, jobs: ctx.container.jobs, matchRows: ctx.container.matchBatches.matchRows, registryPass: pass, registryChunkSize: 2 })(
        { batchId, accountId: caller.id },
        { isLastAttempt },
      );
    await expect(run(counting, true)).rejects.toThrow('worker killed');
    let summary = await ctx.container.matchBatches.read.summary(caller.id, batchId);
    expect(summary).toMatchObject({ status: 'failed', processedRows: 4 });
    expect(summary.registry).toMatchObject({ processedRows: 2, lookedUpRows: 2, foundRows: 2 });

    expect((await call(resumeRoute, batchId, caller)).status).toBe(202);
    expect(await run(counting, false)).toBe('completed');
    // Rows 0-1 were committed before the failure and are not looked up again.
    expect(looked).toEqual(names);
    summary = await ctx.container.matchBatches.read.summary(caller.id, batchId);
    expect(summary).toMatchObject({ status: 'completed' });
    expect(summary.registry).toMatchObject({ processedRows: 4, lookedUpRows: 4, foundRows: 4, skippedRows: 0 });
  });

  it('an attempt that fails but is not the last leaves the batch running; resuming a running batch is 409', async () => {
    const csv = HEADER + 'A,AU\nB,AU\n';
    const { batchId } = await ctx.container.matchBatches.create(caller.id, { fileName: 'retry.csv', csv, columns: COLUMNS });
    const failing = createRunMatchBatch({
      db,
      jobs: ctx.container.jobs,
      chunkSize: 1,
      matchRows: async (accountId, inputs) => {
        const results = await ctx.container.matchBatches.matchRows(accountId, inputs);
        if (inputs[0]?.name === 'B') throw new Error('flaky');
        return results;
      },
    });
    await expect(failing({ batchId, accountId: caller.id }, { isLastAttempt: false })).rejects.toThrow('flaky');
    expect((await ctx.container.matchBatches.read.summary(caller.id, batchId)).status).toBe('running');
    expect((await call(resumeRoute, batchId, caller)).status).toBe(409);

    // The same running batch once no chunk has committed for longer than the stalled bound (a job that
    // died during the queue's last attempt never comes back): stalled, and resumable to completion.
    const impatient = { db, stalledAfterSeconds: 0 };
    expect(await findMatchBatch(db, { accountId: caller.id, batchId, stalledAfterSeconds: 0 })).toMatchObject({ status: 'running', stalled: true });
    expect(await createResumeMatchBatch({ ...impatient, jobs: ctx.container.jobs })(caller.id, batchId)).toEqual({ batchId, status: 'queued' });
    await expect(createResumeMatchBatch({ ...impatient, jobs: ctx.container.jobs })(other.id, batchId)).rejects.toBeInstanceOf(NotFoundError);
    const finish = createRunMatchBatch({ db, jobs: ctx.container.jobs, chunkSize: 1, matchRows: ctx.container.matchBatches.matchRows });
    expect(await finish({ batchId, accountId: caller.id }, { isLastAttempt: false })).toBe('completed');
    expect(await findMatchBatch(db, { accountId: caller.id, batchId, stalledAfterSeconds: 0 })).toMatchObject({
      status: 'completed',
      stalled: false,
      processedRows: 2,
    });
    await expect(createResumeMatchBatch({ ...impatient, jobs: ctx.container.jobs })(caller.id, batchId)).rejects.toBeInstanceOf(ConflictError);
  });
});

describe('the registry pass beside a weaker internal candidate (issue 21, section 3)', () => {
  it('also runs when the best internal candidate is not decided, and an exact registry hit ranks above it', async () => {
    const eucalypt = await makeOrganisation(db, { name: 'Eucalypt Health Pty Ltd', countryIsoAlpha3: 'AUS' });
    const { batchId } = await ctx.container.matchBatches.create(caller.id, {
      fileName: 'eucalyptus.csv',
      csv: HEADER + 'Eucalyptus Health,AU\n',
      columns: COLUMNS,
      registryPass: true,
    });
    expect(await ctx.container.matchBatches.run({ batchId, accountId: caller.id })).toBe('completed');
    const [row] = await ctx.container.matchBatches.read.rows(caller.id, batchId, { offset: 0, limit: 5 });
    expect(row?.result?.registry?.status).toBe('found');
    const best = row?.result?.best;
    expect(best).toMatchObject({ kind: 'registry', registry: 'ABN Lookup', name: 'EUCALYPTUS HEALTH PTY LTD' });
    const internal = row?.result?.candidates.find((c) => c.kind === 'internal');
    expect(internal).toMatchObject({ organisationId: eucalypt.id });
    expect(best?.match.score ?? 0).toBeGreaterThan(internal?.match.score ?? 100);
    expect(row?.result?.explanation).toContain('not yet in the database');
  });

  it('says a registry candidate is already in the database when an organisation holds its key, and apply would settle on it', async () => {
    const darling = await makeOrganisation(db, { name: 'Darling Downs Agriculture Pty Ltd', countryIsoAlpha3: 'AUS' });
    const pass = await containerRegistryPass();
    // A row the internal pass found nothing for (its name spelled otherwise), sent to the registry.
    const [update] = await pass(
      caller.id,
      [{ rowIndex: 0, input: { name: 'Darling Downs Agricultural', country: 'AU', identifier: null, website: null }, result: decideRow([]) }],
      { defaultCountry: null, budget: 1 },
    );
    const best = update?.result.best;
    expect(best).toMatchObject({ kind: 'registry', existingOrganisationId: darling.id, selection: { existingOrgId: darling.id } });
    expect(update?.result.explanation).toContain('(on ABN Lookup, already in the database)');
    expect(update?.result.registry?.message).toContain('already in the database');
  });
});
