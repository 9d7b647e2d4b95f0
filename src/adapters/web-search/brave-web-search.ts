/**
 * Brave Web Search (providers/agent.md 4): `GET {baseUrl}/res/v1/web/search` with `X-Subscription-Token`.
 * Implements the WebSearch port: one retry on 5xx/429/network failures, a per-attempt timeout, the
 * caller's signal honoured, and typed WebSearchErrors on failure (the caller decides what they mean).
 */
import type { Logger } from '../logging/logger';
import type { WebSearch, WebSearchHit } from '../../server/search/ports';
import { braveWebSearchPayloadSchema, transformBraveWebSearch } from './transform';
import { WebSearchError } from './web-search-error';

/** Countries Brave accepts in `country` (its documented list); others are searched without one. */
const BRAVE_COUNTRIES = new Set([
  'AR', 'AU', 'AT', 'BE', 'BR', 'CA', 'CL', 'DK', 'FI', 'FR', 'DE', 'GR', 'HK', 'IN', 'ID', 'IT', 'JP', 'KR',
  'MY', 'MX', 'NL', 'NZ', 'NO', 'CN', 'PL', 'PT', 'PH', 'RU', 'SA', 'ZA', 'ES', 'SE', 'CH', 'TW', 'TR', 'GB', 'US',
]);

/** Brave limits: `q` at most 400 characters, `count` at most 20. */
const MAX_QUERY_LENGTH = 400;
const MAX_COUNT = 20;

export interface BraveWebSearchOptions {
  apiKey: string;
  /** `https://api.search.brave.com`, or the sandbox fake's URL. */
  baseUrl: string;
  log: Logger;
  /** Per attempt, headers and body included. Default 5000 ms. */
  timeoutMs?: number;
  /** Pause before the single retry. Default 250 ms. */
  retryDelayMs?: number;
}

export function createBraveWebSearch(options: BraveWebSearchOptions): WebSearch {
  const timeoutMs = options.timeoutMs ?? 5000;
  const retryDelayMs = options.retryDelayMs ?? 250;
  const endpoint = new URL('/res/v1/web/search', options.baseUrl);

  async function attempt(url: URL, signal: AbortSignal | undefined): Promise<WebSearchHit[] | WebSearchError> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json', 'x-subscription-token': options.apiKey },
        signal: combined,
      });
    } catch (error) {
      return transportError(error, signal, timeout, timeoutMs);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      return transportError(error, signal, timeout, timeoutMs);
    }
    if (!response.ok) return new WebSearchError('http', `Brave answered ${response.status}`, response.status);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return new WebSearchError('malformed', 'Brave answered a body that is not JSON');
    }
    const payload = braveWebSearchPayloadSchema.safeParse(json);
    if (!payload.success) return new WebSearchError('malformed', 'Brave answered an unexpected payload shape');
    const count = Number(url.searchParams.get('count') ?? MAX_COUNT);
    return transformBraveWebSearch(payload.data, count);
  }

  return {
    async search(query, { countryAlpha2, count, signal }) {
      const url = new URL(endpoint);
      url.searchParams.set('q', query.trim().slice(0, MAX_QUERY_LENGTH));
      url.searchParams.set('count', String(Math.max(1, Math.min(MAX_COUNT, Math.trunc(count)))));
      url.searchParams.set('safesearch', 'moderate');
      url.searchParams.set('text_decorations', 'false');
      const country = countryAlpha2?.trim().toUpperCase();
      if (country && BRAVE_COUNTRIES.has(country)) url.searchParams.set('country', country);
      else if (country) options.log.debug({ country }, 'brave: country not supported, searching without one');

      let outcome = await attempt(url, signal);
      if (outcome instanceof WebSearchError && outcome.retryable && !signal?.aborted) {
        options.log.warn({ kind: outcome.kind, status: outcome.status }, 'brave: attempt failed, retrying once');
        await pause(retryDelayMs, signal);
        if (signal?.aborted) throw new WebSearchError('aborted', 'Brave search aborted by the caller');
        outcome = await attempt(url, signal);
      }
      if (outcome instanceof WebSearchError) throw outcome;
      return outcome;
    },
  };
}

function transportError(error: unknown, caller: AbortSignal | undefined, timeout: AbortSignal, timeoutMs: number): WebSearchError {
  if (caller?.aborted) return new WebSearchError('aborted', 'Brave search aborted by the caller');
  if (timeout.aborted) return new WebSearchError('timeout', `Brave did not answer within ${timeoutMs} ms`);
  const message = error instanceof Error ? error.message : String(error);
  return new WebSearchError('network', `Brave request failed: ${message}`);
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
