/**
 * HTTP client of the ABN Lookup JSON(P) endpoints (providers/abr.md 2). It returns values, never throws for
 * provider failures, and classifies each failure by what happened (status, timeout, abort, socket error,
 * body shape), never by message text.
 *
 * Retries: these GETs are idempotent. A 5xx, a network error (refused, reset) and an application error
 * reported by MatchingNames in a 200 body (its only known text is the generic "problem completing your
 * request", which can be a server fault) are retried once after `retryDelayMs`. A 4xx, a timeout, a
 * malformed body and a caller abort are not retried: a 4xx will not change, and a timeout already spent
 * the caller's time budget (the registry lead is 5 s).
 */
import type { z } from 'zod';
import type { RegistryFailure } from '../../../server/search/ports';
import {
  abnDetailsPayloadSchema,
  matchingNamesPayloadSchema,
  parseJsonpBody,
  type AbnDetailsPayload,
  type MatchingNamesPayload,
} from './abr-payloads';

export type AbrCallResult<T> = { ok: true; value: T } | { ok: false; failure: RegistryFailure };

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
  abnDetails(abn: string, signal?: AbortSignal): Promise<AbrCallResult<AbnDetailsPayload>>;
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

  async function attempt<T>(
    endpoint: string,
    params: Record<string, string>,
    schema: z.ZodType<T, unknown>,
    timeoutMs: number,
    hasApplicationError: (payload: T) => string | undefined,
    applicationErrorRetryable: boolean,
    callerSignal: AbortSignal | undefined,
  ): Promise<Attempt<T>> {
    const url = new URL(endpoint, base);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('callback', 'cb');
    url.searchParams.set('guid', options.guid);
    const where = `ABR ${endpoint}`; // never the URL: it carries the GUID

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
    const payload = parseJsonpBody(body, schema);
    if (payload === undefined) {
      return failed({ kind: 'malformed', message: `${where}: body is not the expected JSONP payload (${body.length} chars)` }, false);
    }
    const applicationError = hasApplicationError(payload);
    if (applicationError !== undefined) {
      return failed(
        { kind: 'http', status, message: `${where}: application error in a ${status} body: ${applicationError}` },
        applicationErrorRetryable,
      );
    }
    return { result: { ok: true, value: payload }, retryable: false };
  }

  async function withOneRetry<T>(run: () => Promise<Attempt<T>>, signal: AbortSignal | undefined): Promise<AbrCallResult<T>> {
    const first = await run();
    if (first.result.ok || !first.retryable) return first.result;
    await abortableDelay(options.retryDelayMs, signal);
    return (await run()).result;
  }

  const messageOf = (payload: { Message: string }) => (payload.Message.trim() === '' ? undefined : payload.Message.trim());

  return {
    matchingNames(name, maxResults, signal) {
      return withOneRetry(
        () =>
          attempt(
            'MatchingNames.aspx',
            { name, maxResults: String(maxResults) },
            matchingNamesPayloadSchema,
            options.nameSearchTimeoutMs,
            messageOf,
            true,
            signal,
          ),
        signal,
      );
    },
    abnDetails(abn, signal) {
      return withOneRetry(
        () => attempt('AbnDetails.aspx', { abn }, abnDetailsPayloadSchema, options.detailsTimeoutMs, messageOf, false, signal),
        signal,
      );
    },
  };
}
