/**
 * The time limit of one agent run, as a dependency: the agents call `onTimeout` when the run has taken too
 * long. Production uses a real timer; a test passes its own to end a run at a chosen moment (say, once a
 * faulty request has reached the fake), so its outcome does not depend on how fast the machine is.
 */
export type RunTimer = (timeoutMs: number, onTimeout: () => void) => { cancel(): void };

export const realRunTimer: RunTimer = (timeoutMs, onTimeout) => {
  const timer = setTimeout(onTimeout, timeoutMs);
  return { cancel: () => clearTimeout(timer) };
};

/** One agent run's stop signal: the caller's signal and the run's time limit. */
export interface RunLimit {
  /** Aborts when the caller's signal does, when the time is up, or once `end()` is called. */
  readonly signal: AbortSignal;
  /** True once the time limit fired (a caller abort is not a time-out). */
  timedOut(): boolean;
  /** The run is over: cancels the timer and aborts whatever of the run is still going. */
  end(): void;
}

/** Starts `runTimer` for `timeoutMs`; `label` words the abort reasons (`<label> run exceeded N ms`, `<label> run ended`). */
export function startRunLimit(options: { runTimer: RunTimer; timeoutMs: number; label: string; signal?: AbortSignal }): RunLimit {
  const { timeoutMs, label } = options;
  const stop = new AbortController();
  let timedOut = false;
  const timer = options.runTimer(timeoutMs, () => {
    timedOut = true;
    stop.abort(new Error(`${label} run exceeded ${timeoutMs} ms`));
  });
  return {
    signal: options.signal === undefined ? stop.signal : AbortSignal.any([options.signal, stop.signal]),
    timedOut: () => timedOut,
    end: () => {
      timer.cancel();
      stop.abort(new Error(`${label} run ended`));
    },
  };
}
