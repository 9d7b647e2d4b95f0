/**
 * Issue 19, section 1: "Any account can rewrite global organisations". The three attacks of the issue through
 * POST /api/organisations/select (and selectOrganisationAction), the search route, the real worker and every
 * provider's contract fake (sandbox mode, zero latency), on real PostgreSQL. A selection is by reference: the
 * facts it writes are the ones the server obtained, never the request's.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSelectOrganisationAction } from '../../src/app/actions/select-organisation';
import { POST as quickSearch } from '../../src/app/api/organisations/quick-search/route';
import { POST as search } from '../../src/app/api/organisations/search/route';
import { POST as select } from '../../src/app/api/organisations/select/route';
import { streamItemSchema, type SearchOrganisationsCandidate } from '../../src/core/candidates';
import { startEnrichmentWorker } from '../../src/server/enrichment/enrichment-worker';
import { makeAccount, makeOrganisation } from '../support/factories';
import { startSandboxProviders, type SandboxProviders } from '../support/sandbox-providers';
import { createTestContainer, type TestContext } from '../support/test-container';

let providers: SandboxProviders;
let ctx: TestContext;

/** Genuine companies on ABN Lookup (the contract fake's register), one per attack so that none sees another's. */
const KOALA = { name: 'KOALA LOGISTICS PTY LTD', abn: '73434904926' };
const HARBOUR = 'HARBOUR BRIDGE ENGINEERING PTY LTD';
const WOMBAT = 'WOMBAT WORKS PTY LTD';
const ATTACKER_SITE = 'https://attacker-freight.example';
const ATTACKER_TEXT = 'Trusted by the ATO. Pay your invoices to BSB 000-000.';

beforeAll(async () => {
  providers = await startSandboxProviders('zero');
  ctx = await createTestContainer({
    env: { ...providers.env, SEARCH_WEBSITE_TOP_K: '0', ENRICH_RETRY_LIMIT: '0' },
    websiteFetcher: providers.sandbox.websiteFetcher,
  });
  await startEnrichmentWorker({ jobs: ctx.container.jobs, enrichOrganisation: ctx.container.enrichment.enrichOrganisation, concurrency: 2 });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await providers?.sandbox.close();
});

const post = (handler: (request: Request) => Promise<Response>, path: string, authorization: string, body: unknown) =>
  handler(
    new Request(`http://localhost:3000${path}`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  );

/** The stream's candidates for a query (direct mode: the registry only). */
async function streamed(authorization: string, query: string): Promise<SearchOrganisationsCandidate[]> {
  const response = await post(search, '/api/organisations/search', authorization, { query, countryIsoAlpha3: 'AUS', mode: 'direct' });
  expect(response.status).toBe(200);
  const lines = (await response.text()).split('\n').filter((line) => line.trim() !== '');
  return lines.map((line) => streamItemSchema.parse(JSON.parse(line))).flatMap((item) => (item._type === 'candidate' ? [item] : []));
}

/** The stream's row for a company the register holds, and its ABN. */
async function registryRow(authorization: string, name: string): Promise<{ row: SearchOrganisationsCandidate; abn: string }> {
  const row = (await streamed(authorization, name)).find((c) => c.canonicalName === name);
  const abn = row?.identifiers.find((i) => i.type === 'ABN')?.value;
  if (!row || !abn) throw new Error(`${name} not streamed with an ABN`);
  return { row, abn };
}

/** A candidate as the pre-reference client sent it, with whatever the attacker wants it to say. */
function forged(overrides: Record<string, unknown>) {
  return {
    _type: 'candidate',
    canonicalName: KOALA.name,
    description: '',
    countryIsoAlpha3: 'AUS',
    key: 'AUS|koala logistics',
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
    ...overrides,
  };
}

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await ctx.database.db.execute<T>(query)).rows;
const identifiersOf = (id: string) =>
  rows<{ type: string; value: string }>(sql`select type, value from organisation_identifiers where organisation_id = ${id}::uuid`);
const listed = (accountId: string) => rows<{ id: string }>(sql`select organisation_id id from account_organisations where account_id = ${accountId}::uuid`);
/** Organisations holding the attacker's website (stored as its origin). */
const withAttackerSite = () => rows<{ id: string }>(sql`select id from organisations where website like ${`${ATTACKER_SITE}%`}`);

