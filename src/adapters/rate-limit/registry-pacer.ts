/**
 * The registry pass's pacer (batch matching, issue 13): rate-limiter-flexible's RateLimiterQueue over the shared
 * limiter (RateLimiterPostgres on `rate_limits`, one fixed window per minute, counted by every instance and worker
 * alike) keyed by provider, with MATCH_REGISTRY_CALLS_PER_MINUTE calls per provider, shared with registry
 * monitoring's re-reads (the same keys). Where the search answers 429 over its limit, the pass waits in the queue
 * (first in, first out per provider) for the window to open again and then calls: a batch slows down, it never
 * fails for its own pace.
 */
import { RateLimiterQueue } from 'rate-limiter-flexible';
import type { RegistryPacer } from '../../server/batch-matching/registry-pass';
import { SEARCH_RATE_LIMIT_WINDOW_SECONDS } from './postgres-rate-limiter';
import { createSharedLimiter } from './shared-limiter';

export function createRegistryPacer(options: { connectionString: string; callsPerMinute: number }): {
  pace: RegistryPacer & ((provider: string, calls?: number) => Promise<void>);
  close(): Promise<void>;
} {
  const { limiter, close } = createSharedLimiter({
    connectionString: options.connectionString,
    keyPrefix: 'match-registry',
    points: options.callsPerMinute,
    durationSeconds: SEARCH_RATE_LIMIT_WINDOW_SECONDS,
    applicationName: 'organisation-search-rate-limit',
    poolMax: 2,
    relaxedCommit: true,
  });
  const queue = new RateLimiterQueue(limiter);
  return {
    /** Waits until `calls` calls (default one) fit in the provider's window; never more than the window holds. */
    async pace(source: string, calls: number = 1) {
      await queue.removeTokens(Math.max(1, Math.min(calls, options.callsPerMinute)), source);
    },
    close,
  };
}
