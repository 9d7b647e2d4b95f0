/**
 * POST /api/organisations/quick-search (spec: Endpoints): the internal-only lookup, JSON in, JSON out.
 * 401 without an account (withAccount), 400 naming field and rule, 503 `{candidates: []}` when the
 * database fails, else 200 `{candidates}`. Blank query: 200 `{candidates: []}` (see search-request.ts).
 */
import { UnavailableError } from '../../../../core/errors';
import { jsonResponse } from '../../../http/error-response';
import { parseJsonBodyOrThrow } from '../../../http/parse';
import { withAccount } from '../../../http/with-account';
import { quickSearchRequestSchema } from '../../../../server/search/search-request';
import { refuseOtherMethods } from '../../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = withAccount(async (request, { accountId, container, log }) => {
  const input = await parseJsonBodyOrThrow(request, quickSearchRequestSchema);
  try {
    const candidates = await container.quickSearch.execute({ accountId, ...input });
    return jsonResponse({ candidates });
  } catch (error) {
    if (!(error instanceof UnavailableError)) throw error;
    log.error({ err: error }, 'quick search: database unavailable');
    return jsonResponse({ candidates: [] }, { status: 503 });
  }
}, { unavailableBody: { candidates: [] } });

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['POST']);
