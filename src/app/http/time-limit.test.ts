import { afterEach, describe, expect, it, vi } from 'vitest';
import { stoppedByTimeLimit } from '../../server/search/channel-degraded';
import { finallyAfter, timeLimit } from './time-limit';

afterEach(() => {
  vi.useRealTimers();
});

describe('timeLimit', () => {
  it('aborts with a TimeoutError when the time is up, seen through AbortSignal.any as the search sees it', () => {
    vi.useFakeTimers();
    const limit = timeLimit(6_000, 'search time limit of 6 s reached');
    const composite = AbortSignal.any([new AbortController().signal, limit.signal]);
    vi.advanceTimersByTime(5_999);
    expect(composite.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(composite.aborted).toBe(true);
    expect(stoppedByTimeLimit(composite.reason)).toBe(true);
    expect((composite.reason as DOMException).message).toBe('search time limit of 6 s reached');
  });

  it('never fires once cleared', () => {
    vi.useFakeTimers();
    const limit = timeLimit(1_000, 'late');
    limit.clear();
    vi.advanceTimersByTime(10_000);
    expect(limit.signal.aborted).toBe(false);
  });
});

describe('finallyAfter', () => {
  async function* three() {
    yield 1;
    yield 2;
    yield 3;
  }

  it('calls done after the last item, and when the consumer stops early', async () => {
    const done = vi.fn();
    const all: number[] = [];
    for await (const n of finallyAfter(three(), done)) all.push(n);
    expect(all).toEqual([1, 2, 3]);
    expect(done).toHaveBeenCalledTimes(1);

    const early = vi.fn();
    for await (const n of finallyAfter(three(), early)) if (n === 1) break;
    expect(early).toHaveBeenCalledTimes(1);
  });
});
