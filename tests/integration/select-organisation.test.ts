/**
 * selectOrganisationAction (runSelectOrganisationAction) and POST /api/organisations/select, rule by rule
 * (spec: "Server action: selectOrganisationAction", "Organisation profile", GLO rule 4; issue section 1), against
 * real PostgreSQL and the real pg-boss queue. Selection is by reference (issue 19 section 1, decision 0017): each
 * candidate is streamed first by POST /api/organisations/search (the providers' ports in memory, answering what a
 * test sets), and the selection sends the `ref` the stream handed out, or an organisation's id for a quick lookup row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { runSelectOrganisationAction } from '../../src/app/actions/select-organisation';
import { POST } from '../../src/app/api/organisations/select/route';
import { POST as searchRoute } from '../../src/app/api/organisations/search/route';
import { installContainer } from '../../src/composition-root';
import type { Db } from '../../src/adapters/db/client';
import type { SearchPorts } from '../../src/adapters/search/search-ports';
import { streamItemSchema, type SearchOrganisationsCandidate } from '../../src/core/candidates';
import type { StreamedSelectionCandidate } from '../../src/core/selection';
import type { AccountContext } from '../../src/server/ports';
import type { AgentCandidate, RegistryCandidate } from '../../src/server/search/ports';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { UNKNOWN_REGISTRY_STATUS } from '../../src/core/registry-status';
import { getOrganisationProfile } from '../../src/server/organisations/organisation-reads';

let ctx: TestContext;
let db: Db;

/** What the providers answer to the next search: the national registry, the aggregator, the agent. */
const answers = { registry: [] as RegistryCandidate[], global: [] as RegistryCandidate[], agent: [] as AgentCandidate[], registryDelayMs: 0 };
const searchPorts: SearchPorts = {
  nationalRegistry: {
    async searchByName() {
      await new Promise((resolve) => setTimeout(resolve, answers.registryDelayMs));
      return { candidates: answers.registry, error: null };
    },
  },
  globalRegistry: { searchByName: async () => ({ candidates: answers.global, error: null }) },
  agent: {
    async *discover() {
      yield* answers.agent;
    },
  },
  // A website is accepted unless it says it is unchecked.
  websiteValidator: { validate: async (_name, url) => ({ accepted: !url.includes('unchecked'), tier: 1, score: 100, reason: 'test' }) },
  // Mode auto: the agent's rows wait this long for the registry, then stream; a later registry row becomes a patch.
  registryLeadMs: 50,
};

beforeAll(async () => {
  ctx = await createTestContainer({ env: { SEARCH_RATE_LIMIT_PER_MINUTE: '100000' }, searchPorts });
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
type Account = Awaited<ReturnType<typeof account>>;

const select = (accountContext: AccountContext | null, input: unknown) =>
  runSelectOrganisationAction(input, { account: async () => accountContext, container: ctx.container });

let sequence = 0;
/** A candidate as a channel would describe it (the fields the stream's candidate has). */
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

/**
 * The candidate as the stream hands it out to the account: the providers answer it (the registry for a registry
 * source, the agent for 'agent'), POST /api/organisations/search streams it, and its `ref` is what a selection sends.
 */
async function streamed(made: Account, candidate: StreamedSelectionCandidate): Promise<SearchOrganisationsCandidate> {
  const scope = candidate.source === 'registry_global' ? 'GLO' : candidate.countryIsoAlpha3;
  answers.registry = [];
  answers.global = [];
  answers.agent = [];
  answers.registryDelayMs = 0;
  if (candidate.source === 'agent') {
    const { canonicalName: name, countryIsoAlpha3, website, description, identifiers } = candidate;
    answers.agent = [{ name, countryIsoAlpha3, website, description, identifiers }];
  } else {
    const registered: RegistryCandidate = { ...candidate, name: candidate.canonicalName, score: null };
    if (candidate.source === 'registry_au') answers.registry = [registered];
    else answers.global = [registered];
  }
  const response = await searchRoute(
    new Request('http://localhost/api/organisations/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: made.authorization },
      body: JSON.stringify({ query: candidate.canonicalName, countryIsoAlpha3: scope, mode: candidate.source === 'agent' ? 'agentic' : 'direct' }),
    }),
  );
  expect(response.status).toBe(200);
  const items = (await response.text())
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => streamItemSchema.parse(JSON.parse(line)));
  const found = items.find((item): item is SearchOrganisationsCandidate => item._type === 'candidate');
  if (!found) throw new Error(`the stream handed out no candidate: ${JSON.stringify(items)}`);
  return found;
}

