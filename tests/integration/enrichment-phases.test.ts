/**
 * The agentic enrichment's two phases (spec: selectOrganisationAction; issue 21, section 2) through the real
 * worker, pg-boss and PostgreSQL, with every provider's contract fake on loopback and the model's fake started here
 * so its faults can be planned: phase 1 (description, website, type) is saved and shown while phase 2 runs, and a
 * phase-2 failure keeps it. Parent and subsidiary stubs reuse an organisation that already has their composite key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runSelectOrganisationAction } from '../../src/app/actions/select-organisation';
import { compositeKey } from '../../src/core/composite-key';
import type { OrganisationProfile } from '../../src/core/organisation-profile';
import type { AccountContext } from '../../src/server/auth/account-context';
import { startEnrichmentWorker } from '../../src/server/enrichment/enrichment-worker';
import { startFakeOpenAi, type FakeOpenAi } from '../../src/sandbox/llm/fake-openai-server';
import { recordedReference, registryCandidateFacts } from '../support/candidate-references';
import { makeAccount, makeOrganisation } from '../support/factories';
import { startSandboxProviders, type SandboxProviders } from '../support/sandbox-providers';
import { createTestContainer, type TestContext } from '../support/test-container';

let providers: SandboxProviders;
let model: FakeOpenAi;
let ctx: TestContext;

beforeAll(async () => {
  providers = await startSandboxProviders('zero');
  model = await startFakeOpenAi({ latency: 'zero' });
  ctx = await createTestContainer({
    // The first attempt is the last: a failure settles FAILED at once.
    env: { ...providers.env, AGENT_BASE_URL: `${model.url}/v1`, ENRICH_RETRY_LIMIT: '0', ENRICH_RETRY_DELAY_SECONDS: '1' },
    websiteFetcher: providers.sandbox.websiteFetcher,
    naics: true,
  });
  await startEnrichmentWorker({ jobs: ctx.container.jobs, enrichOrganisation: ctx.container.enrichment.enrichOrganisation, concurrency: 1 });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await model?.close();
  await providers?.sandbox.close();
});

async function account(): Promise<AccountContext> {
  const made = await makeAccount(ctx.database.db);
  return { accountId: made.id, userId: null, via: 'session' };
}

async function select(context: AccountContext, name: string, country = 'AUS'): Promise<string> {
  const candidate = registryCandidateFacts(name, {
    countryIsoAlpha3: country,
    key: compositeKey(country, name),
    source: country === 'AUS' ? 'registry_au' : 'registry_global',
    description: '',
  });
  const selected = await runSelectOrganisationAction(
    { candidate: await recordedReference(ctx.database.db, context.accountId, candidate), countryIsoAlpha3: country },
    { account: async () => context, container: ctx.container },
  );
  if (!selected.ok) throw new Error(JSON.stringify(selected.error));
  return selected.data.organisationId;
}

async function settled(context: AccountContext, organisationId: string, timeoutMs = 45_000): Promise<OrganisationProfile> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const profile = await ctx.container.organisations.getProfile({ accountId: context.accountId, organisationId });
    if (profile.profileStatus === 'COMPLETED' || profile.profileStatus === 'FAILED') return profile;
    if (Date.now() > deadline) throw new Error(`still ${profile.profileStatus} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('phase 1 before phase 2', () => {
  it('is saved and shown while phase 2 runs, and kept when phase 2 fails', async () => {
    model.faults.clear();
    // Phase 1 is two model turns (the web search, then submit_profile); every request after them fails.
    model.faults.inject({ kind: 'delay', ms: 0 }, 2);
    model.faults.inject({ kind: 'status', status: 500 });
    const context = await account();
    const organisationId = await select(context, 'KOALA LOGISTICS PTY LTD');

    // Phase 2's first request has reached the model: phase 1 is already on the profile, which is still PENDING.
    await model.faults.whenTaken(3);
    const during = await ctx.container.organisations.getProfile({ accountId: context.accountId, organisationId });
    expect(during.profileStatus).toBe('PENDING');
    expect(during.description).toMatch(/freight/i);
    expect(during.sources.find((s) => s.field === 'description')).toMatchObject({ source: 'agent' });

    const profile = await settled(context, organisationId);
    model.faults.clear();
    expect(profile.profileStatus).toBe('FAILED');
    expect(profile.profileFailureReason).toMatch(/agent/i);
    // Phase 1 stays; nothing of phase 2 was written.
    expect(profile.description).toBe(during.description);
    expect(profile.sources.map((s) => s.field)).toContain('description');
    expect(profile.naics).toEqual([]);
  }, 60_000);
});

describe('parent and subsidiary stubs', () => {
  it('reuse an organisation with the same composite key instead of creating another', async () => {
    model.faults.clear();
    const context = await account();
    const { db } = ctx.database;
    // Platypus Payments is "Part of Macquarie Street Partners Pty Ltd" (AUS); Bramblewick Foods has the subsidiary
    // "Tidewater Brewing Company Limited (United Kingdom)". Both are already in the database.
    const parent = await makeOrganisation(db, { name: 'Macquarie Street Partners Pty Ltd', countryIsoAlpha3: 'AUS' }, { ownerAccountId: context.accountId });
    const subsidiary = await makeOrganisation(db, { name: 'Tidewater Brewing Company Limited', countryIsoAlpha3: 'GBR' });

    const platypus = await settled(context, await select(context, 'PLATYPUS PAYMENTS PTY LTD'));
    expect(platypus.profileStatus).toBe('COMPLETED');
    expect(platypus.parent).toMatchObject({ id: parent.id });

    const bramblewick = await settled(context, await select(context, 'BRAMBLEWICK FOODS PLC', 'GBR'));
    expect(bramblewick.profileStatus).toBe('COMPLETED');
    expect(bramblewick.subsidiaries.map((s) => s.id)).toContain(subsidiary.id);

    const sharing = await db.execute<{ key: string; n: number }>(sql`
      select key, count(*)::int as n from organisations
      where key in (${compositeKey('AUS', 'Macquarie Street Partners Pty Ltd')}, ${compositeKey('GBR', 'Tidewater Brewing Company Limited')})
      group by key`);
    expect(sharing.rows.map((r) => r.n)).toEqual([1, 1]);
  }, 90_000);
});
