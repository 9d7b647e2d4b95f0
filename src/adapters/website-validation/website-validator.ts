/**
 * The WebsiteValidator port (spec: Website validation): tier 1, graded brand-to-domain affinity
 * (src/core/brand-affinity.ts), accepts at or above the threshold; below it, tier 2 fetches the home page
 * through the safe fetcher and lets the page confirm the name (content-grounding.ts), provided the page was
 * served by the candidate's domain: the final URL after redirects, and any meta refresh target, must share
 * its registrable domain.
 *
 * Social, marketplace and directory hosts, IP literals and hosts outside the ICANN list are rejected at
 * tier 1 without a fetch. `offline` stops after tier 1. Never throws: a failed fetch is
 * `{accepted: false, tier: 2, reason: 'fetch failed: ...'}`. The home page tried is `https://<host>/`, then
 * `http://<host>/`, then `https://www.<host>/` for an apex host, each only while the previous one cannot
 * connect (network error; a time-out ends the attempts); the host keeps a `www.` the website was written with.
 *
 * Home pages are cached per host (lru-cache, at most CACHE_MAX_ENTRIES) for CACHE_TTL_MS (successful fetches and definite failures; never a
 * timeout or an abort), so the candidates of one search that share a website cost one fetch.
 */
import { LRUCache } from 'lru-cache';
import { BRAND_AFFINITY_THRESHOLD, brandAffinity, type BrandAffinity } from '../../core/brand-affinity';
import { freshValue, ttlClock } from '../cache/ttl-lru';
import { normaliseWebsiteHost, registrableDomain } from '../../core/website';
import type { WebsiteValidation, WebsiteValidator } from '../../server/search/ports';
import { groundOnPage } from './content-grounding';
import { extractPageEvidence, type PageEvidence } from './page-evidence';
import type { PageFetcher, SafeFetchResult } from './safe-fetch';
import type { Log } from '../../server/ports';

export interface WebsiteValidatorOptions {
  fetcher: PageFetcher;
  log: Pick<Log, 'debug' | 'warn'>;
  /** Tier 1 acceptance; BRAND_AFFINITY_THRESHOLD (0.85) by default. */
  threshold?: number;
  /** Clock for the page cache (tests). */
  now?: () => number;
}

const CACHE_TTL_MS = 10 * 60_000;
const CACHE_MAX_ENTRIES = 500;
/** Failures after which the next home page URL is tried. */
const CONNECTION_FAILURES = new Set(['network']);

type HomePage = SafeFetchResult & { evidence?: PageEvidence };

export function createWebsiteValidator(options: WebsiteValidatorOptions): WebsiteValidator {
  const threshold = options.threshold ?? BRAND_AFFINITY_THRESHOLD;
  const now = options.now ?? Date.now;
  const cache = new LRUCache<string, HomePage>({ max: CACHE_MAX_ENTRIES, ttl: CACHE_TTL_MS, ...ttlClock(now) });

  async function homePage(host: string, signal: AbortSignal | undefined): Promise<HomePage> {
    const cached = freshValue(cache, host);
    if (cached) return cached;
    let result: HomePage = { ok: false, failure: { kind: 'network', message: 'no attempt' }, redirects: [] };
    for (const attempt of homePageUrls(host)) {
      result = await options.fetcher.fetchPage(attempt, { signal });
      if (result.ok || !CONNECTION_FAILURES.has(result.failure.kind) || signal?.aborted) break;
    }
    if (result.ok) result = { ...result, evidence: extractPageEvidence(result.page.html) };
    const cacheable = result.ok || (result.failure.kind !== 'aborted' && result.failure.kind !== 'timeout');
    if (cacheable) cache.set(host, result);
    return result;
  }

  async function contentGrounding(name: string, url: string, affinity: BrandAffinity, signal?: AbortSignal): Promise<WebsiteValidation> {
    const host = websiteHostOf(url);
    const domain = registrableDomain(url);
    if (host === undefined || domain === undefined) return { accepted: false, tier: 1, score: 0, reason: 'not a public website' };
    const result = await homePage(host, signal);
    if (!result.ok) {
      return { accepted: false, tier: 2, score: affinity.score, reason: `fetch failed: ${result.failure.kind}: ${result.failure.message}` };
    }
    const servedBy = registrableDomain(result.page.url);
    if (servedBy !== domain) {
      return { accepted: false, tier: 2, score: affinity.score, reason: `the home page redirected to another domain (${servedBy ?? result.page.url})` };
    }
    const evidence = result.evidence ?? extractPageEvidence(result.page.html);
    if (evidence.metaRefreshUrl !== null) {
      const target = safeUrl(evidence.metaRefreshUrl, result.page.url);
      const targetDomain = target === undefined ? undefined : registrableDomain(target);
      if (targetDomain !== domain) {
        return { accepted: false, tier: 2, score: affinity.score, reason: `the home page refreshes to another domain (${targetDomain ?? 'unknown'})` };
      }
    }
    const verdict = groundOnPage(name, evidence, affinity);
    return { accepted: verdict.accepted, tier: 2, score: verdict.score, reason: verdict.reason };
  }

  return {
    async validate(name, url, validateOptions = {}) {
      try {
        const affinity = brandAffinity(name, url, { threshold });
        const tier1 = `${affinity.grade} affinity ${affinity.score}: ${affinity.rule}${affinity.domain ? ` (${affinity.domain})` : ''}`;
        if (affinity.accepted) return { accepted: true, tier: 1, score: affinity.score, reason: tier1 };
        if (affinity.rejectedOutright) {
          return { accepted: false, tier: 1, score: affinity.score, reason: tier1 };
        }
        if (validateOptions.offline) {
          return { accepted: false, tier: 1, score: affinity.score, reason: `${tier1}; below ${threshold}, content grounding skipped (offline)` };
        }
        const verdict = await contentGrounding(name, url, affinity, validateOptions.signal);
        options.log.debug({ name, url, tier1: affinity, verdict }, 'website content grounding');
        return verdict;
      } catch (error) {
        options.log.warn({ err: error, url }, 'website validation failed');
        return { accepted: false, tier: 2, score: 0, reason: `validation failed: ${error instanceof Error ? error.message : String(error)}` };
      }
    },
  };
}

/**
 * The host whose home page is fetched: the website's own host name as written (keeping `www.`, which some
 * sites need), undefined when it is not a public website.
 */
function websiteHostOf(url: string): string | undefined {
  const normalised = normaliseWebsiteHost(url);
  if (normalised === undefined) return undefined;
  const written = safeUrl(/^[a-z][a-z0-9+.-]*:\/\//i.test(url.trim()) ? url.trim() : `https://${url.trim().replace(/^\/\//, '')}`, 'https://invalid/');
  const hostname = written === undefined ? undefined : new URL(written).hostname.replace(/\.$/, '').toLowerCase();
  return hostname === `www.${normalised}` ? hostname : normalised;
}

/** Home page URLs tried in order while the previous one cannot connect: https, http, then https with www. */
function homePageUrls(host: string): string[] {
  const urls = [`https://${host}/`, `http://${host}/`];
  if (!host.startsWith('www.') && registrableDomain(host) === host) urls.push(`https://www.${host}/`);
  return urls;
}

function safeUrl(value: string, base: string): string | undefined {
  try {
    return new URL(value, base).href;
  } catch {
    return undefined;
  }
}
