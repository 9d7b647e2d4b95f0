/**
 * The enrichment orchestrator's rules with in-memory ports (the adapters have their own tests against the
 * contract fakes; the whole path runs in tests/integration/enrichment-worker.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { OrganisationEnrichPayload } from '../../core/jobs';
import type { WebsiteValidator } from '../search/ports';
import type { VerifyOrganisation } from '../verification/verify-organisation';
import { createEnrichOrganisation, EnrichmentAttemptFailed } from './enrich-organisation';
import type {
  AgentProfilePhase1,
  AgentProfilePhase2,
  CompanyDataProfile,
  CompanyDataProvider,
  EnrichmentAgent,
  EnrichmentPhase1Write,
  EnrichmentStore,
  EnrichmentTarget,
  EnrichmentWrite,
  ProviderResult,
  RegistryLookups,
  RegistryRecord,
} from './ports';

const ORG = '6f1c1d7e-8f57-4c6a-a1b4-1d4e0b6b9a01';
const ACCOUNT = '0b8c9c53-5d9b-4a57-9d0b-3f0b8f6c2e11';

function target(overrides: Partial<EnrichmentTarget> = {}): EnrichmentTarget {
  return {
    id: ORG,
    name: 'KOALA LOGISTICS PTY LTD',
    countryIsoAlpha3: 'AUS',
    website: null,
    description: null,
    type: 'ProprietaryLimited',
    identifiers: [{ type: 'ABN', value: '73434904926' }],
    profileStatus: 'PENDING',
    redirectedTo: null,
    ownerAccountIds: [ACCOUNT],
    ...overrides,
  };
}

const phase1: AgentProfilePhase1 = {
  description: 'Freight and logistics across Queensland.',
  website: 'https://koalalogistics.com.au',
  type: 'ProprietaryLimited',
  evidenceUrls: ['https://koalalogistics.com.au/'],
};
const phase2: AgentProfilePhase2 = {
  countryIsoAlpha3: 'AUS',
  naicsCodes: ['484110', '999999', '48411'],
  identifiers: [
    { type: 'ACN', value: '434 904 926' },
    { type: 'ABN', value: '30635412074' },
    { type: 'ABN', value: '12345678901' },
    { type: 'LEI', value: '5493001KJTIIGC8Y1R12' },
  ],
  legalName: 'Koala Logistics Pty Ltd',
  parent: { name: 'Koala Holdings Pty Ltd', website: null, countryIsoAlpha3: 'AUS' },
  subsidiaries: [],
  evidenceUrls: ['https://koalalogistics.com.au/about'],
};

const koalaRecord: RegistryRecord = {
  name: 'KOALA LOGISTICS PTY LTD',
  otherNames: ['Koala Express Freight'],
  countryIsoAlpha3: 'AUS',
  identifiers: [
    { type: 'ABN', value: '73434904926' },
    { type: 'ACN', value: '434904926' },
  ],
  active: true,
  registryStatus: { status: 'active', wording: 'Active', date: '2018-07-01' },
  type: 'ProprietaryLimited',
  register: 'abr',
  url: 'https://abr.business.gov.au/ABN/View?abn=73434904926',
};

function harness(
  options: {
    target?: EnrichmentTarget | null;
    companyData?: ProviderResult<CompanyDataProfile | null>;
    phase1?: ProviderResult<AgentProfilePhase1>;
    phase2?: ProviderResult<AgentProfilePhase2>;
    acceptWebsite?: boolean;
    verify?: VerifyOrganisation;
    /** Runs while the agent answers phase 2. */
    duringPhase2?: () => void;
  } = {},
) {
  const calls = {
    companyData: 0,
    phase1: 0,
    phase2: 0,
    verify: 0,
    synced: 0,
    completed: [] as EnrichmentWrite[],
    failed: [] as string[],
    savedPhase1: [] as (EnrichmentPhase1Write & { phase2Calls: number })[],
  };
  const store: EnrichmentStore = {
    load: async () => (options.target === undefined ? target() : options.target),
    existingLeafNaics: async (codes) => codes.filter((c) => c === '484110' || c === '493110'),
    savePhase1: async (_id, write) => void calls.savedPhase1.push({ ...write, phase2Calls: calls.phase2 }),
    complete: async (_id, write) => void calls.completed.push(write),
    fail: async (_id, reason) => void calls.failed.push(reason),
  };
  const companyData: CompanyDataProvider = {
    findByDomain: async () => {
      calls.companyData += 1;
      return options.companyData ?? { ok: true, value: null };
    },
  };
  const agent: EnrichmentAgent = {
    profilePhase1: async () => {
      calls.phase1 += 1;
      return options.phase1 ?? { ok: true, value: phase1 };
    },
    profilePhase2: async () => {
      calls.phase2 += 1;
      options.duringPhase2?.();
      return options.phase2 ?? { ok: true, value: phase2 };
    },
  };
  const registry: RegistryLookups = {
    byAbn: async (abn) => ({
      ok: true,
      value: abn === '73434904926' ? koalaRecord : abn === '30635412074' ? { ...koalaRecord, name: 'KOOKABURRA KITCHENS PTY LTD', otherNames: [] } : null,
    }),
    byAcn: async (acn) => ({ ok: true, value: acn === '434904926' ? koalaRecord : null }),
    byCompaniesHouseNumber: async () => ({ ok: true, value: null }),
    byAggregatorId: async () => ({ ok: true, value: null }),
    byLei: async () => ({ ok: true, value: null }),
  };
  const websiteValidator: WebsiteValidator = {
    validate: async () => ({ accepted: options.acceptWebsite ?? true, tier: 1, score: 0.9, reason: 'test' }),
  };
  const verify: VerifyOrganisation =
    options.verify ??
    (async () => {
      calls.verify += 1;
      return null;
    });
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const enrich = createEnrichOrganisation({
    store,
    companyData,
    agent,
    registry,
    websiteValidator,
    aquila1: { syncAquila1: async () => void (calls.synced += 1) },
    verify,
    log: silent,
    now: () => new Date('2026-11-23T10:00:00Z'),
  });
  return { enrich, calls };
}

