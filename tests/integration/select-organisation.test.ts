/**
 * selectOrganisationAction (runSelectOrganisationAction) and POST /api/organisations/select, rule by rule
 * (spec: "Server action: selectOrganisationAction", "Organisation profile", GLO rule 4; issue section 1),
 * against real PostgreSQL and the real pg-boss queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { runSelectOrganisationAction } from '../../src/app/actions/select-organisation';
import { POST } from '../../src/app/api/organisations/select/route';
import type { Db } from '../../src/adapters/db/client';
import type { StreamedSelectionCandidate } from '../../src/core/selection';
import type { AccountContext } from '../../src/server/auth/account-context';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { UNKNOWN_REGISTRY_STATUS } from '../../src/core/registry-status';

let ctx: TestContext;
let db: Db;

beforeAll(async () => {
  ctx = await createTestContainer();
  db = ctx.database.db;
});
afterAll(async () => {
  await ctx?.close();
});

async function account() {
  const made = await makeAccount(db);
  const context: AccountContext = { accountId: made.id, userId: null, via: 'session' };
  return { ...made, context };
}

const select = (accountContext: AccountContext | null, input: unknown) =>
  runSelectOrganisationAction(input, { account: async () => accountContext, container: ctx.container });

let sequence = 0;
function registryCandidate(overrides: Partial<StreamedSelectionCandidate> = {}): StreamedSelectionCandidate {
  sequence += 1;
  return {
    _type: 'candidate',
    canonicalName: `WOMBAT FREIGHT ${sequence} PTY LTD`,
    description: 'Freight forwarding',
    countryIsoAlpha3: 'AUS',
    key: `AUS|wombat freight ${sequence}`,
    existingOrgId: null,
    source: 'registry_au',
    website: null,
    logo: null,
    accountLinked: false,
    identifiers: [],
    websiteValidated: false,
    nameKind: 'entity',
    matchedBusinessName: null,
    parentEntityName: null,
    type: 'ProprietaryLimited',
    registryStatus: UNKNOWN_REGISTRY_STATUS,
    ...overrides,
  };
}

async function organisationRow(id: string) {
  const result = await db.execute<{
    name: string;
    country_iso_alpha3: string | null;
    type: string | null;
    profile_status: string | null;
    profile_source: string | null;
    website: string | null;
  }>(sql`select name, country_iso_alpha3, type, profile_status, profile_source, website from organisations where id = ${id}::uuid`);
  return result.rows[0];
}
const count = async (query: ReturnType<typeof sql>) => Number((await db.execute<{ n: string }>(query)).rows[0]?.n ?? 0);
const owners = (id: string) => count(sql`select count(*) n from organisation_owners where organisation_id = ${id}::uuid`);
const linked = (accountId: string, id: string) =>
  count(sql`select count(*) n from account_organisations where organisation_id = ${id}::uuid and account_id = ${accountId}::uuid`);
const enrichJobs = (id: string) => count(sql`select count(*) n from pgboss.job where name = 'organisation.enrich' and data->>'organisationId' = ${id}`);
const identifiersOf = async (id: string) =>
  (await db.execute<{ type: string; value: string }>(sql`select type, value from organisation_identifiers where organisation_id = ${id}::uuid order by type`))
    .rows;

function ok<T>(result: { ok: true; data: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.data;
}

describe('a candidate with no internal match', () => {
  it('is created owned by the account, on its list, profile PENDING, and organisation.enrich is sent', async () => {
    const { context } = await account();
    const candidate = registryCandidate({ identifiers: [{ type: 'ABN', value: '73 434 904 926' }] });
    const data = ok(await select(context, { candidate, countryIsoAlpha3: 'AUS' }));
    expect(data.created).toBe(true);
    expect(await organisationRow(data.organisationId)).toMatchObject({
      name: candidate.canonicalName,
      country_iso_alpha3: 'AUS',
      type: 'ProprietaryLimited',
      profile_status: 'PENDING',
      profile_source: 'agentic',
    });
    expect(await owners(data.organisationId)).toBe(1);
    expect(await linked(context.accountId, data.organisationId)).toBe(1);
    expect(await enrichJobs(data.organisationId)).toBe(1);
    expect(await identifiersOf(data.organisationId)).toEqual([{ type: 'ABN', value: '73 434 904 926' }]);
  });

  it("profileSource is 'direct' exactly when a validated website is present", async () => {
    const { context } = await account();
    const withSite = ok(
      await select(context, { candidate: registryCandidate({ website: 'https://wombatfreight.com.au', websiteValidated: true }), countryIsoAlpha3: 'AUS' }),
    );
    expect(await organisationRow(withSite.organisationId)).toMatchObject({ profile_source: 'direct', website: 'https://wombatfreight.com.au' });
    const payload = await db.execute<{ data: { profileSource: string; website: string | null } }>(
      sql`select data from pgboss.job where name = 'organisation.enrich' and data->>'organisationId' = ${withSite.organisationId}`,
    );
    expect(payload.rows[0]?.data).toMatchObject({ profileSource: 'direct', website: 'https://wombatfreight.com.au' });
    const unvalidated = ok(
      await select(context, { candidate: registryCandidate({ website: 'https://unchecked.example.com', websiteValidated: false }), countryIsoAlpha3: 'AUS' }),
    );
    expect(await organisationRow(unvalidated.organisationId)).toMatchObject({ profile_source: 'agentic', website: null });
  });

  it('drops identifiers whose check digits fail, and writes each identifier once', async () => {
    const { context } = await account();
    const candidate = registryCandidate({
      identifiers: [
        { type: 'ABN', value: '73434904926' },
        { type: 'ABN', value: '73 434 904 926' },
        { type: 'ACN', value: '434904927' },
        { type: 'WEBSITE', value: 'wombat.com.au' },
      ],
    });
    const data = ok(await select(context, { candidate, countryIsoAlpha3: 'AUS' }));
    expect(await identifiersOf(data.organisationId)).toEqual([{ type: 'ABN', value: '73434904926' }]);
  });

  it('takes the country from the candidate under a Global search, and rejects a new organisation with no real country', async () => {
    const { context } = await account();
    const global = ok(
      await select(context, { candidate: registryCandidate({ countryIsoAlpha3: 'GBR', source: 'registry_global', type: null }), countryIsoAlpha3: 'GLO' }),
    );
    expect(await organisationRow(global.organisationId)).toMatchObject({ country_iso_alpha3: 'GBR' });

    const before = await count(sql`select count(*) n from organisations`);
    const rejected = await select(context, { candidate: registryCandidate({ countryIsoAlpha3: '' }), countryIsoAlpha3: 'GLO' });
    expect(rejected).toMatchObject({ ok: false, error: { name: 'ValidationError', issues: [{ field: 'countryIsoAlpha3', rule: 'invalid_value' }] } });
    expect(await count(sql`select count(*) n from organisations`)).toBe(before);
  });

  it('rejects a type outside the three, naming the field', async () => {
    const { context } = await account();
    const result = await select(context, { candidate: { ...registryCandidate(), type: 'Trust' }, countryIsoAlpha3: 'AUS' });
    expect(result).toMatchObject({ ok: false, error: { name: 'ValidationError', issues: [{ field: 'candidate.type' }] } });
  });

  it('rolls the creation back when organisation.enrich cannot be sent (the queue is gone)', async () => {
    const { context } = await account();
    await ctx.container.jobs.send('organisation.enrich', {
      organisationId: crypto.randomUUID(),
      accountId: context.accountId,
      profileSource: 'agentic',
      website: null,
    }); // starts pg-boss
    const boss = new PgBoss({ connectionString: ctx.database.url, max: 1, schedule: false, supervise: false });
    boss.on('error', () => undefined);
    await boss.start();
    try {
      await db.execute(sql`delete from pgboss.job where name = 'organisation.enrich'`);
      await boss.deleteQueue('organisation.enrich');
      const candidate = registryCandidate();
      const result = await select(context, { candidate, countryIsoAlpha3: 'AUS' });
      expect(result).toMatchObject({ ok: false, error: { name: 'UnavailableError' } });
      expect(await count(sql`select count(*) n from organisations where name = ${candidate.canonicalName}`)).toBe(0);
    } finally {
      await boss.createQueue('organisation.enrich', { name: 'organisation.enrich', policy: 'singleton' });
      await boss.stop({ graceful: false });
    }
  });

  it('creates one organisation for 20 concurrent selections of the same candidate', async () => {
    const { context } = await account();
    const candidate = registryCandidate({ identifiers: [{ type: 'ABN', value: '30635412074' }] });
    const results = await Promise.all(Array.from({ length: 20 }, () => select(context, { candidate, countryIsoAlpha3: 'AUS' })));
    const data = results.map(ok);
    expect(new Set(data.map((d) => d.organisationId)).size).toBe(1);
    expect(data.filter((d) => d.created)).toHaveLength(1);
    expect(await count(sql`select count(*) n from organisations where name = ${candidate.canonicalName}`)).toBe(1);
  });

  it('selects a visible organisation sharing a registry identifier or the registrable domain instead of creating one', async () => {
    const { context } = await account();
    const registryRow = ok(
      await select(context, {
        candidate: registryCandidate({ canonicalName: 'BILBY BREWING PTY LTD', identifiers: [{ type: 'ABN', value: '67439249313' }] }),
        countryIsoAlpha3: 'AUS',
      }),
    );
    const agentRow = ok(
      await select(context, {
        candidate: registryCandidate({ canonicalName: 'Bilby Brewing Co', source: 'agent', identifiers: [{ type: 'ABN', value: '67 439 249 313' }] }),
        countryIsoAlpha3: 'AUS',
      }),
    );
    expect(agentRow).toEqual({ organisationId: registryRow.organisationId, created: false });

    const site = ok(
      await select(context, {
        candidate: registryCandidate({ canonicalName: 'QUOKKA TOURS PTY LTD', website: 'https://quokkatours.com.au', websiteValidated: true }),
        countryIsoAlpha3: 'AUS',
      }),
    );
    const sameDomain = ok(
      await select(context, {
        candidate: registryCandidate({
          canonicalName: 'Quokka Island Tours',
          source: 'agent',
          website: 'https://www.quokkatours.com.au/about',
          websiteValidated: true,
        }),
        countryIsoAlpha3: 'AUS',
      }),
    );
    expect(sameDomain).toEqual({ organisationId: site.organisationId, created: false });
  });

  it("never lands on another account's private organisation", async () => {
    const first = await account();
    const second = await account();
    const candidate = registryCandidate({ identifiers: [{ type: 'ABN', value: '50966793813' }] });
    const mine = ok(await select(first.context, { candidate, countryIsoAlpha3: 'AUS' }));
    const theirs = ok(await select(second.context, { candidate, countryIsoAlpha3: 'AUS' }));
    expect(theirs.created).toBe(true);
    expect(theirs.organisationId).not.toBe(mine.organisationId);
  });
});

describe('an existing internal match', () => {
  it('creates nothing, writes the candidate identifiers, backfills a missing type and links the account', async () => {
    const { context } = await account();
    const existing = await makeOrganisation(db, { name: 'PLATYPUS PAPER PTY LTD', type: null, profileStatus: 'COMPLETED' });
    const candidate = registryCandidate({
      canonicalName: 'PLATYPUS PAPER PTY LTD',
      existingOrgId: existing.id,
      identifiers: [
        { type: 'ACN', value: '635412074' },
        { type: 'ACN', value: '635 412 074' },
      ],
    });
    const data = ok(await select(context, { candidate, countryIsoAlpha3: 'AUS' }));
    expect(data).toEqual({ organisationId: existing.id, created: false });
    expect(await identifiersOf(existing.id)).toEqual([{ type: 'ACN', value: '635412074' }]);
    expect(await organisationRow(existing.id)).toMatchObject({ type: 'ProprietaryLimited', profile_status: 'COMPLETED' });
    expect(await linked(context.accountId, existing.id)).toBe(1);
    expect(await enrichJobs(existing.id)).toBe(0);
    ok(await select(context, { candidate, countryIsoAlpha3: 'AUS' }));
    expect(await identifiersOf(existing.id)).toHaveLength(1);
  });

  it('enriches automatically when never enriched, not owned by the account, and a real country is resolvable', async () => {
    const { context } = await account();
    const global = await makeOrganisation(db, { name: 'ECHIDNA ENGINEERING PTY LTD', profileStatus: null });
    const data = ok(
      await select(context, {
        candidate: {
          _type: 'internal',
          canonicalName: 'ECHIDNA ENGINEERING PTY LTD',
          description: '',
          countryIsoAlpha3: 'AUS',
          key: 'AUS|echidna engineering',
          existingOrgId: global.id,
          source: 'internal',
          logo: null,
          website: null,
          accountLinked: false,
        },
        countryIsoAlpha3: 'AUS',
      }),
    );
    expect(data.created).toBe(false);
    expect(await organisationRow(global.id)).toMatchObject({ profile_status: 'PENDING' });
    expect(await enrichJobs(global.id)).toBe(1);
  });

  it('skips auto-enrichment with no real country (the page offers Enrich now) and when the account owns it', async () => {
    const { context } = await account();
    const countryless = await makeOrganisation(db, { name: 'Dingo Design', countryIsoAlpha3: null, profileStatus: null });
    ok(
      await select(context, {
        candidate: {
          _type: 'internal',
          canonicalName: 'Dingo Design',
          description: '',
          countryIsoAlpha3: '',
          key: '|dingo design',
          existingOrgId: countryless.id,
          source: 'internal',
          logo: null,
          website: null,
          accountLinked: false,
        },
        countryIsoAlpha3: 'GLO',
      }),
    );
    expect(await organisationRow(countryless.id)).toMatchObject({ profile_status: null });
    expect(await enrichJobs(countryless.id)).toBe(0);

    const owned = await makeOrganisation(db, { name: 'Numbat Nurseries', profileStatus: null }, { ownerAccountId: context.accountId });
    ok(await select(context, { candidate: registryCandidate({ canonicalName: 'Numbat Nurseries', existingOrgId: owned.id }), countryIsoAlpha3: 'AUS' }));
    expect(await enrichJobs(owned.id)).toBe(0);
  });

  it("treats an existingOrgId the account cannot see as no match (another account's private organisation is untouched)", async () => {
    const owner = await account();
    const other = await account();
    const hidden = await makeOrganisation(db, { name: 'Bandicoot Books' }, { ownerAccountId: owner.context.accountId });
    const data = ok(
      await select(other.context, { candidate: registryCandidate({ canonicalName: 'Bandicoot Books', existingOrgId: hidden.id }), countryIsoAlpha3: 'AUS' }),
    );
    expect(data.created).toBe(true);
    expect(data.organisationId).not.toBe(hidden.id);
    expect(await linked(other.context.accountId, hidden.id)).toBe(0);
  });
});

describe('POST /api/organisations/select', () => {
  const post = (body: string, authorization?: string) =>
    POST(
      new Request('http://localhost/api/organisations/select', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body,
      }),
    );

  it('answers 200 {data: {organisationId, created}} for an API key', async () => {
    const made = await account();
    const response = await post(JSON.stringify({ candidate: registryCandidate(), countryIsoAlpha3: 'AUS', searchIntent: 'analyst' }), made.authorization);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { organisationId: expect.any(String), created: true } });
  });

  it('answers 401 without an account, 400 naming the field for bad input or a body that is not JSON', async () => {
    expect((await post(JSON.stringify({ candidate: registryCandidate(), countryIsoAlpha3: 'AUS' }))).status).toBe(401);
    const made = await account();
    const badCountry = await post(JSON.stringify({ candidate: registryCandidate(), countryIsoAlpha3: 'aus' }), made.authorization);
    expect(badCountry.status).toBe(400);
    expect(await badCountry.json()).toMatchObject({ code: 'validation_failed', issues: [{ field: 'countryIsoAlpha3' }] });
    const notJson = await post('{', made.authorization);
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ issues: [{ rule: 'invalid_json' }] });
    const badIntent = await post(JSON.stringify({ candidate: registryCandidate(), countryIsoAlpha3: 'AUS', searchIntent: 'elsewhere' }), made.authorization);
    expect(await badIntent.json()).toMatchObject({ issues: [{ field: 'searchIntent' }] });
  });
});
