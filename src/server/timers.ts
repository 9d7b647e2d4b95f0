/**
 * The timer source behind every wait on product time (the `Timers` port): real timers in production, a manual clock
 * in tests (`createManualTimers`), which a test advances instead of sleeping, so a 6 s fault delay or a 5 s registry
 * lead costs no wall time and happens in a known order. Built on it: an abortable sleep and a time-out signal.
 */
import type { Timers } from './ports';

/** setTimeout and Date.now: the default everywhere. */
export const realTimers: Timers = {
  now: () => Date.now(),
  after(ms, fn, options) {
    const timer = setTimeout(fn, ms);
    if (options?.unref) timer.unref();
    return () => clearTimeout(timer);
  },
};

/**
 * Resolves after `ms` on `timers`, or at once when `signal` aborts (never rejects: the next step looks at the
 * signal). Removes its listener when done, since one response may sleep many times on one signal.
 */
export function sleepOn(timers: Timers, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const cancel = timers.after(ms, done);
    function done() {
      cancel();
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * A signal that aborts with a `TimeoutError` DOMException after `ms` on `timers` (AbortSignal.timeout's reason), and
 * `clear()` once the work is over. Unlike `AbortSignal.timeout()` the pending timer holds the controller, so the
 * signal cannot be garbage-collected before it fires (nodejs/node#57736). The timer is unref'd, as Node's own is.
 */
export function timeoutOn(timers: Timers, ms: number, message = 'The operation was aborted due to timeout'): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const clear = timers.after(ms, () => controller.abort(new DOMException(message, 'TimeoutError')), { unref: true });
  return { signal: controller.signal, clear };
}

/** A clock that moves only when a test says so; its `now()` starts at 0. */
export interface ManualTimers extends Timers {
  /** How many timers are waiting (scheduled, not yet fired or cancelled). */
  readonly pending: number;
  /** When the next waiting timer is due (on `now`'s scale), undefined when none waits. */
  nextDue(): number | undefined;
  /**
   * Moves the clock `ms` forward, firing every timer due by then in due order (equal due times in the order they were
   * set); after each, the work it started has a turn of the event loop before the next fires.
   */
  advance(ms: number): Promise<void>;
  /** Resolves once at least `count` timers wait (the code under test has reached its wait on time). */
  whenPending(count?: number): Promise<void>;
}

export function createManualTimers(): ManualTimers {
  interface Entry {
    due: number;
    seq: number;
    fn: () => void;
  }
  let now = 0;
  let seq = 0;
  let entries: Entry[] = [];
  let waiters: { count: number; resolve: () => void }[] = [];
  const wake = () => {
    const ready = waiters.filter((w) => entries.length >= w.count);
    waiters = waiters.filter((w) => entries.length < w.count);
    for (const w of ready) w.resolve();
  };
  const soonest = () => entries.reduce<Entry | undefined>((a, e) => (!a || e.due < a.due || (e.due === a.due && e.seq < a.seq) ? e : a), undefined);
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    after(ms, fn) {
      const entry: Entry = { due: now + Math.max(0, ms), seq: seq++, fn };
      entries.push(entry);
      wake();
      return () => {
        entries = entries.filter((e) => e !== entry);
      };
    },
    now: () => now,
    get pending() {
      return entries.length;
    },
    nextDue: () => soonest()?.due,
    async advance(ms) {
      const until = now + ms;
      for (let next = soonest(); next && next.due <= until; next = soonest()) {
        entries = entries.filter((e) => e !== next);
        now = next.due;
        next.fn();
        await turn();
      }
      now = until;
      await turn();
    },
    whenPending(count = 1) {
      if (entries.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
  };
}
