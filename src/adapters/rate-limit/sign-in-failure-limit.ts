/**
 * The per-email sign-in limit: at most SIGN_IN_FAILURES_PER_EMAIL wrong passwords for one email address in
 * SIGN_IN_FAILURE_WINDOW_SECONDS, from any number of addresses; past it, sign-in for that email answers 429
 * until the window ends. Only failures count (a correct password clears the count), so a user who signs in
 * normally never spends it; a browser that signed in to the email before is let past the lock (src/adapters/auth/
 * sign-in-guard.ts). Shared by every instance through the `rate_limits` table (rate-limiter-flexible,
 * like the search limit); the email is stored only as a SHA-256 hash.
 */
import { createHash } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { createSharedLimiter } from './shared-limiter';

export const SIGN_IN_FAILURES_PER_EMAIL = 10;
export const SIGN_IN_FAILURE_WINDOW_SECONDS = 15 * 60;

export interface SignInFailureLimit {
  /** Seconds until the email may try again, or null while it still has failures to spend. */
  retryAfterSeconds(email: string): Promise<number | null>;
  recordFailure(email: string): Promise<void>;
  /** After a successful sign-in: the email's failures are forgotten. */
  clear(email: string): Promise<void>;
  close(): Promise<void>;
}

/** Emails differ only in case and surrounding spaces for Better Auth; so do their counts. Never the email itself. */
export function signInEmailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

export function createSignInFailureLimit(options: { connectionString: string; failures?: number; windowSeconds?: number }): SignInFailureLimit {
  const points = options.failures ?? SIGN_IN_FAILURES_PER_EMAIL;
  const { limiter, close } = createSharedLimiter({
    connectionString: options.connectionString,
    keyPrefix: 'sign-in-email',
    points,
    durationSeconds: options.windowSeconds ?? SIGN_IN_FAILURE_WINDOW_SECONDS,
    applicationName: 'organisation-search-sign-in-limit',
    poolMax: 2,
  });
  return {
    async retryAfterSeconds(email) {
      const state = await limiter.get(signInEmailKey(email));
      if (state === null || state.consumedPoints < points) return null;
      return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    },
    async recordFailure(email) {
      try {
        await limiter.consume(signInEmailKey(email));
      } catch (rejection) {
        // Already over the limit: the count stays where it is.
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
      }
    },
    async clear(email) {
      await limiter.delete(signInEmailKey(email));
    },
    close,
  };
}
