/**
 * The search rate limit over PostgreSQL (DESIGN.md section 2): rate-limiter-flexible's RateLimiterPostgres
 * on the `rate_limits` table created by our migrations (`tableCreated: true`), so every instance counts
 * against the same rows. A fixed window of 60 s, `pointsPerMinute` searches per account.
 *
 * If the database cannot be reached, an in-process limiter with the same budget takes over (the library's
 * insurance limiter) rather than failing every search or letting them all through.
 */
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitedError } from '../../core/errors';
import type { SearchRateLimiter } from '../../server/search/search-rate-limiter';

export const SEARCH_RATE_LIMIT_WINDOW_SECONDS = 60;

export function createPostgresSearchRateLimiter(pool: pg.Pool, options: { pointsPerMinute: number; keyPrefix?: string }): SearchRateLimiter {
  const limits = { points: options.pointsPerMinute, duration: SEARCH_RATE_LIMIT_WINDOW_SECONDS };
  const limiter = new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: options.keyPrefix ?? 'search',
    // One row per account, reused when its window expires: nothing accumulates, so no hourly sweep timer.
    clearExpiredByTimeout: false,
    insuranceLimiter: new RateLimiterMemory({ ...limits, keyPrefix: `${options.keyPrefix ?? 'search'}-insurance` }),
    ...limits,
  });
  return {
    async consumeOrThrow(accountId) {
      try {
        await limiter.consume(accountId);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          throw new RateLimitedError(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
        }
        throw rejection;
      }
    },
  };
}
