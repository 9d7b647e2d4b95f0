/**
 * HTTP client of the ABN Lookup JSON(P) endpoints (providers/abr.md 2). It returns values, never throws for
 * provider failures, and classifies each failure by what happened (status, timeout, abort, socket error,
 * body shape), never by message text.
 *
 * Endpoints: MatchingNames, AbnDetails and AcnDetails (the last two answer the same entity object, found by
 * ABN or by ACN) share one call path: URL, timeout combined with the caller's signal, JSONP parsing,
 * application errors and the single retry.
 *
 * Retries: these GETs are idempotent. A 5xx, a network error (refused, reset) and an application error
 * reported by MatchingNames in a 200 body (its only known text is the generic "problem completing your
 * request", which can be a server fault) are retried once after `retryDelayMs`. A 4xx, a timeout, a
 * malformed body and a caller abort are not retried: a 4xx will not change, and a timeout already spent
 * the caller's time budget (the registry lead is 5 s).
 *
 * Application errors (a non-empty `Message` in a 200 body) are failures, `http` with status 200, that also
 * carry what the documented messages table says they are (`applicationError`), so a caller can tell
 * "No record found" from an unknown GUID without reading the text.
 */
import type { z } from 'zod';
import type { RegistryFailure } from '../../../server/search/ports';
import {
  abnDetailsPayloadSchema,
  abrApplicationErrorOf,
  matchingNamesPayloadSchema,
  parseJsonpBody,
  type AbnDetailsPayload,
  type AbrApplicationError,
  type MatchingNamesPayload,
} from './abr-payloads';

export type AbrCallResult<T> =
  | { ok: true; value: T }
  /** `applicationError` is set when the failure is a 200 body whose `Message` reported an error. */
  | { ok: false; failure: RegistryFailure; applicationError?: AbrApplicationError };

export interface AbrClientOptions {
  /** e.g. https://abr.business.gov.au (the `/json/` path is added here). */
  baseUrl: string;
  guid: string;
  /** Per HTTP call (each attempt), in ms; the caller's signal can end it sooner. */
  nameSearchTimeoutMs: number;
  detailsTimeoutMs: number;
  retryDelayMs: number;
}

export interface AbrClient {
  matchingNames(name: string, maxResults: number, signal?: AbortSignal): Promise<AbrCallResult<MatchingNamesPayload>>;
  /** `AbnDetails.aspx?abn=` (11 digits). */
  abnDetails(abn: string, signal?: AbortSignal): Promise<AbrCallResult<AbnDetailsPayload>>;
  /** `AcnDetails.aspx?acn=` (9 digits): the same entity object as AbnDetails, found by ACN. */
  acnDetails(acn: string, signal?: AbortSignal): Promise<AbrCallResult<AbnDetailsPayload>>;
}

/** One JSONP endpoint: its path, payload schema, per-attempt timeout and whether its application errors are retried. */
interface Endpoint<T extends { Message: string }> {
  path: 'MatchingNames.aspx' | 'AbnDetails.aspx' | 'AcnDetails.aspx';
  schema: z.ZodType<T, unknown>;
  timeoutMs: number;
  /** MatchingNames only: its one known error text is generic and can be a server fault. */
  retryApplicationError: boolean;
}

interface Attempt<T> {
  result: AbrCallResult<T>;
  retryable: boolean;
}

const failed = <T>(failure: RegistryFailure, retryable: boolean): Attempt<T> => ({ result: { ok: false, failure }, retryable });

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

export function createAbrClient(options: AbrClientOptions): AbrClient {
  const base = `${options.baseUrl.replace(/\/+$/, '')}/json/`;
  const matchingNamesEndpoint: Endpoint<MatchingNamesPayload> = {
    path: 'MatchingNames.aspx',
    schema: matchingNamesPayloadSchema,
    timeoutMs: options.nameSearchTimeoutMs,
    retryApplicationError: true,
  };
  const detailsEndpoint = (path: 'AbnDetails.aspx' | 'AcnDetails.aspx'): Endpoint<AbnDetailsPayload> => ({
    path,
    schema: abnDetailsPayloadSchema,
    timeoutMs: options.detailsTimeoutMs,
    retryApplicationError: false, // "No record found" will not change
  });
  const abnDetailsEndpoint = detailsEndpoint('AbnDetails.aspx');
  const acnDetailsEndpoint = detailsEndpoint('AcnDetails.aspx');

  async function attempt<T extends { Message: string }>(
    endpoint: Endpoint<T>,
    params: Record<string, string>,
    callerSignal: AbortSignal | undefined,
  ): Promise<Attempt<T>> {
    const { timeoutMs } = endpoint;
    const url = new URL(endpoint.path, base);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('callback', 'cb');
    url.searchParams.set('guid', options.guid);
    const where = `ABR ${endpoint.path}`; // never the URL: it carries the GUID

    if (callerSignal?.aborted) return failed({ kind: 'aborted', message: `${where}: aborted by the caller` }, false);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
    let status: number;
    let body: string;
    try {
      const response = await fetch(url, { signal, headers: { accept: 'application/javascript, application/json, */*' } });
      status = response.status;
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        return failed({ kind: 'http', status, message: `${where}: HTTP ${status}` }, status >= 500);
      }
      body = await response.text();
    } catch (error) {
      if (callerSignal?.aborted) return failed({ kind: 'aborted', message: `${where}: aborted by the caller` }, false);
      if (timeout.aborted) return failed({ kind: 'timeout', message: `${where}: no complete answer within ${timeoutMs} ms` }, false);
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      return failed({ kind: 'network', message: `${where}: ${cause}` }, true);
    }
    const payload = parseJsonpBody(body, endpoint.schema);
    if (payload === undefined) {
      return failed({ kind: 'malformed', message: `${where}: body is not the expected JSONP payload (${body.length} chars)` }, false);
    }
    const applicationError = abrApplicationErrorOf(payload.Message);
    if (applicationError !== undefined) {
      const failure: RegistryFailure = {
        kind: 'http',
        status,
        message: `${where}: application error in a ${status} body: ${payload.Message.trim()}`,
      };
      return { result: { ok: false, failure, applicationError }, retryable: endpoint.retryApplicationError };
    }
    return { result: { ok: true, value: payload }, retryable: false };
  }

  /** One attempt, and a second after `retryDelayMs` when the first failure is retryable. */
  async function call<T extends { Message: string }>(
    endpoint: Endpoint<T>,
    params: Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<AbrCallResult<T>> {
    const first = await attempt(endpoint, params, signal);
    if (first.result.ok || !first.retryable) return first.result;
    await abortableDelay(options.retryDelayMs, signal);
    return (await attempt(endpoint, params, signal)).result;
  }

  return {
    matchingNames: (name, maxResults, signal) => call(matchingNamesEndpoint, { name, maxResults: String(maxResults) }, signal),
    abnDetails: (abn, signal) => call(abnDetailsEndpoint, { abn }, signal),
    acnDetails: (acn, signal) => call(acnDetailsEndpoint, { acn }, signal),
  };
}