/** Until no organisation.enrich job is waiting or running (the worker settled every selection). */
async function enrichmentsSettled(timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [open] = await rows<{ n: number }>(
      sql`select count(*)::int n from pgboss.job where name = 'organisation.enrich' and state in ('created', 'retry', 'active')`,
    );
    if (open?.n === 0) return;
    if (Date.now() > deadline) throw new Error('enrichment jobs still open');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('attack 1: a forged existingOrgId', () => {
  it("never writes the request's identifiers onto a global organisation (route and action)", async () => {
    const attacker = await makeAccount(ctx.database.db);
    const victim = await makeAccount(ctx.database.db);
    const global = await makeOrganisation(ctx.database.db, { name: 'Acme Creek Produce Pty Ltd', profileStatus: 'COMPLETED' });
    const { row, abn } = await registryRow(attacker.authorization, HARBOUR);
    const candidate = forged({
      canonicalName: global.name,
      key: 'AUS|acme creek produce',
      existingOrgId: global.id,
      identifiers: [{ type: 'ABN', value: abn }],
    });

    const response = await post(select, '/api/organisations/select', attacker.authorization, { candidate, countryIsoAlpha3: 'AUS' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed', issues: [{ field: expect.stringMatching(/^candidate/) }] });
    const action = await runSelectOrganisationAction(
      { candidate, countryIsoAlpha3: 'AUS' },
      { account: async () => ({ accountId: attacker.id, userId: null, via: 'session' }), container: ctx.container },
    );
    expect(action).toMatchObject({ ok: false, error: { name: 'ValidationError' } });
    // A genuine reference with the global organisation's id beside it: the id the server matched is the one used.
    const dressed = await post(select, '/api/organisations/select', attacker.authorization, {
      candidate: { ...row, existingOrgId: global.id },
      countryIsoAlpha3: 'AUS',
    });
    expect(dressed.status).toBe(200);
    expect(((await dressed.json()) as { data: { organisationId: string } }).data.organisationId).not.toBe(global.id);

    expect(await identifiersOf(global.id)).toEqual([]);
    const found = await post(quickSearch, '/api/organisations/quick-search', victim.authorization, { query: abn, countryIsoAlpha3: 'AUS' });
    const answer = (await found.json()) as { candidates: { existingOrgId: string }[] };
    expect(answer.candidates.map((c) => c.existingOrgId)).not.toContain(global.id);
  });
});

describe('attack 2: a forged registry candidate', () => {
  it("creates nothing from the request's website, validation, description or source", async () => {
    const attacker = await makeAccount(ctx.database.db);
    const site = `${ATTACKER_SITE}/two`;
    const { abn } = await registryRow(attacker.authorization, WOMBAT);
    const candidate = forged({
      canonicalName: WOMBAT,
      key: 'AUS|wombat works',
      identifiers: [{ type: 'ABN', value: abn }],
      website: site,
      websiteValidated: true,
      description: ATTACKER_TEXT,
    });
    const response = await post(select, '/api/organisations/select', attacker.authorization, { candidate, countryIsoAlpha3: 'AUS' });
    expect(response.status).toBe(400);
    expect(await withAttackerSite()).toEqual([]);
    expect(await rows(sql`select id from organisations where description = ${ATTACKER_TEXT}`)).toEqual([]);
  });

  it("a genuine reference dressed with forged facts selects the registry's facts only", async () => {
    const attacker = await makeAccount(ctx.database.db);
    const { row: genuine } = await registryRow(attacker.authorization, WOMBAT);
    expect(genuine).toMatchObject({ source: 'registry_au', website: null });
    const site = `${ATTACKER_SITE}/dressed`;
    const candidate = { ...genuine, website: site, websiteValidated: true, description: ATTACKER_TEXT, type: 'PublicLimited', existingOrgId: null };
    const response = await post(select, '/api/organisations/select', attacker.authorization, { candidate, countryIsoAlpha3: 'AUS' });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { organisationId: string } };
    const [organisation] = await rows<{ website: string | null; description: string | null; type: string | null }>(
      sql`select website, description, type from organisations where id = ${data.organisationId}::uuid`,
    );
    expect(organisation?.website).toBe(genuine.website);
    expect(organisation?.description).not.toBe(ATTACKER_TEXT);
    expect(organisation?.type).toBe(genuine.type);
    expect(await withAttackerSite()).toEqual([]);
  });
});

describe('attack 3: a real ABN attached to an organisation holding the attacker website', () => {
  it("another account selecting the genuine registry row never lands on the attacker's organisation", async () => {
    const attacker = await makeAccount(ctx.database.db);
    const victim = await makeAccount(ctx.database.db);
    const site = `${ATTACKER_SITE}/chained`;
    const candidate = forged({ identifiers: [{ type: 'ABN', value: KOALA.abn }], website: site, websiteValidated: true, description: ATTACKER_TEXT });
    await post(select, '/api/organisations/select', attacker.authorization, { candidate, countryIsoAlpha3: 'AUS' });
    const attackers = (await listed(attacker.id)).map((r) => r.id);
    // Whatever the attacker's selection made is enriched and verified by its (genuine) ABN before the victim searches.
    await enrichmentsSettled();

    const [genuine] = await streamed(victim.authorization, KOALA.abn);
    expect(genuine).toMatchObject({ canonicalName: KOALA.name, identifiers: expect.arrayContaining([{ type: 'ABN', value: KOALA.abn }]) });
    const response = await post(select, '/api/organisations/select', victim.authorization, { candidate: genuine, countryIsoAlpha3: 'AUS' });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { organisationId: string } };
    expect(attackers).not.toContain(data.organisationId);
    const [landed] = await rows<{ website: string | null }>(sql`select website from organisations where id = ${data.organisationId}::uuid`);
    expect(landed?.website ?? '').not.toContain(ATTACKER_SITE);
  }, 60_000);
});
