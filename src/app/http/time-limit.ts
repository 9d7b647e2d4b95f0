import type { Timers } from '../../server/ports';
import { realTimers, timeoutOn } from '../../server/timers';

/**
 * A route's time limit as a signal that fires. Not `AbortSignal.timeout()` passed straight into
 * `AbortSignal.any()`: on Node 20 a timeout signal that nothing but the composite refers to can be garbage
 * collected before it fires (nodejs/node#57736), and the search then ran on until its slowest provider gave up
 * (a 45 s stream under a full test run instead of the 6 s limit). Here the pending timer holds the controller,
 * so the signal lives until it fires or `clear()` is called (once the work is over). The timer runs on the
 * container's `timers` (real ones; a test's manual clock, which it advances instead of waiting the limit out).
 */
export interface TimeLimit {
  /** Aborts with a `TimeoutError` DOMException when the time is up. */
  readonly signal: AbortSignal;
  clear(): void;
}

export function timeLimit(ms: number, message: string, timers: Timers = realTimers): TimeLimit {
  return timeoutOn(timers, ms, message);
}

/** The items, then `done()` however they end (finished, failed, or the consumer returned early). */
export async function* finallyAfter<T>(items: AsyncGenerator<T>, done: () => void): AsyncGenerator<T> {
  try {
    yield* items;
  } finally {
    done();
  }
}
