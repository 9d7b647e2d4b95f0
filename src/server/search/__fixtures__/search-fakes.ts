/**
 * In-memory fakes of the search orchestrator's ports, shared by its rule-by-rule tests (spec: POST
 * /api/organisations/search): each fake records its calls, so a test can say what the orchestrator asked
 * of it. Timing rules use a small injected registry lead instead of fake timers.
 */
import type { Judgement } from '../../../core/match-decision';
import type { StreamItem } from '../../../core/candidates';
import type { Identifier } from '../../../core/identifiers';
import { UNKNOWN_REGISTRY_STATUS } from '../../../core/registry-status';
import { searchName } from '../../../core/canonical-name';
import type { FlagName } from '../../../core/flags';
import type { ProviderResult, RegistryRecord } from '../../enrichment/ports';
import type { AgentCandidate, InternalMatch, RegistryCandidate, RegistryResult } from '../ports';
import { createSearchOrganisations, type SearchOrganisationsDependencies, type SearchOrganisationsRequest } from '../search-organisations';

export const ACCOUNT = { accountId: '00000000-0000-4000-8000-000000000001' };

export const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export function registryCandidate(name: string, overrides: Partial<RegistryCandidate> = {}): RegistryCandidate {
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

export function agentCandidate(name: string, overrides: Partial<AgentCandidate> = {}): AgentCandidate {
  return { name, countryIsoAlpha3: 'AUS', website: null, description: `${name} (web)`, identifiers: [], ...overrides };
}

export const abn = (value: string): Identifier => ({ type: 'ABN', value });

export interface FakeOptions {
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
  /** The account's remembered decisions about the query (issue 20, section 6). */
  judgements?: Judgement[];
  /** The organisations a judgement can name, read by id (stored under AUS), with their stored identifiers. */
  organisations?: { id: string; name: string; key: string; identifiers?: Identifier[] }[];
}

export function fakes(options: FakeOptions = {}) {
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
    registryLookups: { byAbn: byNumber, byAcn: byNumber, byCompaniesHouseNumber: byNumber, byLei: byNumber },
    ...(options.judgements
      ? { judgements: { forQuery: async () => options.judgements ?? [], forQueries: async (_a, queries) => queries.map(() => options.judgements ?? []) } }
      : {}),
    ...(options.organisations
      ? {
          judgedOrganisations: {
            byIds: async ({ ids }) =>
              (options.organisations ?? [])
                .filter((o) => ids.includes(o.id))
                .map((o) => ({
                  id: o.id,
                  name: o.name,
                  searchName: searchName(o.name),
                  matchedAlias: null,
                  description: null,
                  countryIsoAlpha3: 'AUS',
                  key: o.key,
                  website: null,
                  ownedByAccount: false,
                  registryStatus: UNKNOWN_REGISTRY_STATUS,
                })),
            identifiersOf: async (ids) => new Map((options.organisations ?? []).filter((o) => ids.includes(o.id)).map((o) => [o.id, o.identifiers ?? []])),
          },
        }
      : {}),
  };
  return { deps, calls, search: createSearchOrganisations(deps) };
}

export async function collect(stream: AsyncGenerator<StreamItem>): Promise<{ item: StreamItem; at: number }[]> {
  const started = performance.now();
  const items: { item: StreamItem; at: number }[] = [];
  for await (const item of stream) items.push({ item, at: performance.now() - started });
  return items;
}

export async function run(
  search: ReturnType<typeof fakes>['search'],
  request: Partial<SearchOrganisationsRequest> = {},
  signal = new AbortController().signal,
) {
  const items = await collect(search.stream({ query: 'acme', countryIsoAlpha3: 'AUS', ...request }, ACCOUNT, signal));
  return items.map((i) => i.item);
}

export const keysOf = (items: StreamItem[]) =>
  items.map((i) => (i._type === 'channel-degraded' || i._type === 'identifierSuggestions' ? i._type : `${i._type}:${i.key}`));
