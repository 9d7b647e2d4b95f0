/**
 * The orchestrator's rules with in-memory fakes of its ports (spec: POST /api/organisations/search).
 * Timing rules use a small injected registry lead instead of fake timers.
 */
import { describe, expect, it } from 'vitest';
import type { Identifier, StreamItem } from '../../core/candidates';
import type { FlagName } from '../../core/flags';
import type { ProviderResult, RegistryRecord } from '../enrichment/ports';
import type { AgentCandidate, InternalMatch, RegistryCandidate, RegistryResult } from './ports';
import { createSearchOrganisations, type SearchOrganisationsDependencies, type SearchOrganisationsRequest } from './search-organisations';

const ACCOUNT = { accountId: '00000000-0000-4000-8000-000000000001' };

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

function registryCandidate(name: string, overrides: Partial<RegistryCandidate> = {}): RegistryCandidate {
  return {
    name,
    countryIsoAlpha3: 'AUS',
    identifiers: [],
    description: `${name} (registry)`,
    website: null,
    websiteValidated: false,
    nameKind: 'entity',
    matchedBusinessName: null,
    parentEntityName: null,
    type: 'ProprietaryLimited',
    score: 97,
    ...overrides,
  };
}

function agentCandidate(name: string, overrides: Partial<AgentCandidate> = {}): AgentCandidate {
  return { name, countryIsoAlpha3: 'AUS', website: null, description: `${name} (web)`, identifiers: [], ...overrides };
}

const abn = (value: string): Identifier => ({ type: 'ABN', value });

interface FakeOptions {
  registry?: RegistryResult;
  registryDelayMs?: number;
  agent?: AgentCandidate[];
  agentDelayMs?: number;
  /** Delay before the agent's first candidate (default agentDelayMs). */
  agentFirstDelayMs?: number;
  flags?: Partial<Record<FlagName, boolean>>;
  matches?: Map<string, InternalMatch>;
  members?: Set<string>;
  leadMs?: number;
  enrich?: SearchOrganisationsDependencies['enrichRegistryWebsites'];
  /** Registry records by number (ABN, ACN, CH); a number mapped to 'fail' fails. */
  records?: Record<string, RegistryRecord | 'fail'>;
}

function fakes(options: FakeOptions = {}) {
  const calls = {
    national: [] as { name: string; preset: string; includeSoleTraders: boolean; signal?: AbortSignal }[],
    global: [] as { name: string; countryCode?: string; accountId?: string; signal?: AbortSignal }[],
    agent: [] as { query: string; countryIsoAlpha3: string; website?: string; signal: AbortSignal }[],
    byKeys: [] as { keys: string[]; membership: string }[],
    linked: [] as string[][],
    validated: [] as string[],
    warnings: [] as string[],
    byNumber: [] as string[],
  };
  const byNumber = async (value: string): Promise<ProviderResult<RegistryRecord | null>> => {
    calls.byNumber.push(value);
    const found = options.records?.[value];
    if (found === 'fail') return { ok: false, failure: { kind: 'http', status: 500, message: 'boom' } };
    return { ok: true, value: found ?? null };
  };
  const registry = options.registry ?? { candidates: [], error: null };
  const answer = async (signal?: AbortSignal): Promise<RegistryResult> => {
    await wait(options.registryDelayMs ?? 0, signal);
    if (signal?.aborted) return { candidates: [], error: { kind: 'aborted', message: 'aborted' } };
    return registry;
  };
  const matches = options.matches ?? new Map<string, InternalMatch>();
  const members = options.members ?? new Set<string>();
  const deps: SearchOrganisationsDependencies = {
    nationalRegistry: {
      searchByName: (name, o) => {
        calls.national.push({ name, ...o });
        return answer(o.signal);
      },
    },
    globalRegistry: {
      searchByName: (name, o) => {
        calls.global.push({ name, ...o });
        return answer(o.signal);
      },
    },
    agent: {
      async *discover(query, signal) {
        calls.agent.push({ ...query, signal });
        let first = true;
        for (const candidate of options.agent ?? []) {
          await wait(first ? (options.agentFirstDelayMs ?? options.agentDelayMs ?? 0) : (options.agentDelayMs ?? 0), signal);
          first = false;
          if (signal.aborted) return;
          yield candidate;
        }
      },
    },
    websiteValidator: {
      async validate(name, url) {
        calls.validated.push(url);
        return { accepted: !url.includes('wrong'), tier: 1, score: 0.9, reason: 'fake' };
      },
    },
    internalMatches: {
      async byKeys({ keys, membership }) {
        calls.byKeys.push({ keys, membership });
        const found = new Map<string, InternalMatch>();
        for (const key of keys) {
          const match = matches.get(key);
          if (!match) continue;
          const accountLinked = match.owned || (membership === 'resolve' && members.has(match.organisationId));
          found.set(key, { ...match, accountLinked });
        }
        return found;
      },
      async linkedOrganisationIds({ organisationIds }) {
        calls.linked.push(organisationIds);
        return new Set(organisationIds.filter((id) => members.has(id)));
      },
    },
    flags: {
      async isEnabled(flag) {
        return options.flags?.[flag] ?? flag === 'hybridSearch';
      },
      async all() {
        throw new Error('not used');
      },
    },
    logo: { logoFor: (website) => (website ? `https://logo.test/${website}` : null) },
    log: { debug: () => undefined, warn: (_details, message) => calls.warnings.push(message) },
    registryLeadMs: options.leadMs ?? 200,
    enrichRegistryWebsites: options.enrich,
    registryLookups: { byAbn: byNumber, byAcn: byNumber, byCompaniesHouseNumber: byNumber },
  };
  return { deps, calls, search: createSearchOrganisations(deps) };
}