/** The selection input for a streamed candidate: its reference, as the client sends it. */
async function byReference(made: Account, candidate: StreamedSelectionCandidate, countryIsoAlpha3 = 'AUS') {
  const { ref } = await streamed(made, candidate);
  return { candidate: { _type: 'candidate', ref }, countryIsoAlpha3 };
}

const internal = (organisationId: string) => ({ _type: 'internal', existingOrgId: organisationId });

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
    const made = await account();
    const { context } = made;
    const candidate = registryCandidate({ identifiers: [{ type: 'ABN', value: '73 434 904 926' }] });
    const data = ok(await select(context, await byReference(made, candidate)));
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
    const made = await account();
    const { context } = made;
    const withSite = ok(await select(context, await byReference(made, registryCandidate({ website: 'https://wombatfreight.com.au', websiteValidated: true }))));
    expect(await organisationRow(withSite.organisationId)).toMatchObject({ profile_source: 'direct', website: 'https://wombatfreight.com.au' });
    const payload = await db.execute<{ data: { profileSource: string; website: string | null } }>(
      sql`select data from pgboss.job where name = 'organisation.enrich' and data->>'organisationId' = ${withSite.organisationId}`,
    );
    expect(payload.rows[0]?.data).toMatchObject({ profileSource: 'direct', website: 'https://wombatfreight.com.au' });
    const unvalidated = ok(
      await select(context, await byReference(made, registryCandidate({ website: 'https://unchecked.example.com', websiteValidated: false }))),
    );
    expect(await organisationRow(unvalidated.organisationId)).toMatchObject({ profile_source: 'agentic', website: null });
  });

  it('drops identifiers whose check digits fail, and writes each identifier once', async () => {
    const made = await account();
    const candidate = registryCandidate({
      identifiers: [
        { type: 'ABN', value: '73434904926' },
        { type: 'ABN', value: '73 434 904 926' },
        { type: 'ACN', value: '434904927' },
        { type: 'WEBSITE', value: 'wombat.com.au' },
      ],
    });
    const data = ok(await select(made.context, await byReference(made, candidate)));
    expect(await identifiersOf(data.organisationId)).toEqual([{ type: 'ABN', value: '73434904926' }]);
  });

  it("takes the country from the candidate under a Global search (the stream's countries are always real)", async () => {
    const made = await account();
    const global = ok(
      await select(made.context, await byReference(made, registryCandidate({ countryIsoAlpha3: 'GBR', source: 'registry_global', type: null }), 'GLO')),
    );
    expect(await organisationRow(global.organisationId)).toMatchObject({ country_iso_alpha3: 'GBR' });
  });

  it('reads the type, website and description from the reference, never from what else the client sends', async () => {
    const made = await account();
    const candidate = registryCandidate();
    const { ref } = await streamed(made, candidate);
    const sent = { ...candidate, ref, type: 'Trust', website: 'https://elsewhere.example', websiteValidated: true, description: 'Sent by the client' };
    const data = ok(await select(made.context, { candidate: sent, countryIsoAlpha3: 'AUS' }));
    const [row] = (
      await db.execute<{ type: string; website: string | null; description: string | null }>(
        sql`select type, website, description from organisations where id = ${data.organisationId}::uuid`,
      )
    ).rows;
    expect(row).toEqual({ type: 'ProprietaryLimited', website: null, description: 'Freight forwarding' });
  });

  it('rolls the creation back when organisation.enrich cannot be sent (the queue is gone)', async () => {
    const made = await account();
    const { context } = made;
    await ctx.container.jobs.send('organisation.enrich', {
      organisationId: crypto.randomUUID(),
      accountId: context.accountId,
      profileSource: 'agentic',
      website: null,
    }); // starts pg-boss
    const candidate = registryCandidate();
    const input = await byReference(made, candidate);
    const boss = new PgBoss({ connectionString: ctx.database.url, max: 1, schedule: false, supervise: false });
    boss.on('error', () => undefined);
    await boss.start();
    try {
      await db.execute(sql`delete from pgboss.job where name = 'organisation.enrich'`);
      await boss.deleteQueue('organisation.enrich');
      const result = await select(context, input);
      expect(result).toMatchObject({ ok: false, error: { name: 'UnavailableError' } });
      expect(await count(sql`select count(*) n from organisations where name = ${candidate.canonicalName}`)).toBe(0);
    } finally {
      await boss.createQueue('organisation.enrich', { name: 'organisation.enrich', policy: 'singleton' });
      await boss.stop({ graceful: false });
    }
  });

  it('creates one organisation for 20 concurrent selections of the same candidate', async () => {
    const made = await account();
    const candidate = registryCandidate({ identifiers: [{ type: 'ABN', value: '30635412074' }] });
    const input = await byReference(made, candidate);
    const results = await Promise.all(Array.from({ length: 20 }, () => select(made.context, input)));
    const data = results.map(ok);
    expect(new Set(data.map((d) => d.organisationId)).size).toBe(1);
    expect(data.filter((d) => d.created)).toHaveLength(1);
    expect(await count(sql`select count(*) n from organisations where name = ${candidate.canonicalName}`)).toBe(1);
  });

  it('selects a visible organisation sharing a registry identifier or the registrable domain instead of creating one', async () => {
    const made = await account();
    const { context } = made;
    const registryRow = ok(
      await select(
        context,
        await byReference(made, registryCandidate({ canonicalName: 'BILBY BREWING PTY LTD', identifiers: [{ type: 'ABN', value: '67439249313' }] })),
      ),
    );
    const agentRow = ok(
      await select(
        context,
        await byReference(
          made,
          registryCandidate({ canonicalName: 'Bilby Brewing Co', source: 'agent', identifiers: [{ type: 'ABN', value: '67 439 249 313' }] }),
        ),
      ),
    );
    expect(agentRow).toEqual({ organisationId: registryRow.organisationId, created: false });

    const site = ok(
      await select(
        context,
        await byReference(made, registryCandidate({ canonicalName: 'QUOKKA TOURS PTY LTD', website: 'https://quokkatours.com.au', websiteValidated: true })),
      ),
    );
    const sameDomain = ok(
      await select(
        context,
        await byReference(
          made,
          registryCandidate({ canonicalName: 'Quokka Island Tours', source: 'agent', website: 'https://www.quokkatours.com.au/about', websiteValidated: true }),
        ),
      ),
    );
    expect(sameDomain).toEqual({ organisationId: site.organisationId, created: false });
  });

  it('writes the identifiers an identifier patch brought to the row it selected', async () => {
    const made = await account();
    const agentRow = registryCandidate({ canonicalName: 'LYREBIRD LABS PTY LTD', source: 'agent', description: 'Sound studios' });
    answers.agent = [{ name: agentRow.canonicalName, countryIsoAlpha3: 'AUS', website: null, description: agentRow.description, identifiers: [] }];
    answers.registry = [{ ...agentRow, name: agentRow.canonicalName, identifiers: [{ type: 'ABN', value: '51824753556' }], score: null }];
    answers.registryDelayMs = 300;
    const response = await searchRoute(
      new Request('http://localhost/api/organisations/search', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: made.authorization },
        body: JSON.stringify({ query: agentRow.canonicalName, countryIsoAlpha3: 'AUS', mode: 'auto' }),
      }),
    );
    const items = (await response.text())
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => streamItemSchema.parse(JSON.parse(line)));
    const [first, patch] = items;
    if (first?._type !== 'candidate' || patch?._type !== 'identifierPatch') throw new Error(`expected a candidate, then its patch: ${JSON.stringify(items)}`);
    expect(first).toMatchObject({ source: 'agent', identifiers: [] });
    expect(patch.ref).toBe(first.ref);
    const data = ok(await select(made.context, { candidate: { _type: 'candidate', ref: first.ref }, countryIsoAlpha3: 'AUS' }));
    expect(await identifiersOf(data.organisationId)).toEqual([{ type: 'ABN', value: '51824753556' }]);
  });

  it("never lands on another account's private organisation", async () => {
    const first = await account();
    const second = await account();
    const candidate = registryCandidate({ identifiers: [{ type: 'ABN', value: '50966793813' }] });
    const mine = ok(await select(first.context, await byReference(first, candidate)));
    const theirs = ok(await select(second.context, await byReference(second, candidate)));
    expect(theirs.created).toBe(true);
    expect(theirs.organisationId).not.toBe(mine.organisationId);
  });
});

