/**
 * The per-email sign-in limit: at most SIGN_IN_FAILURES_PER_EMAIL wrong passwords for one email address in
 * SIGN_IN_FAILURE_WINDOW_SECONDS, from any number of addresses; past it, sign-in for that email answers 429
 * until the window ends. The attempt is spent atomically before the password is checked (`consume`, one
 * increment of the shared row), so concurrent attempts cannot all pass a check made before any of them was
 * counted: of 40 concurrent wrong passwords exactly 10 are checked. A correct password clears the count and
 * an attempt that failed for another reason is refunded, so only wrong passwords stay counted and a user who
 * signs in normally never spends the budget; a browser that signed in to the email before is let past the
 * lock (src/adapters/auth/sign-in-guard.ts). Shared by every instance through the `rate_limits` table
 * (rate-limiter-flexible, like the search limit); the email is stored only as a SHA-256 hash.
 */
import { createHash } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { createSharedLimiter } from './shared-limiter';

export const SIGN_IN_FAILURES_PER_EMAIL = 10;
export const SIGN_IN_FAILURE_WINDOW_SECONDS = 15 * 60;

export interface SignInFailureLimit {
  /**
   * Spends one of the email's attempts before its password is checked: null when one was left (the sign-in
   * goes ahead), else the seconds until the email may try again (the sign-in is refused unchecked).
   */
  consume(email: string): Promise<number | null>;
  /** Gives back an attempt `consume` spent for a sign-in that failed without a wrong password. */
  refund(email: string): Promise<void>;
  /** Counts a wrong password whose attempt `consume` did not spend (a known device's, which skips the lock). */
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
    async consume(email) {
      try {
        await limiter.consume(signInEmailKey(email));
        return null;
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      }
    },
    async refund(email) {
      await limiter.reward(signInEmailKey(email), 1);
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
