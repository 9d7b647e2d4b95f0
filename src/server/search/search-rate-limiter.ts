/** The search route's rate limit (spec: Limits, 30 searches per minute per account, shared by all instances). */
export interface SearchRateLimiter {
  /** Counts one search for the account; throws RateLimitedError (429 with Retry-After) over the limit. */
  consumeOrThrow(accountId: string): Promise<void>;
}