async function collect(stream: AsyncGenerator<StreamItem>): Promise<{ item: StreamItem; at: number }[]> {
  const started = performance.now();
  const items: { item: StreamItem; at: number }[] = [];
  for await (const item of stream) items.push({ item, at: performance.now() - started });
  return items;
}

async function run(search: ReturnType<typeof fakes>['search'], request: Partial<SearchOrganisationsRequest> = {}, signal = new AbortController().signal) {
  const items = await collect(search.stream({ query: 'acme', countryIsoAlpha3: 'AUS', ...request }, ACCOUNT, signal));
  return items.map((i) => i.item);
}

const keysOf = (items: StreamItem[]) =>
  items.map((i) => (i._type === 'channel-degraded' ? i._type : i._type === 'identifierSuggestions' ? `${i._type}:${i.typed.value}` : `${i._type}:${i.key}`));

describe('modes (spec: Modes)', () => {
  const registry = { candidates: [registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] })], error: null };
  const agent = [agentCandidate('Acme Web Pty Ltd')];

  it('agentic: the agent only, no registry call', async () => {
    const { search, calls } = fakes({ registry, agent });
    const items = await run(search, { mode: 'agentic', abrPreset: 'with-business-names', includeSoleTraders: true });
    expect(calls.national).toHaveLength(0);
    expect(calls.global).toHaveLength(0);
    expect(keysOf(items)).toEqual(['candidate:AUS|acme web pty ltd']);
  });

  it('auto: registry and agent concurrently', async () => {
    const { search, calls } = fakes({ registry, agent });
    const items = await run(search, { mode: 'auto' });
    expect(calls.national).toHaveLength(1);
    expect(calls.agent).toHaveLength(1);
    expect(keysOf(items)).toEqual(['candidate:AUS|acme pty ltd', 'candidate:AUS|acme web pty ltd']);
  });

  it('auto is the default mode', async () => {
    const { search, calls } = fakes({ registry, agent });
    await run(search);
    expect([calls.national.length, calls.agent.length]).toEqual([1, 1]);
  });

  it('direct: the registry only, no AI', async () => {
    const { search, calls } = fakes({ registry, agent });
    const items = await run(search, { mode: 'direct' });
    expect(calls.agent).toHaveLength(0);
    expect(keysOf(items)).toEqual(['candidate:AUS|acme pty ltd']);
  });

  it.each(['auto', 'direct'] as const)('%s is downgraded to agentic when hybridSearch is off', async (mode) => {
    const { search, calls } = fakes({ registry, agent, flags: { hybridSearch: false } });
    const items = await run(search, { mode });
    expect(calls.national).toHaveLength(0);
    expect(calls.agent).toHaveLength(1);
    expect(keysOf(items)).toEqual(['candidate:AUS|acme web pty ltd']);
  });

  it('direct with a degraded registry fails the whole stream: one channel-degraded line, partial candidates discarded', async () => {
    const { search } = fakes({
      registry: { candidates: [registryCandidate('Acme Pty Ltd')], error: { kind: 'http', status: 500, message: 'boom' } },
    });
    expect(await run(search, { mode: 'direct' })).toEqual([{ _type: 'channel-degraded', channel: 'registry' }]);
  });
});

