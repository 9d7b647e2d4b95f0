/** GET /api/reconcile/properties?type=&limit=: data extension property proposals (W3C Reconciliation API 0.2). */
import { proposePropertiesQuerySchema, proposeProperties } from '../../../../core/reconciliation';
import { corsPreflight, withCors } from '../../../http/cors';
import { jsonResponse } from '../../../http/error-response';
import { refuseOtherMethods } from '../../../http/method-not-allowed';
import { parseSearchParamsOrThrow } from '../../../http/parse';
import { withAccount } from '../../../http/with-account';

export const dynamic = 'force-dynamic';

export const GET = withCors(
  withAccount(async (request) => {
    const { type, limit } = parseSearchParamsOrThrow(request, proposePropertiesQuerySchema);
    return jsonResponse(proposeProperties(type, limit));
  }),
);
export const OPTIONS = corsPreflight(['GET', 'HEAD']);
export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods(['GET']);
