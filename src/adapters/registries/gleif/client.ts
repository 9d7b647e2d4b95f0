/**
 * HTTP transport to the GLEIF API v1 (JSON:API): no credential, the caller's signal combined with a per-attempt
 * timeout, failures classified by status code (never by message text), one retry of a 5xx after a fixed delay,
 * nothing else retried. Never throws for provider failures: it returns them as values.
 */
import type { Log } from '../../../server/ports';
import type { RegistryFailure } from '../../../server/search/ports';
import type { Timers } from '../../../server/ports';
import { failureFromStatus, getText, isServerError, retryOnce, type Attempt } from '../../http/provider-http';

export type GleifHttpResult = { ok: true; body: unknown } | { ok: false; notFound: true } | { ok: false; notFound: false; failure: RegistryFailure };

export interface GleifHttpClient {
  /** GET `{base}/<path>` with `params` and parse the JSON:API body. */
  getJson(path: string, params: Record<string, string>, options: { signal?: AbortSignal; timeoutMs: number }): Promise<GleifHttpResult>;
}

export interface GleifHttpClientOptions {
  /** `https://api.gleif.org/api/v1` (the version path included), or the contract fake's. */
  baseUrl: string;
  log: Log;
  /** Fixed delay before the one retry of a 5xx. Default 500 ms. */
  retryDelayMs?: number;
  /** What the per-attempt timeouts and the retry pause wait on: real timers unless a test advances a manual clock. */
  timers?: Timers;
}

export const GLEIF_RETRY_DELAY_MS = 500;

/** The public API's address; GLEIF_BASE_URL overrides it (the sandbox points it at the fake). */
export const GLEIF_DEFAULT_BASE_URL = 'https://api.gleif.org/api/v1';

const WHERE = 'GLEIF';

/** GLEIF needs no credential: there is always a client (the base URL defaults to the public API). */
export function createConfiguredGleifClient(options: Omit<GleifHttpClientOptions, 'baseUrl'> & { baseUrl: string | undefined }): GleifHttpClient {
  return createGleifHttpClient({ ...options, baseUrl: options.baseUrl ?? GLEIF_DEFAULT_BASE_URL });
}

export function createGleifHttpClient(options: GleifHttpClientOptions): GleifHttpClient {
  const root = options.baseUrl.replace(/\/+$/, '');

  async function attempt(request: {
    path: string;
    params: Record<string, string>;
    signal: AbortSignal | undefined;
    timeoutMs: number;
  }): Promise<Attempt<GleifHttpResult>> {
    const url = new URL(`${root}/${request.path.replace(/^\/+/, '')}`);
    for (const [name, value] of Object.entries(request.params)) url.searchParams.set(name, value);
    const started = performance.now();
    const logged = { path: url.pathname };
    const exchange = await getText({
      timers: options.timers,
      url,
      headers: { accept: 'application/vnd.api+json' },
      timeoutMs: request.timeoutMs,
      signal: request.signal,
      provider: WHERE,
    });
    const ms = Math.round(performance.now() - started);
    if (!exchange.ok) {
      if (exchange.failure.kind === 'network') options.log.warn({ ...logged, ms }, 'gleif network failure');
      return { result: { ok: false, notFound: false, failure: exchange.failure }, retryable: false };
    }
    const { response } = exchange;
    if (response.status === 404) return { result: { ok: false, notFound: true }, retryable: false };
    if (!response.ok) {
      options.log.warn({ ...logged, status: response.status, ms }, 'gleif http failure');
      return {
        result: { ok: false, notFound: false, failure: failureFromStatus(WHERE, response.status, { 429: 'throttled the call (rate-limited):' }) },
        retryable: isServerError(response.status),
      };
    }
    try {
      const body: unknown = JSON.parse(response.body);
      options.log.debug({ ...logged, status: response.status, ms }, 'gleif answered');
      return { result: { ok: true, body }, retryable: false };
    } catch {
      options.log.warn({ ...logged, status: response.status, ms, bytes: response.body.length }, 'gleif sent a body that is not JSON');
      return { result: { ok: false, notFound: false, failure: { kind: 'malformed', message: 'GLEIF sent a body that is not JSON' } }, retryable: false };
    }
  }

  return {
    getJson: (path, params, { signal, timeoutMs }) =>
      retryOnce(() => attempt({ path, params, signal, timeoutMs }), {
        timers: options.timers,
        delayMs: options.retryDelayMs ?? GLEIF_RETRY_DELAY_MS,
        signal,
        onRetry: (first) =>
          options.log.info({ path, status: first.ok || first.notFound ? undefined : first.failure.status }, 'gleif retrying once after a server error'),
      }),
  };
}
