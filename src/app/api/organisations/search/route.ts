/**
 * POST /api/organisations/search: the streamed registry plus agent search (spec: Endpoints).
 * Account (401) -> rate limit (429 + Retry-After) -> body validation (400) -> NDJSON stream of StreamItems;
 * all three answers are ordinary JSON before the first byte. The rate-limit check, the body's validation
 * and the account's flag lookups overlap (each costs a round trip), but every authenticated request is
 * counted and an over-limit request answers 429 whatever its body.
 *
 * The providers start once the shared count has admitted the search; or, when this instance's view of the
 * account's window has clear headroom (`hasHeadroom`), while the count is being confirmed, so that its
 * round trip is not on the way to the first item. A refusal then stops the started search (its providers
 * see the abort) and the answer is still 429. A query that reaches no provider (only a mistyped identifier) is
 * given its count back once admitted (core/search-limit.ts). The stream stops when the client aborts or at the maximum
 * duration (SEARCH_MAX_DURATION_SECONDS, 60 s by default), where it ends cleanly: a registry that had not
 * answered by then is reported as `channel-degraded`, then the stream ends.
 *
 * The response headers (`Content-Type: application/x-ndjson`, `Cache-Control: no-store`) and the one JSON line per
 * item are ndjsonResponse's (../../../http/ndjson.ts), shared by every streamed route.
 */
import { ndjsonResponse } from '../../../http/ndjson';
import { parseJsonBodyOrThrow } from '../../../http/parse';
import { startNow } from '../../../http/start-now';
import { finallyAfter, timeLimit } from '../../../http/time-limit';
import { admittedBy, withAccount } from '../../../http/with-account';
import { searchRequestSchema } from '../../../../server/search/search-request';
import { refuseOtherMethods } from '../../../http/method-not-allowed';
import { countsAgainstSearchLimit } from '../../../../core/search-limit';

export const dynamic = 'force-dynamic';
/**
 * Spec: Limits, search route maximum duration (seconds), for platforms that read Next's segment config (a
 * literal). The running limit is SEARCH_MAX_DURATION_SECONDS (same default), read below.
 */
export const maxDuration = 60;

export const POST = withAccount(
  async (request, { accountId, container, log, admission }) => {
    const search = container.searchOrganisations;
    const { headroom, admitted } = admittedBy(admission);
    const body = await parseJsonBodyOrThrow(request, searchRequestSchema); // over the limit, withAccount answers 429 instead
    const cancelled = new AbortController();
    const seconds = container.env.SEARCH_MAX_DURATION_SECONDS;
    const limit = timeLimit(seconds * 1000, `the search time limit of ${seconds} s was reached`, container.timers);
    const signal = AbortSignal.any([request.signal, cancelled.signal, limit.signal]);
    const search$ = search.stream(body, { accountId }, signal);
    const items = headroom ? startNow(search$) : search$;
    try {
      await admitted;
    } catch (refused) {
      cancelled.abort();
      limit.clear();
      throw refused;
    }
    // A query that is only a mistyped identifier reaches no provider: it is not counted (core/search-limit.ts).
    if (!countsAgainstSearchLimit(body.query)) {
      await container.searchRateLimiter.refund(accountId).catch((error: unknown) => log.warn({ err: error }, 'search count not given back'));
    }
    return ndjsonResponse(finallyAfter(items, limit.clear), { log, onCancel: () => cancelled.abort() });
  },
  { rateLimit: (container) => container.searchRateLimiter },
);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['POST']);