describe('registry routing (rule 1)', () => {
  it('AUS goes to the national registry with the preset and sole-traders switch', async () => {
    const { search, calls } = fakes();
    await run(search, { countryIsoAlpha3: 'AUS', abrPreset: 'entity-only', includeSoleTraders: true });
    expect(calls.global).toHaveLength(0);
    expect(calls.national).toMatchObject([{ name: 'acme', preset: 'entity-only', includeSoleTraders: true }]);
  });

  it('defaults the preset to business-name-aware and sole traders to off', async () => {
    const { search, calls } = fakes();
    await run(search, { countryIsoAlpha3: 'AUS' });
    expect(calls.national).toMatchObject([{ preset: 'business-name-aware', includeSoleTraders: false }]);
  });

  it.each(['GBR', 'NZL', 'USA'])('%s goes to the aggregator with its country code', async (country) => {
    const { search, calls } = fakes();
    await run(search, { countryIsoAlpha3: country });
    expect(calls.national).toHaveLength(0);
    expect(calls.global).toMatchObject([{ name: 'acme', countryCode: country }]);
  });

  it("passes the caller's account to the aggregator (its name searches are cached per account)", async () => {
    const { search, calls } = fakes();
    await run(search, { countryIsoAlpha3: 'GBR' });
    expect(calls.global).toMatchObject([{ accountId: ACCOUNT.accountId }]);
  });

  it('GLO goes to the aggregator with no country code; the national registry and its website enrichment are never used', async () => {
    let enriched = 0;
    const { search, calls } = fakes({
      enrich: async (c) => {
        enriched += 1;
        return c;
      },
      registry: { candidates: [registryCandidate('Acme Ltd', { countryIsoAlpha3: 'GBR' })], error: null },
    });
    await run(search, { countryIsoAlpha3: 'GLO', includeSoleTraders: true, abrPreset: 'with-business-names' });
    expect(calls.national).toHaveLength(0);
    expect(calls.global).toHaveLength(1);
    expect(calls.global[0]?.countryCode).toBeUndefined();
    expect(calls.agent[0]?.countryIsoAlpha3).toBe('GLO');
    expect(enriched).toBe(0);
  });

});

describe('registry lead (rule 2)', () => {
  it('a registry answering within the lead streams first and wins the key; the identifier-less agent twin folds onto it', async () => {
    const { search } = fakes({
      leadMs: 300,
      registryDelayMs: 60,
      registry: { candidates: [registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] })], error: null },
      agent: [agentCandidate('ACME PTY. LTD.'), agentCandidate('Acme Services Pty Ltd')],
      agentDelayMs: 5,
    });
    const items = await run(search);
    expect(keysOf(items)).toEqual(['candidate:AUS|acme pty ltd', 'candidate:AUS|acme services pty ltd']);
    expect(items[0]).toMatchObject({ source: 'registry_au', identifiers: [abn('51824753556')] });
  });

  it('after the lead the agent streams at once; the late registry is folded in as identifierPatch items, and a new registry row streams as a candidate', async () => {
    const { search } = fakes({
      leadMs: 40,
      registryDelayMs: 250,
      registry: {
        candidates: [
          registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] }),
          registryCandidate('Acme Holdings Pty Ltd', { identifiers: [abn('53004085616')] }),
        ],
        error: null,
      },
      agent: [agentCandidate('Acme Pty Ltd')],
      agentDelayMs: 0,
    });
    const items = await collect(search.stream({ query: 'acme', countryIsoAlpha3: 'AUS' }, ACCOUNT, new AbortController().signal));
    expect(keysOf(items.map((i) => i.item))).toEqual([
      'candidate:AUS|acme pty ltd',
      'identifierPatch:AUS|acme pty ltd',
      'candidate:AUS|acme holdings pty ltd',
    ]);
    expect(items[0]?.item).toMatchObject({ source: 'agent', identifiers: [] });
    expect(items[0]?.at).toBeLessThan(200); // streamed before the registry answered
    expect(items[1]?.item).toEqual({
      _type: 'identifierPatch',
      key: 'AUS|acme pty ltd',
      identifiers: [abn('51824753556')],
      existingOrgId: null,
      accountLinked: false,
    });
  });

  it('a late patch carries existingOrgId and accountLinked recomputed for the key, which can flip a new row to existing', async () => {
    const matches = new Map<string, InternalMatch>();
    const { search } = fakes({
      leadMs: 20,
      registryDelayMs: 150,
      registry: { candidates: [registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] })], error: null },
      agent: [agentCandidate('Acme Pty Ltd')],
      matches,
      members: new Set(['org-1']),
    });
    const items: StreamItem[] = [];
    for await (const item of search.stream({ query: 'acme', countryIsoAlpha3: 'AUS' }, ACCOUNT, new AbortController().signal)) {
      items.push(item);
      // The organisation appears internally after the agent row was rendered (e.g. created meanwhile).
      matches.set('AUS|acme pty ltd', { organisationId: 'org-1', owned: false, accountLinked: false });
    }
    expect(items[0]).toMatchObject({ _type: 'candidate', existingOrgId: null, accountLinked: false });
    expect(items[1]).toMatchObject({ _type: 'identifierPatch', existingOrgId: 'org-1', accountLinked: true });
  });

  it('a late registry row identical to what is on screen produces nothing', async () => {
    const { search } = fakes({
      leadMs: 10,
      registryDelayMs: 80,
      registry: { candidates: [registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] })], error: null },
      agent: [agentCandidate('Acme Pty Ltd', { identifiers: [abn('51 824 753 556')] })],
    });
    expect(keysOf(await run(search))).toEqual(['candidate:AUS|acme pty ltd']);
  });

  it('holds agent candidates found before the lead expires and releases them when it does', async () => {
    const { search } = fakes({ leadMs: 60, registryDelayMs: 400, agent: [agentCandidate('Acme Pty Ltd')], agentDelayMs: 0 });
    const items = await collect(search.stream({ query: 'acme', countryIsoAlpha3: 'AUS' }, ACCOUNT, new AbortController().signal));
    expect(items[0]?.at).toBeGreaterThanOrEqual(55);
    expect(items[0]?.at).toBeLessThan(350);
  });

  it('bounds registry website enrichment by the lead window and keeps its validated websites', async () => {
    const seen: { topK: number; deadline: number }[] = [];
    const { search, calls } = fakes({
      leadMs: 5000,
      registry: { candidates: [registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] })], error: null },
      enrich: async (candidates, { topK, deadline }) => {
        seen.push({ topK, deadline });
        return candidates.map((c) => ({ ...c, website: 'https://acme.com.au', websiteValidated: true }));
      },
    });
    const before = Date.now();
    const items = await run(search, { websiteTopK: 3 });
    expect(seen[0]?.topK).toBe(3);
    expect(seen[0]?.deadline).toBeGreaterThanOrEqual(before + 5000);
    expect(seen[0]?.deadline).toBeLessThanOrEqual(Date.now() + 5000);
    expect(items[0]).toMatchObject({ website: 'https://acme.com.au', websiteValidated: true, logo: 'https://logo.test/https://acme.com.au' });
    expect(calls.validated).toEqual([]); // already validated by the enrichment
  });
});