describe('the trading name a result was found by', () => {
  it('is kept as the business name of the organisation it creates, and of an existing one that has none', async () => {
    const made = await account();
    const candidate = registryCandidate({ nameKind: 'business', matchedBusinessName: 'Wombat Kids Childcare' });
    const created = ok(await select(made.context, await byReference(made, candidate)));
    expect(created.created).toBe(true);
    const profile = await getOrganisationProfile(ctx.container.database.db, { accountId: made.id, organisationId: created.organisationId });
    expect(profile.businessName).toBe('Wombat Kids Childcare');
    expect(profile.sources.find((s) => s.field === 'businessName')).toMatchObject({ source: 'registry' });

    // An organisation already in the database under the same key, without a business name, takes it on selection.
    const existing = await makeOrganisation(db, { name: 'WOMBAT CARE GROUP PTY LTD', countryIsoAlpha3: 'AUS' });
    const again = registryCandidate({
      canonicalName: 'WOMBAT CARE GROUP PTY LTD',
      key: 'AUS|wombat care group',
      nameKind: 'business',
      matchedBusinessName: 'Wombat Care Kindergarten',
    });
    const settled = ok(await select(made.context, await byReference(made, again)));
    expect(settled).toEqual({ organisationId: existing.id, created: false });
    const record = await getOrganisationProfile(ctx.container.database.db, { accountId: made.id, organisationId: existing.id });
    expect(record.businessName).toBe('Wombat Care Kindergarten');
  });
});

