/**
 * The search route's rate limit (spec: Limits, 30 searches per minute per account, shared by all instances).
 * Implemented over PostgreSQL, so every instance sees one count, by src/adapters/rate-limit/postgres-rate-limiter.ts; the 30 is
 * SEARCH_RATE_LIMIT_PER_MINUTE's default (src/config/env.ts).
 */
export interface SearchRateLimiter {
  /** Counts one search for the account; throws RateLimitedError (429 with Retry-After) over the limit. */
  consumeOrThrow(accountId: string): Promise<void>;
  /**
   * Whether this instance's latest view of the account's window (its last confirmed count, less the
   * searches it has started since) leaves clear headroom: the route may then start the providers while
   * consumeOrThrow confirms the shared count, instead of before. False for an account it has no view of
   * in the current window, so a request near or over the limit always waits for the shared count.
   */
  hasHeadroom(accountId: string): boolean;
}
