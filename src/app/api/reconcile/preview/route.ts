/**
 * GET /api/reconcile/preview?id=: the preview card of an organisation (W3C Reconciliation API 0.2, "Preview
 * Service"), a small HTML page. Not visible and not existing answer the same 404.
 */
import { previewQuerySchema } from '../../../../core/reconciliation';
import { corsPreflight, withCors } from '../../../http/cors';
import { refuseOtherMethods } from '../../../http/method-not-allowed';
import { parseSearchParamsOrThrow } from '../../../http/parse';
import { withAccount } from '../../../http/with-account';

export const dynamic = 'force-dynamic';

export const GET = withCors(
  withAccount(async (request, { accountId, container }) => {
    const { id } = parseSearchParamsOrThrow(request, previewQuerySchema);
    const html = await container.reconciliation.previewEntity({ accountId, id });
    return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
  }),
);
export const OPTIONS = corsPreflight(['GET', 'HEAD']);
export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods(['GET']);
