/**
 * Brave Web Search behind the WebSearch port (providers/agent.md 4; rules in ./README.md): the query and
 * count clamped to Brave's limits, the country sent only when Brave supports it, the payload through the pure
 * transform. Provider failures are values (`{ ok: false, failure }`), as for every provider port.
 */
import type { Log } from '../../server/ports';
import type { WebSearch } from '../../server/search/ports';
import type { Env } from '../../config/env';
import { createBraveClient, type BraveClient } from './client';
import { transformBraveWebSearch } from './transform';

/** Countries Brave accepts in `country` (its documented list); others are searched without one. */
const BRAVE_COUNTRIES = new Set([
  'AR',
  'AU',
  'AT',
  'BE',
  'BR',
  'CA',
  'CL',
  'DK',
  'FI',
  'FR',
  'DE',
  'GR',
  'HK',
  'IN',
  'ID',
  'IT',
  'JP',
  'KR',
  'MY',
  'MX',
  'NL',
  'NZ',
  'NO',
  'CN',
  'PL',
  'PT',
  'PH',
  'RU',
  'SA',
  'ZA',
  'ES',
  'SE',
  'CH',
  'TW',
  'TR',
  'GB',
  'US',
]);

/** Brave limits: `q` at most 400 characters, `count` at most 20. */
const MAX_QUERY_LENGTH = 400;
const MAX_COUNT = 20;

export interface BraveWebSearchOptions {
  /** The HTTP client (`createBraveClient`: key, base URL, timeout, retry delay). */
  client: BraveClient;
  log: Log;
}

export function createBraveWebSearch(options: BraveWebSearchOptions): WebSearch {
  const { client, log } = options;
  return {
    async search(query, { countryAlpha2, count, signal }) {
      const clamped = Math.max(1, Math.min(MAX_COUNT, Math.trunc(count)));
      const country = countryAlpha2?.trim().toUpperCase();
      const supported = country !== undefined && country !== '' && BRAVE_COUNTRIES.has(country);
      if (country && !supported) log.debug({ country }, 'brave: country not supported, searching without one');
      const answer = await client.webSearch(
        {
          q: query.trim().slice(0, MAX_QUERY_LENGTH),
          count: clamped,
          ...(supported ? { country } : {}),
          safesearch: 'moderate',
          text_decorations: 'false',
        },
        signal,
      );
      return answer.ok ? { ok: true, value: transformBraveWebSearch(answer.value, clamped) } : answer;
    },
  };
}

/** Brave from configuration (WEB_SEARCH_API_KEY, WEB_SEARCH_BASE_URL); undefined without a key: no web search. */
export function createBraveWebSearchFromEnv(env: Pick<Env, 'WEB_SEARCH_API_KEY' | 'WEB_SEARCH_BASE_URL'>, log: Log): WebSearch | undefined {
  const apiKey = env.WEB_SEARCH_API_KEY;
  return apiKey ? createBraveWebSearch({ client: createBraveClient({ apiKey, baseUrl: env.WEB_SEARCH_BASE_URL, log }), log }) : undefined;
}
