/**
 * The registry pass's pacer (batch matching, issue 13): the search's shared rate limiter (RateLimiterPostgres on
 * `rate_limits`, one fixed window per minute, counted by every instance and worker alike) keyed by provider, with
 * MATCH_REGISTRY_CALLS_PER_MINUTE calls per provider, shared with registry monitoring's re-reads (the same keys). Where the search answers 429 over its limit, the pass
 * waits for the window to open again and then calls: a batch slows down, it never fails for its own pace.
 */
import { RateLimitedError } from '../../core/errors';
import type { RegistryPacer } from '../../server/batch-matching/registry-pass';
import { abortableSleep } from '../http/provider-http';
import { createPostgresSearchRateLimiter } from './postgres-rate-limiter';

export function createRegistryPacer(options: {
  connectionString: string;
  callsPerMinute: number;
  /** How a wait is made (tests pass their own). */
  sleep?: (ms: number) => Promise<void>;
}): { pace: RegistryPacer & ((provider: string) => Promise<void>); close(): Promise<void> } {
  const limiter = createPostgresSearchRateLimiter({
    connectionString: options.connectionString,
    pointsPerMinute: options.callsPerMinute,
    keyPrefix: 'match-registry',
    poolMax: 2,
  });
  const sleep = options.sleep ?? ((ms: number) => abortableSleep(ms));
  return {
    async pace(source: string) {
      for (;;) {
        try {
          await limiter.consumeOrThrow(source);
          return;
        } catch (error) {
          if (!(error instanceof RateLimitedError)) throw error;
          await sleep(error.retryAfterSeconds * 1000);
        }
      }
    },
    close: () => limiter.close(),
  };
}
