/**
 * The search stream orchestrator (spec: POST /api/organisations/search; DESIGN.md section 6): one async
 * generator of StreamItems over the registry and the agent, run under one AbortSignal. It composes the
 * spec's parts, one file each:
 *
 * - the two channels: registry-channel.ts (rule 1, registry routing; website enrichment) and
 *   agent-channel.ts;
 * - preparing a candidate, prepare-candidate.ts: country guard (rule 5), composite key (rule 3), website
 *   validation; the one place each candidate is enriched;
 * - registryLead, registry-lead.ts (rule 2): agent candidates held until the registry resolves or the lead
 *   expires; late merges become identifier patches;
 * - placing candidates, place-candidates.ts: same-key dedup (rule 7) and internal matches, existingOrgId and
 *   accountLinked (rules 3 and 4, internal-match-lookup.ts);
 * - channelDegraded, channel-degraded.ts (rule 6), including direct mode failing the whole stream.
 *
 * Modes (spec: Modes; `effectiveSearchMode`): agentic = agent only (abrPreset and includeSoleTraders are
 * ignored); auto = registry and agent concurrently, with the registry lead; direct = registry only.
 * hybridSearch off for the account forces agentic.
 *
 * `stream()` resolves accountLinked per candidate while streaming (ownership, else membership);
 * `execute()` collects the stream without per-candidate membership and resolves accountLinked once, in one
 * batch (rule 4).
 */
import type { SearchOrganisationsCandidate, StreamItem } from '../../core/candidates';
import { matchQueryOfSearch } from '../../core/match-confidence';
import { effectiveSearchMode, modeRunsAgent, modeRunsRegistry, type SearchMode } from '../../core/search-mode';
import type { FeatureFlags } from '../flags/feature-flags';
import type { LogoService } from '../logo/logo-service';
import { agentChannel } from './agent-channel';
import { AsyncQueue } from './async-queue';
import { degradedRegistryEndsStream, REGISTRY_CHANNEL_DEGRADED, stoppedByTimeLimit } from './channel-degraded';
import { createInternalMatchLookup } from './internal-match-lookup';
import { createCandidatePlacement } from './place-candidates';
import type {
  AbrPreset,
  EnrichRegistryWebsites,
  GlobalRegistry,
  InternalMatches,
  NationalRegistry,
  SearchAgent,
  SearchLog,
  WebsiteValidator,
} from './ports';
import { createCandidatePreparation, type PreparedCandidate } from './prepare-candidate';
import { registryChannel, type RegistryAnswer } from './registry-channel';
import { REGISTRY_LEAD_MS, startRegistryLead } from './registry-lead';

/** Spec: Limits, websiteTopK default. */
export const DEFAULT_WEBSITE_TOP_K = 20;

export interface SearchOrganisationsRequest {
  /** Trimmed, 1 to 200 characters (validated by the route). */
  query: string;
  /** A real ISO alpha-3 country or GLO. */
  countryIsoAlpha3: string;
  /** The requested mode; the effective one also depends on hybridSearch. */
  mode?: SearchMode;
  abrPreset?: AbrPreset;
  websiteTopK?: number;
  includeSoleTraders?: boolean;
}

export interface SearchContext {
  accountId: string;
}

export interface SearchOrganisationsDependencies {
  nationalRegistry: NationalRegistry;
  globalRegistry: GlobalRegistry;
  agent: SearchAgent;
  websiteValidator: WebsiteValidator;
  internalMatches: InternalMatches;
  flags: FeatureFlags;
  logo: LogoService;
  log: SearchLog;
  /** REGISTRY_LEAD_MS unless a test or benchmark says otherwise. */
  registryLeadMs?: number;
  /** SEARCH_WEBSITE_TOP_K: websiteTopK when the request does not say. */
  defaultWebsiteTopK?: number;
  enrichRegistryWebsites?: EnrichRegistryWebsites;
  /** Clock for the lead deadline. */
  now?: () => number;
}

export interface SearchOrganisationsResult {
  candidates: SearchOrganisationsCandidate[];
  /** The registry channel genuinely failed: results may be incomplete. */
  registryDegraded: boolean;
}

export interface SearchOrganisations {
  /**
   * The stream: each item the moment it exists. Ends when both channels are done or the signal aborts; when
   * it aborts with a `TimeoutError` (the route's time limit) before the registry answered, the last item is
   * the registry's channel-degraded.
   * Calling it starts the account's flag lookups at once; the providers start on the first read.
   */
  stream(request: SearchOrganisationsRequest, context: SearchContext, signal: AbortSignal): AsyncGenerator<StreamItem>;
  /** The same search, collected: patches applied, accountLinked resolved once in a batch. */
  execute(request: SearchOrganisationsRequest, context: SearchContext, signal: AbortSignal): Promise<SearchOrganisationsResult>;
}

/** What the channels and the lead report, in arrival order. */
type ChannelEvent = RegistryAnswer | { type: 'lead-expired' } | { type: 'agent-candidate'; prepared: PreparedCandidate } | { type: 'agent-done' };

interface RunOptions {
  membership: 'resolve' | 'skip';
}

