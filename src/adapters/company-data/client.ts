/**
 * HTTP client of The Companies API (providers/enrichment.md 2.2): `GET {base}/v2/companies/{domain}` with
 * `Authorization: Basic {API_TOKEN}` (the raw token, not base64 of user:password). It returns values,
 * never throws for provider failures, and classifies each failure by what happened (status code, our
 * timer, the caller's signal, a socket error, the body's shape), never by message text. Never logs the token;
 * attempts are logged at debug (the adapter logs the final failure), schema issues at warn.
 *
 * | what happened                    | result                              | retried            |
 * |----------------------------------|-------------------------------------|--------------------|
 * | 200 with a CompanyV2 record      | ok, the record                      |                    |
 * | 404 (companyNotFound)            | ok, null (a miss)                   |                    |
 * | 401, 403 (no credits), 429, 4xx  | http + status                       | no                 |
 * | 5xx                              | http + status                       | once, after a delay|
 * | socket error (refused, reset)    | network                             | once, after a delay|
 * | no complete answer in time       | timeout (per attempt, body included)| no                 |
 * | not JSON, or not a record        | malformed                           | no                 |
 * | the caller's signal              | aborted                             | no                 |
 */
import type { Logger } from '../logging/logger';
import type { ProviderFailure, ProviderResult } from '../../server/enrichment/ports';
import { companiesApiCompanySchema, type CompaniesApiCompany } from './schemas';

export interface CompaniesApiClientOptions {
  /** e.g. https://api.thecompaniesapi.com or a contract fake's URL (the `/v2/...` path is added here). */
  baseUrl: string;
  apiToken: string;
  /** Per HTTP attempt, body included; the caller's signal can end it sooner. */
  timeoutMs: number;
  /** Wait before the single retry of a 5xx or a network failure. */
  retryDelayMs: number;
  log: Logger;
}

export interface CompaniesApiClient {
  /** One company by its domain; `value: null` when the API has none (404). */
  fetchCompany(domain: string, signal?: AbortSignal): Promise<ProviderResult<CompaniesApiCompany | null>>;
}

interface Attempt {
  result: ProviderResult<CompaniesApiCompany | null>;
  retryable: boolean;
}

const failed = (failure: ProviderFailure, retryable = false): Attempt => ({ result: { ok: false, failure }, retryable });

const WHERE = 'The Companies API';

/** Why the API refused, for logs: the status says it all (401 token, 403 credits, 429 throttled). */
function httpFailure(status: number): ProviderFailure {
  if (status === 401) return { kind: 'http', status, message: `${WHERE} rejected the API token (HTTP 401)` };
  if (status === 403) return { kind: 'http', status, message: `${WHERE} refused the call (HTTP 403, no credits remaining)` };
  if (status === 429) return { kind: 'http', status, message: `${WHERE} throttled the call (HTTP 429)` };
  return { kind: 'http', status, message: `${WHERE} answered HTTP ${status}` };
}

function abortableDelay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

export function createCompaniesApiClient(options: CompaniesApiClientOptions): CompaniesApiClient {
  const root = options.baseUrl.replace(/\/+$/, '').replace(/\/v2$/, '');
  const { log, timeoutMs } = options;
  const abortedByCaller = (): Attempt => failed({ kind: 'aborted', message: `${WHERE}: aborted by the caller` });

  async function attempt(domain: string, callerSignal: AbortSignal | undefined): Promise<Attempt> {
    if (callerSignal?.aborted) return abortedByCaller();
    const url = `${root}/v2/companies/${encodeURIComponent(domain)}`;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
    const started = performance.now();
    let status: number;
    let body: string;
    try {
      const response = await fetch(url, {
        signal,
        headers: { accept: 'application/json', authorization: `Basic ${options.apiToken}` },
      });
      status = response.status;
      // The body is read under the same signal, so a slow or hanging body ends at the timeout too.
      body = await response.text();
    } catch (error) {
      if (callerSignal?.aborted) return abortedByCaller();
      if (timeout.aborted) return failed({ kind: 'timeout', message: `${WHERE}: no complete answer within ${timeoutMs} ms` });
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      log.debug({ domain, ms: Math.round(performance.now() - started) }, 'company data network failure');
      return failed({ kind: 'network', message: `${WHERE}: ${cause}` }, true);
    }
    const ms = Math.round(performance.now() - started);
    if (status === 404) {
      log.debug({ domain, status, ms }, 'company data: no company for this domain');
      return { result: { ok: true, value: null }, retryable: false };
    }
    if (status < 200 || status > 299) {
      log.debug({ domain, status, ms }, 'company data http failure');
      return failed(httpFailure(status), status >= 500 && status <= 599);
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      log.debug({ domain, status, ms, bytes: body.length }, 'company data: the body is not JSON');
      return failed({ kind: 'malformed', message: `${WHERE}: the body is not JSON (${body.length} chars)` });
    }
    const parsed = companiesApiCompanySchema.safeParse(json);
    if (!parsed.success) {
      log.warn({ domain, status, ms, issues: parsed.error.issues.slice(0, 5) }, 'company data: the record failed validation');
      return failed({ kind: 'malformed', message: `${WHERE}: the body is not a company record` });
    }
    log.debug({ domain, status, ms }, 'company data answered');
    return { result: { ok: true, value: parsed.data }, retryable: false };
  }

  return {
    async fetchCompany(domain, signal) {
      const first = await attempt(domain, signal);
      if (first.result.ok || !first.retryable) return first.result;
      await abortableDelay(options.retryDelayMs, signal);
      if (signal?.aborted) return abortedByCaller().result;
      log.info({ domain, failure: first.result.failure.kind }, 'company data: retrying once');
      return (await attempt(domain, signal)).result;
    },
  };
}
