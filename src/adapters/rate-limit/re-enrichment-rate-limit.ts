/**
 * The per-account re-enrichment limit (issue 19 section 2): REENRICH_RATE_LIMIT_PER_HOUR requests of "Enrich now"
 * (the action or `POST /api/organisations/{id}/enrich`) per account in a fixed window of an hour, counted by
 * every instance on the `rate_limits` table (the shared limiter the search uses). Every request counts, whatever
 * it answers: one that joins a pending enrichment, is refused or names an organisation the account cannot see
 * costs the same, so the answers tell an account nothing the count would not.
 */
import { RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitedError } from '../../core/errors';
import type { ReEnrichmentRateLimiter } from '../../server/enrichment/ports';
import { createSharedLimiter } from './shared-limiter';

export const REENRICH_RATE_LIMIT_WINDOW_SECONDS = 60 * 60;

export function createReEnrichmentRateLimiter(options: { connectionString: string; perHour: number }): ReEnrichmentRateLimiter & { close(): Promise<void> } {
  const { limiter, close } = createSharedLimiter({
    connectionString: options.connectionString,
    keyPrefix: 're-enrich',
    points: options.perHour,
    durationSeconds: REENRICH_RATE_LIMIT_WINDOW_SECONDS,
    applicationName: 'organisation-search-re-enrich-limit',
    poolMax: 2,
  });
  return {
    async consumeOrThrow(accountId) {
      try {
        await limiter.consume(accountId);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw new RateLimitedError(seconds, `Too many enrichment requests for this account; try again in ${waitText(seconds)}.`);
      }
    },
    close,
  };
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
