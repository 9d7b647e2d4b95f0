/**
 * The enrichment agent over real sockets: the real AI SDK with the openai-compatible provider against the
 * Chat Completions fake (its enrichment policy answers because the request offers `submit_profile`), and the
 * real Brave adapter against the Brave fake. The sandbox companies' facts are checked against the registry
 * fakes (same identifiers and entity types) and their websites against the website validator, so the demo
 * and the end-to-end tests can rely on them.
 */
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEnrichmentAgent, type EnrichmentAgentOptions } from '../../src/adapters/agent/enrichment-agent';
import { createEnrichmentAgentFromEnv } from '../../src/adapters/agent/enrichment-agent-from-env';
import { realRunTimer } from '../../src/adapters/agent/run-timer';
import { createSafeFetcher, type PageFetcher } from '../../src/adapters/website-validation/safe-fetch';
import { createWebsiteValidator } from '../../src/adapters/website-validation/website-validator';
import type { OrganisationType } from '../../src/core/candidates';
import type { Identifier } from '../../src/core/identifiers';
import type { AgentProfilePhase1, AgentProfilePhase2, EnrichmentSubject, RelatedCompany } from '../../src/server/enrichment/ports';
import { FAKE_ABR_ENTITIES } from '../../src/sandbox/abr/dataset';
import type { Fault } from '../../src/sandbox/faults';
import { startFakeOpenAi, type FakeOpenAi } from '../../src/sandbox/llm/fake-openai-server';
import { FAKE_COMPANIES } from '../../src/sandbox/opencorporates/dataset';
import { ENRICHMENT_PAGES } from '../../src/sandbox/web-search/dataset';
import { startFakeBrave, type FakeBrave } from '../../src/sandbox/web-search/fake-brave-server';
import { sandboxWebsiteFetcherOptions, startFakeWebsites, type FakeWebsites } from '../../src/sandbox/websites/fake-websites-server';
import { at, captureLog, noRunTimeout, sandboxModel, sandboxWebSearch, timeoutAtRequest } from '../support/agent-runs';

let llm: FakeOpenAi;
let brave: FakeBrave;

beforeEach(async () => {
  llm = await startFakeOpenAi();
  brave = await startFakeBrave();
});
afterEach(async () => {
  await llm.close();
  await brave.close();
});

function agentFor(log: pino.Logger, overrides: Partial<EnrichmentAgentOptions> = {}) {
  const webSearch = sandboxWebSearch(brave.url, log, 2000);
  // No wall-clock limit unless a test sets one: a slow machine must not turn a clean run into a timeout.
  return createEnrichmentAgent({ model: sandboxModel(llm.url), webSearch, log, timeoutMs: 10_000, maxRetries: 0, runTimer: noRunTimeout, ...overrides });
}

function subject(name: string, countryIsoAlpha3: string | null, identifiers: Identifier[] = []): EnrichmentSubject {
  return { name, countryIsoAlpha3, website: null, description: null, identifiers };
}

/** ABN and ACN as the ABR fake registers them. */
function abrIdentifiers(entityName: string): Identifier[] {
  const entity = FAKE_ABR_ENTITIES.find((e) => e.entityName === entityName);
  if (entity === undefined) throw new Error(`${entityName} is not in the ABR fake`);
  return [{ type: 'ABN', value: entity.abn }, ...(entity.acn === '' ? [] : [{ type: 'ACN', value: entity.acn }])];
}

/** The type the ABR fake's entity type code stands for (PRV, PUB, IND). */
function abrType(entityName: string): OrganisationType | undefined {
  const code = FAKE_ABR_ENTITIES.find((e) => e.entityName === entityName)?.entityTypeCode;
  return code === 'PRV' ? 'ProprietaryLimited' : code === 'PUB' ? 'PublicLimited' : code === 'IND' ? 'SoleProprietor' : undefined;
}

/** The type the OpenCorporates fake's company type stands for. */
function companiesHouseType(number: string): OrganisationType | undefined {
  const type = FAKE_COMPANIES.find((c) => c.jurisdiction_code === 'gb' && c.company_number === number)?.company_type;
  return type === 'Private Limited Company' ? 'ProprietaryLimited' : type === 'Public Limited Company' ? 'PublicLimited' : undefined;
}

