/**
 * The registry channel (spec: POST /api/organisations/search, rules 1 and 6; Registry behaviour): one
 * registry lookup per search, answered once, as a whole.
 *
 * Rule 1, registry routing: AUS -> the national registry (with the ABR preset and the sole-traders switch);
 * every other country, GBR and GLO included -> the global aggregator (no country code under GLO, and the
 * caller's account, whose name searches it caches). The national registry is never called under GLO.
 *
 * Each candidate of the answer is keyed once (prepare-candidate.ts) and its internal match looked up at
 * once (internal-match-lookup.ts); national-registry candidates then get website enrichment for the top
 * `websiteTopK`, bounded by the registry lead window; then each is prepared. A repository that throws
 * counts as a genuine failure (`network`); whether the answer is degraded is rule 6's (channel-degraded.ts).
 */
import { aggregatorCountryCode, registryRoute, type RegistryRoute } from '../../core/search-mode';
import { channelDegraded } from './channel-degraded';
import type { InternalMatchLookup } from './internal-match-lookup';
import type { AbrPreset, EnrichRegistryWebsites, GlobalRegistry, NationalRegistry, RegistryCandidate, RegistryResult, SearchLog } from './ports';
import type { CandidatePreparation, KeyedCandidate, PreparedCandidate, RegistrySource } from './prepare-candidate';

/** The registry's one answer: its prepared candidates, and whether it genuinely failed. */
export interface RegistryAnswer {
  type: 'registry';
  prepared: PreparedCandidate[];
  degraded: boolean;
}

export interface RegistryChannelDependencies {
  nationalRegistry: NationalRegistry;
  globalRegistry: GlobalRegistry;
  enrichRegistryWebsites?: EnrichRegistryWebsites;
  preparation: CandidatePreparation;
  matches: InternalMatchLookup;
  log: SearchLog;
}

export interface RegistrySearch {
  query: string;
  /** The requested country's alpha-3, or GLO. */
  scope: string;
  accountId: string;
  abrPreset: AbrPreset;
  includeSoleTraders: boolean;
  websiteTopK: number;
  /** Epoch ms: the registry lead window's end, which bounds website enrichment. */
  leadDeadline: number;
}

const SOURCE_OF_ROUTE = { national: 'registry_au', global: 'registry_global' } as const satisfies Record<RegistryRoute, RegistrySource>;

type KeyedRegistryCandidate = KeyedCandidate<{ source: RegistrySource; candidate: RegistryCandidate }>;

/** Runs the registry channel; undefined when the search was aborted before the registry answered. */
export async function registryChannel(deps: RegistryChannelDependencies, search: RegistrySearch, signal: AbortSignal): Promise<RegistryAnswer | undefined> {
  const route = registryRoute(search.scope);
  const source = SOURCE_OF_ROUTE[route];
  const result = await lookUp(deps, route, search, signal);
  if (signal.aborted) return undefined;
  const keyed = result.candidates.flatMap((candidate) => deps.preparation.key({ source, candidate }) ?? []);
  void deps.matches.prefetch(keyed.map((k) => k.baseKey));
  const enriched = route === 'national' ? await enrichWebsites(deps, keyed, search, signal) : keyed;
  const prepared = await Promise.all(enriched.map((k) => deps.preparation.prepare(k)));
  const degraded = channelDegraded(result);
  if (degraded) deps.log.warn({ registry: route, failure: result.error }, 'registry channel degraded');
  return { type: 'registry', prepared, degraded };
}

/** The registry lookup of the route (rule 1). Repositories report failures in `error`; a throw is still a genuine failure. */
async function lookUp(deps: RegistryChannelDependencies, route: RegistryRoute, search: RegistrySearch, signal: AbortSignal): Promise<RegistryResult> {
  try {
    switch (route) {
      case 'national':
        return await deps.nationalRegistry.searchByName(search.query, { preset: search.abrPreset, includeSoleTraders: search.includeSoleTraders, signal });
      case 'global':
        return await deps.globalRegistry.searchByName(search.query, { countryCode: aggregatorCountryCode(search.scope), accountId: search.accountId, signal });
    }
  } catch (error) {
    return { candidates: [], error: { kind: 'network', message: error instanceof Error ? error.message : String(error) } };
  }
}

/** National-registry website enrichment (top websiteTopK, until the lead deadline); a failure keeps the candidates as they were. */
async function enrichWebsites(
  deps: RegistryChannelDependencies,
  keyed: KeyedRegistryCandidate[],
  search: RegistrySearch,
  signal: AbortSignal,
): Promise<KeyedRegistryCandidate[]> {
  if (!deps.enrichRegistryWebsites || search.websiteTopK <= 0 || keyed.length === 0) return keyed;
  try {
    const candidates = await deps.enrichRegistryWebsites(
      keyed.map((k) => k.discovered.candidate),
      { topK: search.websiteTopK, deadline: search.leadDeadline, signal },
    );
    // The port answers the same candidates in the same order.
    return keyed.map((k, index) => ({ ...k, discovered: { ...k.discovered, candidate: candidates[index] ?? k.discovered.candidate } }));
  } catch (error) {
    if (!signal.aborted) deps.log.warn({ err: error }, 'registry website enrichment failed; candidates kept without websites');
    return keyed;
  }
}