const agentic: OrganisationEnrichPayload = { organisationId: ORG, accountId: ACCOUNT, profileSource: 'agentic', website: null, countryIsoAlpha3: 'AUS' };
const direct: OrganisationEnrichPayload = {
  organisationId: ORG,
  accountId: ACCOUNT,
  profileSource: 'direct',
  website: 'https://www.acmewidgets.com.au/about',
  countryIsoAlpha3: 'AUS',
};
const lastAttempt = { isLastAttempt: true };
const notLast = { isLastAttempt: false };

const companyProfile: CompanyDataProfile = {
  name: 'Acme Widgets',
  legalName: 'Acme Widgets Pty Ltd',
  aliases: ['Acme'],
  description: 'Acme Widgets designs and builds industrial widgets.',
  website: 'https://acmewidgets.com.au',
  type: 'ProprietaryLimited',
  countryIsoAlpha3: 'AUS',
  naicsCodes: ['493110', '111111'],
  parent: { name: 'Acme Holdings', website: 'acmeholdings.com', countryIsoAlpha3: null },
  subsidiaries: [{ name: 'Acme NZ', website: 'acme.co.nz', countryIsoAlpha3: 'NZL' }],
  domainState: 'operating',
};

describe('direct enrichment (a website)', () => {
  it('asks the company-data provider by registrable domain and writes its fields with their source', async () => {
    const { enrich, calls } = harness({ companyData: { ok: true, value: companyProfile } });
    expect(await enrich(direct, notLast)).toBe('completed');
    expect(calls.phase1).toBe(0);
    const [write] = calls.completed;
    expect(write?.description).toMatchObject({ value: companyProfile.description, source: 'company_data' });
    expect(write?.naics?.value).toEqual(['493110']);
    expect(write?.aliases.map((a) => a.value)).toEqual(['Acme Widgets Pty Ltd', 'Acme']);
    expect(write?.subsidiaries?.value).toHaveLength(1);
    expect(calls.synced).toBe(1);
  });

  it.each([
    ['a miss (404)', { ok: true, value: null } as const],
    ['a for-sale domain', { ok: true, value: { ...companyProfile, domainState: 'for-sale' } } as const],
    ['a broken domain', { ok: true, value: { ...companyProfile, domainState: 'broken' } } as const],
    ['no description', { ok: true, value: { ...companyProfile, description: null } } as const],
    ['a provider failure', { ok: false, failure: { kind: 'http', status: 503, message: 'down' } } as const],
  ])('falls back inline to the agentic pipeline on %s', async (_label, companyData) => {
    const { enrich, calls } = harness({ companyData });
    expect(await enrich(direct, notLast)).toBe('completed');
    expect(calls.companyData).toBe(1);
    expect(calls.phase1).toBe(1);
    expect(calls.completed[0]?.description?.source).toBe('agent');
  });
});

