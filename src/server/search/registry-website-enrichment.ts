/**
 * Website enrichment of national-registry candidates (spec: Registry behaviour: national registry (AUS),
 * "Website enrichment (AUS only)"): for the top `websiteTopK` ranked candidates a web search finds the
 * official website, the website validator checks it, and on acceptance the candidate gets `website`
 * (`https://<host>`), a WEBSITE identifier (the normalised host) and `websiteValidated: true`.
 *
 * - How many (`effectiveWebsiteTopK`): the request's `websiteTopK` (0 to 30), else SEARCH_WEBSITE_TOP_K (set by
 *   environment variable), else 20.
 * - Rank order: the first `topK` candidates as the registry ranked them; the rest pass through untouched,
 *   as do candidates whose website is already validated.
 * - Per candidate: one search for `"<name>" official website` in the country's market, then the first
 *   MAX_SITES_PER_CANDIDATE distinct websites of the results, in result order, validated one after the
 *   other until one is accepted. The validator is asked about the entity name and, when the registry matched
 *   a business name, that name too (`<entity> t/a <business>`, which brand affinity reads as two brand forms),
 *   since a site often carries the business name.
 * - Bounded: at most `concurrency` candidates at once; everything stops at `deadline` (the registry lead
 *   window, on the search's timers' clock) or when `signal` aborts, and candidates not finished by then come back unchanged. A
 *   search or validation failure leaves its candidate unchanged. Never throws.
 */
import { WEBSITE_TOP_K } from '../../core/national-registry';
import { normaliseWebsiteHost, registrableDomain, toWebsiteUrl } from '../../core/website';
import type { EnrichRegistryWebsites, RegistryCandidate, WebSearch, WebsiteValidator } from './ports';
import type { Log, Timers } from '../ports';
import { realTimers } from '../timers';

/** The candidates enriched: the request's websiteTopK, else the deployment's SEARCH_WEBSITE_TOP_K, else 20. */
export function effectiveWebsiteTopK(requested: number | undefined, configured: number | undefined): number {
  return requested ?? configured ?? WEBSITE_TOP_K.default;
}

export const DEFAULT_ENRICHMENT_CONCURRENCY = 5;
/** Search results asked for per candidate. */
export const SEARCH_RESULTS_PER_CANDIDATE = 5;
/** Distinct websites validated per candidate at most. */
export const MAX_SITES_PER_CANDIDATE = 3;

export interface RegistryWebsiteEnrichmentDependencies {
  webSearch: WebSearch;
  validator: WebsiteValidator;
  log: Pick<Log, 'debug' | 'warn'>;
  /** Clock for the deadline (tests); default: the timers' clock. */
  now?: () => number;
}

export interface RegistryWebsiteEnrichmentOptions {
  topK: number;
  /** The registry lead window's end, in ms on `timers`' clock (epoch ms on real timers). */
  deadline: number;
  signal?: AbortSignal;
  /** What the window waits on: real timers unless a test advances a manual clock. */
  timers?: Timers;
  countryAlpha2: 'AU';
  concurrency?: number;
}

export async function enrichRegistryWebsites(
  candidates: RegistryCandidate[],
  deps: RegistryWebsiteEnrichmentDependencies,
  options: RegistryWebsiteEnrichmentOptions,
): Promise<RegistryCandidate[]> {
  const timers = options.timers ?? realTimers;
  const now = deps.now ?? (() => timers.now());
  const result = [...candidates];
  const topK = Math.max(0, Math.floor(options.topK));
  const pending = result
    .slice(0, topK)
    .map((candidate, index) => ({ candidate, index }))
    .filter(({ candidate }) => !candidate.websiteValidated);
  const remaining = options.deadline - now();
  if (pending.length === 0 || remaining <= 0 || options.signal?.aborted) return result;

  const stop = new AbortController();
  const stopNow = () => stop.abort();
  options.signal?.addEventListener('abort', stopNow, { once: true });
  const cancelTimer = timers.after(remaining, stopNow);
  const stopped = new Promise<void>((resolve) => stop.signal.addEventListener('abort', () => resolve(), { once: true }));

  const enrichOne = async (candidate: RegistryCandidate): Promise<RegistryCandidate | undefined> => {
    const answer = await deps.webSearch.search(`"${candidate.name}" official website`, {
      countryAlpha2: options.countryAlpha2,
      count: SEARCH_RESULTS_PER_CANDIDATE,
      signal: stop.signal,
    });
    if (!answer.ok) {
      if (!stop.signal.aborted) deps.log.warn({ failure: answer.failure, name: candidate.name }, 'registry website enrichment: candidate skipped');
      return undefined;
    }
    const hits = answer.value;
    const askedName = candidate.matchedBusinessName ? `${candidate.name} t/a ${candidate.matchedBusinessName}` : candidate.name;
    for (const url of distinctSites(hits.map((hit) => hit.url))) {
      if (stop.signal.aborted) return undefined;
      const verdict = await deps.validator.validate(askedName, url, { signal: stop.signal });
      deps.log.debug({ name: candidate.name, url, verdict }, 'registry website candidate');
      if (stop.signal.aborted) return undefined;
      if (verdict.accepted) return withWebsite(candidate, url);
    }
    return undefined;
  };

  const queue = [...pending];
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next !== undefined && !stop.signal.aborted; next = queue.shift()) {
      try {
        const enriched = await enrichOne(next.candidate);
        if (enriched && !stop.signal.aborted) result[next.index] = enriched;
      } catch (error) {
        if (!stop.signal.aborted) deps.log.warn({ err: error, name: next.candidate.name }, 'registry website enrichment: candidate skipped');
      }
    }
  };
  const workers = Array.from({ length: Math.min(options.concurrency ?? DEFAULT_ENRICHMENT_CONCURRENCY, pending.length) }, worker);
  try {
    await Promise.race([Promise.all(workers), stopped]);
  } finally {
    // Once stopped, a worker whose call settles later no longer writes into `result` (it checks the signal).
    cancelTimer();
    options.signal?.removeEventListener('abort', stopNow);
    stop.abort();
  }
  return [...result];
}

/** The orchestrator's `enrichRegistryWebsites` port over these dependencies (AUS). */
export function createRegistryWebsiteEnrichment(deps: RegistryWebsiteEnrichmentDependencies): EnrichRegistryWebsites {
  return (candidates, options) => enrichRegistryWebsites(candidates, deps, { ...options, countryAlpha2: 'AU' });
}

/** Result URLs that are public websites, one per registrable domain, in order, at most MAX_SITES_PER_CANDIDATE. */
function distinctSites(urls: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const url of urls) {
    const domain = registrableDomain(url);
    if (domain === undefined || seen.has(domain)) continue;
    seen.add(domain);
    out.push(url);
    if (out.length === MAX_SITES_PER_CANDIDATE) break;
  }
  return out;
}

function withWebsite(candidate: RegistryCandidate, url: string): RegistryCandidate | undefined {
  const website = toWebsiteUrl(url);
  const host = normaliseWebsiteHost(url);
  if (website === undefined || host === undefined) return undefined;
  const identifiers = candidate.identifiers.some((i) => i.type === 'WEBSITE' && normaliseWebsiteHost(i.value) === host)
    ? candidate.identifiers
    : [...candidate.identifiers, { type: 'WEBSITE', value: host }];
  return { ...candidate, website, websiteValidated: true, identifiers };
}
