/**
 * The search stream orchestrator (spec: POST /api/organisations/search; DESIGN.md section 6): one async
 * generator of StreamItems over the registry and the agent, run under one AbortSignal.
 *
 * Modes (spec: Modes; `effectiveSearchMode`): agentic = agent only (abrPreset and includeSoleTraders are
 * ignored); auto = registry and agent concurrently, with the registry lead; direct = registry only.
 * hybridSearch off for the account forces agentic.
 *
 * Rule 1, registry routing: AUS -> national registry; every other country, GBR and GLO included -> the
 * global aggregator (no country code under GLO). The national registry is never called under GLO.
 *
 * Rule 2, registry lead (REGISTRY_LEAD_MS = 5000). In auto mode both channels start at once; the agent's
 * candidates are held back (not dropped) until the registry has resolved or the lead has expired,
 * whichever comes first:
 * - registry within the lead: its candidates are keyed, de-duplicated and emitted first, so its verified
 *   identifiers own the keys; the held agent candidates then go through the same-key dedup (an
 *   identifier-less one folds onto the registry row, rule 7) and the rest streams live.
 * - lead expired: the held agent candidates are emitted at once and the agent streams live. When the
 *   registry answers later, each registry candidate goes through the same dedup against what was already
 *   emitted: one that merges onto an emitted row (that row had no identifiers, or identical ones) and
 *   brings identifiers it lacked produces an `identifierPatch` for that row's key, carrying the row's full
 *   identifier set after the merge and existingOrgId/accountLinked recomputed from the internal rows
 *   sharing the key at that moment (this is how a patch "may flip a new candidate to existing"); one with
 *   nothing new is dropped; any other streams as a new candidate (its key disambiguated when it
 *   conflicts, rule 7). The same rule turns a later agent candidate that adds identifiers to an
 *   identifier-less row into a patch.
 * Registry website enrichment (AUS, top websiteTopK) is bounded by the same lead window.
 *
 * Rules 3 and 4: each candidate gets its composite key (its own country; never GLO: a candidate whose
 * country is GLO, XXX or unmappable is dropped), the internal row sharing its final key (owned preferred
 * over global) as `existingOrgId`, and `accountLinked` resolved per candidate while streaming (ownership,
 * else membership). `source` stays the discovering channel. `execute()` collects the stream without
 * per-candidate membership and resolves accountLinked once, in one batch.
 *
 * Rule 5, country guard: outside GLO a candidate whose country differs from the requested one is dropped,
 * whatever the agent was told. Under GLO each candidate's own country must be a real alpha-3 country.
 *
 * Rule 6, channel-degraded: one `{"_type":"channel-degraded","channel":"registry"}` item when the registry
 * reports a genuine failure (HTTP error, timeout, network, malformed answer, missing configuration);
 * never for a clean zero-result search, never for our own abort.
 *
 * Direct mode with a degraded registry "fails the whole stream": the wire form is a 200 NDJSON stream whose
 * only line is the channel-degraded item (any partial registry candidates are discarded), and then the
 * stream ends. The HTTP status cannot change once the first byte is out and the StreamItem union has no
 * error item, so this one line is the whole failure signal; a client in direct mode treats
 * channel-degraded as "the search failed", never as "no matches found".
 *
 * Website validation (spec: Website validation) runs on every candidate that carries a website not already
 * validated (registry enrichment validates its own): accepted -> websiteValidated true; rejected or the
 * validator failing -> the website is removed. So a candidate's website is always a validated one.
 */
import type { SearchOrganisationsCandidate, SearchSource, StreamItem } from '../../core/candidates';
import { canonicalName } from '../../core/canonical-name';
import { compositeKey } from '../../core/composite-key';
import { countryFromAnything, GLOBAL_SEARCH_SCOPE, isCountryAlpha3 } from '../../core/countries';
import {
  aggregatorCountryCode,
  effectiveSearchMode,
  modeRunsAgent,
  modeRunsRegistry,
  registryRoute,
  type SearchMode,
} from '../../core/search-mode';
import { decideSameKey, type EmittedRow } from '../../core/stream-dedup';
import type { FeatureFlags } from '../flags/feature-flags';
import type { LogoService } from '../logo/logo-service';
import { AsyncQueue } from './async-queue';
import type {
  AbrPreset,
  AgentCandidate,
  GlobalRegistry,
  NationalRegistry,
  RegistryCandidate,
  RegistryResult,
  SearchAgent,
  WebsiteValidator,
} from './ports';

