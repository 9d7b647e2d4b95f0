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
