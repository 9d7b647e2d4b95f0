/**
 * Registries' former names kept (issue 20, section 1) through the paths a user takes, with the real adapters against
 * every provider's contract fake and the real enrichment worker: the streamed search finds a company by its former
 * name (the aggregator's `previous_names`) and says so (`formerNames`, `matchedOn.nameKind: 'former_name'`); selecting
 * it creates the organisation with that former name; once the worker has enriched it, the quick lookup finds it by
 * the former name (`matchedOn.nameKind: 'former_name'`, shown "formerly ...") and its record lists it under
 * `formerNames`, not among its aliases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as search } from '../../src/app/api/organisations/search/route';
import { runSelectOrganisationAction } from '../../src/app/actions/select-organisation';
import { streamItemSchema, type SearchOrganisationsCandidate } from '../../src/core/candidates';
import type { AccountContext } from '../../src/server/ports';
import { startEnrichmentWorker } from '../../src/server/enrichment/enrichment-worker';
import { recordedReference, registryCandidateFacts } from '../support/candidate-references';
import { makeAccount } from '../support/factories';
import { quickSearchCandidates } from '../support/quick-search-route';
import { startSandboxProviders, type SandboxProviders } from '../support/sandbox-providers';
import { createTestContainer, type TestContext } from '../support/test-container';
import { getOrganisationProfile } from '../../src/server/organisations/organisation-reads';

let providers: SandboxProviders;
let ctx: TestContext;

beforeAll(async () => {
  providers = await startSandboxProviders('zero');
  ctx = await createTestContainer({
    env: { ...providers.env, ENRICH_RETRY_LIMIT: '1', ENRICH_RETRY_DELAY_SECONDS: '1' },
    websiteFetcher: providers.sandbox.websiteFetcher,
  });
  await startEnrichmentWorker({ jobs: ctx.container.jobs, enrichOrganisation: ctx.container.enrichment.enrichOrganisation, concurrency: 1 });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await providers?.sandbox.close();
});

/** The registry candidates of a direct (registry only) streamed search. */
async function streamed(authorization: string, query: string, countryIsoAlpha3: string): Promise<SearchOrganisationsCandidate[]> {
  const response = await search(
    new Request('http://localhost/api/organisations/search', {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ query, countryIsoAlpha3, mode: 'direct' }),
    }),
  );
  expect(response.status).toBe(200);
  return (await response.text())
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => streamItemSchema.parse(JSON.parse(line)))
    .filter((item): item is SearchOrganisationsCandidate => item._type === 'candidate');
}

async function settled(accountId: string, organisationId: string, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const profile = await getOrganisationProfile(ctx.container.database.db, { accountId, organisationId });
    if (profile.profileStatus === 'COMPLETED' || profile.profileStatus === 'FAILED') return profile;
    if (Date.now() > deadline) throw new Error(`still ${profile.profileStatus} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("a register's former names", () => {
  it('are streamed, kept on selection and enrichment, and found by the quick lookup as former names', async () => {
    const analyst = await makeAccount(ctx.database.db);
    // The aggregator's fake knows FERNHOLLOW ANALYTICS LIMITED, formerly FERNHOLLOW DATA LIMITED.
    const found = await streamed(analyst.authorization, 'Fernhollow Data Limited', 'GBR');
    const fernhollow = found.find((c) => c.canonicalName === 'FERNHOLLOW ANALYTICS LIMITED');
    expect(fernhollow, JSON.stringify(found.map((c) => c.canonicalName))).toBeDefined();
    expect(fernhollow?.formerNames).toEqual(['FERNHOLLOW DATA LIMITED']);
    expect(fernhollow?.match.matchedOn).toMatchObject({ nameKind: 'former_name', name: 'FERNHOLLOW DATA LIMITED' });

    // Nothing stored yet: the quick lookup does not know the former name.
    expect((await quickSearchCandidates(analyst.authorization, 'Fernhollow Data')).map((c) => c.canonicalName)).not.toContain('FERNHOLLOW ANALYTICS LIMITED');

    const context: AccountContext = { accountId: analyst.id, userId: null, via: 'session' };
    const selected = await runSelectOrganisationAction(
      { candidate: { _type: 'candidate', ref: fernhollow?.ref }, countryIsoAlpha3: 'GBR' },
      { account: async () => context, container: ctx.container },
    );
    if (!selected.ok) throw new Error(JSON.stringify(selected.error));
    expect(selected.data.created).toBe(true);
    const profile = await settled(analyst.id, selected.data.organisationId);
    expect(profile.formerNames).toEqual(['FERNHOLLOW DATA LIMITED']);
    expect(profile.aliases).not.toContain('FERNHOLLOW DATA LIMITED');

    const byFormerName = await quickSearchCandidates(analyst.authorization, 'Fernhollow Data');
    const row = byFormerName.find((c) => c.existingOrgId === selected.data.organisationId);
    expect(row).toMatchObject({ canonicalName: 'FERNHOLLOW ANALYTICS LIMITED', formerName: 'FERNHOLLOW DATA LIMITED' });
    expect(row?.match.matchedOn).toMatchObject({ nameKind: 'former_name', name: 'FERNHOLLOW DATA LIMITED' });
    // The current name is still matched as the name.
    const byName = await quickSearchCandidates(analyst.authorization, 'Fernhollow Analytics Limited');
    expect(byName.find((c) => c.existingOrgId === selected.data.organisationId)?.match.matchedOn.nameKind).toBe('name');
  }, 90_000);

  it('confirmed by enrichment are kept too: an agent-found company whose Companies House number the register confirms', async () => {
    const analyst = await makeAccount(ctx.database.db);
    const context: AccountContext = { accountId: analyst.id, userId: null, via: 'session' };
    // The agent's row (no identifiers, no former names), recorded as the stream records it; the worker's agent claims
    // its Companies House number, which the aggregator confirms with its record (formerly SALTMARSH ALES LIMITED).
    const agentRow = registryCandidateFacts('Tidewater Brewing Company Limited', {
      countryIsoAlpha3: 'GBR',
      key: 'GBR|tidewater brewing company',
      source: 'agent',
      nameKind: null,
      type: null,
    });
    const selected = await runSelectOrganisationAction(
      { candidate: await recordedReference(ctx.database.db, analyst.id, agentRow), countryIsoAlpha3: 'GBR' },
      { account: async () => context, container: ctx.container },
    );
    if (!selected.ok) throw new Error(JSON.stringify(selected.error));
    expect(selected.data.created).toBe(true);
    const profile = await settled(analyst.id, selected.data.organisationId);
    expect(profile.identifiers).toEqual(expect.arrayContaining([{ type: 'CH', value: '07234567' }]));
    expect(profile.formerNames).toEqual(['SALTMARSH ALES LIMITED']);
    expect(profile.sources.map((s) => s.field)).toContain('formerNames');
    const row = (await quickSearchCandidates(analyst.authorization, 'Saltmarsh Ales')).find((c) => c.existingOrgId === selected.data.organisationId);
    expect(row?.formerName).toBe('SALTMARSH ALES LIMITED');
  }, 90_000);
});