describe('an existing internal match', () => {
  it('creates nothing, writes the candidate identifiers, backfills a missing type and links the account', async () => {
    const made = await account();
    const { context } = made;
    const existing = await makeOrganisation(db, { name: 'PLATYPUS PAPER PTY LTD', type: null, profileStatus: 'COMPLETED' });
    const candidate = registryCandidate({
      canonicalName: 'PLATYPUS PAPER PTY LTD',
      identifiers: [
        { type: 'ACN', value: '635412074' },
        { type: 'ACN', value: '635 412 074' },
      ],
    });
    const input = await byReference(made, candidate);
    const data = ok(await select(context, input));
    expect(data).toEqual({ organisationId: existing.id, created: false });
    expect(await identifiersOf(existing.id)).toEqual([{ type: 'ACN', value: '635412074' }]);
    expect(await organisationRow(existing.id)).toMatchObject({ type: 'ProprietaryLimited', profile_status: 'COMPLETED' });
    expect(await linked(context.accountId, existing.id)).toBe(1);
    expect(await enrichJobs(existing.id)).toBe(0);
    ok(await select(context, input));
    expect(await identifiersOf(existing.id)).toHaveLength(1);
  });

  it("writes an agent row's identifiers onto the account's own organisation only, never onto a global one", async () => {
    const made = await account();
    const global = await makeOrganisation(db, { name: 'WALLABY WINES PTY LTD', type: null, profileStatus: 'COMPLETED' });
    const owned = await makeOrganisation(db, { name: 'WALLAROO WINES PTY LTD', type: null, profileStatus: 'COMPLETED' }, { ownerAccountId: made.id });
    const claimed = [{ type: 'ABN', value: '53004085616' }];
    const onGlobal = await streamed(made, registryCandidate({ canonicalName: global.name, source: 'agent', identifiers: claimed }));
    expect(onGlobal.existingOrgId).toBe(global.id);
    expect(ok(await select(made.context, { candidate: { _type: 'candidate', ref: onGlobal.ref }, countryIsoAlpha3: 'AUS' }))).toEqual({
      organisationId: global.id,
      created: false,
    });
    expect(await identifiersOf(global.id)).toEqual([]);
    expect(await linked(made.context.accountId, global.id)).toBe(1);
    const onOwned = await streamed(made, registryCandidate({ canonicalName: owned.name, source: 'agent', identifiers: claimed }));
    ok(await select(made.context, { candidate: { _type: 'candidate', ref: onOwned.ref }, countryIsoAlpha3: 'AUS' }));
    expect(await identifiersOf(owned.id)).toEqual(claimed);
  });

  it('enriches automatically when never enriched, not owned by the account, and a real country is resolvable', async () => {
    const { context } = await account();
    const global = await makeOrganisation(db, { name: 'ECHIDNA ENGINEERING PTY LTD', profileStatus: null });
    const data = ok(await select(context, { candidate: internal(global.id), countryIsoAlpha3: 'AUS' }));
    expect(data.created).toBe(false);
    expect(await organisationRow(global.id)).toMatchObject({ profile_status: 'PENDING' });
    expect(await enrichJobs(global.id)).toBe(1);
  });

  it('skips auto-enrichment with no real country (the page offers Enrich now) and when the account owns it', async () => {
    const made = await account();
    const { context } = made;
    const countryless = await makeOrganisation(db, { name: 'Dingo Design', countryIsoAlpha3: null, profileStatus: null });
    ok(await select(context, { candidate: internal(countryless.id), countryIsoAlpha3: 'GLO' }));
    expect(await organisationRow(countryless.id)).toMatchObject({ profile_status: null });
    expect(await enrichJobs(countryless.id)).toBe(0);

    const owned = await makeOrganisation(db, { name: 'Numbat Nurseries', profileStatus: null }, { ownerAccountId: context.accountId });
    const { existingOrgId, ref } = await streamed(made, registryCandidate({ canonicalName: 'Numbat Nurseries' }));
    expect(existingOrgId).toBe(owned.id);
    ok(await select(context, { candidate: { _type: 'candidate', ref }, countryIsoAlpha3: 'AUS' }));
    expect(await enrichJobs(owned.id)).toBe(0);
  });

  it('selected by id, writes nothing the client sent to it', async () => {
    const { context } = await account();
    const global = await makeOrganisation(db, { name: 'GALAH GARDENS PTY LTD', type: null, profileStatus: 'COMPLETED' });
    const sent = { ...internal(global.id), type: 'PublicLimited', identifiers: [{ type: 'ABN', value: '73434904926' }], website: 'https://elsewhere.example' };
    ok(await select(context, { candidate: sent, countryIsoAlpha3: 'AUS' }));
    expect(await organisationRow(global.id)).toMatchObject({ type: null, website: null });
    expect(await identifiersOf(global.id)).toEqual([]);
    expect(await linked(context.accountId, global.id)).toBe(1);
  });

  it("refuses an organisation id the account cannot see (another account's private organisation is untouched)", async () => {
    const owner = await account();
    const other = await account();
    const hidden = await makeOrganisation(db, { name: 'Bandicoot Books' }, { ownerAccountId: owner.context.accountId });
    const result = await select(other.context, { candidate: internal(hidden.id), countryIsoAlpha3: 'AUS' });
    expect(result).toMatchObject({ ok: false, error: { name: 'ValidationError', issues: [{ field: 'candidate.existingOrgId', rule: 'unknown_reference' }] } });
    const missing = await select(other.context, { candidate: internal(crypto.randomUUID()), countryIsoAlpha3: 'AUS' });
    expect(missing).toEqual(result);
    expect(await linked(other.context.accountId, hidden.id)).toBe(0);
  });
});

