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
import type { Timers } from '../../../server/ports';
import { failureFromStatus, getText, isServerError, retryOnce, type Attempt } from '../../http/provider-http';
import {
  abnDetailsPayloadSchema,
  abrApplicationErrorOf,
  matchingNamesPayloadSchema,
  parseJsonpBody,
  type AbnDetailsPayload,
  type AbrApplicationError,
  type MatchingNamesPayload,
} from './schemas';

export type AbrCallResult<T> =
  | { ok: true; value: T }
  /** `applicationError` is set when the failure is a 200 body whose `Message` reported an error. */
  | { ok: false; failure: RegistryFailure; applicationError?: AbrApplicationError };

export interface AbrClientOptions {
  /** e.g. https://abr.business.gov.au (the `/json/` path is added here). */
  baseUrl: string;
  guid: string;
  /** Per HTTP call (each attempt), in ms; the caller's signal can end it sooner. Default 8000 ms. */
  nameSearchTimeoutMs?: number;
  /** Default 5000 ms. */
  detailsTimeoutMs?: number;
  /** Wait before the single retry of a 5xx, a network failure or a MatchingNames application error. Default 300 ms. */
  retryDelayMs?: number;
  /** What the per-attempt timeouts and the retry pause wait on: real timers unless a test advances a manual clock. */
  timers?: Timers;
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

const failed = <T>(failure: RegistryFailure, retryable: boolean): Attempt<AbrCallResult<T>> => ({ result: { ok: false, failure }, retryable });

/** Per HTTP attempt (providers/abr.md 6). */
export const ABR_NAME_SEARCH_TIMEOUT_MS = 8_000;
export const ABR_DETAILS_TIMEOUT_MS = 5_000;
export const ABR_RETRY_DELAY_MS = 300;

/** The client when a GUID is configured (ABR_GUID, trimmed), else undefined: the adapters then report `configuration`. */
export function createConfiguredAbrClient(options: Omit<AbrClientOptions, 'guid'> & { guid: string | undefined }): AbrClient | undefined {
  const guid = options.guid?.trim();
  return guid ? createAbrClient({ ...options, guid }) : undefined;
}

export function createAbrClient(options: AbrClientOptions): AbrClient {
  const base = `${options.baseUrl.replace(/\/+$/, '')}/json/`;
  const matchingNamesEndpoint: Endpoint<MatchingNamesPayload> = {
    path: 'MatchingNames.aspx',
    schema: matchingNamesPayloadSchema,
    timeoutMs: options.nameSearchTimeoutMs ?? ABR_NAME_SEARCH_TIMEOUT_MS,
    retryApplicationError: true,
  };
  const detailsEndpoint = (path: 'AbnDetails.aspx' | 'AcnDetails.aspx'): Endpoint<AbnDetailsPayload> => ({
    path,
    schema: abnDetailsPayloadSchema,
    timeoutMs: options.detailsTimeoutMs ?? ABR_DETAILS_TIMEOUT_MS,
    retryApplicationError: false, // "No record found" will not change
  });
  const abnDetailsEndpoint = detailsEndpoint('AbnDetails.aspx');
  const acnDetailsEndpoint = detailsEndpoint('AcnDetails.aspx');

  /** One call of one endpoint: its outcome and whether the single retry may change it. */
  async function attempt<T extends { Message: string }>(request: {
    endpoint: Endpoint<T>;
    params: Record<string, string>;
    signal: AbortSignal | undefined;
  }): Promise<Attempt<AbrCallResult<T>>> {
    const { endpoint } = request;
    const url = new URL(endpoint.path, base);
    for (const [k, v] of Object.entries(request.params)) url.searchParams.set(k, v);
    url.searchParams.set('callback', 'cb');
    url.searchParams.set('guid', options.guid);
    const where = `ABR ${endpoint.path}`; // never the URL: it carries the GUID

    const exchange = await getText({
      timers: options.timers,
      url,
      headers: { accept: 'application/javascript, application/json, */*' },
      timeoutMs: endpoint.timeoutMs,
      signal: request.signal,
      provider: where,
    });
    if (!exchange.ok) return failed(exchange.failure, exchange.failure.kind === 'network');
    const { response } = exchange;
    if (!response.ok) return failed(failureFromStatus(where, response.status), isServerError(response.status));
    const { status, body } = response;
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
  const call = <T extends { Message: string }>(endpoint: Endpoint<T>, params: Record<string, string>, signal: AbortSignal | undefined) =>
    retryOnce(() => attempt({ endpoint, params, signal }), { timers: options.timers, delayMs: options.retryDelayMs ?? ABR_RETRY_DELAY_MS, signal });

  return {
    matchingNames: (name, maxResults, signal) => call(matchingNamesEndpoint, { name, maxResults: String(maxResults) }, signal),
    abnDetails: (abn, signal) => call(abnDetailsEndpoint, { abn }, signal),
    acnDetails: (acn, signal) => call(acnDetailsEndpoint, { acn }, signal),
  };
}