describe('agentic enrichment', () => {
  it('writes phase 1 and phase 2, keeping only checked claims', async () => {
    const { enrich, calls } = harness();
    expect(await enrich(agentic, notLast)).toBe('completed');
    const [write] = calls.completed;
    expect(write?.description).toMatchObject({ value: phase1.description, source: 'agent', evidenceUrl: 'https://koalalogistics.com.au/' });
    expect(write?.website).toMatchObject({ value: 'https://koalalogistics.com.au', source: 'website' });
    // Leaf codes only.
    expect(write?.naics?.value).toEqual(['484110']);
    // ACN confirmed by the register under a matching name; an ABN of another company, an unknown ABN, and an
    // identifier type no register can confirm are dropped.
    expect(write?.identifiers.map((i) => i.value)).toEqual([{ type: 'ACN', value: '434904926' }]);
    expect(write?.identifiers[0]).toMatchObject({ source: 'registry', evidenceUrl: koalaRecord.url });
    expect(write?.aliases.map((a) => a.value)).toEqual(['Koala Logistics Pty Ltd']);
    expect(write?.parent?.value.name).toBe('Koala Holdings Pty Ltd');
    // The organisation already has a country: it is not rewritten.
    expect(write?.country).toBeUndefined();
    // The confirming register's status is kept on the organisation (issue 20).
    expect(write?.registryStatus).toMatchObject({ value: koalaRecord.registryStatus, source: 'registry', evidenceUrl: koalaRecord.url });
  });

  it('drops a website the validator rejects', async () => {
    const { enrich, calls } = harness({ acceptWebsite: false });
    await enrich(agentic, notLast);
    expect(calls.completed[0]?.website).toBeUndefined();
  });

  it("writes the agent's country only for an organisation without one, else the selection's", async () => {
    const countryless = harness({ target: target({ countryIsoAlpha3: null }) });
    await countryless.enrich(agentic, notLast);
    expect(countryless.calls.completed[0]?.country).toMatchObject({ value: 'AUS', source: 'agent' });
    const unknown = harness({ target: target({ countryIsoAlpha3: null }), phase2: { ok: true, value: { ...phase2, countryIsoAlpha3: null } } });
    await unknown.enrich({ ...agentic, countryIsoAlpha3: 'NZL' }, notLast);
    expect(unknown.calls.completed[0]?.country).toMatchObject({ value: 'NZL', source: 'selection' });
  });

  it('throws on a failed agent phase so the queue retries, and settles FAILED with the reason on the last attempt', async () => {
    const failing = { ok: false, failure: { kind: 'timeout', message: 'model took too long' } } as const;
    const retried = harness({ phase1: failing });
    await expect(retried.enrich(agentic, notLast)).rejects.toBeInstanceOf(EnrichmentAttemptFailed);
    expect(retried.calls.failed).toEqual([]);
    const last = harness({ phase2: failing });
    expect(await last.enrich(agentic, lastAttempt)).toBe('failed');
    expect(last.calls.failed).toEqual(['The enrichment agent took too long to answer']);
    expect(last.calls.completed).toEqual([]);
    // Phase 1 was saved before phase 2 ran, and stays: the failure settles the status, it does not undo phase 1.
    expect(last.calls.savedPhase1).toHaveLength(1);
    expect(last.calls.savedPhase1[0]).toMatchObject({ description: { value: phase1.description, source: 'agent' }, phase2Calls: 0 });
  });
});

describe('around the enrichment', () => {
  it('writes nothing once its signal is aborted (the queue gave the job to another attempt), and throws so its outcome is dropped', async () => {
    const lease = new AbortController();
    const { enrich, calls } = harness({ duringPhase2: () => lease.abort(new Error('lease lost (test)')) });
    await expect(enrich(agentic, { isLastAttempt: false, signal: lease.signal })).rejects.toThrow('lease lost');
    expect(calls.phase2).toBe(1);
    expect(calls.completed).toEqual([]);
    expect(calls.synced).toBe(0);
  });

  it('skips an organisation that is gone or redirected (the job is idempotent)', async () => {
    expect(await harness({ target: null }).enrich(agentic, notLast)).toBe('skipped');
    const redirected = harness({ target: target({ redirectedTo: '7a1c1d7e-8f57-4c6a-a1b4-1d4e0b6b9a02' }) });
    expect(await redirected.enrich(agentic, notLast)).toBe('skipped');
    expect(redirected.calls.phase1).toBe(0);
  });

  it('verifies an account-owned organisation after it completes, and not a global one', async () => {
    const owned = harness();
    await owned.enrich(agentic, notLast);
    expect(owned.calls.verify).toBe(1);
    const global = harness({ target: target({ ownerAccountIds: [] }) });
    await global.enrich(agentic, notLast);
    expect(global.calls.verify).toBe(0);
  });

  it('keeps the completed profile when verification throws', async () => {
    const { enrich, calls } = harness({
      verify: async () => {
        throw new Error('register exploded');
      },
    });
    expect(await enrich(agentic, notLast)).toBe('completed');
    expect(calls.completed).toHaveLength(1);
  });
});
