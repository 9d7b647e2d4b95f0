/**
 * HTTP transport to OpenCorporates v0.4 (providers/opencorporates.md sections 0, 3 and 6): `api_token` as
 * a query parameter, the caller's signal combined with a per-attempt timeout, failures classified by status
 * code (never by message text), one retry of a 5xx after a fixed delay, no retry of anything else.
 * Never throws for provider failures: it returns them as values. Never logs the token or the query string.
 */
import type { Logger } from '../../logging/logger';
import type { RegistryFailure } from '../../../server/search/ports';

export type OcHttpResult =
  | { ok: true; body: unknown }
  | { ok: false; notFound: true }
  | { ok: false; notFound: false; failure: RegistryFailure };

export interface OpenCorporatesHttpClient {
  /** GET `/v0.4/<path>` with `params` (the token is added here) and parse the JSON body. */
  getJson(path: string, params: Record<string, string>, options: { signal?: AbortSignal; timeoutMs: number }): Promise<OcHttpResult>;
}

export interface OpenCorporatesHttpClientOptions {
  baseUrl: string;
  apiToken: string;
  log: Logger;
  /** Fixed delay before the one retry of a 5xx. */
  retryDelayMs: number;
}

/** Statuses worth one more try: server errors, maintenance, overload, temporary redaction (503). */
const isRetryable = (status: number) => status >= 500 && status <= 599;

/** 401 and 403 are the account's problem; 429 is undocumented and treated like 403 (no retry). */
function failureForStatus(status: number): RegistryFailure {
  if (status === 401) return { kind: 'configuration', message: 'OpenCorporates rejected the API token (HTTP 401)' };
  if (status === 403) return { kind: 'http', status, message: 'OpenCorporates usage quota exceeded (HTTP 403, rate-limited)' };
  if (status === 429) return { kind: 'http', status, message: 'OpenCorporates throttled the call (HTTP 429, rate-limited)' };
  return { kind: 'http', status, message: `OpenCorporates answered HTTP ${status}` };
}

function waitOrAbort(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function createOpenCorporatesHttpClient(options: OpenCorporatesHttpClientOptions): OpenCorporatesHttpClient {
  const root = options.baseUrl.replace(/\/+$/, '').replace(/\/v0\.4(?:\.\d+)?$/, '');

  async function attempt(path: string, params: Record<string, string>, signal: AbortSignal | undefined, timeoutMs: number): Promise<OcHttpResult> {
    const url = new URL(`${root}/v0.4/${path.replace(/^\/+/, '')}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set('api_token', options.apiToken);
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const started = performance.now();
    const logged = { path: url.pathname };
    const aborted = (): OcHttpResult => {
      if (signal?.aborted) return { ok: false, notFound: false, failure: { kind: 'aborted', message: 'the caller aborted the OpenCorporates call' } };
      return { ok: false, notFound: false, failure: { kind: 'timeout', message: `OpenCorporates did not answer within ${timeoutMs} ms` } };
    };
    let status: number;
    let text: string;
    try {
      const response = await fetch(url, { signal: combined, headers: { accept: 'application/json' } });
      status = response.status;
      // The body is read under the same signal, so a slow or hanging body ends at the timeout too.
      text = await response.text();
    } catch (error) {
      if (combined.aborted) return aborted();
      const message = error instanceof Error ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}` : 'fetch failed';
      options.log.warn({ ...logged, ms: Math.round(performance.now() - started) }, 'opencorporates network failure');
      return { ok: false, notFound: false, failure: { kind: 'network', message: `OpenCorporates network failure: ${message}` } };
    }
    const ms = Math.round(performance.now() - started);
    if (status === 404) return { ok: false, notFound: true };
    if (status !== 200) {
      options.log.warn({ ...logged, status, ms }, 'opencorporates http failure');
      return { ok: false, notFound: false, failure: failureForStatus(status) };
    }
    try {
      const body: unknown = JSON.parse(text);
      options.log.debug({ ...logged, status, ms }, 'opencorporates answered');
      return { ok: true, body };
    } catch {
      options.log.warn({ ...logged, status, ms, bytes: text.length }, 'opencorporates sent a body that is not JSON');
      return { ok: false, notFound: false, failure: { kind: 'malformed', message: 'OpenCorporates sent a body that is not JSON' } };
    }
  }

  return {
    async getJson(path, params, { signal, timeoutMs }) {
      const first = await attempt(path, params, signal, timeoutMs);
      if (first.ok || first.notFound || first.failure.kind !== 'http' || !isRetryable(first.failure.status ?? 0)) return first;
      await waitOrAbort(options.retryDelayMs, signal);
      if (signal?.aborted) return { ok: false, notFound: false, failure: { kind: 'aborted', message: 'the caller aborted the OpenCorporates call' } };
      options.log.info({ path, status: first.failure.status }, 'opencorporates retrying once after a server error');
      return attempt(path, params, signal, timeoutMs);
    },
  };
}
