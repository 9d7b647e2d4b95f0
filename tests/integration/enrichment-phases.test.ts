/**
 * The agentic enrichment's two phases (spec: selectOrganisationAction; issue 21, section 2) through the real
 * worker, pg-boss and PostgreSQL, with every provider's contract fake on loopback and the model's fake started here
 * so its faults can be planned: phase 1 (description, website, type) is saved and shown while phase 2 runs, and a
 * phase-2 failure keeps it. Parent and subsidiary stubs reuse an organisation that already has their composite key
 * and is visible to the account: one the account selected before, or a stub an earlier enrichment created, never
 * another account's private namesake (each case made through selection, "Enrich now" and the worker).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runSelectOrganisationAction } from '../../src/app/actions/select-organisation';
import { runTriggerEnrichmentAction } from '../../src/app/actions/trigger-enrichment';
import { compositeKey } from '../../src/core/composite-key';
import type { OrganisationProfile } from '../../src/core/organisation-profile';
import type { AccountContext } from '../../src/server/ports';
import { startEnrichmentWorker } from '../../src/server/enrichment/enrichment-worker';
import { startFakeOpenAi, type FakeOpenAi } from '../../src/sandbox/llm/fake-openai-server';
import { recordedReference, registryCandidateFacts } from '../support/candidate-references';
import { makeAccount, makeOrganisation } from '../support/factories';
import { startSandboxProviders, type SandboxProviders } from '../support/sandbox-providers';
import { createTestContainer, type TestContext } from '../support/test-container';
import { getOrganisationProfile } from '../../src/server/organisations/organisation-reads';

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
    const profile = await getOrganisationProfile(ctx.container.database.db, { accountId: context.accountId, organisationId });
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
    const during = await getOrganisationProfile(ctx.container.database.db, { accountId: context.accountId, organisationId });
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
  /** The organisations with a composite key, whoever sees them. */
  async function withKey(country: string, name: string): Promise<string[]> {
    const found = await ctx.database.db.execute<{ id: string }>(
      sql`select id from organisations where key = ${compositeKey(country, name)} order by created_at`,
    );
    return found.rows.map((r) => r.id);
  }
  async function relations(organisationId: string): Promise<{ parent_id: string; subsidiary_id: string }[]> {
    const found = await ctx.database.db.execute<{ parent_id: string; subsidiary_id: string }>(
      sql`select parent_id, subsidiary_id from organisation_relations where parent_id = ${organisationId}::uuid or subsidiary_id = ${organisationId}::uuid`,
    );
    return found.rows;
  }

  it("a parent the account already has by composite key is linked, not created again; another account's private namesake is neither used nor touched", async () => {
    model.faults.clear();
    const context = await account();
    const other = await account();
    // Another account's private organisation with the parent's key (as its own selection would have made it).
    const othersParent = await makeOrganisation(
      ctx.database.db,
      { name: 'Macquarie Street Partners Pty Ltd', countryIsoAlpha3: 'AUS' },
      { ownerAccountId: other.accountId, linkAccountId: other.accountId },
    );
    // The account selects the parent first (written as the register writes it), and it settles.
    const parentId = await select(context, 'MACQUARIE STREET PARTNERS PTY LTD');
    await settled(context, parentId);
    expect(parentId).not.toBe(othersParent.id);

    // Platypus Payments' page says "Part of Macquarie Street Partners Pty Ltd": phase 2 finds the parent by its key.
    const platypus = await settled(context, await select(context, 'PLATYPUS PAYMENTS PTY LTD'));
    expect(platypus.profileStatus).toBe('COMPLETED');
    expect(platypus.sources.map((s) => s.field)).toContain('parent');
    expect(platypus.parent).toMatchObject({ id: parentId });
    // No third organisation with the key: the account's and the other account's, each once.
    expect(await withKey('AUS', 'Macquarie Street Partners Pty Ltd')).toEqual([othersParent.id, parentId]);
    expect(await relations(parentId)).toEqual([{ parent_id: parentId, subsidiary_id: platypus.id }]);
    expect(await relations(othersParent.id)).toEqual([]);
  }, 120_000);

  it('a subsidiary created as a stub by one enrichment is the one the next enrichment links, in the other direction, once', async () => {
    model.faults.clear();
    const context = await account();
    // Tidewater Brewing's page says "Part of Bramblewick Foods PLC": its enrichment creates the parent as a stub.
    const tidewaterId = await select(context, 'TIDEWATER BREWING COMPANY LIMITED', 'GBR');
    const tidewater = await settled(context, tidewaterId);
    expect(tidewater.profileStatus).toBe('COMPLETED');
    const stubId = tidewater.parent?.id;
    expect(stubId).toBeDefined();
    expect(await withKey('GBR', 'Bramblewick Foods PLC')).toEqual([stubId]);

    // Selecting Bramblewick Foods settles on that stub (same composite key); "Enrich now" enriches it.
    const selected = await select(context, 'BRAMBLEWICK FOODS PLC', 'GBR');
    expect(selected).toBe(stubId);
    const triggered = await runTriggerEnrichmentAction(
      { organisationId: selected },
      { account: async () => context, container: ctx.container, refreshPath: () => undefined },
    );
    expect(triggered.ok).toBe(true);
    const bramblewick = await settled(context, selected);
    expect(bramblewick.profileStatus).toBe('COMPLETED');
    // Its page names Tidewater Brewing Company Limited as a subsidiary: the organisation already there, not a new stub.
    expect(bramblewick.subsidiaries.map((s) => s.id)).toEqual([tidewaterId]);
    expect(await withKey('GBR', 'Tidewater Brewing Company Limited')).toEqual([tidewaterId]);
    expect(await withKey('GBR', 'Bramblewick Foods PLC')).toEqual([selected]);
    // One relation between the two, whichever side wrote it.
    expect(await relations(tidewaterId)).toEqual([{ parent_id: selected, subsidiary_id: tidewaterId }]);
  }, 120_000);
});
