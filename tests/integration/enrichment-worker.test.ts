/**
 * Selection to a settled, verified profile through the real worker: selectOrganisationAction, the
 * `organisation.enrich` job in pg-boss, the worker, the real adapters against every provider's contract fake
 * (sandbox mode's fakes, zero latency), PostgreSQL. Issue "Selection and enrichment", sections 3-5 and 7. Each
 * selection is by reference (decision 0017): the candidate is recorded as the search stream records it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedNaics } from '../../src/adapters/db/seed/naics-seed';
import { seedDemoConcordance } from '../../src/adapters/db/seed/demo-concordance';
import { runSelectOrganisationAction } from '../../src/app/actions/select-organisation';
import { runTriggerEnrichmentAction } from '../../src/app/actions/trigger-enrichment';
import type { StreamedSelectionCandidate } from '../../src/core/selection';
import type { OrganisationProfile } from '../../src/core/organisation-profile';
import type { AccountContext } from '../../src/server/ports';
import { startEnrichmentWorker } from '../../src/server/enrichment/enrichment-worker';
import { makeAccount, makeOrganisation } from '../support/factories';
import { startSandboxProviders, type SandboxProviders } from '../support/sandbox-providers';
import { createTestContainer, type TestContext } from '../support/test-container';
import { recordedReference } from '../support/candidate-references';
import { UNKNOWN_REGISTRY_STATUS } from '../../src/core/registry-status';
import { getOrganisationProfile } from '../../src/server/organisations/organisation-reads';

let providers: SandboxProviders;
let ctx: TestContext;

beforeAll(async () => {
  providers = await startSandboxProviders('zero');
  ctx = await createTestContainer({
    env: { ...providers.env, ENRICH_RETRY_LIMIT: '1', ENRICH_RETRY_DELAY_SECONDS: '1' },
    websiteFetcher: providers.sandbox.websiteFetcher,
  });
  await seedNaics(ctx.database.db);
  await seedDemoConcordance(ctx.database.db);
  await startEnrichmentWorker({ jobs: ctx.container.jobs, enrichOrganisation: ctx.container.enrichment.enrichOrganisation, concurrency: 2 });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await providers?.sandbox.close();
});

async function account() {
  const made = await makeAccount(ctx.database.db);
  const context: AccountContext = { accountId: made.id, userId: null, via: 'session' };
  return context;
}

const koala: StreamedSelectionCandidate = {
  _type: 'candidate',
  canonicalName: 'KOALA LOGISTICS PTY LTD',
  description: '',
  countryIsoAlpha3: 'AUS',
  key: 'AUS|koala logistics',
  existingOrgId: null,
  source: 'registry_au',
  website: null,
  logo: null,
  accountLinked: false,
  identifiers: [
    { type: 'ABN', value: '73434904926' },
    { type: 'ACN', value: '434904926' },
  ],
  websiteValidated: false,
  registryStatus: UNKNOWN_REGISTRY_STATUS,
  nameKind: 'entity',
  matchedBusinessName: null,
  parentEntityName: null,
  type: 'ProprietaryLimited',
};

/** The profile once settled; with `verified`, once its verification verdict (which follows COMPLETED) is recorded too. */
async function settled(accountId: string, organisationId: string, options: { verdict?: boolean } = {}, timeoutMs = 45_000): Promise<OrganisationProfile> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const profile = await getOrganisationProfile(ctx.container.database.db, { accountId, organisationId });
    const isSettled = profile.profileStatus === 'COMPLETED' || profile.profileStatus === 'FAILED';
    if (isSettled && (!options.verdict || profile.verification !== null || profile.profileStatus === 'FAILED')) return profile;
    if (Date.now() > deadline) throw new Error(`still ${profile.profileStatus} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a registry-only company selected from the search', () => {
  it('goes PENDING, then COMPLETED with its sources and NAICS, and is verified (global)', async () => {
    const context = await account();
    const selected = await runSelectOrganisationAction(
      { candidate: await recordedReference(ctx.database.db, context.accountId, koala), countryIsoAlpha3: 'AUS' },
      { account: async () => context, container: ctx.container },
    );
    if (!selected.ok) throw new Error(JSON.stringify(selected.error));
    expect(selected.data.created).toBe(true);
    const pending = await getOrganisationProfile(ctx.container.database.db, { accountId: context.accountId, organisationId: selected.data.organisationId });
    expect(pending).toMatchObject({ profileStatus: 'PENDING', owned: true, accountLinked: true });

    const profile = await settled(context.accountId, selected.data.organisationId, { verdict: true });
    expect(profile.profileStatus).toBe('COMPLETED');
    expect(profile.profileCheckedAt).not.toBeNull();
    expect(profile.description).toMatch(/freight/i);
    expect(profile.naics.length).toBeGreaterThan(0);
    expect(profile.sources.map((s) => s.field)).toEqual(expect.arrayContaining(['description', 'naics']));
    expect(profile.identifiers).toEqual(expect.arrayContaining([{ type: 'ABN', value: '73434904926' }]));
    // Verified from the register: the OWNED_BY edge is gone, the organisation is global and still on the list.
    expect(profile.verification, JSON.stringify(profile.verification)).toMatchObject({
      verdict: 'verified',
      evidence: { register: 'abr', active: true, nameMatches: true },
    });
    expect(profile).toMatchObject({ owned: false, accountLinked: true });
    const other = await account();
    await expect(getOrganisationProfile(ctx.container.database.db, { accountId: other.accountId, organisationId: profile.id })).resolves.toMatchObject({
      id: profile.id,
    });
  }, 60_000);
});

describe('direct enrichment', () => {
  it('takes the fields from the company-data provider when the website is known to it', async () => {
    const context = await account();
    const candidate: StreamedSelectionCandidate = {
      ...koala,
      canonicalName: 'ACME WIDGETS PTY LTD',
      key: 'AUS|acme widgets',
      source: 'agent',
      identifiers: [],
      website: 'https://acmewidgets.com.au',
      websiteValidated: true,
    };
    const selected = await runSelectOrganisationAction(
      { candidate: await recordedReference(ctx.database.db, context.accountId, candidate), countryIsoAlpha3: 'AUS' },
      { account: async () => context, container: ctx.container },
    );
    if (!selected.ok) throw new Error(JSON.stringify(selected.error));
    const profile = await settled(context.accountId, selected.data.organisationId, { verdict: true });
    expect(profile.profileStatus).toBe('COMPLETED');
    expect(profile.sources.find((s) => s.field === 'description')?.source).toBe('company_data');
    expect(profile.subsidiaries.length + (profile.parent ? 1 : 0)).toBeGreaterThan(0);
    // No registry identifier to check: it stays private, and the verdict says why.
    expect(profile.verification).toMatchObject({ verdict: 'not_verified' });
    expect(profile.owned).toBe(true);
  }, 60_000);
});

describe('Enrich now', () => {
  it('re-runs the enrichment of an existing organisation, always agentic', async () => {
    const context = await account();
    const existing = await makeOrganisation(ctx.database.db, {
      name: 'KOOKABURRA KITCHENS PTY LTD',
      profileStatus: 'FAILED',
      website: 'https://kookaburra.com.au',
    });
    const refreshed: string[] = [];
    const result = await runTriggerEnrichmentAction(
      { organisationId: existing.id },
      { account: async () => context, container: ctx.container, refreshPath: (p) => void refreshed.push(p) },
    );
    expect(result).toEqual({ ok: true, data: { organisationId: existing.id } });
    expect(refreshed).toEqual([`/organisations/${existing.id}`]);
    const job = await ctx.database.db.execute<{ data: { profileSource: string; website: string | null } }>(
      sql`select data from pgboss.job where name = 'organisation.enrich' and data->>'organisationId' = ${existing.id}`,
    );
    expect(job.rows[0]?.data).toMatchObject({ profileSource: 'agentic', website: null });
    const profile = await settled(context.accountId, existing.id);
    expect(profile.profileStatus).toBe('COMPLETED');
    expect(profile.profileFailureReason).toBeNull();
  }, 60_000);

  it('answers NotFound for an organisation the account cannot see, and a validation error for a bad id', async () => {
    const owner = await account();
    const other = await account();
    const hidden = await makeOrganisation(ctx.database.db, { name: 'Hidden Co' }, { ownerAccountId: owner.accountId });
    const deps = { account: async () => other, container: ctx.container, refreshPath: () => undefined };
    expect(await runTriggerEnrichmentAction({ organisationId: hidden.id }, deps)).toMatchObject({ ok: false, error: { name: 'NotFoundError' } });
    expect(await runTriggerEnrichmentAction({ organisationId: 'x' }, deps)).toMatchObject({ ok: false, error: { name: 'ValidationError' } });
    expect(await runTriggerEnrichmentAction({ organisationId: hidden.id }, { ...deps, account: async () => null })).toMatchObject({
      ok: false,
      error: { name: 'UnauthorizedError' },
    });
  });
});

describe('an agent that cannot be reached', () => {
  it('is retried, then the profile settles FAILED with the reason kept', async () => {
    const broken = await createTestContainer({
      env: { ...providers.env, AGENT_BASE_URL: 'http://127.0.0.1:9/v1', ENRICH_RETRY_LIMIT: '1', ENRICH_RETRY_DELAY_SECONDS: '1' },
      websiteFetcher: providers.sandbox.websiteFetcher,
    });
    try {
      await startEnrichmentWorker({ jobs: broken.container.jobs, enrichOrganisation: broken.container.enrichment.enrichOrganisation, concurrency: 1 });
      const made = await makeAccount(broken.database.db);
      const context: AccountContext = { accountId: made.id, userId: null, via: 'session' };
      const selected = await runSelectOrganisationAction(
        { candidate: await recordedReference(broken.database.db, context.accountId, koala), countryIsoAlpha3: 'AUS' },
        { account: async () => context, container: broken.container },
      );
      if (!selected.ok) throw new Error(JSON.stringify(selected.error));
      const deadline = Date.now() + 45_000;
      let profile = await getOrganisationProfile(broken.container.database.db, { accountId: context.accountId, organisationId: selected.data.organisationId });
      while (profile.profileStatus === 'PENDING' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        profile = await getOrganisationProfile(broken.container.database.db, { accountId: context.accountId, organisationId: selected.data.organisationId });
      }
      expect(profile.profileStatus).toBe('FAILED');
      expect(profile.profileFailureReason).toMatch(/could not be reached|agent/i);
      const attempts = await broken.database.db.execute<{ retry_count: number }>(
        sql`select retry_count from pgboss.job where name = 'organisation.enrich' and data->>'organisationId' = ${selected.data.organisationId}`,
      );
      expect(attempts.rows[0]?.retry_count).toBe(1);
    } finally {
      await broken.close();
    }
  }, 60_000);
});