export function createSearchOrganisations(deps: SearchOrganisationsDependencies): SearchOrganisations {
  const leadMs = deps.registryLeadMs ?? REGISTRY_LEAD_MS;
  const now = deps.now ?? Date.now;

  /** Starts the account's flag lookups at once, so they overlap with whatever the caller awaits next. */
  function lookUpFlags(context: SearchContext): Promise<[boolean, boolean]> {
    const flags = Promise.all([deps.flags.isEnabled('hybridSearch', context.accountId), deps.flags.isEnabled('devMode', context.accountId)]);
    flags.catch(() => undefined); // a stream that is never read must not leave an unhandled rejection
    return flags;
  }

  async function* run(
    request: SearchOrganisationsRequest,
    context: SearchContext,
    outer: AbortSignal,
    options: RunOptions,
    flags: Promise<[boolean, boolean]>,
  ): AsyncGenerator<StreamItem> {
    const [hybridSearch, devMode] = await flags;
    const mode = effectiveSearchMode(request.mode, { hybridSearch });
    const scope = request.countryIsoAlpha3;
    const started = now();
    // Our own controller: the consumer stopping early (client gone) stops every producer too.
    const stop = new AbortController();
    const signal = AbortSignal.any([outer, stop.signal]);
    const events = new AsyncQueue<ChannelEvent>();
    signal.addEventListener('abort', () => events.close(), { once: true });

    const { log } = deps;
    const matches = createInternalMatchLookup({ internalMatches: deps.internalMatches, accountId: context.accountId, membership: options.membership, log });
    const matchQuery = matchQueryOfSearch(request.query, scope);
    const preparation = createCandidatePreparation({ scope, matchQuery, devMode, websiteValidator: deps.websiteValidator, log, signal });
    const placement = createCandidatePlacement({ matches, logo: deps.logo });
    const runsRegistry = modeRunsRegistry(mode);
    const runsAgent = modeRunsAgent(mode);
    const lead = startRegistryLead({ hasLead: runsRegistry && runsAgent, leadMs, onExpired: () => events.push({ type: 'lead-expired' }), log });
    let registrySettled = !runsRegistry;
    let agentDone = !runsAgent;
    const producers: Promise<void>[] = [];

    try {
      if (runsRegistry) {
        const search = {
          query: request.query,
          scope,
          accountId: context.accountId,
          abrPreset: request.abrPreset ?? 'business-name-aware',
          includeSoleTraders: request.includeSoleTraders ?? false,
          websiteTopK: request.websiteTopK ?? deps.defaultWebsiteTopK ?? DEFAULT_WEBSITE_TOP_K,
          leadDeadline: started + leadMs,
        };
        producers.push(
          registryChannel({ ...deps, preparation, matches }, search, signal).then((answer) => {
            if (answer) events.push(answer);
          }),
        );
      }
      if (runsAgent) {
        const report = (prepared: PreparedCandidate) => events.push({ type: 'agent-candidate', prepared });
        producers.push(agentChannel({ ...deps, preparation, matches }, { query: request.query, scope }, signal, report).then(() => events.push({ type: 'agent-done' })));
      }

      while (!(registrySettled && agentDone && !lead.holding) && !signal.aborted) {
        const event = await events.next();
        if (event === undefined || signal.aborted) break;
        switch (event.type) {
          case 'registry':
            registrySettled = true;
            if (event.degraded) {
              yield REGISTRY_CHANNEL_DEGRADED;
              if (degradedRegistryEndsStream(mode)) return;
            }
            yield* await placement.place(event.prepared);
            yield* await placement.place(lead.release('registry resolved'));
            break;
          case 'lead-expired':
            yield* await placement.place(lead.release('lead expired'));
            break;
          case 'agent-candidate':
            yield* await placement.place(lead.admit(event.prepared));
            break;
          case 'agent-done':
            agentDone = true;
            break;
        }
      }
      // The route's time limit ended the search before the registry answered: a genuine failure of the
      // channel (rule 6), so the results may be incomplete, never "no matches".
      if (runsRegistry && !registrySettled && stoppedByTimeLimit(outer.reason)) {
        log.warn({ mode }, 'search time limit reached before the registry answered; registry degraded');
        yield REGISTRY_CHANNEL_DEGRADED;
      }
    } finally {
      lead.cancel();
      stop.abort();
      events.close();
      // Producers stop on the abort; not awaited, so a port that ignores its signal cannot hold the stream
      // open past the client or the time limit. Their failures were logged where they happened.
      void Promise.allSettled(producers);
    }
  }

  return {
    stream(request, context, signal) {
      return run(request, context, signal, { membership: 'resolve' }, lookUpFlags(context));
    },

    async execute(request, context, signal) {
      const byKey = new Map<string, SearchOrganisationsCandidate>();
      let registryDegraded = false;
      for await (const item of run(request, context, signal, { membership: 'skip' }, lookUpFlags(context))) {
        if (item._type === 'candidate') byKey.set(item.key, item);
        else if (item._type === 'channel-degraded') registryDegraded = true;
        else {
          const row = byKey.get(item.key);
          if (row) byKey.set(item.key, { ...row, identifiers: item.identifiers, existingOrgId: item.existingOrgId, accountLinked: item.accountLinked });
        }
      }
      const candidates = [...byKey.values()];
      // Owned rows are already linked (fast path); the rest are resolved in one batch.
      const unresolved = candidates.flatMap((c) => (c.existingOrgId !== null && !c.accountLinked ? [c.existingOrgId] : []));
      let linked = new Set<string>();
      if (unresolved.length > 0) {
        try {
          linked = await deps.internalMatches.linkedOrganisationIds({ accountId: context.accountId, organisationIds: unresolved });
        } catch (error) {
          deps.log.warn({ err: error }, 'accountLinked batch check failed; unresolved candidates stay unlinked');
        }
      }
      return {
        candidates: candidates.map((c) => (c.existingOrgId !== null && linked.has(c.existingOrgId) ? { ...c, accountLinked: true } : c)),
        registryDegraded,
      };
    },
  };
}
