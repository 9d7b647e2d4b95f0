/**
 * VerifyOrganisation against real PostgreSQL (the verification store) with an in-memory register (the
 * RegistryLookups port), and the demo concordance: 221111 SPENT+INVESTED DEMO-22; 111199 SPENT DEMO-11 +
 * DEMO-81; 111110 SPENT DEMO-11.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/adapters/db/client';
import { backfillTransactions } from '../../src/adapters/db/queries/transactions-backfill';
import { createClassificationRepository, findVisibleOrganisation, listOrganisationAquila1 } from '../../src/adapters/db/queries/classification';
import { findOrganisationProfileForAccount } from '../../src/adapters/db/queries/organisation-profile';
import { seedDemoConcordance } from '../../src/adapters/db/seed/demo-concordance';
import { seedNaics } from '../../src/adapters/db/seed/naics-seed';
import { createPostgresLock } from '../../src/adapters/lock/postgres-lock';
import { ConflictError } from '../../src/core/errors';
import { abnFromAcn, makeAcn } from '../../src/core/identifiers';
import { parseNaicsCodeOrThrow } from '../../src/core/naics';
import type { ProviderFailure, ProviderResult, RegistryLookups, RegistryRecord } from '../../src/server/enrichment/ports';
import { organisationNaicsLockKey } from '../../src/server/naics/add-organisation-naics';
import { basketsOf, syncAquila1 } from '../../src/server/naics/sync-aquila1';
import { createVerifyOrganisation } from '../../src/server/verification/verify-organisation';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import type { Log } from '../../src/server/ports';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedNaics(db);
  await seedDemoConcordance(db);
});
afterAll(async () => {
  await database?.drop();
});

// ---------------------------------------------------------------- an in-memory register

type LookupName = keyof RegistryLookups;

/** Records by `<lookup>:<value as asked>`; a failure answers every look-up while set. Calls are kept. */
function inMemoryRegister() {
  const records = new Map<string, RegistryRecord>();
  const calls: { lookup: LookupName; value: string }[] = [];
  let failure: ProviderFailure | null = null;
  const answer =
    (lookup: LookupName) =>
    async (value: string): Promise<ProviderResult<RegistryRecord | null>> => {
      calls.push({ lookup, value });
      if (failure) return { ok: false, failure };
      return { ok: true, value: records.get(`${lookup}:${value}`) ?? null };
    };
  const registry: RegistryLookups = {
    byAbn: answer('byAbn'),
    byAcn: answer('byAcn'),
    byCompaniesHouseNumber: answer('byCompaniesHouseNumber'),
    byAggregatorId: answer('byAggregatorId'),
    byLei: answer('byLei'),
  };
  return {
    registry,
    calls,
    /** An ABR company: found by its ABN and by its ACN. */
    addAbrCompany(company: { abn: string; acn: string; name: string; active?: boolean; otherNames?: string[] }): void {
      const record: RegistryRecord = {
        name: company.name,
        otherNames: company.otherNames ?? [],
        countryIsoAlpha3: 'AUS',
        identifiers: [
          { type: 'ABN', value: company.abn },
          { type: 'ACN', value: company.acn },
        ],
        active: company.active ?? true,
        type: 'ProprietaryLimited',
        register: 'abr',
        url: `https://abr.business.gov.au/ABN/View?abn=${company.abn}`,
      };
      records.set(`byAbn:${company.abn}`, record);
      records.set(`byAcn:${company.acn}`, record);
    },
    /** A UK company on the aggregator: found by its Companies House number and by `gb/<number>`. */
    addUkCompany(company: { number: string; name: string }): void {
      const record: RegistryRecord = {
        name: company.name,
        otherNames: [],
        countryIsoAlpha3: 'GBR',
        identifiers: [
          { type: 'CH', value: company.number },
          { type: 'OPENCORPORATES', value: `gb/${company.number}` },
        ],
        active: true,
        type: 'ProprietaryLimited',
        register: 'opencorporates',
        url: `https://opencorporates.com/companies/gb/${company.number}`,
      };
      records.set(`byCompaniesHouseNumber:${company.number}`, record);
      records.set(`byAggregatorId:gb/${company.number}`, record);
    },
    fail(next: ProviderFailure | null): void {
      failure = next;
    },
  };
}

function recordingLog() {
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  const log: Pick<Log, 'info' | 'warn'> = { warn: (details, message) => warnings.push({ details, message }), info: () => undefined };
  return { log, warnings };
}