describe('keys, internal matches and accountLinked (rules 3 and 4)', () => {
  const matches = new Map<string, InternalMatch>([
    ['AUS|acme pty ltd', { organisationId: 'org-owned', owned: true, accountLinked: true }],
    ['AUS|beta pty ltd', { organisationId: 'org-member', owned: false, accountLinked: false }],
    ['AUS|gamma pty ltd', { organisationId: 'org-global', owned: false, accountLinked: false }],
  ]);
  const options: FakeOptions = {
    matches,
    members: new Set(['org-member']),
    registry: {
      candidates: [
        registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] }),
        registryCandidate('Beta Pty Ltd', { identifiers: [abn('53004085616')] }),
      ],
      error: null,
    },
    agent: [agentCandidate('Gamma Pty Ltd'), agentCandidate('Delta Pty Ltd')],
  };

  it('sets existingOrgId from the internal row sharing the key; source stays the discovering channel', async () => {
    const { search } = fakes(options);
    const items = await run(search);
    expect(items.map((i) => (i._type === 'candidate' ? [i.key, i.source, i.existingOrgId, i.accountLinked] : i._type))).toEqual([
      ['AUS|acme pty ltd', 'registry_au', 'org-owned', true],
      ['AUS|beta pty ltd', 'registry_au', 'org-member', true],
      ['AUS|gamma pty ltd', 'agent', 'org-global', false],
      ['AUS|delta pty ltd', 'agent', null, false],
    ]);
  });

  it('resolves accountLinked per candidate while streaming, and execute() resolves it once in a batch with the same answers', async () => {
    const streaming = fakes(options);
    const streamed = (await run(streaming.search)).flatMap((i) => (i._type === 'candidate' ? [[i.key, i.accountLinked]] : []));
    expect(streaming.calls.byKeys.every((c) => c.membership === 'resolve')).toBe(true);

    const batch = fakes(options);
    const result = await batch.search.execute({ query: 'acme', countryIsoAlpha3: 'AUS' }, ACCOUNT, new AbortController().signal);
    expect(batch.calls.byKeys.every((c) => c.membership === 'skip')).toBe(true);
    expect(batch.calls.linked).toEqual([['org-member', 'org-global']]); // one batch; owned rows need no lookup
    expect(result.candidates.map((c) => [c.key, c.accountLinked])).toEqual(streamed);
    expect(result.registryDegraded).toBe(false);
  });

  it('execute() applies late patches to the collected candidates', async () => {
    const { search } = fakes({
      leadMs: 10,
      registryDelayMs: 60,
      registry: { candidates: [registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] })], error: null },
      agent: [agentCandidate('Acme Pty Ltd')],
    });
    const result = await search.execute({ query: 'acme', countryIsoAlpha3: 'AUS' }, ACCOUNT, new AbortController().signal);
    expect(result.candidates).toHaveLength(1);
    expect(result.candidates[0]).toMatchObject({ source: 'agent', identifiers: [abn('51824753556')] });
  });

  it('looks up the internal matches of registry candidates as soon as the registry answers, while website enrichment still runs', async () => {
    let lookedUpDuringEnrichment: string[][] = [];
    const { search, calls } = fakes({
      ...options,
      agent: [],
      enrich: async (candidates) => {
        await wait(30);
        lookedUpDuringEnrichment = calls.byKeys.map((c) => c.keys);
        return candidates;
      },
    });
    const items = await run(search);
    expect(lookedUpDuringEnrichment).toEqual([['AUS|acme pty ltd', 'AUS|beta pty ltd']]);
    expect(calls.byKeys).toHaveLength(1); // the candidates' writes reuse that one lookup
    expect(items.map((i) => (i._type === 'candidate' ? [i.key, i.existingOrgId, i.accountLinked] : i._type))).toEqual([
      ['AUS|acme pty ltd', 'org-owned', true],
      ['AUS|beta pty ltd', 'org-member', true],
    ]);
  });

  it("looks up an agent candidate's internal match when it arrives, before its website is validated", async () => {
    const order: string[] = [];
    const { deps } = fakes({ ...options, agent: [agentCandidate('Gamma Pty Ltd', { website: 'https://gamma.com.au' })] });
    const search = createSearchOrganisations({
      ...deps,
      websiteValidator: {
        async validate() {
          order.push('validate');
          await wait(20);
          return { accepted: true, tier: 1, score: 0.9, reason: 'fake' };
        },
      },
      internalMatches: {
        ...deps.internalMatches,
        byKeys: async (params) => {
          order.push(`byKeys:${params.keys.join(',')}`);
          return deps.internalMatches.byKeys(params);
        },
      },
    });
    const items = await run(search, { mode: 'agentic' });
    expect(order).toEqual(['byKeys:AUS|gamma pty ltd', 'validate']);
    expect(items).toMatchObject([{ key: 'AUS|gamma pty ltd', existingOrgId: 'org-global', websiteValidated: true }]);
  });

  it('reads the agent on only once the internal lookup of its last candidate has answered', async () => {
    const order: string[] = [];
    const { deps } = fakes(options);
    const search = createSearchOrganisations({
      ...deps,
      agent: {
        async *discover() {
          for (const name of ['Gamma Pty Ltd', 'Delta Pty Ltd']) {
            order.push(`agent yields ${name}`);
            yield agentCandidate(name);
          }
          order.push('agent done');
        },
      },
      internalMatches: {
        ...deps.internalMatches,
        byKeys: async (params) => {
          await wait(30);
          order.push(`lookup answered ${params.keys.join(',')}`);
          return deps.internalMatches.byKeys(params);
        },
      },
    });
    const items = await run(search, { mode: 'agentic' });
    expect(order).toEqual([
      'agent yields Gamma Pty Ltd',
      'lookup answered AUS|gamma pty ltd',
      'agent yields Delta Pty Ltd',
      'lookup answered AUS|delta pty ltd',
      'agent done',
    ]);
    expect(items.map((i) => (i._type === 'candidate' ? i.existingOrgId : null))).toEqual(['org-global', null]);
  });

  it('an internal lookup failure streams candidates as new instead of failing the search', async () => {
    const { deps } = fakes({ agent: [agentCandidate('Acme Pty Ltd')] });
    const search = createSearchOrganisations({
      ...deps,
      internalMatches: { ...deps.internalMatches, byKeys: async () => Promise.reject(new Error('database down')) },
    });
    expect(await run(search, { mode: 'agentic' })).toMatchObject([{ key: 'AUS|acme pty ltd', existingOrgId: null, accountLinked: false }]);
  });
});

