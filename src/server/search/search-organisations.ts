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
 * - channelDegraded, channel-degraded.ts (rule 6), including direct mode failing the whole stream;
 * - the account's remembered decisions (issue 20, section 6): an organisation judged "same" for the query that no
 *   provider returned is added as an internal candidate (`_type: 'internal'`), first, as the match
 *   (judged-internal-candidates.ts, place-candidates.ts); a provider row of it arriving later is not written again.
 *
 * Modes (spec: Modes; `effectiveSearchMode`): agentic = agent only (abrPreset and includeSoleTraders are
 * ignored); auto = registry and agent concurrently, with the registry lead; direct = registry only.
 * hybridSearch off for the account forces agentic.
 *
 * Identifiers (issue 12, section 3): a query that is a valid ABN, ACN or Companies House number is looked up by
 * number (registry-channel.ts), also as people type it ("ABN: 57095403820", "Telstra ABN 33 051 775 556":
 * core/identifiers.ts readIdentifiers). A query written like an ABN, ACN, LEI or NZBN whose check digit fails never
 * reaches a provider as that identifier: the stream's answer per mistyped identifier is an `identifierSuggestions`
 * item, the identifier with the message saying it is not valid and the valid one-edit neighbours ABN Lookup has
 * (a bounded number of details calls, ../identifiers/suggest-identifiers.ts), in every mode. When the query is that
 * identifier alone, neither the registry nor the agent is asked; when it names one after a label inside a longer
 * text ("Telstra ABN 33 051 775 557"), they search the rest of the text ("Telstra").
 *
 * Candidate references (issue 19 section 1, decision 0017): each batch of placed items is recorded under its
 * references for the searching account (one round trip) before it is yielded, so a row can be selected the moment
 * it is shown; a patch updates its row's record. A recording that fails is logged and the items still stream (a
 * selection of them is then refused as unknown); without `candidateReferences` nothing is recorded.
 *
 * `stream()` resolves accountLinked per candidate while streaming (ownership, else membership);
 * `execute()` collects the stream without per-candidate membership and resolves accountLinked once, in one
 * batch (rule 4).
 */
import type { SearchOrganisationsCandidate, StreamItem } from '../../core/candidates';
import { mistypedIdentifierMessage, readIdentifiers } from '../../core/identifiers';
import { matchQueryOfSearch } from '../../core/match-confidence';
import { DEFAULT_ABR_PRESET } from '../../core/national-registry';
import { effectiveSearchMode, modeRunsAgent, modeRunsRegistry } from '../../core/search-mode';
import type { FeatureFlags, Log, LogoService, Timers } from '../ports';
import { agentChannel } from './agent-channel';
import { AsyncQueue } from './async-queue';
import { degradedRegistryEndsStream, REGISTRY_CHANNEL_DEGRADED, stoppedByTimeLimit } from './channel-degraded';
import { createInternalMatchLookup } from './internal-match-lookup';
import { createCandidatePlacement } from './place-candidates';
import { judgedInternalCandidates, type JudgedOrganisations } from './judged-internal-candidates';
import type { JudgementLookup } from '../decisions/judgements';
import type { EnrichRegistryWebsites, GlobalRegistry, InternalMatches, NationalRegistry, SearchAgent, WebsiteValidator } from './ports';
import { createCandidatePreparation, type PreparedCandidate } from './prepare-candidate';
import { suggestFromRegistry, type IdentifierSuggestions } from '../identifiers/suggest-identifiers';
import { registryChannel, type IdentifierRegistry, type RegistryAnswer } from './registry-channel';
import { handedOut, type CandidateReferences } from '../selection/candidate-references';
import { REGISTRY_LEAD_MS, startRegistryLead } from './registry-lead';
import { realTimers } from '../timers';
import { effectiveWebsiteTopK } from './registry-website-enrichment';
import type { SearchOrganisationsRequest } from './search-request';

export type { SearchOrganisationsRequest };

export interface SearchContext {
  accountId: string;
}