const related = (name: string, countryIsoAlpha3: string | null = null): RelatedCompany => ({ name, website: null, countryIsoAlpha3 });

interface SandboxCompany {
  subject: EnrichmentSubject;
  /** The name the website validator is asked about (a sole trader with its business name). */
  validatedAs: string;
  registryType: OrganisationType | undefined;
  phase1: { website: string; type: OrganisationType | null; descriptionStarts: string };
  phase2: Omit<AgentProfilePhase2, 'evidenceUrls'>;
}

const ausCompany = (
  name: string,
  website: string,
  naicsCodes: string[],
  extra: Partial<SandboxCompany> & { descriptionStarts: string; parent?: RelatedCompany },
): SandboxCompany => ({
  subject: subject(name, 'AUS'),
  validatedAs: extra.validatedAs ?? name,
  registryType: abrType(name),
  phase1: { website, type: abrType(name) ?? null, descriptionStarts: extra.descriptionStarts },
  phase2: { countryIsoAlpha3: 'AUS', naicsCodes, identifiers: abrIdentifiers(name), legalName: null, parent: extra.parent ?? null, subsidiaries: [] },
});

const gbrCompany = (
  name: string,
  number: string,
  website: string,
  naicsCodes: string[],
  extra: { descriptionStarts: string; legalName: string; parent?: RelatedCompany; subsidiaries?: RelatedCompany[] },
): SandboxCompany => ({
  subject: subject(name, 'GBR'),
  validatedAs: name,
  registryType: companiesHouseType(number),
  phase1: { website, type: companiesHouseType(number) ?? null, descriptionStarts: extra.descriptionStarts },
  phase2: {
    countryIsoAlpha3: 'GBR',
    naicsCodes,
    identifiers: [{ type: 'CH', value: number }],
    legalName: extra.legalName,
    parent: extra.parent ?? null,
    subsidiaries: extra.subsidiaries ?? [],
  },
});

/** The sandbox's enrichable companies, as the demo and the e2e tests may use them. */
const SANDBOX_COMPANIES: SandboxCompany[] = [
  ausCompany('KOALA LOGISTICS PTY LTD', 'https://koalalogistics.com.au', ['484110', '484230', '493120'], {
    descriptionStarts: 'Koala Express Freight is the trading name of Koala Logistics Pty Ltd',
  }),
  ausCompany('JACARANDA SOFTWARE PTY LTD', 'https://jacarandasoftware.com.au', ['511210', '541511'], {
    descriptionStarts: 'Jacaranda Software Pty Ltd makes Jacaranda Cloud',
  }),
  ausCompany('MURRAY RIVER WINES LIMITED', 'https://murrayriverwines.com.au', ['312130', '111332'], {
    descriptionStarts: 'Murray River Wines Limited is a listed wine producer',
  }),
  ausCompany('PLATYPUS PAYMENTS PTY LTD', 'https://platypay.com.au', ['522320'], {
    descriptionStarts: 'PlatyPay is the card terminal and online payments service',
    parent: related('Macquarie Street Partners Pty Ltd'),
  }),
  ausCompany('PATEL, ANIL', 'https://saltbushcatering.com.au', ['722320'], {
    descriptionStarts: 'Saltbush Catering is the business name of Anil Patel',
    validatedAs: 'PATEL, ANIL t/a SALTBUSH CATERING',
  }),
  gbrCompany('FERNHOLLOW ANALYTICS LIMITED', '09876543', 'https://fernhollowanalytics.co.uk', ['541511', '518210'], {
    descriptionStarts: 'Fernhollow Analytics builds data platforms',
    legalName: 'Fernhollow Analytics Limited',
    subsidiaries: [
      related('Fernhollow Analytics Ireland Limited', 'IRL'),
      related('Fernhollow Analytics, Inc.', 'USA'),
      related('Fernhollow Analytics GmbH', 'DEU'),
    ],
  }),
  gbrCompany('BRAMBLEWICK FOODS PLC', '04561230', 'https://bramblewickfoods.co.uk', ['311421', '311999'], {
    descriptionStarts: 'Bramblewick Foods makes jams',
    legalName: 'Bramblewick Foods PLC',
    subsidiaries: [related('Tidewater Brewing Company Limited', 'GBR')],
  }),
  gbrCompany('TIDEWATER BREWING COMPANY LIMITED', '07234567', 'https://tidewaterbrewing.co.uk', ['312120'], {
    descriptionStarts: 'Tidewater Brewing Company brews cask and bottled ales',
    legalName: 'Tidewater Brewing Company Limited',
    parent: related('Bramblewick Foods PLC'),
  }),
  gbrCompany('NORTHGATE TIMBER SUPPLIES LIMITED', '00445790', 'https://northgatetimber.co.uk', ['423310', '444190'], {
    descriptionStarts: 'Northgate Timber Supplies is a family-run timber',
    legalName: 'Northgate Timber Supplies Limited',
  }),
];