/** Spec: Limits. */
export const REGISTRY_LEAD_MS = 5000;
/** Upper bound on the agent's candidates per search. */
export const AGENT_CANDIDATE_LIMIT = 10;
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

/** One internal organisation sharing a key. */
export interface InternalMatch {
  organisationId: string;
  owned: boolean;
  /** Owned, or in the account's list (false unless owned when membership was skipped). */
  accountLinked: boolean;
}

/** The internal rows sharing candidates' composite keys (src/adapters/db/queries/internal-matches.ts). */
export interface InternalMatches {
  byKeys(params: { accountId: string; keys: string[]; membership: 'resolve' | 'skip' }): Promise<Map<string, InternalMatch>>;
  linkedOrganisationIds(params: { accountId: string; organisationIds: string[] }): Promise<Set<string>>;
}

/** Website enrichment of national-registry candidates (registry-website-enrichment.ts), when wired. */
export type EnrichRegistryWebsites = (
  candidates: RegistryCandidate[],
  options: { topK: number; deadline: number; signal: AbortSignal },
) => Promise<RegistryCandidate[]>;

export interface SearchLog {
  debug(details: object, message: string): void;
  warn(details: object, message: string): void;
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

/** A candidate past the guards, keyed, website validated; not yet de-duplicated or matched. */
interface PreparedCandidate {
  baseKey: string;
  fromRegistry: boolean;
  fields: Omit<SearchOrganisationsCandidate, 'key' | 'existingOrgId' | 'accountLinked' | 'logo'>;
}

type ChannelEvent =
  | { type: 'registry'; prepared: PreparedCandidate[]; degraded: boolean }
  | { type: 'lead-expired' }
  | { type: 'agent-candidate'; prepared: PreparedCandidate }
  | { type: 'agent-done' };

/** The reason `AbortSignal.timeout` aborts with (the route's maximum duration), as opposed to a client going away. */
function isTimeLimit(reason: unknown): boolean {
  return typeof reason === 'object' && reason !== null && (reason as { name?: unknown }).name === 'TimeoutError';
}

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
  ) {
    const [hybridSearch, devMode] = await flags;
    const mode = effectiveSearchMode(request.mode, { hybridSearch });
    const scope = request.countryIsoAlpha3;
    // Our own controller: the consumer stopping early (client gone) stops every producer too.
    const stop = new AbortController();
    const signal = AbortSignal.any([outer, stop.signal]);
    const queue = new AsyncQueue<ChannelEvent>();
    signal.addEventListener('abort', () => queue.close(), { once: true });
    const started = now();
    let leadTimer: ReturnType<typeof setTimeout> | undefined;

    type Keyed =
      | { ok: true; country: string; name: string; baseKey: string }
      | { ok: false; why: 'unmappable' | 'other-country' | 'no-key'; country?: string; error?: unknown };
    /** Rules 3 and 5 without logging: the candidate's country, canonical name and base key, or why it is dropped. */
    const keyed = (candidate: { name: string; countryIsoAlpha3: string }): Keyed => {
      const country = countryFromAnything(candidate.countryIsoAlpha3);
      if (country === undefined || !isCountryAlpha3(country)) return { ok: false, why: 'unmappable' };
      if (scope !== GLOBAL_SEARCH_SCOPE && country !== scope) return { ok: false, why: 'other-country', country };
      const name = canonicalName(candidate.name);
      try {
        return { ok: true, country, name, baseKey: compositeKey(country, name) };
      } catch (error) {
        return { ok: false, why: 'no-key', error };
      }
    };

    const guard = (candidate: { name: string; countryIsoAlpha3: string }, channel: string): { country: string; name: string; baseKey: string } | undefined => {
      const result = keyed(candidate);
      if (result.ok) return result;
      if (result.why === 'unmappable') deps.log.warn({ channel, country: candidate.countryIsoAlpha3 }, 'search candidate dropped: country unmappable');
      else if (result.why === 'other-country') deps.log.debug({ channel, country: result.country, scope }, 'search candidate dropped by the country guard');
      else deps.log.warn({ channel, err: result.error }, 'search candidate dropped: no composite key');
      return undefined;
    };

    // Internal matches are looked up as soon as a candidate's base key is known (the registry's answer, an
    // agent report), while website enrichment and validation run, so writing the candidate seldom waits
    // for the database. One promise per key; a key not prefetched (a disambiguated one) is fetched in place.
    const matchByKey = new Map<string, Promise<InternalMatch | undefined>>();
    const prefetchMatches = (keys: readonly string[]): void => {
      const missing = [...new Set(keys)].filter((key) => !matchByKey.has(key));
      if (missing.length === 0) return;
      const batch = internalMatchesOrNone(missing);
      for (const key of missing) matchByKey.set(key, batch.then((found) => found.get(key)));
    };
    /** Prefetches the candidates' base keys; resolves when those lookups have answered (never rejects). */
    const prefetchMatchesOf = (candidates: readonly { name: string; countryIsoAlpha3: string }[]): Promise<unknown> => {
      const keys = candidates.flatMap((candidate) => {
        const result = keyed(candidate);
        return result.ok ? [result.baseKey] : [];
      });
      prefetchMatches(keys);
      return Promise.all(keys.map((key) => matchByKey.get(key)));
    };

    const validatedWebsite = async (name: string, website: string | null, alreadyValidated: boolean) => {
      if (website === null) return { website: null, websiteValidated: false };
      if (alreadyValidated) return { website, websiteValidated: true };
      try {
        const verdict = await deps.websiteValidator.validate(name, website, { signal });
        return verdict.accepted ? { website, websiteValidated: true } : { website: null, websiteValidated: false };
      } catch (error) {
        if (!signal.aborted) deps.log.warn({ err: error, website }, 'website validation failed; website removed');
        return { website: null, websiteValidated: false };
      }
    };

    const prepareRegistry = async (candidate: RegistryCandidate, source: SearchSource): Promise<PreparedCandidate | undefined> => {
      const guarded = guard(candidate, source);
      if (guarded === undefined) return undefined;
      const site = await validatedWebsite(guarded.name, candidate.website, candidate.websiteValidated);
      return {
        baseKey: guarded.baseKey,
        fromRegistry: true,
        fields: {
          _type: 'candidate',
          canonicalName: guarded.name,
          description: candidate.description,
          countryIsoAlpha3: guarded.country,
          source,
          ...site,
          identifiers: candidate.identifiers,
          nameKind: candidate.nameKind,
          matchedBusinessName: candidate.matchedBusinessName,
          parentEntityName: candidate.parentEntityName,
          type: candidate.type,
          ...(devMode && source === 'registry_au' ? { score: candidate.score } : {}),
        },
      };
    };

    const prepareAgent = async (candidate: AgentCandidate): Promise<PreparedCandidate | undefined> => {
      const guarded = guard(candidate, 'agent');
      if (guarded === undefined) return undefined;
      const site = await validatedWebsite(guarded.name, candidate.website, false);
      return {
        baseKey: guarded.baseKey,
        fromRegistry: false,
        fields: {
          _type: 'candidate',
          canonicalName: guarded.name,
          description: candidate.description,
          countryIsoAlpha3: guarded.country,
          source: 'agent',
          ...site,
          identifiers: candidate.identifiers,
          nameKind: null,
          matchedBusinessName: null,
          parentEntityName: null,
          type: null,
        },
      };
    };

    const registryChannel = async (): Promise<void> => {
      const route = registryRoute(scope);
      const source: SearchSource = route === 'national' ? 'registry_au' : 'registry_global';
      let result: RegistryResult;
      try {
        result =
          route === 'national'
            ? await deps.nationalRegistry.searchByName(request.query, {
                preset: request.abrPreset ?? 'business-name-aware',
                includeSoleTraders: request.includeSoleTraders ?? false,
                signal,
              })
            : await deps.globalRegistry.searchByName(request.query, { countryCode: aggregatorCountryCode(scope), accountId: context.accountId, signal });
      } catch (error) {
        // Repositories report failures in `error`; a throw is still a genuine failure of the channel.
        result = { candidates: [], error: { kind: 'network', message: error instanceof Error ? error.message : String(error) } };
      }
      if (signal.aborted) return;
      let candidates = result.candidates;
      void prefetchMatchesOf(candidates);
      const topK = request.websiteTopK ?? deps.defaultWebsiteTopK ?? DEFAULT_WEBSITE_TOP_K;
      if (route === 'national' && deps.enrichRegistryWebsites && topK > 0 && candidates.length > 0) {
        try {
          candidates = await deps.enrichRegistryWebsites(candidates, { topK, deadline: started + leadMs, signal });
        } catch (error) {
          if (!signal.aborted) deps.log.warn({ err: error }, 'registry website enrichment failed; candidates kept without websites');
        }
      }
      const prepared = await Promise.all(candidates.map((c) => prepareRegistry(c, source)));
      const degraded = result.error !== null && result.error.kind !== 'aborted';
      if (degraded) deps.log.warn({ registry: route, failure: result.error }, 'registry channel degraded');
      queue.push({ type: 'registry', prepared: prepared.filter((p) => p !== undefined), degraded });
    };

    const agentChannel = async (): Promise<void> => {
      const pending = new Set<Promise<void>>();
      try {
        const discovery = deps.agent.discover({ query: request.query, countryIsoAlpha3: scope, limit: AGENT_CANDIDATE_LIMIT }, signal);
        for await (const candidate of discovery) {
          if (signal.aborted) break;
          const matched = prefetchMatchesOf([candidate]);
          const task = prepareAgent(candidate).then((prepared) => {
            if (prepared) queue.push({ type: 'agent-candidate', prepared });
          });
          pending.add(task);
          void task.finally(() => pending.delete(task));
          // The agent is read on only once this candidate's internal lookup has answered (one round trip): its
          // model stream arrives in bursts whose parsing would otherwise hold the event loop while that answer,
          // the last thing between the candidate and its line, waits (bench/search-stream.ts).
          await matched;
        }
      } catch (error) {
        if (!signal.aborted) deps.log.warn({ err: error }, 'search agent failed; its channel ends');
      }
      await Promise.all(pending);
      queue.push({ type: 'agent-done' });
    };

    // Rule 7 state: the rows emitted so far, per base key, in emission order.
    const rowsByBaseKey = new Map<string, EmittedRow[]>();

    /** Dedup then internal matches (one lookup per batch), giving the items to write. */
    const place = async (batch: PreparedCandidate[]): Promise<StreamItem[]> => {
      const decided: ({ kind: 'candidate'; key: string; prepared: PreparedCandidate } | { kind: 'patch'; row: EmittedRow })[] = [];
      for (const prepared of batch) {
        const rows = rowsByBaseKey.get(prepared.baseKey) ?? [];
        const decision = decideSameKey(rows, { baseKey: prepared.baseKey, identifiers: prepared.fields.identifiers });
        if (decision.action === 'emit') {
          rows.push({ key: decision.key, identifiers: prepared.fields.identifiers, fromRegistry: prepared.fromRegistry });
          rowsByBaseKey.set(prepared.baseKey, rows);
          decided.push({ kind: 'candidate', key: decision.key, prepared });
        } else if (decision.added.length > 0) {
          decision.into.identifiers = decision.identifiers;
          decided.push({ kind: 'patch', row: decision.into });
        }
      }
      if (decided.length === 0) return [];
      // A candidate takes its (prefetched) match; a patch recomputes its key's match now (rule 2).
      const candidateKeys = decided.flatMap((d) => (d.kind === 'candidate' ? [d.key] : []));
      const patchKeys = decided.flatMap((d) => (d.kind === 'patch' ? [d.row.key] : []));
      prefetchMatches(candidateKeys);
      const [candidateMatches, patchMatches] = await Promise.all([
        Promise.all(candidateKeys.map(async (key) => [key, await matchByKey.get(key)] as const)),
        patchKeys.length > 0 ? internalMatchesOrNone(patchKeys) : new Map<string, InternalMatch>(),
      ]);
      const matches = new Map(patchMatches);
      for (const [key, match] of candidateMatches) if (match !== undefined) matches.set(key, match);
      return decided.map((d): StreamItem => {
        if (d.kind === 'patch') {
          const match = matches.get(d.row.key);
          return {
            _type: 'identifierPatch',
            key: d.row.key,
            identifiers: [...d.row.identifiers],
            existingOrgId: match?.organisationId ?? null,
            accountLinked: match?.accountLinked ?? false,
          };
        }
        const match = matches.get(d.key);
        return {
          ...d.prepared.fields,
          key: d.key,
          logo: deps.logo.logoFor(d.prepared.fields.website),
          existingOrgId: match?.organisationId ?? null,
          accountLinked: match?.accountLinked ?? false,
        };
      });
    };

    const internalMatchesOrNone = async (keys: string[]): Promise<Map<string, InternalMatch>> => {
      try {
        return await deps.internalMatches.byKeys({ accountId: context.accountId, keys, membership: options.membership });
      } catch (error) {
        deps.log.warn({ err: error }, 'internal match lookup failed; candidates stream as new');
        return new Map();
      }
    };

    const runsRegistry = modeRunsRegistry(mode);
    const runsAgent = modeRunsAgent(mode);
    let registrySettled = !runsRegistry;
    let agentDone = !runsAgent;
    // The agent streams at once unless the registry has a lead to use (auto mode).
    let agentReleased = !(runsRegistry && runsAgent);
    const held: PreparedCandidate[] = [];
    const producers: Promise<void>[] = [];

    try {
      if (runsRegistry) producers.push(registryChannel());
      if (runsAgent) producers.push(agentChannel());
      if (!agentReleased) leadTimer = setTimeout(() => queue.push({ type: 'lead-expired' }), leadMs);

      while (!(registrySettled && agentDone && held.length === 0) && !signal.aborted) {
        const event = await queue.next();
        if (event === undefined || signal.aborted) break;
        switch (event.type) {
          case 'registry': {
            registrySettled = true;
            clearTimeout(leadTimer);
            if (event.degraded) {
              yield { _type: 'channel-degraded', channel: 'registry' } satisfies StreamItem;
              if (mode === 'direct') return;
            }
            for (const item of await place(event.prepared)) yield item;
            if (!agentReleased) {
              agentReleased = true;
              for (const item of await place(held.splice(0))) yield item;
            }
            break;
          }
          case 'lead-expired':
            if (!agentReleased) {
              agentReleased = true;
              deps.log.debug({ leadMs }, 'registry lead expired; the agent streams');
              for (const item of await place(held.splice(0))) yield item;
            }
            break;
          case 'agent-candidate':
            if (agentReleased) for (const item of await place([event.prepared])) yield item;
            else held.push(event.prepared);
            break;
          case 'agent-done':
            agentDone = true;
            break;
        }
      }
      // The route's time limit ended the search before the registry answered: a timeout is a genuine
      // failure of the channel (rule 6), so the results may be incomplete, never "no matches".
      if (runsRegistry && !registrySettled && isTimeLimit(outer.reason)) {
        deps.log.warn({ mode }, 'search time limit reached before the registry answered; registry degraded');
        yield { _type: 'channel-degraded', channel: 'registry' } satisfies StreamItem;
      }
    } finally {
      clearTimeout(leadTimer);
      stop.abort();
      queue.close();
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