describe('country guard and GLO (rule 5; Global scope rules 1 to 5)', () => {
  it('outside GLO drops candidates of another country from both channels', async () => {
    const { search } = fakes({
      registry: {
        candidates: [registryCandidate('Acme Ltd', { countryIsoAlpha3: 'GBR' }), registryCandidate('Acme SARL', { countryIsoAlpha3: 'FRA' })],
        error: null,
      },
      agent: [agentCandidate('Acme Widgets Ltd', { countryIsoAlpha3: 'GBR' }), agentCandidate('Acme Pty Ltd', { countryIsoAlpha3: 'AUS' })],
    });
    expect(keysOf(await run(search, { countryIsoAlpha3: 'GBR' }))).toEqual(['candidate:GBR|acme ltd', 'candidate:GBR|acme widgets ltd']);
  });

  it('tells the agent the requested country', async () => {
    const { search, calls } = fakes();
    await run(search, { countryIsoAlpha3: 'NZL', mode: 'agentic' });
    expect(calls.agent[0]).toMatchObject({ query: 'acme', countryIsoAlpha3: 'NZL' });
  });

  it('under GLO keeps every real country, keys each candidate in its own country, and drops GLO, XXX and unmappable ones', async () => {
    const { search, calls } = fakes({
      agent: [
        agentCandidate('Acme Ltd', { countryIsoAlpha3: 'GBR' }),
        agentCandidate('Acme Inc', { countryIsoAlpha3: 'USA' }),
        agentCandidate('Acme Global', { countryIsoAlpha3: 'GLO' }),
        agentCandidate('Acme Nowhere', { countryIsoAlpha3: 'XXX' }),
        agentCandidate('Acme Atlantis', { countryIsoAlpha3: 'Atlantis' }),
      ],
    });
    const items = await run(search, { countryIsoAlpha3: 'GLO', mode: 'agentic' });
    expect(items.map((i) => (i._type === 'candidate' ? [i.key, i.countryIsoAlpha3] : []))).toEqual([
      ['GBR|acme ltd', 'GBR'],
      ['USA|acme inc', 'USA'],
    ]);
    expect(calls.warnings.filter((w) => w.includes('country unmappable'))).toHaveLength(3);
  });
});

