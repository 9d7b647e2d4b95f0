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
 *
 * Identifier-aware look-ups (issue 12; `identifierLookups`): a query that is a valid ABN or ACN (under AUS or GLO)
 * goes to ABN Lookup by number (details), a Companies House number (under GBR or GLO) to the aggregator's company
 * by id, through the RegistryLookups port; a found company streams like any registry candidate (ABR:
 * `registry_au`, aggregator and GLEIF (a valid LEI, any scope): `registry_global`). A miss falls back to the name search as before; a failed
 * look-up is a failure of the channel (rule 6). A query written like an identifier whose check digit fails
 * never gets here (search-organisations.ts answers it with suggestions).
 */
import type { RegistryLookups, RegistryRecord } from '../enrichment/ports';
import { websiteBrandName } from '../../core/website';
import { aggregatorCountryCode, identifierLookups, registryRoute, type IdentifierLookup, type RegistryRoute } from '../../core/search-mode';
import { channelDegraded } from './channel-degraded';
import type { InternalMatchLookup } from './internal-match-lookup';
import type { AbrPreset, EnrichRegistryWebsites, GlobalRegistry, NationalRegistry, RegistryCandidate, RegistryResult } from './ports';
import type { CandidatePreparation, KeyedCandidate, PreparedCandidate, RegistrySource } from './prepare-candidate';
import type { Log, Timers } from '../ports';

/**
 * The registries' look-ups by number the search uses for a query that is an identifier (ABN Lookup details, the
 * aggregator's company by id): the enrichment's RegistryLookups port, one implementation for both.
 */
export type IdentifierRegistry = Pick<RegistryLookups, 'byAbn' | 'byAcn' | 'byCompaniesHouseNumber' | 'byLei'>;

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
  /** Look-ups by number (ABN Lookup details, the aggregator's company by id); without it every query is a name. */
  registryLookups?: IdentifierRegistry;
  preparation: CandidatePreparation;
  matches: InternalMatchLookup;
  log: Pick<Log, 'debug' | 'warn'>;
  /** The clock the lead deadline is on (real timers unless a test's manual clock). */
  timers?: Timers;
}

export interface RegistrySearch {
  query: string;
  /** The requested country's alpha-3, or GLO. */
  scope: string;
  accountId: string;
  abrPreset: AbrPreset;
  includeSoleTraders: boolean;
  websiteTopK: number;
  /** The registry lead window's end (ms on the search's timers' clock: epoch ms on real ones), which bounds website enrichment. */
  leadDeadline: number;
}

const SOURCE_OF_ROUTE = { national: 'registry_au', global: 'registry_global' } as const satisfies Record<RegistryRoute, RegistrySource>;

type KeyedRegistryCandidate = KeyedCandidate<{ source: RegistrySource; candidate: RegistryCandidate }>;

/** Runs the registry channel; undefined when the search was aborted before the registry answered. */
export async function registryChannel(deps: RegistryChannelDependencies, search: RegistrySearch, signal: AbortSignal): Promise<RegistryAnswer | undefined> {
  const byNumber = await lookUpByNumber(deps, search, signal);
  const route = byNumber?.route ?? registryRoute(search.scope);
  const source = SOURCE_OF_ROUTE[route];
  const result = byNumber?.result ?? (await lookUp(deps, route, search, signal));
  if (signal.aborted) return undefined;
  const keyed = result.candidates.flatMap((candidate) => deps.preparation.key({ source, candidate }) ?? []);
  void deps.matches.prefetch(keyed.map((k) => k.baseKey));
  const enriched = route === 'national' ? await enrichWebsites(deps, keyed, search, signal) : keyed;
  const prepared = await Promise.all(enriched.map((k) => deps.preparation.prepare(k)));
  const degraded = channelDegraded(result);
  if (degraded) deps.log.warn({ registry: route, failure: result.error }, 'registry channel degraded');
  return { type: 'registry', prepared, degraded };
}

/**
 * The registry lookup of the route (rule 1). Repositories report failures in `error`; a throw is still a genuine
 * failure. A website query is searched by its brand name (`acme-widgets.com.au` -> "acme widgets"): a registry
 * holds names, never domains.
 */
