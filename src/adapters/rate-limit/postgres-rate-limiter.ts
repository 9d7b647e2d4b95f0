/**
 * The search rate limit over PostgreSQL (DESIGN.md section 2): rate-limiter-flexible's RateLimiterPostgres
 * on the `rate_limits` table created by our migrations (`tableCreated: true`), so every instance counts
 * against the same rows. A fixed window of 60 s, `pointsPerMinute` searches per account.
 *
 * - Its own small pool whose sessions run with `synchronous_commit = off`: a counter lost in a database
 *   crash is harmless, and not waiting for the WAL flush takes the check from ~5 ms to ~1.5 ms on the
 *   search's path to its first byte (bench/search-stream.ts).
 * - If the database cannot be reached, an in-process limiter with the same budget takes over (the
 *   library's insurance limiter) rather than failing every search or letting them all through.
 * - `refund`: a counted search given back (rate-limiter-flexible's reward), for a search that reached no provider.
 * - `hasHeadroom`: each answer of the shared count is remembered per account (points left, window end),
 *   less the searches started since. With at least a fifth of the budget left (2 at least) the route
 *   starts the search while the count is confirmed, which takes the count's round trip off the way to the
 *   first item. Other instances may have spent some of that headroom meanwhile; a refusal then still
 *   answers 429 and stops the started providers before any byte is written.
 */
import { RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitedError } from '../../core/errors';
import type { SearchRateLimiter } from '../../server/search/ports';
import { createSharedLimiter } from './shared-limiter';

export const SEARCH_RATE_LIMIT_WINDOW_SECONDS = 60;

export interface PostgresSearchRateLimiterOptions {
  /** The shared database (every instance points at the same one). */
  connectionString: string;
  pointsPerMinute: number;
  keyPrefix?: string;
  /** Connections of the limiter's own pool (default 4). */
  poolMax?: number;
}

export function createPostgresSearchRateLimiter(options: PostgresSearchRateLimiterOptions): SearchRateLimiter & { close(): Promise<void> } {
  const { limiter, close } = createSharedLimiter({
    connectionString: options.connectionString,
    keyPrefix: options.keyPrefix ?? 'search',
    points: options.pointsPerMinute,
    durationSeconds: SEARCH_RATE_LIMIT_WINDOW_SECONDS,
    applicationName: 'organisation-search-rate-limit',
    poolMax: options.poolMax ?? 4,
    relaxedCommit: true,
  });
  const views = new WindowViews(headroomMargin(options.pointsPerMinute));
  return {
    async consumeOrThrow(accountId) {
      views.started(accountId);
      try {
        views.answered(accountId, await limiter.consume(accountId));
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          views.answered(accountId, rejection);
          throw new RateLimitedError(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
        }
        views.failed(accountId);
        throw rejection;
      }
    },
    async refund(accountId) {
      views.refunded(accountId, await limiter.reward(accountId, 1));
    },
    hasHeadroom: (accountId) => views.hasHeadroom(accountId),
    close,
  };
}

/** Points that must be left in the last known count for a search to start before its count is confirmed. */
export function headroomMargin(pointsPerMinute: number): number {
  return Math.max(2, Math.ceil(pointsPerMinute / 5));
}

/** A bound on remembered accounts; past it, views of ended windows are dropped. */
const MAX_VIEWS = 10_000;

interface WindowView {
  remaining: number;
  windowEndsAt: number;
  /** Searches counted locally whose shared count has not answered yet. */
  inFlight: number;
}

/** Two answers whose windows end this close together are of the same window (a window is 60 s). */
const SAME_WINDOW_TOLERANCE_MS = 5_000;

/** This instance's view of each account's current window, from the shared count's answers. */
export class WindowViews {
  private readonly views = new Map<string, WindowView>();

  constructor(private readonly margin: number) {}

  hasHeadroom(accountId: string): boolean {
    const view = this.views.get(accountId);
    if (view === undefined || Date.now() >= view.windowEndsAt) return false;
    return view.remaining - view.inFlight >= this.margin;
  }

  started(accountId: string): void {
    const view = this.views.get(accountId);
    if (view) view.inFlight += 1;
  }

  answered(accountId: string, answer: RateLimiterRes): void {
    const view = this.views.get(accountId);
    const inFlight = view ? Math.max(0, view.inFlight - 1) : 0;
    const windowEndsAt = Date.now() + answer.msBeforeNext;
    // Counts sent together answer in any order (each on a connection of its own): within one window the points only
    // go down (a refund aside, refunded()), so the lowest count heard is the latest, whichever answer came last.
    const sameWindow = view !== undefined && Math.abs(windowEndsAt - view.windowEndsAt) < SAME_WINDOW_TOLERANCE_MS;
    const remaining = sameWindow ? Math.min(view.remaining, answer.remainingPoints) : answer.remainingPoints;
    this.views.set(accountId, { remaining, windowEndsAt, inFlight });
    if (this.views.size > MAX_VIEWS) this.dropEnded();
  }

  /** A count given back: the window's points as the shared count now has them, searches in flight unchanged. */
  refunded(accountId: string, answer: RateLimiterRes): void {
    const view = this.views.get(accountId);
    if (view) this.views.set(accountId, { ...view, remaining: answer.remainingPoints, windowEndsAt: Date.now() + answer.msBeforeNext });
  }

  failed(accountId: string): void {
    this.views.delete(accountId);
  }

  private dropEnded(): void {
    const now = Date.now();
    for (const [accountId, view] of this.views) if (now >= view.windowEndsAt) this.views.delete(accountId);
  }
}