export interface SearchOrganisationsDependencies {
  nationalRegistry: NationalRegistry;
  globalRegistry: GlobalRegistry;
  agent: SearchAgent;
  websiteValidator: WebsiteValidator;
  internalMatches: InternalMatches;
  /** The account's remembered decisions (issue 20, section 6); none apply without them. */
  judgements?: JudgementLookup;
  /**
   * The organisations judged `same` read by id, so that one no provider returned is added as an internal candidate
   * (judged-internal-candidates.ts); without it none is added.
   */
  judgedOrganisations?: JudgedOrganisations;
  flags: FeatureFlags;
  logo: LogoService;
  log: Pick<Log, 'debug' | 'warn'>;
  /** REGISTRY_LEAD_MS unless a test or benchmark says otherwise. */
  registryLeadMs?: number;
  /** What the registry lead and its window wait on: real timers unless a test advances a manual clock instead of waiting. */
  timers?: Timers;
  /** SEARCH_WEBSITE_TOP_K: websiteTopK when the request does not say. */
  defaultWebsiteTopK?: number;
  enrichRegistryWebsites?: EnrichRegistryWebsites;
  /**
   * Look-ups by number (ABN Lookup details, the aggregator's company by id) for identifier queries and for the
   * suggestions of a mistyped one; without it every query is searched by name and suggestions are empty.
   */
  registryLookups?: IdentifierRegistry;
  /** Clock for the lead deadline. */
  now?: () => number;
  /** Where the candidates handed out are recorded, so that a selection is by reference (decision 0021). */
  candidateReferences?: CandidateReferences;
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
type ChannelEvent =
  | RegistryAnswer
  | { type: 'lead-expired' }
  | { type: 'agent-candidate'; prepared: PreparedCandidate }
  | { type: 'agent-done' }
  | { type: 'suggestions'; found: IdentifierSuggestions[] };

interface RunOptions {
  membership: 'resolve' | 'skip';
}

export function createSearchOrganisations(deps: SearchOrganisationsDependencies): SearchOrganisations {
  const leadMs = deps.registryLeadMs ?? REGISTRY_LEAD_MS;
  const timers = deps.timers ?? realTimers;
  const now = deps.now ?? (() => timers.now());

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
    // A mistyped identifier reaches no provider as that identifier: its suggestions are the answer, and the
    // providers search the rest of the query, if any.
    const reading = readIdentifiers(request.query);
    const mistyped = reading.mistyped;
    const answersSuggestions = mistyped.length > 0;
    const providerQuery = answersSuggestions ? reading.rest : request.query;
    const matchQuery = matchQueryOfSearch(request.query, scope);
    const preparation = createCandidatePreparation({
      scope,
      matchQuery,
      devMode,
      websiteValidator: deps.websiteValidator,
      log,
      signal,
      ...(deps.registryLookups ? { leiRegistry: deps.registryLookups } : {}),
    });
    // Fetched once, beside the providers; a failure applies none (the stream does not fail for it).
    const judgements = deps.judgements?.forQuery(context.accountId, { query: request.query, countryIsoAlpha3: scope }).catch((error: unknown) => {
      log.warn({ err: error }, 'remembered decisions unavailable');
      return [];
    });
    const judgedOrganisations = deps.judgedOrganisations;
    const placement = createCandidatePlacement({
      matches,
      logo: deps.logo,
      ...(judgements ? { judgements } : {}),
      ...(judgedOrganisations
        ? {
            judgedOrganisations: (ids: readonly string[]) =>
              judgedInternalCandidates(
                { organisations: judgedOrganisations, internalMatches: deps.internalMatches, logo: deps.logo },
                { accountId: context.accountId, countryIsoAlpha3: scope, matchQuery, ids },
              ).catch((error: unknown) => {
                log.warn({ err: error }, 'organisations judged "same" unavailable; not added');
                return [];
              }),
          }
        : {}),
    });
    /** Records a batch's candidates under their references, then answers the batch to yield. */
    const recorded = async (items: StreamItem[]): Promise<StreamItem[]> => {
      const references = deps.candidateReferences;
      if (references === undefined || items.length === 0) return items;
      try {
        await references.record(context.accountId, handedOut(items));
      } catch (error) {
        log.warn({ err: error }, 'candidate references not recorded; a selection of these candidates will be refused');
      }
      return items;
    };
    const runsRegistry = modeRunsRegistry(mode) && providerQuery !== '';
    const runsAgent = modeRunsAgent(mode) && providerQuery !== '';
    const lead = startRegistryLead({ hasLead: runsRegistry && runsAgent, leadMs, onExpired: () => events.push({ type: 'lead-expired' }), log, timers });
    let registrySettled = !runsRegistry;
    let agentDone = !runsAgent;
    let suggestionsDone = !answersSuggestions;
    const producers: Promise<void>[] = [];

    try {
      if (answersSuggestions) {
        const registry = deps.registryLookups;
        const found: Promise<IdentifierSuggestions[]> =
          registry === undefined
            ? Promise.resolve(mistyped.map((typed) => ({ typed, suggestions: [] })))
            : suggestFromRegistry({ registry, log }, { query: request.query, countryIsoAlpha3: scope }, signal);
        producers.push(found.then((answer) => events.push({ type: 'suggestions', found: answer })));
      }
      if (runsRegistry) {
        const search = {
          query: providerQuery,
          scope,
          accountId: context.accountId,
          abrPreset: request.abrPreset ?? DEFAULT_ABR_PRESET,
          includeSoleTraders: request.includeSoleTraders ?? false,
          websiteTopK: effectiveWebsiteTopK(request.websiteTopK, deps.defaultWebsiteTopK),
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
        producers.push(
          agentChannel({ ...deps, preparation, matches }, { query: providerQuery, scope }, signal, report).then(() => events.push({ type: 'agent-done' })),
        );
      }

      while (!(registrySettled && agentDone && suggestionsDone && !lead.holding) && !signal.aborted) {
        const event = await events.next();
        if (event === undefined || signal.aborted) break;
        switch (event.type) {
          case 'registry':
            registrySettled = true;
            if (event.degraded) {
              yield REGISTRY_CHANNEL_DEGRADED;
              if (degradedRegistryEndsStream(mode)) return;
            }
            yield* await recorded(await placement.place(event.prepared));
            yield* await recorded(await placement.place(lead.release('registry resolved')));
            break;
          case 'lead-expired':
            yield* await recorded(await placement.place(lead.release('lead expired')));
            break;
          case 'agent-candidate':
            yield* await recorded(await placement.place(lead.admit(event.prepared)));
            break;
          case 'agent-done':
            agentDone = true;
            break;
          case 'suggestions':
            suggestionsDone = true;
            for (const { typed, suggestions } of event.found) {
              yield { _type: 'identifierSuggestions', typed: { ...typed, message: mistypedIdentifierMessage(typed) }, suggestions };
            }
            break;
        }
      }
      // The organisations judged "same" for this query that no provider returned, when no batch was written.
      if (!signal.aborted) yield* await recorded(await placement.finish());
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
        else if (item._type === 'identifierPatch') {
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
