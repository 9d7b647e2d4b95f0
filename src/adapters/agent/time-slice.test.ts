import { describe, expect, it } from 'vitest';
import { createTimeSlicer } from './time-slice';

describe('time slicer', () => {
  it('inside its slice it does not yield', () => {
    const slicer = createTimeSlicer(60_000);
    expect(slicer.maybeYield()).toBeUndefined();
  });

  it('once the slice is over it lets the event loop run what is pending (a macrotask, not only microtasks)', async () => {
    const slicer = createTimeSlicer(0);
    let pendingRan = false;
    setImmediate(() => {
      pendingRan = true;
    });
    const yielded = slicer.maybeYield();
    expect(yielded).toBeInstanceOf(Promise);
    await yielded;
    expect(pendingRan).toBe(true);
  });

  it('starts a new slice after yielding', async () => {
    const slicer = createTimeSlicer(50);
    const start = performance.now();
    while (performance.now() - start < 60) {
      // busy: the slice runs out
    }
    await slicer.maybeYield();
    expect(slicer.maybeYield()).toBeUndefined();
  });
});