describe('channel-degraded (rule 6)', () => {
  it.each([
    ['an HTTP error', { kind: 'http', status: 503, message: 'x' }],
    ['a timeout', { kind: 'timeout', message: 'x' }],
    ['missing configuration', { kind: 'configuration', message: 'x' }],
  ] as const)('is emitted on %s, and the agent still streams', async (_label, error) => {
    const { search } = fakes({ registry: { candidates: [], error }, agent: [agentCandidate('Acme Pty Ltd')] });
    expect(keysOf(await run(search))).toEqual(['channel-degraded', 'candidate:AUS|acme pty ltd']);
  });

  it('is not emitted on a clean zero-result search', async () => {
    const { search } = fakes({ registry: { candidates: [], error: null } });
    expect(await run(search)).toEqual([]);
  });

  it('is not emitted when the registry reports our own abort', async () => {
    const controller = new AbortController();
    const { search } = fakes({ registryDelayMs: 500, agent: [agentCandidate('Acme Pty Ltd')] });
    setTimeout(() => controller.abort(), 10);
    const items: StreamItem[] = [];
    for await (const item of search.stream({ query: 'acme', countryIsoAlpha3: 'AUS', mode: 'direct' }, ACCOUNT, controller.signal)) items.push(item);
    expect(items).toEqual([]);
  });

  it('a throwing repository counts as a genuine failure', async () => {
    const { deps } = fakes({ agent: [agentCandidate('Acme Pty Ltd')] });
    const search = createSearchOrganisations({ ...deps, nationalRegistry: { searchByName: () => Promise.reject(new Error('socket hang up')) } });
    expect(keysOf(await run(search))).toEqual(['channel-degraded', 'candidate:AUS|acme pty ltd']);
  });

  it('execute() reports the degraded registry', async () => {
    const { search } = fakes({ registry: { candidates: [], error: { kind: 'network', message: 'x' } } });
    const result = await search.execute({ query: 'acme', countryIsoAlpha3: 'AUS' }, ACCOUNT, new AbortController().signal);
    expect(result).toEqual({ candidates: [], registryDegraded: true });
  });
});

describe('same-key dedup in the stream (rule 7)', () => {
  it('keeps registry rows with the same name and different identifiers apart, the later key disambiguated by ACN', async () => {
    const { search } = fakes({
      registry: {
        candidates: [
          registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] }),
          registryCandidate('ACME PTY LIMITED', { identifiers: [abn('53004085616'), { type: 'ACN', value: '004 085 616' }] }),
        ],
        error: null,
      },
    });
    expect(keysOf(await run(search, { mode: 'direct' }))).toEqual(['candidate:AUS|acme pty ltd', 'candidate:AUS|acme pty ltd|ACN:004085616']);
  });

  it('keeps an agent candidate whose ABN differs from the registry row apart, keyed by its ABN', async () => {
    const { search } = fakes({
      registry: { candidates: [registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] })], error: null },
      agent: [agentCandidate('Acme Pty Ltd', { identifiers: [abn('53004085616')] })],
    });
    expect(keysOf(await run(search))).toEqual(['candidate:AUS|acme pty ltd', 'candidate:AUS|acme pty ltd|ABN:53004085616']);
  });

  it('patches an identifier-less agent row when a later agent twin brings identifiers', async () => {
    const { search } = fakes({ agent: [agentCandidate('Acme Pty Ltd'), agentCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] })] });
    expect(keysOf(await run(search, { mode: 'agentic' }))).toEqual(['candidate:AUS|acme pty ltd', 'identifierPatch:AUS|acme pty ltd']);
  });
});

