/**
 * POST /api/organisations/quick-search (spec: Endpoints): the internal-only lookup, JSON in, JSON out.
 * 401 without an account (withAccount), 400 naming field and rule, 503 `{candidates: []}` when the
 * database fails, else 200 `{candidates}` (with `identifierIssue` and `identifierSuggestions` for a query written like an ABN, ACN, LEI or
 * NZBN whose check digit fails). Blank query: 200 `{candidates: []}` (see search-request.ts).
 * Over QUICK_SEARCH_RATE_LIMIT_PER_MINUTE lookups a minute for the account: 429 with Retry-After (counted
 * like the streamed search's: every authenticated request, shared by all instances; with clear headroom in
 * this instance's view the lookup runs while the count is confirmed, so its round trip adds no latency).
 */
import { UnavailableError } from '../../../../core/errors';
import { jsonResponse } from '../../../http/error-response';
import { parseJsonBodyOrThrow } from '../../../http/parse';
import { admittedBy, withAccount } from '../../../http/with-account';
import { quickSearchRequestSchema } from '../../../../server/quick-search/answer-quick-search';
import { refuseOtherMethods } from '../../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = withAccount(
  async (request, { accountId, container, log, admission }) => {
    const { headroom, admitted } = admittedBy(admission);
    if (!headroom) await admitted;
    const input = await parseJsonBodyOrThrow(request, quickSearchRequestSchema); // over the limit, withAccount answers 429 instead
    try {
      const answer = await container.answerQuickSearch.execute({ accountId, ...input });
      await admitted;
      return jsonResponse(answer);
    } catch (error) {
      if (!(error instanceof UnavailableError)) throw error;
      log.error({ err: error }, 'quick search: database unavailable');
      return jsonResponse({ candidates: [] }, { status: 503 });
    }
  },
  { unavailableBody: { candidates: [] }, rateLimit: (container) => container.quickSearchRateLimiter },
);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['POST']);
