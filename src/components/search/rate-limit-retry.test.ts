import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SECONDS, MAX_RATE_LIMIT_RETRIES, rateLimitRetryDelayMs, retryNotice, secondsUntil } from './rate-limit-retry';

describe('rateLimitRetryDelayMs: a refused stream is asked again by itself after the server said when', () => {
  it('waits the Retry-After, in whole seconds, at least one', () => {
    expect(rateLimitRetryDelayMs(23, 1)).toBe(23_000);
    expect(rateLimitRetryDelayMs(0, 1)).toBe(1_000);
    expect(rateLimitRetryDelayMs(1.2, 1)).toBe(2_000);
  });
  it('waits a default when the server did not say', () => {
    expect(rateLimitRetryDelayMs(null, 1)).toBe(DEFAULT_RETRY_SECONDS * 1000);
  });
  it(`retries at most ${MAX_RATE_LIMIT_RETRIES} times in a run`, () => {
    expect(rateLimitRetryDelayMs(2, MAX_RATE_LIMIT_RETRIES)).toBe(2_000);
    expect(rateLimitRetryDelayMs(2, MAX_RATE_LIMIT_RETRIES + 1)).toBeNull();
    expect(rateLimitRetryDelayMs(2, 0)).toBeNull();
  });
  it('does not wait out more than the search time limit', () => {
    expect(rateLimitRetryDelayMs(60, 1)).toBe(60_000);
    expect(rateLimitRetryDelayMs(61, 1)).toBeNull();
  });
});

describe('the countdown', () => {
  it('counts whole seconds down to the retry, never below zero', () => {
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(10_000, 9_001)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(10_000, 12_000)).toBe(0);
  });
  it('says it retries by itself, then that it retries', () => {
    expect(retryNotice(7)).toBe('Too many searches right now; the registry and web search retry by themselves in 7 s.');
    expect(retryNotice(0)).toBe('Retrying the registry and web search…');
  });
});