function verifier(register: ReturnType<typeof inMemoryRegister>, options: { log?: Pick<Log, 'info' | 'warn'>; lockWaitMs?: number } = {}) {
  return createVerifyOrganisation({
    db,
    lock: createPostgresLock(db),
    lockWaitMs: options.lockWaitMs,
    registry: register.registry,
    log: options.log ?? recordingLog().log,
  });
}

// ---------------------------------------------------------------- data

/** A fresh, valid ACN/ABN pair per call, so tests sharing the database never share a company. */
function newCompanyNumbers(): { acn: string; abn: string } {
  const acn = makeAcn(randomInt(0, 100_000_000));
  return { acn, abn: abnFromAcn(acn) };
}

/** What an account's selection leaves behind: an organisation owned by and listed for the account. */
async function privateOrganisation(accountId: string, name: string, identifiers: { type: string; value: string }[]) {
  return makeOrganisation(db, { name, identifiers }, { ownerAccountId: accountId, linkAccountId: accountId });
}

async function owners(organisationId: string): Promise<string[]> {
  const result = await db.execute<{ account_id: string }>(sql`select account_id from organisation_owners where organisation_id = ${organisationId}::uuid`);
  return result.rows.map((r) => r.account_id);
}

async function verifications(organisationId: string) {
  const result = await db.execute<{ verdict: string; account_id: string | null; redirected_to: string | null; evidence: unknown }>(
    sql`select verdict, account_id, redirected_to, evidence from organisation_verifications where organisation_id = ${organisationId}::uuid order by created_at`,
  );
  return result.rows;
}

async function redirectedTo(organisationId: string): Promise<string | null> {
  const result = await db.execute<{ redirected_to: string | null }>(sql`select redirected_to from organisations where id = ${organisationId}::uuid`);
  return result.rows[0]?.redirected_to ?? null;
}

async function linkedOrganisations(accountId: string): Promise<string[]> {
  const result = await db.execute<{ organisation_id: string }>(sql`select organisation_id from account_organisations where account_id = ${accountId}::uuid`);
  return result.rows.map((r) => r.organisation_id).sort();
}

async function naicsCodes(organisationId: string): Promise<string[]> {
  const result = await db.execute<{ naics_code: string }>(
    sql`select naics_code from organisation_naics where organisation_id = ${organisationId}::uuid order by naics_code`,
  );
  return result.rows.map((r) => r.naics_code);
}

/** Tags an organisation as a manual NAICS add does: the codes, then the baskets from the full set. */
async function classify(organisationId: string, codes: string[]): Promise<void> {
  const repository = createClassificationRepository(db);
  for (const code of codes) await repository.connectNaics({ organisationId, naicsCode: parseNaicsCodeOrThrow(code) });
  await syncAquila1(repository, organisationId, await repository.listOrganisationNaicsCodes(organisationId));
}

/** Classifies the account's transactions of the organisation with its current baskets (AddOrganisationNAICS step 6). */
async function backfill(accountId: string, organisationId: string): Promise<void> {
  const baskets = basketsOf(await listOrganisationAquila1(db, { organisationId }));
  for (const type of ['SPENT', 'INVESTED'] as const) {
    await backfillTransactions(db, { accountId, organisationId, for: type, basket: baskets[type] });
  }
}

async function addTransactions(accountId: string, organisationId: string, type: string, count: number): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`insert into transactions (account_id, organisation_id, type, amount, currency, date)
    select ${accountId}::uuid, ${organisationId}::uuid, ${type}, 10, 'AUD', date '2026-01-01' from generate_series(1, ${count}) returning id`);
  return result.rows.map((r) => r.id);
}

async function transactionsOf(ids: readonly string[]) {
  const result = await db.execute<{ id: string; organisation_id: string; edges: { code: string; for: string; weight: number }[] | null }>(sql`
    select t.id, t.organisation_id,
      (select json_agg(json_build_object('code', ta.aquila1_code, 'for', ta."for", 'weight', ta.weight) order by ta."for", ta.aquila1_code)
         from transaction_aquila1 ta where ta.transaction_id = t.id) as edges
    from transactions t where t.id = any(${sql.param([...ids])}::uuid[])`);
  return result.rows;
}

// ---------------------------------------------------------------- the rules

