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
import type { Log } from '../../server/ports';
import type { ProviderFailure, ProviderResult } from '../../server/enrichment/ports';
import type { Timers } from '../../server/ports';
import { failureFromStatus, getText, isServerError, retryOnce, type Attempt } from '../http/provider-http';
import { companiesApiCompanySchema, type CompaniesApiCompany } from './schemas';

export interface CompaniesApiClientOptions {
  /** e.g. https://api.thecompaniesapi.com or a contract fake's URL (the `/v2/...` path is added here). */
  baseUrl: string;
  apiToken: string;
  /** Per HTTP attempt, body included; the caller's signal can end it sooner. Default 8000 ms. */
  timeoutMs?: number;
  /** Wait before the single retry of a 5xx or a network failure. Default 300 ms. */
  retryDelayMs?: number;
  /** What the per-attempt timeouts and the retry pause wait on: real timers unless a test advances a manual clock. */
  timers?: Timers;
  log: Log;
}

export interface CompaniesApiClient {
  /** One company by its domain; `value: null` when the API has none (404). */
  fetchCompany(domain: string, signal?: AbortSignal): Promise<ProviderResult<CompaniesApiCompany | null>>;
}

const WHERE = 'The Companies API';

/** Per HTTP attempt (providers/enrichment.md 2.4: "a short timeout, e.g. 8 s"). */
export const COMPANY_DATA_TIMEOUT_MS = 8_000;
export const COMPANY_DATA_RETRY_DELAY_MS = 300;

type Result = ProviderResult<CompaniesApiCompany | null>;
const failed = (failure: ProviderFailure, retryable = false): Attempt<Result> => ({ result: { ok: false, failure }, retryable });

/** Why the API refused, for logs: the status says it all (401 token, 403 credits, 429 throttled). */
const httpFailure = (status: number): ProviderFailure =>
  failureFromStatus(WHERE, status, { 401: 'rejected the API token:', 403: 'refused the call (no credits remaining):' });

/** The client when a token is configured (COMPANY_DATA_API_KEY, trimmed), else undefined: the adapter then reports `configuration`. */
export function createConfiguredCompaniesApiClient(
  options: Omit<CompaniesApiClientOptions, 'apiToken'> & { apiToken: string | undefined },
): CompaniesApiClient | undefined {
  const apiToken = options.apiToken?.trim();
  return apiToken ? createCompaniesApiClient({ ...options, apiToken }) : undefined;
}

export function createCompaniesApiClient(options: CompaniesApiClientOptions): CompaniesApiClient {
  const root = options.baseUrl.replace(/\/+$/, '').replace(/\/v2$/, '');
  const { log } = options;
  const timeoutMs = options.timeoutMs ?? COMPANY_DATA_TIMEOUT_MS;

  async function attempt(domain: string, signal: AbortSignal | undefined): Promise<Attempt<Result>> {
    const started = performance.now();
    const exchange = await getText({
      timers: options.timers,
      url: `${root}/v2/companies/${encodeURIComponent(domain)}`,
      headers: { accept: 'application/json', authorization: `Basic ${options.apiToken}` },
      timeoutMs,
      signal,
      provider: WHERE,
    });
    const ms = Math.round(performance.now() - started);
    if (!exchange.ok) {
      if (exchange.failure.kind === 'network') log.debug({ domain, ms }, 'company data network failure');
      return failed(exchange.failure, exchange.failure.kind === 'network');
    }
    const { response } = exchange;
    const { status } = response;
    if (status === 404) {
      log.debug({ domain, status, ms }, 'company data: no company for this domain');
      return { result: { ok: true, value: null }, retryable: false };
    }
    if (!response.ok) {
      log.debug({ domain, status, ms }, 'company data http failure');
      return failed(httpFailure(status), isServerError(status));
    }
    const { body } = response;
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
    fetchCompany: (domain, signal) =>
      retryOnce(() => attempt(domain, signal), {
        timers: options.timers,
        delayMs: options.retryDelayMs ?? COMPANY_DATA_RETRY_DELAY_MS,
        signal,
        onRetry: (first) => log.info({ domain, failure: first.ok ? undefined : first.failure.kind }, 'company data: retrying once'),
      }),
  };
}