async function lookUp(deps: RegistryChannelDependencies, route: RegistryRoute, registrySearch: RegistrySearch, signal: AbortSignal): Promise<RegistryResult> {
  const search = { ...registrySearch, query: websiteBrandName(registrySearch.query) ?? registrySearch.query };
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

/**
 * The identifier-aware look-ups of the query, concurrently: undefined when the query is no identifier of a register
 * for this scope, or every register missed (the name search runs then). Found records become registry candidates
 * of the register's route; a failure (with nothing found) is the channel's failure.
 */
async function lookUpByNumber(
  deps: RegistryChannelDependencies,
  search: RegistrySearch,
  signal: AbortSignal,
): Promise<{ route: RegistryRoute; result: RegistryResult } | undefined> {
  const registry = deps.registryLookups;
  const lookups = registry === undefined ? [] : identifierLookups(search.query, search.scope);
  if (registry === undefined || lookups.length === 0) return undefined;
  const answers = await Promise.all(
    lookups.map(async (lookup) => {
      try {
        return { lookup, result: await lookUpOne(registry, lookup, signal) };
      } catch (error) {
        return {
          lookup,
          result: { ok: false as const, failure: { kind: 'network' as const, message: error instanceof Error ? error.message : String(error) } },
        };
      }
    }),
  );
  const found = answers.flatMap(({ lookup, result }) => (result.ok && result.value !== null ? [{ lookup, record: result.value }] : []));
  const failure = answers.flatMap(({ result }) => (result.ok ? [] : [result.failure]))[0];
  // Records of one register only (the first found's): each answer streams with its route's source.
  const first = found[0];
  if (first !== undefined) {
    const route = first.lookup.register;
    return { route, result: { candidates: found.filter((f) => f.lookup.register === route).map((f) => fromRecord(f.record)), error: null } };
  }
  if (failure !== undefined) {
    deps.log.warn({ failure, lookups: lookups.map((l) => l.type) }, 'registry look-up by number failed');
    return { route: lookups[0]?.register ?? registryRoute(search.scope), result: { candidates: [], error: failure } };
  }
  deps.log.debug({ lookups: lookups.map((l) => l.type) }, 'registry look-up by number missed; searching by name');
  return undefined;
}

function lookUpOne(registry: IdentifierRegistry, lookup: IdentifierLookup, signal: AbortSignal) {
  switch (lookup.type) {
    case 'ABN':
      return registry.byAbn(lookup.value, { signal });
    case 'ACN':
      return registry.byAcn(lookup.value, { signal });
    case 'CH':
      return registry.byCompaniesHouseNumber(lookup.value, { signal });
    case 'LEI':
      return registry.byLei(lookup.value, { signal });
  }
}

/** A record found by its number as a registry candidate: the registered (entity) name, every identifier the register gives, its status. */
function fromRecord(record: RegistryRecord): RegistryCandidate {
  return {
    name: record.name,
    countryIsoAlpha3: record.countryIsoAlpha3,
    identifiers: record.identifiers,
    description: '',
    website: null,
    websiteValidated: false,
    nameKind: 'entity',
    matchedBusinessName: null,
    parentEntityName: record.parentName ?? null,
    type: record.type,
    score: null,
    ...(record.registryStatus === undefined ? {} : { registryStatus: record.registryStatus }),
    ...(record.formerNames !== undefined && record.formerNames.length > 0 ? { formerNames: record.formerNames } : {}),
  };
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
      { topK: search.websiteTopK, deadline: search.leadDeadline, signal, ...(deps.timers ? { timers: deps.timers } : {}) },
    );
    // The port answers the same candidates in the same order.
    return keyed.map((k, index) => ({ ...k, discovered: { ...k.discovered, candidate: candidates[index] ?? k.discovered.candidate } }));
  } catch (error) {
    if (!signal.aborted) deps.log.warn({ err: error }, 'registry website enrichment failed; candidates kept without websites');
    return keyed;
  }
}
