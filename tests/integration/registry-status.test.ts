/**
 * Registry status (issue 20, section 4) through the paths a user takes, on real PostgreSQL, with the real registry
 * adapters over the contract fakes of ABN Lookup and OpenCorporates on loopback:
 * - the operator CLI imports `registryStatus` (an object, or the register's word alone) and rejects a bad one;
 * - the quick lookup route shows the status, ranks a dissolved organisation after its active namesake and never
 *   decides it a match;
 * - a batch row whose only candidate is dissolved (internal, or a registry candidate of the registry pass) is not
 *   auto-matched, and "Add accepted organisations" (the apply route) does not create the dissolved company;
 * - reconciliation answers `match: false` for a dissolved organisation;
 * - selecting a registry candidate keeps its status on the organisation it creates.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../../src/adapters/db/schema';
import { POST as quickSearchRoute } from '../../src/app/api/organisations/quick-search/route';
import { POST as applyRoute } from '../../src/app/api/match/batches/[id]/apply/route';
import { POST as selectRoute } from '../../src/app/api/organisations/select/route';
import { runCliInProcess } from '../../src/cli/__fixtures__/cli-in-process';
import { internalQuickSearchCandidateSchema } from '../../src/core/candidates';
import { startFakeAbr, type FakeAbr } from '../../src/sandbox/abr/fake-abr-server';
import { startFakeOpenCorporates, type FakeOpenCorporates } from '../../src/sandbox/opencorporates/fake-opencorporates-server';
import { UNKNOWN_REGISTRY_STATUS, type RegistryStatus } from '../../src/core/registry-status';
import { recordedReference } from '../support/candidate-references';
import { makeAccount } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { postForm, serveReconciliation, type ReconciliationServer } from './reconciliation-support';

type Account = Awaited<ReturnType<typeof makeAccount>>;

let ctx: TestContext;
let abr: FakeAbr;
let openCorporates: FakeOpenCorporates;
let reconciliation: ReconciliationServer;
let caller: Account;
let dir: string;

const DISSOLVED: RegistryStatus = { status: 'inactive', wording: 'Dissolved', date: '2020-11-17' };

beforeAll(async () => {
  abr = await startFakeAbr({ latency: 'zero' });
  openCorporates = await startFakeOpenCorporates({ latency: 'zero' });
  ctx = await createTestContainer({
    env: { ABR_GUID: 'sandbox-guid', ABR_BASE_URL: abr.url, OPENCORPORATES_API_TOKEN: 'sandbox-token', OPENCORPORATES_BASE_URL: openCorporates.url },
  });
  caller = await makeAccount(ctx.database.db);
  reconciliation = await serveReconciliation();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-status-'));
  const file = path.join(dir, 'organisations.jsonl');
  fs.writeFileSync(
    file,
    [
      // A dissolved company and its active namesake (another legal entity with the same name, in the same country).
      { name: 'Tarnwick Orchards Limited', countryIsoAlpha3: 'GBR', registryStatus: DISSOLVED },
      { name: 'Tarnwick Orchards Ltd', countryIsoAlpha3: 'GBR', registryStatus: { status: 'active', wording: 'Active' } },
      // The register's word alone.
      { name: 'Vellacourt Mining Pty Ltd', countryIsoAlpha3: 'AUS', registryStatus: 'Deregistered' },
      // No status: unknown.
      { name: 'Ossington Looms Pty Ltd', countryIsoAlpha3: 'AUS' },
      // Rejected: not a status, and not a date.
      { name: 'Bad Status Pty Ltd', countryIsoAlpha3: 'AUS', registryStatus: { status: 'gone' } },
      { name: 'Bad Date Pty Ltd', countryIsoAlpha3: 'AUS', registryStatus: { status: 'inactive', date: '17/11/2020' } },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n'),
  );
  const imported = await runCliInProcess(ctx.database.url, ['import', 'organisations', file]);
  expect(imported.json).toMatchObject({ imported: 4, rejected: 2 });
}, 120_000);

afterAll(async () => {
  await reconciliation?.close();
  await ctx?.close();
  await abr?.close();
  await openCorporates?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function quickSearch(query: string, countryIsoAlpha3: string) {
  const response = await quickSearchRoute(
    new Request('http://localhost/api/organisations/quick-search', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: caller.authorization },
      body: JSON.stringify({ query, countryIsoAlpha3 }),
    }),
  );
  expect(response.status).toBe(200);
  const json = (await response.json()) as { candidates: unknown[] };
  return json.candidates.map((c) => internalQuickSearchCandidateSchema.strict().parse(c));
}

async function statusOf(name: string) {
  const [row] = await ctx.database.db
    .select({ status: organisations.registryStatus, wording: organisations.registryStatusText, date: organisations.registryStatusDate })
    .from(organisations)
    .where(eq(organisations.name, name));
  return row;
}

describe('import lines', () => {
  it("store registryStatus as given, read the register's word alone, and leave it unknown when absent", async () => {
    expect(await statusOf('Tarnwick Orchards Limited')).toEqual(DISSOLVED);
    expect(await statusOf('Vellacourt Mining Pty Ltd')).toEqual({ status: 'inactive', wording: 'Deregistered', date: null });
    expect(await statusOf('Ossington Looms Pty Ltd')).toEqual({ status: 'unknown', wording: null, date: null });
  });

  it('reject a status outside active, inactive, unknown and a date not written YYYY-MM-DD, naming the field', async () => {
    const file = path.join(dir, 'bad.jsonl');
    fs.writeFileSync(file, JSON.stringify({ name: 'Bad Status Pty Ltd', registryStatus: { status: 'gone' } }));
    const result = await runCliInProcess(ctx.database.url, ['import', 'organisations', file]);
    expect(result.json).toMatchObject({ imported: 0, rejected: 1, errors: [{ line: 1, reason: expect.stringContaining('registryStatus') }] });
    expect(await statusOf('Bad Date Pty Ltd')).toBeUndefined();
  });
});

describe('the quick lookup', () => {
  it('shows the status, ranks the dissolved company after its active namesake and never decides it a match', async () => {
    const found = await quickSearch('Tarnwick Orchards Limited', 'GBR');
    expect(found.map((c) => c.canonicalName)).toEqual(['Tarnwick Orchards Ltd', 'Tarnwick Orchards Limited']);
    expect(found[0]?.registryStatus).toEqual({ status: 'active', wording: 'Active', date: null });
    expect(found[1]?.registryStatus).toEqual(DISSOLVED);
    expect(found[1]?.match.score).toBeGreaterThanOrEqual(found[0]?.match.score ?? 101);
    expect(found[1]?.match.match).toBe(false);
  });

  it('a deregistered company alone is still found, with its status, and is not a match', async () => {
    const [only] = await quickSearch('Vellacourt Mining', 'AUS');
    expect(only).toMatchObject({ canonicalName: 'Vellacourt Mining Pty Ltd', registryStatus: { status: 'inactive', wording: 'Deregistered' } });
    expect(only?.match.match).toBe(false);
  });
});

describe('batch matching', () => {
  it('never auto-matches a dissolved company, internal or found by the registry pass, and "Add accepted organisations" does not create it', async () => {
    const csv = ['Supplier,Country', 'Vellacourt Mining Pty Ltd,AU', 'Meridian Ridge Limited,GB', 'Ossington Looms Pty Ltd,AU'].join('\n');
    const { batchId } = await ctx.container.matchBatches.create(caller.id, {
      fileName: 'suppliers.csv',
      csv,
      columns: { name: 'Supplier', country: 'Country' },
      registryPass: true,
    });
    expect(await ctx.container.matchBatches.run({ batchId, accountId: caller.id })).toBe('completed');
    const [vellacourt, meridian, ossington] = await ctx.container.matchBatches.read.rows(caller.id, batchId, { offset: 0, limit: 10 });

    expect(vellacourt?.decision).toBe('review');
    expect(vellacourt?.result?.best).toMatchObject({ kind: 'internal', name: 'Vellacourt Mining Pty Ltd', registryStatus: { status: 'inactive' } });
    expect(vellacourt?.result?.explanation).toContain('Deregistered');

    // Only OpenCorporates knows it: MERIDIAN RIDGE LIMITED, dissolved 2020-11-17 (the fake's record).
    expect(meridian?.decision).toBe('review');
    expect(meridian?.result?.best).toMatchObject({ kind: 'registry', name: 'MERIDIAN RIDGE LIMITED', registryStatus: DISSOLVED });
    expect(meridian?.result?.best?.match.match).toBe(false);
    expect(meridian?.result?.explanation).toContain('Dissolved 2020');

    expect(ossington?.decision).toBe('match'); // unknown status: decided as before

    const response = await applyRoute(
      new Request(`http://localhost/api/match/batches/${batchId}/apply`, {
        method: 'POST',
        headers: { authorization: caller.authorization, 'content-type': 'application/json' },
        body: '{}',
      }),
      { params: Promise.resolve({ id: batchId }) },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { accepted: 1, linked: 1, created: 0 } });
    const created = await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int as n from organisations where name ilike 'meridian ridge%'`);
    expect(created.rows[0]?.n).toBe(0);
  }, 60_000);
});

describe('reconciliation', () => {
  it('answers match: false for a dissolved organisation, after its active namesake', async () => {
    const response = await postForm(reconciliation.baseUrl, { queries: JSON.stringify({ q0: { query: 'Tarnwick Orchards Limited' } }) }, caller.authorization);
    expect(response.status).toBe(200);
    const batch = (await response.json()) as Record<string, { result: { name: string; match: boolean; score: number }[] }>;
    const result = batch.q0?.result ?? [];
    expect(result.map((c) => [c.name, c.match])).toEqual([
      ['Tarnwick Orchards Ltd', true],
      ['Tarnwick Orchards Limited', false],
    ]);
  });
});

describe('selection', () => {
  it('a selected registry candidate keeps the status the register gave it; one without a status is unknown', async () => {
    // Recorded the way the stream records what it hands out (decision 0017), then selected by reference.
    const candidate = (name: string, identifier: string, registryStatus?: RegistryStatus) =>
      recordedReference(ctx.database.db, caller.id, {
        _type: 'candidate',
        canonicalName: name,
        description: 'Private Limited Company',
        countryIsoAlpha3: 'GBR',
        key: `GBR|${name.toLowerCase()}`,
        existingOrgId: null,
        source: 'registry_global',
        website: null,
        logo: null,
        accountLinked: false,
        identifiers: [{ type: 'CH', value: identifier }],
        websiteValidated: false,
        nameKind: 'entity',
        matchedBusinessName: null,
        parentEntityName: null,
        type: 'ProprietaryLimited',
        registryStatus: registryStatus ?? UNKNOWN_REGISTRY_STATUS,
      });
    const select = async (body: unknown) => {
      const response = await selectRoute(
        new Request('http://localhost/api/organisations/select', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: caller.authorization },
          body: JSON.stringify(body),
        }),
      );
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { organisationId: string; created: boolean } }).data;
    };
    const quill = await select({ candidate: await candidate('QUILLSTONE SOFTWARE LIMITED', '08123456', DISSOLVED), countryIsoAlpha3: 'GBR' });
    expect(quill.created).toBe(true);
    expect(await statusOf('QUILLSTONE SOFTWARE LIMITED')).toEqual(DISSOLVED);
    await select({ candidate: await candidate('NORTHGATE TIMBER SUPPLIES LIMITED', '00445790'), countryIsoAlpha3: 'GBR' });
    expect(await statusOf('NORTHGATE TIMBER SUPPLIES LIMITED')).toEqual({ status: 'unknown', wording: null, date: null });
  });
});