describe('the sandbox companies', () => {
  it('KOALA LOGISTICS PTY LTD: phase 1 gives description, website and type from its page, searching Australia by name', async () => {
    const { log, warningMessages } = captureLog();
    const result = await agentFor(log).profilePhase1(subject('KOALA LOGISTICS PTY LTD', 'AUS'));
    expect(result).toEqual({
      ok: true,
      value: {
        description:
          'Koala Express Freight is the trading name of Koala Logistics Pty Ltd, a Melbourne carrier running refrigerated road freight and cold storage on the east coast, from Cairns to Melbourne.',
        website: 'https://koalalogistics.com.au',
        type: 'ProprietaryLimited',
        evidenceUrls: expect.arrayContaining(['https://koalalogistics.com.au/', 'https://koalafreight.com.au/']),
      },
    });
    const sent = new URL(brave.connections.requests[0]?.url ?? '', brave.url);
    expect(sent.searchParams.get('q')).toBe('KOALA LOGISTICS PTY LTD');
    expect(sent.searchParams.get('country')).toBe('AU');
    expect(llm.stats.completedTurns).toEqual(['search', 'submit']);
    expect(warningMessages()).toEqual([]);
  });

  it('KOALA LOGISTICS PTY LTD: phase 2 gives country, NAICS codes and the registered ABN and ACN', async () => {
    const { log } = captureLog();
    const phase1: AgentProfilePhase1 = { description: null, website: 'https://koalalogistics.com.au', type: 'ProprietaryLimited', evidenceUrls: [] };
    const result = await agentFor(log).profilePhase2(subject('KOALA LOGISTICS PTY LTD', 'AUS'), phase1);
    expect(result).toMatchObject({
      ok: true,
      value: {
        countryIsoAlpha3: 'AUS',
        naicsCodes: ['484110', '484230', '493120'],
        identifiers: abrIdentifiers('KOALA LOGISTICS PTY LTD'),
        legalName: null,
        parent: null,
        subsidiaries: [],
      },
    });
  });

  it.each(SANDBOX_COMPANIES.map((c) => [c.subject.name, c] as const))('%s: both phases agree with the registry fakes', async (_name, company) => {
    const { log, warningMessages } = captureLog();
    const agent = agentFor(log);
    const phase1 = await agent.profilePhase1(company.subject);
    if (!phase1.ok) throw new Error(`phase 1 failed: ${phase1.failure.message}`);
    expect(phase1.value).toMatchObject({ website: company.phase1.website, type: company.phase1.type });
    expect(phase1.value.description?.startsWith(company.phase1.descriptionStarts)).toBe(true);
    expect(phase1.value.type).toBe(company.registryType);

    const phase2 = await agent.profilePhase2(company.subject, phase1.value);
    if (!phase2.ok) throw new Error(`phase 2 failed: ${phase2.failure.message}`);
    expect({ ...phase2.value, evidenceUrls: [] }).toEqual({ ...company.phase2, evidenceUrls: [] });
    const ownPage = ENRICHMENT_PAGES.find((p) => new URL(p.url).hostname.replace(/^www\./, '') === new URL(company.phase1.website).hostname);
    expect(phase2.value.evidenceUrls).toContain(ownPage?.url);
    expect(warningMessages()).toEqual([]);
  });

  describe('websites', () => {
    let websites: FakeWebsites;
    let fetcher: PageFetcher;
    beforeAll(async () => {
      websites = await startFakeWebsites();
      fetcher = createSafeFetcher(sandboxWebsiteFetcherOptions(websites));
    });
    afterAll(async () => {
      await fetcher.close();
      await websites.close();
    });

    it.each(SANDBOX_COMPANIES.map((c) => [c.validatedAs, c.phase1.website] as const))('the validator accepts %s on %s', async (name, website) => {
      const validator = createWebsiteValidator({ fetcher, log: pino({ level: 'silent' }) });
      expect(await validator.validate(name, website)).toMatchObject({ accepted: true });
    });
  });

  it('every profile page fits the snippet the agent is shown (400 characters)', () => {
    for (const page of ENRICHMENT_PAGES) expect(page.description.length).toBeLessThanOrEqual(400);
  });

  it('an unknown company gets a thin profile: nulls and empty lists, still a success', async () => {
    const { log } = captureLog();
    const agent = agentFor(log);
    const unknown = subject('ZEBRA FINCH MEDIA PTY LTD', 'AUS');
    const phase1 = await agent.profilePhase1(unknown);
    expect(phase1).toMatchObject({ ok: true, value: { description: null, website: null, type: null } });
    if (!phase1.ok) return;
    expect(await agent.profilePhase2(unknown, phase1.value)).toMatchObject({
      ok: true,
      value: { countryIsoAlpha3: 'AUS', naicsCodes: [], identifiers: [], legalName: null, parent: null, subsidiaries: [] },
    });
    expect(await agent.profilePhase2({ ...unknown, countryIsoAlpha3: null }, phase1.value)).toMatchObject({ ok: true, value: { countryIsoAlpha3: null } });
  });

  it('from the sandbox environment the agent profiles a company', async () => {
    const { log } = captureLog();
    const agent = createEnrichmentAgentFromEnv(
      {
        AGENT_PROVIDER: 'openai-compatible',
        AGENT_MODEL: 'sandbox-agent',
        AGENT_BASE_URL: `${llm.url}/v1`,
        AGENT_API_KEY: 'sandbox',
        WEB_SEARCH_API_KEY: 'sandbox',
        WEB_SEARCH_BASE_URL: brave.url,
      },
      log,
    );
    expect(await agent.profilePhase1(subject('BRAMBLEWICK FOODS PLC', 'GBR'))).toMatchObject({ ok: true, value: { type: 'PublicLimited' } });
  });
});

