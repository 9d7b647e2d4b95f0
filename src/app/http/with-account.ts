/**
 * The wrapper every API route uses: a request id, the container, the caller's active account (401 without
 * one), and one error mapping. Handlers receive a narrowed context: `accountId` is never optional.
 *
 * A rate-limited route names its limiter (`rateLimit`): the wrapper counts every authenticated request against
 * it before the handler runs and hands the handler the admission (whether this instance sees clear headroom,
 * and the shared count's answer). Whatever the handler then fails with, an over-limit request answers 429:
 * the wrapper waits for the count before it maps the failure (429 wins over 400).
 */
import { randomUUID } from 'node:crypto';
import { getContainer, type Container } from '../../composition-root';
import { trustedOrigins } from '../../config/origins';
import { ForbiddenError, UnauthorizedError, UnavailableError } from '../../core/errors';
import type { Log, AccountContext } from '../../server/ports';
import type { SearchRateLimiter } from '../../server/search/ports';
import { jsonResponse, toErrorResponse } from './error-response';

export interface RouteContext extends AccountContext {
  readonly container: Container;
  readonly log: Log;
  readonly requestId: string;
  readonly params: Record<string, string>;
  /** Set when the route names a rate limiter (`rateLimit`): this request's count against it. */
  readonly admission?: Admission;
}

/** One request's count against the account's limit. */
export interface Admission {
  /**
   * This instance's view of the account's window leaves clear headroom: the route may start its work while the
   * shared count is confirmed, so that the count's round trip is not on the way to the answer.
   */
  readonly headroom: boolean;
  /** Resolves once the shared count admits the request; rejects with RateLimitedError (429, Retry-After) over the limit. */
  readonly admitted: Promise<void>;
}

/** Next passes `params` to every route handler; for a route without dynamic segments it resolves to undefined. */
type NextRouteContext = { params?: Promise<Record<string, string | string[]> | undefined> };
type Handler = (request: Request, context: RouteContext) => Promise<Response>;

export interface WithAccountOptions {
  /** The body of the 503 answer when the database cannot say who the caller is (default: the error body). */
  unavailableBody?: unknown;
  /** The limiter every authenticated request of the route counts against (the handler gets `admission`). */
  rateLimit?: (container: Container) => SearchRateLimiter;
}

/** Starts the count of one request: every authenticated request is counted, whatever its body. */
function admit(limiter: SearchRateLimiter, accountId: string): Admission {
  const headroom = limiter.hasHeadroom(accountId);
  const admitted = limiter.consumeOrThrow(accountId);
  admitted.catch(() => undefined); // awaited by the handler or, on a failure, by the wrapper; never "unhandled" meanwhile
  return { headroom, admitted };
}

export function withAccount(handler: Handler, options: WithAccountOptions = {}) {
  return async (request: Request, next?: NextRouteContext): Promise<Response> => {
    const requestId = request.headers.get('x-request-id') ?? randomUUID();
    let log: Pick<Log, 'error' | 'warn'> = console;
    let admission: Admission | undefined;
    try {
      const container = await getContainer();
      const requestLog = container.log.child({ requestId });
      log = requestLog;
      const account = await resolveAccountOrUnavailable(container, request.headers);
      if (!account) throw new UnauthorizedError();
      if (account.via === 'session') refuseCrossSiteWrite(request, trustedOrigins(container.env));
      const rawParams = (await next?.params) ?? {};
      const params = Object.fromEntries(Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : v]));
      admission = options.rateLimit ? admit(options.rateLimit(container), account.accountId) : undefined;
      return await handler(request, { ...account, container, log: requestLog.child({ accountId: account.accountId }), requestId, params, admission });
    } catch (failure) {
      let error = failure;
      if (admission) {
        // Over the limit: 429 wins over whatever the handler failed with (a 400 for its body included).
        error = await admission.admitted.then(
          () => failure,
          (refused: unknown) => refused,
        );
      }
      if (error instanceof UnavailableError && options.unavailableBody !== undefined) {
        log.error({ err: error }, 'database unavailable');
        return jsonResponse(options.unavailableBody, { status: 503 });
      }
      return toErrorResponse(error, log);
    }
  };
}

/** The admission of a route declared with `rateLimit` (a route that reads it without declaring one is a bug). */
export function admittedBy(admission: Admission | undefined): Admission {
  if (!admission) throw new Error('this route reads its admission but declares no rateLimit in withAccount');
  return admission;
}

/** A database that cannot answer "who is this?" is an outage (503), not a bug (500) and not "no account" (401). */
async function resolveAccountOrUnavailable(container: Container, headers: Headers): Promise<AccountContext | null> {
  try {
    return await container.accountResolver.resolve(headers);
  } catch (error) {
    throw new UnavailableError(
      `account resolution failed: ${error instanceof Error ? error.message : String(error)}`,
      'The service is temporarily unavailable',
    );
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_MESSAGE = 'This request must come from the application itself';

/**
 * Cross-site request forgery on cookie-authenticated writes: a state-changing request carrying the session
 * cookie must say it comes from one of our origins and send JSON (a cross-site form or `text/plain` post can
 * do neither). API-key requests carry no ambient credential and are not checked.
 */
function refuseCrossSiteWrite(request: Request, origins: readonly string[]): void {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  const origin = request.headers.get('origin');
  if (origin === null || !origins.includes(origin)) {
    throw new ForbiddenError(`cross-site write refused: origin ${origin ?? '(none)'} is not one of ${origins.join(', ')}`, CROSS_SITE_MESSAGE);
  }
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new ForbiddenError(`cookie-authenticated write with content type ${contentType || '(none)'}`, CROSS_SITE_MESSAGE);
  }
}
