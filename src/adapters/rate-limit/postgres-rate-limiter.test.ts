/** This instance's view of an account's window (`hasHeadroom`), from the shared count's answers in whatever order they come. */
import { RateLimiterRes } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { WindowViews } from './postgres-rate-limiter';

const answer = (remainingPoints: number, msBeforeNext = 50_000) => new RateLimiterRes(remainingPoints, msBeforeNext, 0, false);

describe('the window view', () => {
  it('keeps the lowest count of one window when counts sent together answer out of order', () => {
    const views = new WindowViews(2);
    views.answered('a', answer(4));
    for (let i = 0; i < 3; i += 1) views.started('a');
    expect(views.hasHeadroom('a')).toBe(false); // 4 - 3 started < 2
    // The three answers come back 1, 3, 2 left: 1 is the count.
    for (const left of [1, 3, 2]) views.answered('a', answer(left));
    expect(views.hasHeadroom('a')).toBe(false);
  });

  it("takes a new window's count as it is", () => {
    const views = new WindowViews(2);
    views.answered('a', answer(0, 1_000));
    expect(views.hasHeadroom('a')).toBe(false);
    views.started('a');
    views.answered('a', answer(9, 60_000));
    expect(views.hasHeadroom('a')).toBe(true);
  });

  it('a refund raises the count of the window', () => {
    const views = new WindowViews(2);
    views.answered('a', answer(1));
    expect(views.hasHeadroom('a')).toBe(false);
    views.refunded('a', answer(2));
    expect(views.hasHeadroom('a')).toBe(true);
  });
});