const KOALA = subject('KOALA LOGISTICS PTY LTD', 'AUS');
const MODEL_FAILED = 'enrichment agent: phase failed';

describe('model endpoint faults', () => {
  // Request 1 asks for the search, request 2 submits. The rows that expect a timeout time the run out while
  // the faulty request is in flight (whatever the machine's speed); the others never time out.
  const matrix: { name: string; fault: Fault; times: number; request: number; maxRetries: number; failure: { kind: string; status?: number } }[] = [
    { name: '500', fault: { kind: 'status', status: 500 }, times: 1, request: 1, maxRetries: 0, failure: { kind: 'http', status: 500 } },
    {
      name: '429 on the submit turn',
      fault: { kind: 'status', status: 429 },
      times: 1,
      request: 2,
      maxRetries: 0,
      failure: { kind: 'http', status: 429 },
    },
    {
      name: 'two 503 with one retry',
      fault: { kind: 'status', status: 503 },
      times: 2,
      request: 1,
      maxRetries: 1,
      failure: { kind: 'http', status: 503 },
    },
    { name: 'hang', fault: { kind: 'hang' }, times: 1, request: 1, maxRetries: 0, failure: { kind: 'timeout' } },
    { name: 'slow submit turn', fault: { kind: 'delay', ms: 10_000 }, times: 1, request: 2, maxRetries: 0, failure: { kind: 'timeout' } },
    { name: 'malformed chunk', fault: { kind: 'malformed' }, times: 1, request: 1, maxRetries: 0, failure: { kind: 'malformed' } },
    {
      name: 'malformed chunk on the submit turn',
      fault: { kind: 'malformed' },
      times: 1,
      request: 2,
      maxRetries: 0,
      failure: { kind: 'malformed' },
    },
    { name: 'connection reset', fault: { kind: 'reset' }, times: 1, request: 1, maxRetries: 0, failure: { kind: 'network' } },
  ];

  for (const row of matrix) {
    it(`${row.name}: ${JSON.stringify(row.failure)}, a warning, nothing thrown`, async () => {
      at(llm.faults, row.request, row.fault, row.times);
      const { log, warningMessages } = captureLog();
      const timesOut = row.failure.kind === 'timeout';
      const runTimer = timesOut ? timeoutAtRequest(llm.faults, row.request) : noRunTimeout;
      const result = await agentFor(log, { maxRetries: row.maxRetries, runTimer }).profilePhase1(KOALA);
      expect(result).toMatchObject({ ok: false, failure: row.failure });
      expect(warningMessages()).toContain(MODEL_FAILED);
      // The timeout cut the late or hanging answer: the fake saw its client go away.
      if (timesOut) await vi.waitFor(() => expect(llm.connections.closedByClient).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
    });
  }

  it('a 5xx then success recovers through the SDK retry', async () => {
    llm.faults.inject({ kind: 'status', status: 500 }, 1);
    const { log } = captureLog();
    expect(await agentFor(log, { maxRetries: 1 }).profilePhase1(KOALA)).toMatchObject({ ok: true, value: { website: 'https://koalalogistics.com.au' } });
  });

  it('the real run timer times a hanging call out and closes the model connection', async () => {
    llm.faults.inject({ kind: 'hang' }, 1);
    const { log } = captureLog();
    // A hang never answers, so only the timer (the production one here) can end the run.
    expect(await agentFor(log, { timeoutMs: 500, runTimer: realRunTimer }).profilePhase1(KOALA)).toMatchObject({ ok: false, failure: { kind: 'timeout' } });
    await vi.waitFor(() => expect(llm.connections.closedByClient).toBe(1), { timeout: 10_000 });
  });

  it('the caller aborting closes the model connection and answers aborted, without a warning', async () => {
    llm.faults.inject({ kind: 'hang' }, 1);
    const { log, warningMessages } = captureLog();
    const controller = new AbortController();
    const run = agentFor(log).profilePhase2(KOALA, { description: null, website: null, type: null, evidenceUrls: [] }, controller.signal);
    while (llm.stats.requests === 0) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    expect(await run).toMatchObject({ ok: false, failure: { kind: 'aborted' } });
    await vi.waitFor(() => expect(llm.connections.closedByClient).toBe(1), { timeout: 10_000 });
    expect(warningMessages()).toEqual([]);
  });
});

describe('search API faults', () => {
  // Decision: when no search of the phase answered, the phase fails with the search's failure even though
  // the model (told the search is unavailable) submitted: an unresearched thin profile must not read as
  // "nothing found", which the orchestrator would settle for good.
  it('429 twice (the adapter retries once): the model still submits, the phase fails as http 429', async () => {
    brave.faults.inject({ kind: 'status', status: 429 }, 2);
    const { log, warningMessages } = captureLog();
    const result = await agentFor(log).profilePhase1(KOALA);
    expect(result).toMatchObject({ ok: false, failure: { kind: 'http', status: 429 } });
    expect(llm.stats.completedTurns).toEqual(['search', 'submit']);
    expect(brave.connections.requests).toHaveLength(2);
    expect(warningMessages()).toEqual([
      'brave: attempt failed, retrying once',
      'agent: web search failed',
      'enrichment agent: no web search answered; phase failed',
    ]);
  });

  it('429 once: the retry answers and the profile is complete', async () => {
    brave.faults.inject({ kind: 'status', status: 429 }, 1);
    const { log } = captureLog();
    expect(await agentFor(log).profilePhase1(KOALA)).toMatchObject({ ok: true, value: { type: 'ProprietaryLimited' } });
  });

  it('a search timeout fails the phase as a timeout', async () => {
    brave.faults.inject({ kind: 'hang' }, 1);
    const { log } = captureLog();
    const webSearch = sandboxWebSearch(brave.url, log, 300);
    // The timeout is the search's (its client's 300 ms against a hang), never the run's.
    const agent = createEnrichmentAgent({ model: sandboxModel(llm.url), webSearch, log, maxRetries: 0, runTimer: noRunTimeout });
    expect(await agent.profilePhase2(KOALA, { description: null, website: null, type: null, evidenceUrls: [] })).toMatchObject({
      ok: false,
      failure: { kind: 'timeout' },
    });
  });
});