describe('VerifyOrganisation: a verified organisation becomes global', () => {
  it('drops OWNED_BY when an active record by its ABN has its name and agrees on its ACN; another account sees it afterwards', async () => {
    const { abn, acn } = newCompanyNumbers();
    const register = inMemoryRegister();
    register.addAbrCompany({ abn, acn, name: 'KOALA LOGISTICS PTY LTD' });
    const owner = await makeAccount(db);
    const other = await makeAccount(db);
    const organisation = await privateOrganisation(owner.id, 'Koala Logistics Pty. Limited', [
      { type: 'ABN', value: abn },
      { type: 'ACN', value: acn },
    ]);
    expect(await findOrganisationProfileForAccount(db, { accountId: other.id, organisationId: organisation.id })).toBeNull();

    const outcome = await verifier(register)(organisation.id);

    expect(outcome).toMatchObject({ organisationId: organisation.id, verdict: 'verified', redirectedTo: null, accountId: owner.id });
    expect(register.calls).toEqual([{ lookup: 'byAbn', value: abn }]);
    expect(await owners(organisation.id)).toEqual([]);
    expect(await findVisibleOrganisation(db, { accountId: other.id, organisationId: organisation.id })).toEqual({ id: organisation.id });
    // The owner keeps it on its list.
    expect(await linkedOrganisations(owner.id)).toEqual([organisation.id]);
    const [recorded, ...more] = await verifications(organisation.id);
    expect(more).toEqual([]);
    expect(recorded).toEqual({
      verdict: 'verified',
      account_id: owner.id,
      redirected_to: null,
      evidence: {
        register: 'abr',
        identifier: { type: 'ABN', value: abn },
        registeredName: 'KOALA LOGISTICS PTY LTD',
        active: true,
        nameMatches: true,
        inconsistentIdentifiers: [],
        url: `https://abr.business.gov.au/ABN/View?abn=${abn}`,
        summary: expect.stringMatching(/^Verified: /),
      },
    });
    // The page shows the verdict.
    const profile = await findOrganisationProfileForAccount(db, { accountId: other.id, organisationId: organisation.id });
    expect(profile?.verification).toMatchObject({ verdict: 'verified', evidence: { register: 'abr', nameMatches: true } });
  });

  it('asks by ACN when there is no ABN, then by Companies House number, then by aggregator id', async () => {
    const { abn, acn } = newCompanyNumbers();
    const number = `SC${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const register = inMemoryRegister();
    register.addAbrCompany({ abn, acn, name: 'WOMBAT FREIGHT PTY LTD' });
    register.addUkCompany({ number, name: 'THISTLE DISTILLING LIMITED' });
    const account = await makeAccount(db);
    const byAcn = await privateOrganisation(account.id, 'Wombat Freight', [{ type: 'ACN', value: acn }]);
    const byCh = await privateOrganisation(account.id, 'Thistle Distilling Ltd', [
      { type: 'OPENCORPORATES', value: `gb/${number}` },
      { type: 'CH', value: number },
    ]);
    const byAggregator = await privateOrganisation(account.id, 'Thistle Distilling Ltd', [{ type: 'OPENCORPORATES', value: `gb/${number}` }]);
    const verify = verifier(register);

    expect(await verify(byAcn.id)).toMatchObject({ verdict: 'verified', evidence: { register: 'abr', identifier: { type: 'ACN', value: acn } } });
    expect(await verify(byCh.id)).toMatchObject({ verdict: 'verified', evidence: { register: 'opencorporates', identifier: { type: 'CH', value: number } } });
    // The same company is global by now: the third one redirects to it.
    expect(await verify(byAggregator.id)).toMatchObject({ verdict: 'redirected', redirectedTo: byCh.id });
    expect(register.calls).toEqual([
      { lookup: 'byAcn', value: acn },
      { lookup: 'byCompaniesHouseNumber', value: number },
      { lookup: 'byAggregatorId', value: `gb/${number}` },
    ]);
  });

  it('is idempotent: a second run finds it global and does nothing', async () => {
    const { abn, acn } = newCompanyNumbers();
    const register = inMemoryRegister();
    register.addAbrCompany({ abn, acn, name: 'BILBY BAKERY PTY LTD' });
    const account = await makeAccount(db);
    const organisation = await privateOrganisation(account.id, 'Bilby Bakery', [{ type: 'ABN', value: abn }]);
    const verify = verifier(register);

    expect(await verify(organisation.id)).toMatchObject({ verdict: 'verified' });
    expect(await verify(organisation.id)).toBeNull();
    expect(register.calls).toHaveLength(1);
    expect(await verifications(organisation.id)).toHaveLength(1);
  });

  it('gives one verdict when two runs race on the same organisation', async () => {
    const { abn, acn } = newCompanyNumbers();
    const register = inMemoryRegister();
    register.addAbrCompany({ abn, acn, name: 'EMU ELECTRICAL PTY LTD' });
    const account = await makeAccount(db);
    const organisation = await privateOrganisation(account.id, 'Emu Electrical', [{ type: 'ABN', value: abn }]);
    const verify = verifier(register);

    const outcomes = await Promise.all([verify(organisation.id), verify(organisation.id)]);

    expect(outcomes.filter((o) => o !== null).map((o) => o?.verdict)).toEqual(['verified']);
    expect(await verifications(organisation.id)).toHaveLength(1);
  });

  it('answers null for a global organisation, a missing one and a malformed id, without asking the register', async () => {
    const { abn, acn } = newCompanyNumbers();
    const register = inMemoryRegister();
    register.addAbrCompany({ abn, acn, name: 'QUOKKA QUARRIES PTY LTD' });
    const global = await makeOrganisation(db, { name: 'Quokka Quarries', identifiers: [{ type: 'ABN', value: abn }] });
    const verify = verifier(register);

    expect(await verify(global.id)).toBeNull();
    expect(await verify('5b0f4f8e-3f55-4c5e-9d43-0c0a3c1f0b6e')).toBeNull();
    expect(await verify('not-a-uuid')).toBeNull();
    expect(register.calls).toEqual([]);
    expect(await verifications(global.id)).toEqual([]);
  });
});

describe('VerifyOrganisation: not verified, it stays private', () => {
  async function expectStillPrivate(organisationId: string, accountId: string): Promise<void> {
    expect(await owners(organisationId)).toEqual([accountId]);
    expect(await redirectedTo(organisationId)).toBeNull();
    expect(await linkedOrganisations(accountId)).toEqual([organisationId]);
  }

  it('when the record is not active (a cancelled ABN)', async () => {
    const { abn, acn } = newCompanyNumbers();
    const register = inMemoryRegister();
    register.addAbrCompany({ abn, acn, name: 'POSSUM PLUMBING PTY LTD', active: false });
    const account = await makeAccount(db);
    const organisation = await privateOrganisation(account.id, 'Possum Plumbing', [{ type: 'ABN', value: abn }]);

    const outcome = await verifier(register)(organisation.id);

    expect(outcome).toMatchObject({ verdict: 'not_verified', redirectedTo: null, evidence: { active: false, nameMatches: true } });
    expect(outcome?.evidence.summary).toContain('the record is not active');
    await expectStillPrivate(organisation.id, account.id);
    expect(await verifications(organisation.id)).toMatchObject([{ verdict: 'not_verified', account_id: account.id, evidence: { active: false } }]);
  });

  it("when the registered name is not the organisation's", async () => {
    const { abn, acn } = newCompanyNumbers();
    const register = inMemoryRegister();
    register.addAbrCompany({ abn, acn, name: 'KOALA LOGISTIC SOLUTIONS PTY LTD' });
    const account = await makeAccount(db);
    const organisation = await privateOrganisation(account.id, 'Koala Logistics Pty Ltd', [{ type: 'ABN', value: abn }]);

    const outcome = await verifier(register)(organisation.id);

    expect(outcome).toMatchObject({
      verdict: 'not_verified',
      evidence: { registeredName: 'KOALA LOGISTIC SOLUTIONS PTY LTD', nameMatches: false, active: true },
    });
    await expectStillPrivate(organisation.id, account.id);
  });

  it('when the register gives another ACN than the one the organisation holds', async () => {
    const company = newCompanyNumbers();
    const stranger = newCompanyNumbers();
    const register = inMemoryRegister();
    register.addAbrCompany({ ...company, name: 'NUMBAT NURSERIES PTY LTD' });
    const account = await makeAccount(db);
    const organisation = await privateOrganisation(account.id, 'Numbat Nurseries', [
      { type: 'ABN', value: company.abn },
      { type: 'ACN', value: stranger.acn },
    ]);

    const outcome = await verifier(register)(organisation.id);

    expect(outcome).toMatchObject({
      verdict: 'not_verified',
      evidence: { active: true, nameMatches: true, inconsistentIdentifiers: [{ type: 'ACN', value: stranger.acn }] },
    });
    await expectStillPrivate(organisation.id, account.id);
  });

  it('when it holds no registry identifier (the register is not asked)', async () => {
    const register = inMemoryRegister();
    const account = await makeAccount(db);
    const organisation = await privateOrganisation(account.id, 'Dingo Design Studio', [{ type: 'LEI', value: '5493001KJTIIGC8Y1R12' }]);

    const outcome = await verifier(register)(organisation.id);

    expect(outcome).toMatchObject({ verdict: 'not_verified', evidence: { register: null, identifier: null, summary: 'No registry identifier to check' } });
    expect(register.calls).toEqual([]);
    await expectStillPrivate(organisation.id, account.id);
    expect(await verifications(organisation.id)).toHaveLength(1);
  });

  it('when the register has no such record', async () => {
    const { abn } = newCompanyNumbers();
    const register = inMemoryRegister();
    const account = await makeAccount(db);
    const organisation = await privateOrganisation(account.id, 'Galah Graphics', [{ type: 'ABN', value: abn }]);

    const outcome = await verifier(register)(organisation.id);

    expect(outcome).toMatchObject({ verdict: 'not_verified', evidence: { register: 'abr', identifier: { type: 'ABN', value: abn }, registeredName: null } });
    expect(outcome?.evidence.summary).toMatch(/^No such record/);
    await expectStillPrivate(organisation.id, account.id);
  });

  it('when the register cannot be reached: logged, recorded, nothing else changes', async () => {
    const { abn, acn } = newCompanyNumbers();
    const register = inMemoryRegister();
    register.addAbrCompany({ abn, acn, name: 'WALLABY WINES PTY LTD' });
    register.fail({ kind: 'timeout', message: 'AbnDetails timed out after 5000 ms' });
    const account = await makeAccount(db);
    const organisation = await privateOrganisation(account.id, 'Wallaby Wines', [{ type: 'ABN', value: abn }]);
    await classify(organisation.id, ['221111']);
    const { log, warnings } = recordingLog();

    const outcome = await verifier(register, { log })(organisation.id);

    expect(outcome).toMatchObject({ verdict: 'not_verified', evidence: { register: 'abr', active: null, nameMatches: false } });
    expect(outcome?.evidence.summary).toContain('could not be reached');
    expect(outcome?.evidence.summary).not.toContain('5000 ms');
    expect(warnings).toMatchObject([{ details: { organisationId: organisation.id, failure: { kind: 'timeout' } } }]);
    await expectStillPrivate(organisation.id, account.id);
    expect(await naicsCodes(organisation.id)).toEqual(['221111']);

    // Once the register answers again, a later run verifies it.
    register.fail(null);
    expect(await verifier(register)(organisation.id)).toMatchObject({ verdict: 'verified' });
    expect((await verifications(organisation.id)).map((v) => v.verdict)).toEqual(['not_verified', 'verified']);
  });

  it('when the run is cancelled: no verdict is recorded', async () => {
    const { abn, acn } = newCompanyNumbers();
    const register = inMemoryRegister();
    register.addAbrCompany({ abn, acn, name: 'CASSOWARY CAFE PTY LTD' });
    const account = await makeAccount(db);
    const organisation = await privateOrganisation(account.id, 'Cassowary Cafe', [{ type: 'ABN', value: abn }]);
    const controller = new AbortController();
    controller.abort(new Error('worker stopping'));

    await expect(verifier(register)(organisation.id, { signal: controller.signal })).rejects.toThrow('worker stopping');
    await expectStillPrivate(organisation.id, account.id);
    expect(await verifications(organisation.id)).toEqual([]);
  });
});

describe('VerifyOrganisation: verified, but a global organisation with the same registry identifier exists', () => {
  it('redirects to it and moves the link, the NAICS tags and the transactions; the target is reclassified; reads follow', async () => {
    const { abn, acn } = newCompanyNumbers();
    const register = inMemoryRegister();
    register.addAbrCompany({ abn, acn, name: 'KOOKABURRA KITCHENS PTY LTD' });
    const account = await makeAccount(db);
    const other = await makeAccount(db);
    // The global organisation, classified by someone as 111110 (SPENT DEMO-11), with another account's transaction.
    const global = await makeOrganisation(db, { name: 'Kookaburra Kitchens Pty Ltd', identifiers: [{ type: 'ABN', value: abn }] });
    await classify(global.id, ['111110']);
    const [othersTransaction = ''] = await addTransactions(other.id, global.id, 'SPENT', 1);
    await backfill(other.id, global.id);
    // The account's private duplicate, classified 221111 + 111199, with classified SPENT and unclassified INVESTED transactions.
    const duplicate = await privateOrganisation(account.id, 'Kookaburra Kitchens', [
      { type: 'ABN', value: abn },
      { type: 'ACN', value: acn },
    ]);
    await classify(duplicate.id, ['221111', '111199']);
    const spent = await addTransactions(account.id, duplicate.id, 'SPENT', 2);
    await backfill(account.id, duplicate.id);
    const invested = await addTransactions(account.id, duplicate.id, 'INVESTED', 2);
    const [spentBefore] = await transactionsOf(spent);

    const outcome = await verifier(register)(duplicate.id);

    expect(outcome).toMatchObject({ organisationId: duplicate.id, verdict: 'redirected', redirectedTo: global.id, accountId: account.id });
    expect(outcome?.evidence.summary).toContain('redirects to it');
    expect(await redirectedTo(duplicate.id)).toBe(global.id);
    // The duplicate stays private to the account (nobody else ever sees it); the global one stays global.
    expect(await owners(duplicate.id)).toEqual([account.id]);
    expect(await owners(global.id)).toEqual([]);
    // The account's list entry moved.
    expect(await linkedOrganisations(account.id)).toEqual([global.id]);
    // The NAICS tags moved; the target's baskets are recomputed from its full set, the duplicate's cleared.
    expect(await naicsCodes(global.id)).toEqual(['111110', '111199', '221111']);
    expect(await naicsCodes(duplicate.id)).toEqual([]);
    expect(await listOrganisationAquila1(db, { organisationId: duplicate.id })).toEqual([]);
    const baskets = (await listOrganisationAquila1(db, { organisationId: global.id })).map(({ code, for: type, weight }) => ({ code, for: type, weight }));
    expect(baskets).toEqual([
      { code: 'DEMO-22', for: 'INVESTED', weight: 1 },
      // One third per code, 111199's third split between its two sectors.
      { code: 'DEMO-11', for: 'SPENT', weight: expect.closeTo(1 / 3 + 1 / 6, 10) },
      { code: 'DEMO-22', for: 'SPENT', weight: expect.closeTo(1 / 3, 10) },
      { code: 'DEMO-81', for: 'SPENT', weight: expect.closeTo(1 / 6, 10) },
    ]);
    // The account's transactions moved with their edges; the unclassified ones got the target's basket.
    const moved = await transactionsOf([...spent, ...invested]);
    expect(moved.every((t) => t.organisation_id === global.id)).toBe(true);
    for (const t of moved.filter((m) => spent.includes(m.id))) expect(t.edges).toEqual(spentBefore?.edges);
    for (const t of moved.filter((m) => invested.includes(m.id))) expect(t.edges).toEqual([{ code: 'DEMO-22', for: 'INVESTED', weight: 1 }]);
    // Another account's transaction on the target is not touched.
    const [othersAfter] = await transactionsOf([othersTransaction]);
    expect(othersAfter?.edges).toEqual([{ code: 'DEMO-11', for: 'SPENT', weight: 1 }]);
    // The verdict is recorded on the duplicate.
    expect(await verifications(duplicate.id)).toMatchObject([{ verdict: 'redirected', account_id: account.id, redirected_to: global.id }]);

    // A read of the duplicate's id answers the global organisation.
    const profile = await findOrganisationProfileForAccount(db, { accountId: account.id, organisationId: duplicate.id });
    expect(profile).toMatchObject({ id: global.id, accountLinked: true });
    expect(profile?.naics.map((n) => n.code)).toEqual(['111110', '111199', '221111']);
    // Another account cannot read the duplicate's id at all.
    expect(await findOrganisationProfileForAccount(db, { accountId: other.id, organisationId: duplicate.id })).toBeNull();
    // Nothing left to verify.
    expect(await verifier(register)(duplicate.id)).toBeNull();
    // The manual classification's locks were released.
    const locks = await db.execute<{ n: string }>(
      sql`select count(*) n from locks where key in (${organisationNaicsLockKey(duplicate.id)}, ${organisationNaicsLockKey(global.id)})`,
    );
    expect(Number(locks.rows[0]?.n)).toBe(0);
  });

  it('finds the global twin by the ACN the register gives with the ABN', async () => {
    const { abn, acn } = newCompanyNumbers();
    const register = inMemoryRegister();
    register.addAbrCompany({ abn, acn, name: 'PLATYPUS PRINTING PTY LTD' });
    const account = await makeAccount(db);
    const global = await makeOrganisation(db, { name: 'Platypus Printing', identifiers: [{ type: 'ACN', value: acn }] });
    const duplicate = await privateOrganisation(account.id, 'Platypus Printing Pty Ltd', [{ type: 'ABN', value: abn }]);

    expect(await verifier(register)(duplicate.id)).toMatchObject({ verdict: 'redirected', redirectedTo: global.id });
  });

  it("never redirects to another account's private organisation: it becomes global itself (and the other one later redirects to it)", async () => {
    const { abn, acn } = newCompanyNumbers();
    const register = inMemoryRegister();
    register.addAbrCompany({ abn, acn, name: 'ECHIDNA ENGINEERING PTY LTD' });
    const first = await makeAccount(db);
    const second = await makeAccount(db);
    const othersPrivate = await privateOrganisation(second.id, 'Echidna Engineering', [{ type: 'ABN', value: abn }]);
    const mine = await privateOrganisation(first.id, 'Echidna Engineering', [{ type: 'ABN', value: abn }]);
    const verify = verifier(register);

    expect(await verify(mine.id)).toMatchObject({ verdict: 'verified', redirectedTo: null });
    expect(await owners(othersPrivate.id)).toEqual([second.id]);
    expect(await redirectedTo(othersPrivate.id)).toBeNull();

    expect(await verify(othersPrivate.id)).toMatchObject({ verdict: 'redirected', redirectedTo: mine.id });
    expect(await linkedOrganisations(second.id)).toEqual([mine.id]);
  });

  it('makes one of two private duplicates verified at once global and redirects the other to it', async () => {
    const { abn, acn } = newCompanyNumbers();
    const register = inMemoryRegister();
    register.addAbrCompany({ abn, acn, name: 'GOANNA GARDENS PTY LTD' });
    const first = await makeAccount(db);
    const second = await makeAccount(db);
    const a = await privateOrganisation(first.id, 'Goanna Gardens', [{ type: 'ABN', value: abn }]);
    const b = await privateOrganisation(second.id, 'Goanna Gardens', [{ type: 'ABN', value: abn }]);
    const verify = verifier(register);

    const outcomes = await Promise.all([verify(a.id), verify(b.id)]);

    expect(outcomes.map((o) => o?.verdict).sort()).toEqual(['redirected', 'verified']);
    const winner = outcomes.find((o) => o?.verdict === 'verified');
    expect(outcomes.find((o) => o?.verdict === 'redirected')?.redirectedTo).toBe(winner?.organisationId);
  });

  it('waits for a running NAICS add on the target and gives up with ConflictError, changing nothing, when it does not finish', async () => {
    const { abn, acn } = newCompanyNumbers();
    const register = inMemoryRegister();
    register.addAbrCompany({ abn, acn, name: 'MAGPIE MOTORS PTY LTD' });
    const account = await makeAccount(db);
    const global = await makeOrganisation(db, { name: 'Magpie Motors', identifiers: [{ type: 'ABN', value: abn }] });
    const duplicate = await privateOrganisation(account.id, 'Magpie Motors', [{ type: 'ABN', value: abn }]);
    await classify(duplicate.id, ['221111']);
    const lock = createPostgresLock(db);
    const token = await lock.tryAcquire(organisationNaicsLockKey(global.id), 30_000);
    if (token === null) throw new Error('the test could not take the lock');
    try {
      await expect(verifier(register, { lockWaitMs: 200 })(duplicate.id)).rejects.toBeInstanceOf(ConflictError);
      expect(await redirectedTo(duplicate.id)).toBeNull();
      expect(await naicsCodes(duplicate.id)).toEqual(['221111']);
      expect(await linkedOrganisations(account.id)).toEqual([duplicate.id]);
      expect(await verifications(duplicate.id)).toEqual([]);
    } finally {
      await lock.release(organisationNaicsLockKey(global.id), token);
    }

    // Released: the next run redirects.
    expect(await verifier(register)(duplicate.id)).toMatchObject({ verdict: 'redirected', redirectedTo: global.id });
  });
});
