/**
 * What every provider's HTTP client does the same way (STYLE rule 8): the caller's signal composed with a
 * per-attempt timeout that covers the body too (also the website validator's page fetch), a failure classified by what happened (status code, our
 * timer, the caller's signal, a socket error), never by message text, an abortable pause, and at most one
 * retry. Provider failures are values (`ProviderFailure`), never thrown.
 *
 * What differs per provider stays in its `client.ts`: which statuses mean a miss, which failures are worth
 * the one retry, how a status is worded for logs, how the body is parsed.
 */
import type { Timers } from '../../server/ports';
import type { ProviderFailure } from '../../server/search/ports';
import { realTimers, sleepOn, timeoutOn } from '../../server/timers';

/** One attempt's outcome and whether a second attempt could answer differently. */
export interface Attempt<T> {
  result: T;
  retryable: boolean;
}

export interface RetryOnceOptions<T> {
  /** Pause before the second attempt. */
  delayMs: number;
  /** The caller's signal: the pause ends when it aborts (the second attempt then reports the abort). */
  signal?: AbortSignal;
  /** Called with the first outcome before the second attempt (for a log line). */
  onRetry?: (first: T) => void;
  /** What the pause waits on: real timers unless a test's manual clock. */
  timers?: Timers;
}

/**
 * Runs `attempt`, and once more after `delayMs` when the first outcome is retryable. The second outcome is
 * final whatever it is. `attempt` must answer a caller abort itself (before calling out), so an abort during
 * the pause costs no request.
 */
export async function retryOnce<T>(attempt: () => Promise<Attempt<T>>, options: RetryOnceOptions<T>): Promise<T> {
  const first = await attempt();
  if (!first.retryable) return first.result;
  await sleepOn(options.timers ?? realTimers, options.delayMs, options.signal);
  options.onRetry?.(first.result);
  return (await attempt()).result;
}

/** Server errors: worth the one retry for every provider (idempotent GETs). */
export const isServerError = (status: number): boolean => status >= 500 && status <= 599;

/**
 * A non-2xx answer as a failure: `http` with the status, worded for logs by what the status means for a
 * keyed API (401 credential, 403 quota or credits, 429 throttled). `reasons` lets a provider word a status
 * its own way (its documented meaning).
 */
export function failureFromStatus(provider: string, status: number, reasons: Partial<Record<number, string>> = {}): ProviderFailure {
  const reason = reasons[status] ?? DEFAULT_REASONS[status];
  return { kind: 'http', status, message: `${provider} ${reason ?? 'answered'} HTTP ${status}` };
}

const DEFAULT_REASONS: Partial<Record<number, string>> = {
  401: 'rejected the credential:',
  403: 'refused the call (quota or credits):',
  429: 'throttled the call:',
};

/** A signal for one attempt, and which of its two sources ended it. */
export interface AttemptSignal {
  /** The caller's signal composed with the attempt's timeout (`AbortSignal.any`). */
  readonly signal: AbortSignal;
  /**
   * `aborted` when the caller's signal fired (checked first, so a caller abort is never reported as a
   * timeout), `timeout` when the attempt's own timer did, undefined while neither has: a failure then came
   * from elsewhere (a socket error).
   */
  endedBy(): 'aborted' | 'timeout' | undefined;
  /** Stops the timeout's timer (the attempt is over). */
  done(): void;
}

/**
 * The caller's signal composed with a per-attempt timeout on `timers` (real ones unless a test's manual clock,
 * which it advances instead of waiting a timeout out). The pending timer holds the timeout's controller, so its
 * signal cannot be collected before it fires (nodejs/node#57736).
 */
export function attemptSignal(timeoutMs: number, callerSignal?: AbortSignal, timers: Timers = realTimers): AttemptSignal {
  const timeout = timeoutOn(timers, timeoutMs);
  return {
    signal: callerSignal ? AbortSignal.any([callerSignal, timeout.signal]) : timeout.signal,
    endedBy: () => (callerSignal?.aborted ? 'aborted' : timeout.signal.aborted ? 'timeout' : undefined),
    done: timeout.clear,
  };
}

export interface HttpTextRequest {
  url: URL | string;
  headers: Record<string, string>;
  /** Per attempt, headers and body included. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Names the provider (and endpoint) in failure messages; never the URL, which may carry a credential. */
  provider: string;
  /** What the per-attempt timeout runs on: real timers unless a test's manual clock. */
  timers?: Timers;
}

/** A completed HTTP exchange: a 2xx with its body, or another status (its body discarded). */
export type HttpTextResponse = { ok: true; status: number; body: string } | { ok: false; status: number };

/**
 * One GET under the caller's signal composed with the per-attempt timeout (`attemptSignal`); a 2xx body is
 * read under the same signal, so a slow or hanging body ends at the timeout too. A non-2xx body is cancelled
 * unread. Transport failures come back classified: the caller's signal -> `aborted` (checked first, so a
 * caller abort is never reported as a timeout), our timer -> `timeout`, anything else -> `network`.
 */
export async function getText(request: HttpTextRequest): Promise<{ ok: true; response: HttpTextResponse } | { ok: false; failure: ProviderFailure }> {
  const { provider, timeoutMs, signal: callerSignal } = request;
  if (callerSignal?.aborted) return { ok: false, failure: abortedFailure(provider) };
  const attempt = attemptSignal(timeoutMs, callerSignal, request.timers);
  try {
    const response = await fetch(request.url, { signal: attempt.signal, headers: request.headers });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: true, response: { ok: false, status: response.status } };
    }
    return { ok: true, response: { ok: true, status: response.status, body: await response.text() } };
  } catch (error) {
    const endedBy = attempt.endedBy();
    if (endedBy === 'aborted') return { ok: false, failure: abortedFailure(provider) };
    if (endedBy === 'timeout') return { ok: false, failure: { kind: 'timeout', message: `${provider}: no complete answer within ${timeoutMs} ms` } };
    return { ok: false, failure: { kind: 'network', message: `${provider}: ${causeOf(error)}` } };
  } finally {
    attempt.done();
  }
}

export const abortedFailure = (provider: string): ProviderFailure => ({ kind: 'aborted', message: `${provider}: aborted by the caller` });

/** fetch wraps socket errors (`fetch failed`); the cause says what happened (ECONNREFUSED, socket hang up). */
function causeOf(error: unknown): string {
  if (error instanceof Error) return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
  return String(error);
}