describe('candidate fields', () => {
  it('validates every website: accepted ones are kept with a logo, rejected ones removed', async () => {
    const { search, calls } = fakes({
      agent: [agentCandidate('Acme Pty Ltd', { website: 'https://acme.com.au' }), agentCandidate('Beta Pty Ltd', { website: 'https://wrong.example' })],
    });
    const items = await run(search, { mode: 'agentic' });
    expect(calls.validated).toEqual(['https://acme.com.au', 'https://wrong.example']);
    expect(items).toMatchObject([
      { key: 'AUS|acme pty ltd', website: 'https://acme.com.au', websiteValidated: true, logo: 'https://logo.test/https://acme.com.au' },
      { key: 'AUS|beta pty ltd', website: null, websiteValidated: false, logo: null },
    ]);
  });

  it('shows the national registry score only with devMode on, and never for other channels', async () => {
    const registry = { candidates: [registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')], score: 88 })], error: null };
    const off = await run(fakes({ registry }).search, { mode: 'direct' });
    expect(off[0]).not.toHaveProperty('score');
    const on = await run(fakes({ registry, flags: { hybridSearch: true, devMode: true } }).search, { mode: 'direct' });
    expect(on[0]).toMatchObject({ score: 88 });
    const global = await run(
      fakes({ registry: { candidates: [registryCandidate('Acme Ltd', { countryIsoAlpha3: 'GBR', score: 70 })], error: null }, flags: { hybridSearch: true, devMode: true } })
        .search,
      { mode: 'direct', countryIsoAlpha3: 'GBR' },
    );
    expect(global[0]).not.toHaveProperty('score');
  });

  it('emits canonical names and schema-valid items', async () => {
    const { streamItemSchema } = await import('../../core/candidates');
    const { search } = fakes({
      registry: { candidates: [registryCandidate('  acme   pty ltd ', { identifiers: [abn('51824753556')] })], error: { kind: 'timeout', message: 'x' } },
      agent: [agentCandidate('Acme Pty Ltd'), agentCandidate('Zeta Pty Ltd', { website: 'https://zeta.com.au' })],
    });
    for (const item of await run(search)) expect(streamItemSchema.safeParse(item).success).toBe(true);
  });
});

describe('abort', () => {
  it('stops every port and ends the stream when the signal aborts', async () => {
    const controller = new AbortController();
    const { search, calls } = fakes({ registryDelayMs: 5000, agent: [agentCandidate('Acme Pty Ltd'), agentCandidate('Beta Pty Ltd')], agentDelayMs: 5000, leadMs: 5000 });
    setTimeout(() => controller.abort(), 30);
    const started = performance.now();
    const items = await run(search, {}, controller.signal);
    expect(items).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(calls.national[0]?.signal?.aborted).toBe(true);
    expect(calls.agent[0]?.signal.aborted).toBe(true);
  });

  it('ends at the abort even when a port ignores its signal', async () => {
    const controller = new AbortController();
    const { deps } = fakes({ agent: [agentCandidate('Acme Pty Ltd')] });
    const search = createSearchOrganisations({ ...deps, nationalRegistry: { searchByName: () => new Promise<RegistryResult>(() => undefined) } });
    setTimeout(() => controller.abort(), 30);
    const started = performance.now();
    await run(search, { mode: 'direct' }, controller.signal);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('a consumer that stops reading aborts the ports too', async () => {
    const { search, calls } = fakes({ registryDelayMs: 5000, agent: [agentCandidate('Acme Pty Ltd'), agentCandidate('Beta Pty Ltd')], agentDelayMs: 10, leadMs: 0 });
    for await (const item of search.stream({ query: 'acme', countryIsoAlpha3: 'AUS' }, ACCOUNT, new AbortController().signal)) {
      expect(item._type).toBe('candidate');
      break;
    }
    expect(calls.national[0]?.signal?.aborted).toBe(true);
    expect(calls.agent[0]?.signal.aborted).toBe(true);
  });
});

function record(name: string, overrides: Partial<RegistryRecord> = {}): RegistryRecord {
  return {
    name,
    otherNames: [],
    countryIsoAlpha3: 'AUS',
    identifiers: [abn('51824753556'), { type: 'ACN', value: '824753556' }],
    active: true,
    type: 'ProprietaryLimited',
    register: 'abr',
    url: null,
    ...overrides,
  };
}

describe('identifier-aware registry look-ups (issue 12, section 3)', () => {
  it('an ABN goes to ABN Lookup by number, not by name; the found company streams like any registry candidate', async () => {
    const { search, calls } = fakes({ records: { '51824753556': record('OUTBACK ENERGY SYSTEMS PTY LTD') }, agent: [] });
    const items = await run(search, { query: 'ABN 51 824 753 556', countryIsoAlpha3: 'AUS' });
    expect(calls.byNumber).toEqual(['51824753556']);
    expect(calls.national).toEqual([]);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      _type: 'candidate',
      source: 'registry_au',
      canonicalName: 'OUTBACK ENERGY SYSTEMS PTY LTD',
      identifiers: [abn('51824753556'), { type: 'ACN', value: '824753556' }],
      nameKind: 'entity',
    });
  });

  it('an ABN under GLO still reaches ABN Lookup (the number names its register) and streams as registry_au', async () => {
    const { search, calls } = fakes({ records: { '51824753556': record('OUTBACK ENERGY SYSTEMS PTY LTD') } });
    const items = await run(search, { query: '51824753556', countryIsoAlpha3: 'GLO', mode: 'direct' });
    expect(calls.global).toEqual([]);
    expect(items.map((i) => (i._type === 'candidate' ? i.source : i._type))).toEqual(['registry_au']);
  });

  it("a Companies House number goes to the aggregator's company by id", async () => {
    const company = record('ACME WIDGETS LTD', { countryIsoAlpha3: 'GBR', identifiers: [{ type: 'CH', value: '01234567' }], register: 'opencorporates' });
    const { search, calls } = fakes({ records: { '01234567': company } });
    const items = await run(search, { query: 'Company No. 0123 4567', countryIsoAlpha3: 'GBR', mode: 'direct' });
    expect(calls.byNumber).toEqual(['01234567']);
    expect(calls.global).toEqual([]);
    expect(items[0]).toMatchObject({ _type: 'candidate', source: 'registry_global', countryIsoAlpha3: 'GBR', identifiers: [{ type: 'CH', value: '01234567' }] });
  });

  it('a number the register does not have falls back to the name search; a failed look-up degrades the registry', async () => {
    const missed = fakes({});
    await run(missed.search, { query: '51 824 753 556', mode: 'direct' });
    expect(missed.calls.national.map((c) => c.name)).toEqual(['51 824 753 556']);

    const failed = fakes({ records: { '51824753556': 'fail' } });
    expect(await run(failed.search, { query: '51 824 753 556', mode: 'direct' })).toEqual([{ _type: 'channel-degraded', channel: 'registry' }]);
    expect(failed.calls.national).toEqual([]);
  });
});

describe('a mistyped identifier reaches no provider as that identifier (issue 12, section 3)', () => {
  it('asks neither the registry nor the agent, only the valid neighbours by number, and streams their suggestions', async () => {
    const { search, calls } = fakes({ records: { '51824753556': record('OUTBACK ENERGY SYSTEMS PTY LTD') }, agent: [agentCandidate('Acme Web Pty Ltd')] });
    const items = await run(search, { query: 'ABN 51 824 753 557', countryIsoAlpha3: 'AUS' });
    expect(calls.national).toEqual([]);
    expect(calls.agent).toEqual([]);
    expect(calls.byNumber).not.toContain('51824753557');
    expect(items).toEqual([
      {
        _type: 'identifierSuggestions',
        typed: { type: 'ABN', value: '51824753557' },
        suggestions: [{ type: 'ABN', value: '51824753556', formatted: '51 824 753 556', name: 'OUTBACK ENERGY SYSTEMS PTY LTD', foundIn: 'registry' }],
      },
    ]);
  });

  it('answers a mistyped LEI with an empty suggestion item, in every mode, asking nobody', async () => {
    for (const mode of ['agentic', 'auto', 'direct'] as const) {
      const { search, calls } = fakes({ agent: [agentCandidate('Acme Web Pty Ltd')] });
      const items = await run(search, { query: '5493001KJTIIGC8Y1R17', countryIsoAlpha3: 'GLO', mode });
      expect(items).toEqual([{ _type: 'identifierSuggestions', typed: { type: 'LEI', value: '5493001KJTIIGC8Y1R17' }, suggestions: [] }]);
      expect([...calls.global, ...calls.agent, ...calls.byNumber]).toEqual([]);
    }
  });
});

describe('a website query goes to the agent and the website validator by its domain (issue 12, section 3)', () => {
  it('tells the agent the domain, gives an agent candidate without a website the typed one to validate, and searches the registry by brand name', async () => {
    const { search, calls } = fakes({ agent: [agentCandidate('Acme Widgets Pty Ltd'), agentCandidate('Other Pty Ltd', { website: 'https://other.com.au' })] });
    const items = await run(search, { query: 'HTTPS://www.Acme-Widgets.com.au/about', countryIsoAlpha3: 'AUS' });
    expect(calls.agent.map(({ query, website }) => ({ query, website }))).toEqual([{ query: 'acme-widgets.com.au', website: 'acme-widgets.com.au' }]);
    expect(calls.national.map((c) => c.name)).toEqual(['acme widgets']);
    expect(calls.validated.sort()).toEqual(['https://acme-widgets.com.au', 'https://other.com.au']);
    expect(items).toContainEqual(expect.objectContaining({ canonicalName: 'Acme Widgets Pty Ltd', website: 'https://acme-widgets.com.au', websiteValidated: true }));
  });
});
