/**
 * The search's answer to a refused stream (429, issue 21 section 1): the notice counts down the server's
 * Retry-After and the stream is asked again by itself, at most `MAX_RATE_LIMIT_RETRIES` times in a run, so a
 * person who searched a little too fast never has to press Search again. Past that, or for a wait longer than
 * the search's time limit, the refusal stays on screen as a failure saying when to retry.
 */

/** Automatic retries of one run's stream after a 429. */
export const MAX_RATE_LIMIT_RETRIES = 3;
/** Without a Retry-After, the wait before asking again. */
export const DEFAULT_RETRY_SECONDS = 5;
/** A longer wait than this (the search route's maximum duration) is not waited out. */
export const LONGEST_RETRY_SECONDS = 60;

/**
 * How long to wait before retry number `retry` (1 for the first), in milliseconds, or null when the refusal is
 * not retried by itself.
 */
export function rateLimitRetryDelayMs(retryAfterSeconds: number | null, retry: number): number | null {
  if (retry < 1 || retry > MAX_RATE_LIMIT_RETRIES) return null;
  const seconds = retryAfterSeconds ?? DEFAULT_RETRY_SECONDS;
  if (!Number.isFinite(seconds) || seconds > LONGEST_RETRY_SECONDS) return null;
  return Math.max(1, Math.ceil(seconds)) * 1000;
}

/** Whole seconds left until `retryAt` (never below 0), as the notice shows them. */
export function secondsUntil(retryAt: number, now: number): number {
  return Math.max(0, Math.ceil((retryAt - now) / 1000));
}

/** The countdown notice. */
export function retryNotice(seconds: number): string {
  return seconds > 0
    ? `Too many searches right now; the registry and web search retry by themselves in ${seconds} s.`
    : 'Retrying the registry and web search…';
}
