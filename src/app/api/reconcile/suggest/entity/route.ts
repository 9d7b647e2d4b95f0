/**
 * GET /api/reconcile/suggest/entity?prefix=&cursor=: entity suggestions (W3C Reconciliation API 0.2), prefix
 * matching, account-scoped. Counts as one quick lookup against QUICK_SEARCH_RATE_LIMIT_PER_MINUTE (429 over it).
 */
import { suggestQuerySchema } from '../../../../../core/reconciliation';
import { corsPreflight, withCors } from '../../../../http/cors';
import { jsonResponse } from '../../../../http/error-response';
import { refuseOtherMethods } from '../../../../http/method-not-allowed';
import { parseSearchParamsOrThrow } from '../../../../http/parse';
import { withAccount } from '../../../../http/with-account';

export const dynamic = 'force-dynamic';

export const GET = withCors(
  withAccount(async (request, { accountId, container }) => {
    const { prefix, cursor } = parseSearchParamsOrThrow(request, suggestQuerySchema);
    await container.quickSearchRateLimiter.consumeOrThrow(accountId);
    return jsonResponse(await container.reconciliation.suggestEntities({ accountId, prefix, cursor }));
  }),
);
export const OPTIONS = corsPreflight(['GET', 'HEAD']);
export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods(['GET']);
