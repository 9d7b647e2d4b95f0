/**
 * HTTP transport to OpenCorporates v0.4 (providers/opencorporates.md sections 0, 3 and 6): `api_token` as
 * a query parameter, the caller's signal combined with a per-attempt timeout, failures classified by status
 * code (never by message text), one retry of a 5xx after a fixed delay, no retry of anything else.
 * Never throws for provider failures: it returns them as values. Never logs the token or the query string.
 */
import type { Log } from '../../../server/ports';
import type { RegistryFailure } from '../../../server/search/ports';
import type { Timers } from '../../../server/ports';
import { failureFromStatus, getText, isServerError, retryOnce, type Attempt } from '../../http/provider-http';

export type OcHttpResult = { ok: true; body: unknown } | { ok: false; notFound: true } | { ok: false; notFound: false; failure: RegistryFailure };

export interface OpenCorporatesHttpClient {
  /** GET `/v0.4/<path>` with `params` (the token is added here) and parse the JSON body. */
  getJson(path: string, params: Record<string, string>, options: { signal?: AbortSignal; timeoutMs: number }): Promise<OcHttpResult>;
}

export interface OpenCorporatesHttpClientOptions {
  baseUrl: string;
  apiToken: string;
  log: Log;
  /** Fixed delay before the one retry of a 5xx. Default 500 ms. */
  retryDelayMs?: number;
  /** What the per-attempt timeouts and the retry pause wait on: real timers unless a test advances a manual clock. */
  timers?: Timers;
}

/** Retry delay before the one retry of a 5xx (providers/opencorporates.md 6). */
export const OPENCORPORATES_RETRY_DELAY_MS = 500;

const WHERE = 'OpenCorporates';

/** 401 and 403 are the account's problem; 429 is undocumented and treated like 403 (no retry). */
function failureForStatus(status: number): RegistryFailure {
  if (status === 401) return { kind: 'configuration', message: 'OpenCorporates rejected the API token (HTTP 401)' };
  return failureFromStatus(WHERE, status, { 403: 'usage quota exceeded (rate-limited):', 429: 'throttled the call (rate-limited):' });
}

/** The client when a token is configured (OPENCORPORATES_API_TOKEN), else undefined: the adapter then reports `configuration`. */
export function createConfiguredOpenCorporatesClient(
  options: Omit<OpenCorporatesHttpClientOptions, 'apiToken'> & { apiToken: string | undefined },
): OpenCorporatesHttpClient | undefined {
  const { apiToken } = options;
  return apiToken === undefined || apiToken === '' ? undefined : createOpenCorporatesHttpClient({ ...options, apiToken });
}

export function createOpenCorporatesHttpClient(options: OpenCorporatesHttpClientOptions): OpenCorporatesHttpClient {
  const root = options.baseUrl.replace(/\/+$/, '').replace(/\/v0\.4(?:\.\d+)?$/, '');

  async function attempt(request: {
    path: string;
    params: Record<string, string>;
    signal: AbortSignal | undefined;
    timeoutMs: number;
  }): Promise<Attempt<OcHttpResult>> {
    const url = new URL(`${root}/v0.4/${request.path.replace(/^\/+/, '')}`);
    for (const [name, value] of Object.entries(request.params)) url.searchParams.set(name, value);
    url.searchParams.set('api_token', options.apiToken);
    const started = performance.now();
    const logged = { path: url.pathname };
    const exchange = await getText({
      timers: options.timers,
      url,
      headers: { accept: 'application/json' },
      timeoutMs: request.timeoutMs,
      signal: request.signal,
      provider: WHERE,
    });
    const ms = Math.round(performance.now() - started);
    if (!exchange.ok) {
      if (exchange.failure.kind === 'network') options.log.warn({ ...logged, ms }, 'opencorporates network failure');
      return { result: { ok: false, notFound: false, failure: exchange.failure }, retryable: false };
    }
    const { response } = exchange;
    if (response.status === 404) return { result: { ok: false, notFound: true }, retryable: false };
    if (!response.ok) {
      options.log.warn({ ...logged, status: response.status, ms }, 'opencorporates http failure');
      return { result: { ok: false, notFound: false, failure: failureForStatus(response.status) }, retryable: isServerError(response.status) };
    }
    try {
      const body: unknown = JSON.parse(response.body);
      options.log.debug({ ...logged, status: response.status, ms }, 'opencorporates answered');
      return { result: { ok: true, body }, retryable: false };
    } catch {
      options.log.warn({ ...logged, status: response.status, ms, bytes: response.body.length }, 'opencorporates sent a body that is not JSON');
      return {
        result: { ok: false, notFound: false, failure: { kind: 'malformed', message: 'OpenCorporates sent a body that is not JSON' } },
        retryable: false,
      };
    }
  }

  return {
    getJson: (path, params, { signal, timeoutMs }) =>
      retryOnce(() => attempt({ path, params, signal, timeoutMs }), {
        timers: options.timers,
        delayMs: options.retryDelayMs ?? OPENCORPORATES_RETRY_DELAY_MS,
        signal,
        onRetry: (first) =>
          options.log.info(
            { path, status: first.ok || first.notFound ? undefined : first.failure.status },
            'opencorporates retrying once after a server error',
          ),
      }),
  };
}
