/**
 * HTTP client of Brave Web Search (providers/agent.md 4): `GET {baseUrl}/res/v1/web/search` with
 * `X-Subscription-Token`. It returns values, never throws for provider failures, and classifies each failure
 * by what happened (status code, our timer, the caller's signal, a socket error, the body's shape), never by
 * message text. Never logs the token.
 *
 * | what happened                     | result                               | retried             |
 * |-----------------------------------|--------------------------------------|---------------------|
 * | 2xx with a search payload         | ok, the payload                      |                     |
 * | 5xx, 429 (throttled)              | http + status                        | once, after a delay |
 * | 401, 403, other 4xx               | http + status                        | no                  |
 * | socket error (refused, reset)     | network                              | once, after a delay |
 * | no complete answer in time        | timeout (per attempt, body included) | no                  |
 * | not JSON, or not a search payload | malformed                            | no                  |
 * | the caller's signal               | aborted                              | no                  |
 */
import type { Log } from '../../server/ports';
import type { ProviderResult } from '../../server/search/ports';
import type { Timers } from '../../server/ports';
import { failureFromStatus, getText, isServerError, retryOnce, type Attempt } from '../http/provider-http';
import { braveWebSearchPayloadSchema, type BraveWebSearchPayload } from './schemas';

export const BRAVE_TIMEOUT_MS = 5_000;
export const BRAVE_RETRY_DELAY_MS = 250;

const WHERE = 'Brave';

export interface BraveClientOptions {
  apiKey: string;
  /** `https://api.search.brave.com`, or the sandbox fake's URL. */
  baseUrl: string;
  log: Log;
  /** Per attempt, headers and body included. Default 5000 ms. */
  timeoutMs?: number;
  /** Pause before the single retry. Default 250 ms. */
  retryDelayMs?: number;
  /** What the per-attempt timeouts and the retry pause wait on: real timers unless a test advances a manual clock. */
  timers?: Timers;
}

/** The query parameters Brave documents for a web search (`q`, `count`, and optionally `country`). */
export interface BraveSearchParams {
  q: string;
  count: number;
  country?: string;
  safesearch: 'off' | 'moderate' | 'strict';
  text_decorations: 'true' | 'false';
}

export interface BraveClient {
  webSearch(params: BraveSearchParams, signal?: AbortSignal): Promise<ProviderResult<BraveWebSearchPayload>>;
}

type Result = ProviderResult<BraveWebSearchPayload>;

export function createBraveClient(options: BraveClientOptions): BraveClient {
  const endpoint = new URL('/res/v1/web/search', options.baseUrl);
  const timeoutMs = options.timeoutMs ?? BRAVE_TIMEOUT_MS;

  async function attempt(params: BraveSearchParams, signal: AbortSignal | undefined): Promise<Attempt<Result>> {
    const url = new URL(endpoint);
    for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, String(value));
    const exchange = await getText({
      timers: options.timers,
      url,
      headers: { accept: 'application/json', 'x-subscription-token': options.apiKey },
      timeoutMs,
      signal,
      provider: WHERE,
    });
    if (!exchange.ok) return { result: exchange, retryable: exchange.failure.kind === 'network' };
    const { response } = exchange;
    if (!response.ok) {
      const { status } = response;
      return { result: { ok: false, failure: failureFromStatus(WHERE, status) }, retryable: isServerError(status) || status === 429 };
    }
    let json: unknown;
    try {
      json = JSON.parse(response.body);
    } catch {
      return { result: { ok: false, failure: { kind: 'malformed', message: 'Brave answered a body that is not JSON' } }, retryable: false };
    }
    const payload = braveWebSearchPayloadSchema.safeParse(json);
    if (!payload.success)
      return { result: { ok: false, failure: { kind: 'malformed', message: 'Brave answered an unexpected payload shape' } }, retryable: false };
    return { result: { ok: true, value: payload.data }, retryable: false };
  }

  return {
    webSearch: (params, signal) =>
      retryOnce(() => attempt(params, signal), {
        timers: options.timers,
        delayMs: options.retryDelayMs ?? BRAVE_RETRY_DELAY_MS,
        signal,
        onRetry: (first) => {
          const failure = first.ok ? undefined : first.failure;
          options.log.warn({ kind: failure?.kind, status: failure?.status }, 'brave: attempt failed, retrying once');
        },
      }),
  };
}
