/**
 * Cooperative time slicing for a long read loop on the event loop. The agent's model stream arrives in
 * bursts (a whole answer of tool-input deltas at once); reading it flat out runs the SDK's stream parsing
 * for several milliseconds without returning to the event loop, and every other search's I/O (a database
 * answer, another provider's response) waits behind it. `maybeYield()` returns to the event loop once the
 * current slice has lasted `sliceMs`: pending I/O callbacks run first (setImmediate comes after the poll
 * phase), then the loop carries on.
 */
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Longest run of uninterrupted work, in ms, before giving way to pending I/O. */
export const DEFAULT_SLICE_MS = 0.5;

export interface TimeSlicer {
  /** Resolves at once inside the slice; after it, on the next turn of the event loop. */
  maybeYield(): Promise<void> | undefined;
}

export function createTimeSlicer(sliceMs: number = DEFAULT_SLICE_MS): TimeSlicer {
  let sliceStart = performance.now();
  return {
    maybeYield() {
      if (performance.now() - sliceStart < sliceMs) return undefined;
      return nextTurn().then(() => {
        sliceStart = performance.now();
      });
    },
  };
}