describe('a reference the server does not recognise', () => {
  it("is refused with a 400 on candidate.ref: unknown, another account's, or not a reference at all", async () => {
    const owner = await account();
    const other = await account();
    const input = await byReference(owner, registryCandidate());
    const refused = { ok: false, error: { name: 'ValidationError', issues: [{ field: 'candidate.ref', rule: 'unknown_reference' }] } };
    expect(await select(other.context, input)).toMatchObject(refused);
    expect(await select(owner.context, { candidate: { _type: 'candidate', ref: crypto.randomUUID() }, countryIsoAlpha3: 'AUS' })).toMatchObject(refused);
    expect(await select(owner.context, { candidate: { _type: 'candidate', ref: 'AUS|wombat freight' }, countryIsoAlpha3: 'AUS' })).toMatchObject({
      ok: false,
      error: { name: 'ValidationError', issues: [{ field: 'candidate.ref' }] },
    });
    // A whole candidate without a reference (what clients sent before) is refused too.
    expect(await select(owner.context, { candidate: registryCandidate(), countryIsoAlpha3: 'AUS' })).toMatchObject({
      ok: false,
      error: { name: 'ValidationError', issues: [{ field: 'candidate.ref', rule: 'required' }] },
    });
    expect(await count(sql`select count(*) n from account_organisations where account_id = ${other.context.accountId}::uuid`)).toBe(0);
  });

  it('is refused once it has expired (CANDIDATE_REFERENCE_TTL_SECONDS)', async () => {
    const short = await createTestContainer({ env: { CANDIDATE_REFERENCE_TTL_SECONDS: '1', SEARCH_RATE_LIMIT_PER_MINUTE: '100000' }, searchPorts });
    try {
      const made = await makeAccount(short.database.db);
      const candidate = registryCandidate();
      answers.registry = [{ ...candidate, name: candidate.canonicalName, score: null }];
      const item = (
        await short.container.searchOrganisations.execute(
          { query: candidate.canonicalName, countryIsoAlpha3: 'AUS', mode: 'direct' },
          { accountId: made.id },
          AbortSignal.timeout(10_000),
        )
      ).candidates[0];
      expect(item?.ref).toEqual(expect.any(String));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const result = await runSelectOrganisationAction(
        { candidate: { _type: 'candidate', ref: item?.ref }, countryIsoAlpha3: 'AUS' },
        { account: async () => ({ accountId: made.id, userId: null, via: 'session' }), container: short.container },
      );
      expect(result).toMatchObject({ ok: false, error: { issues: [{ field: 'candidate.ref', rule: 'unknown_reference' }] } });
    } finally {
      await short.close();
      installContainer(ctx.container); // the routes answer from this file's container again
    }
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
    const input = await byReference(made, registryCandidate());
    const response = await post(JSON.stringify({ ...input, searchIntent: 'analyst' }), made.authorization);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { organisationId: expect.any(String), created: true } });
  });

  it('answers 401 without an account, 400 naming the field for bad input, an unknown reference or a body that is not JSON', async () => {
    const made = await account();
    const input = await byReference(made, registryCandidate());
    expect((await post(JSON.stringify(input))).status).toBe(401);
    const badCountry = await post(JSON.stringify({ ...input, countryIsoAlpha3: 'aus' }), made.authorization);
    expect(badCountry.status).toBe(400);
    expect(await badCountry.json()).toMatchObject({ code: 'validation_failed', issues: [{ field: 'countryIsoAlpha3' }] });
    const unknown = await post(JSON.stringify({ ...input, candidate: { _type: 'candidate', ref: crypto.randomUUID() } }), made.authorization);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: 'validation_failed', issues: [{ field: 'candidate.ref', rule: 'unknown_reference' }] });
    const notJson = await post('{', made.authorization);
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ issues: [{ rule: 'invalid_json' }] });
    const badIntent = await post(JSON.stringify({ ...input, searchIntent: 'elsewhere' }), made.authorization);
    expect(await badIntent.json()).toMatchObject({ issues: [{ field: 'searchIntent' }] });
  });
});
