/**
 * A route's time limit as a signal that fires. Not `AbortSignal.timeout()` passed straight into
 * `AbortSignal.any()`: on Node 20 a timeout signal that nothing but the composite refers to can be garbage
 * collected before it fires (nodejs/node#57736), and the search then ran on until its slowest provider gave up
 * (a 45 s stream under a full test run instead of the 6 s limit). Here the pending timer holds the controller,
 * so the signal lives until it fires or `clear()` is called (once the work is over).
 */
export interface TimeLimit {
  /** Aborts with a `TimeoutError` DOMException when the time is up. */
  readonly signal: AbortSignal;
  clear(): void;
}

export function timeLimit(ms: number, message: string): TimeLimit {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(message, 'TimeoutError')), ms);
  timer.unref();
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

/** The items, then `done()` however they end (finished, failed, or the consumer returned early). */
export async function* finallyAfter<T>(items: AsyncGenerator<T>, done: () => void): AsyncGenerator<T> {
  try {
    yield* items;
  } finally {
    done();
  }
}
