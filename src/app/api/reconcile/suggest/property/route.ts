/** GET /api/reconcile/suggest/property?prefix=: the properties a reconciliation query can match on (W3C Reconciliation API 0.2). */
import { suggestProperties, suggestQuerySchema } from '../../../../../core/reconciliation';
import { corsPreflight, withCors } from '../../../../http/cors';
import { jsonResponse } from '../../../../http/error-response';
import { refuseOtherMethods } from '../../../../http/method-not-allowed';
import { parseSearchParamsOrThrow } from '../../../../http/parse';
import { withAccount } from '../../../../http/with-account';

export const dynamic = 'force-dynamic';

export const GET = withCors(
  withAccount(async (request) => {
    const { prefix } = parseSearchParamsOrThrow(request, suggestQuerySchema);
    return jsonResponse(suggestProperties(prefix));
  }),
);
export const OPTIONS = corsPreflight(['GET', 'HEAD']);
export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods(['GET']);
