import { describe, expect, it } from 'vitest';
import { createManualTimers, realTimers, sleepOn, timeoutOn } from './timers';

describe('the manual clock', () => {
  it('fires timers only when advanced, in due order (equal due times in the order they were set), and moves now', async () => {
    const timers = createManualTimers();
    const fired: string[] = [];
    timers.after(300, () => fired.push('c'));
    timers.after(100, () => fired.push('a'));
    timers.after(100, () => fired.push('b'));
    expect([timers.pending, timers.nextDue(), timers.now()]).toEqual([3, 100, 0]);
    await timers.advance(99);
    expect(fired).toEqual([]);
    await timers.advance(1);
    expect(fired).toEqual(['a', 'b']);
    await timers.advance(1000);
    expect(fired).toEqual(['a', 'b', 'c']);
    expect([timers.pending, timers.nextDue(), timers.now()]).toEqual([0, undefined, 1100]);
  });

  it('runs a timer set by a fired one when it falls due within the same advance, after the work it started', async () => {
    const timers = createManualTimers();
    const fired: number[] = [];
    timers.after(10, () => {
      fired.push(timers.now());
      void Promise.resolve().then(() => timers.after(10, () => fired.push(timers.now())));
    });
    await timers.advance(25);
    expect(fired).toEqual([10, 20]);
  });

  it('never fires a cancelled timer', async () => {
    const timers = createManualTimers();
    let fired = false;
    const cancel = timers.after(10, () => (fired = true));
    cancel();
    await timers.advance(100);
    expect([fired, timers.pending]).toEqual([false, 0]);
  });

  it('whenPending resolves once the code under test waits on the clock', async () => {
    const timers = createManualTimers();
    let waiting = false;
    const seen = timers.whenPending(2).then(() => (waiting = true));
    timers.after(5, () => undefined);
    await Promise.resolve();
    expect(waiting).toBe(false);
    timers.after(5, () => undefined);
    await seen;
    expect(waiting).toBe(true);
  });
});

describe('sleepOn and timeoutOn', () => {
  it('a sleep ends when the clock gets there, or at once on abort (and leaves no timer behind)', async () => {
    const timers = createManualTimers();
    let slept = false;
    const sleeping = sleepOn(timers, 1500, undefined).then(() => (slept = true));
    await timers.advance(1499);
    expect(slept).toBe(false);
    await timers.advance(1);
    await sleeping;
    const controller = new AbortController();
    const aborted = sleepOn(timers, 60_000, controller.signal);
    controller.abort();
    await aborted;
    expect(timers.pending).toBe(0);
  });

  it('a time-out signal aborts with a TimeoutError when the clock reaches it, never once cleared', async () => {
    const timers = createManualTimers();
    const limit = timeoutOn(timers, 6000, 'the search time limit of 6 s was reached');
    const cleared = timeoutOn(timers, 6000);
    cleared.clear();
    await timers.advance(5999);
    expect(limit.signal.aborted).toBe(false);
    await timers.advance(1);
    expect(limit.signal.reason).toBeInstanceOf(DOMException);
    expect((limit.signal.reason as DOMException).name).toBe('TimeoutError');
    expect(cleared.signal.aborted).toBe(false);
  });

  it('real timers: a sleep of a few ms ends on its own, and now is the epoch time', async () => {
    const before = Date.now();
    await sleepOn(realTimers, 5);
    expect(realTimers.now()).toBeGreaterThanOrEqual(before);
  });
});

describe("sleepOn, on real timers (the provider clients' retry pause)", () => {
  it('waits, or ends when the signal aborts', async () => {
    const started = performance.now();
    await sleepOn(realTimers, 30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    const controller = new AbortController();
    const sleeping = sleepOn(realTimers, 10_000, controller.signal);
    controller.abort();
    await sleeping;
    await sleepOn(realTimers, 10_000, AbortSignal.abort());
  });
});
