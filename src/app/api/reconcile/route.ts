/**
 * /api/reconcile: the W3C Reconciliation Service API 0.2 endpoint. GET without `queries` or `extend` answers
 * the manifest (no account needed, as the spec requires); GET `?queries=` / `?extend=` and POST (form fields
 * `queries` / `extend`, or a JSON body with them) need an account and answer a result batch or a data extension
 * response. CORS for any origin, never with credentials (src/app/http/cors.ts). Each query of a batch counts as
 * one quick lookup against QUICK_SEARCH_RATE_LIMIT_PER_MINUTE (over it: 429 with Retry-After).
 */
import { getContainer } from '../../../composition-root';
import { publicBaseUrl } from '../../../config/origins';
import { reconciliationManifest } from '../../../core/reconciliation';
import { corsPreflight, withCors } from '../../http/cors';
import { jsonResponse, toErrorResponse } from '../../http/error-response';
import { refuseOtherMethods } from '../../http/method-not-allowed';
import { asksForResults, readReconciliationRequestOrThrow } from '../../http/reconciliation-request';
import { withAccount } from '../../http/with-account';

export const dynamic = 'force-dynamic';

const answer = withAccount(async (request, { accountId, container }) => {
  const input = await readReconciliationRequestOrThrow(request);
  if (input.kind === 'queries') {
    await Promise.all(Object.keys(input.queries).map(() => container.quickSearchRateLimiter.consumeOrThrow(accountId)));
    return jsonResponse(await container.reconciliation.reconcileQueries({ accountId, queries: input.queries }));
  }
  return jsonResponse(await container.reconciliation.extendEntities({ accountId, extend: input.extend }));
});

async function manifest(): Promise<Response> {
  try {
    const container = await getContainer();
    return jsonResponse(reconciliationManifest(publicBaseUrl(container.env)));
  } catch (error) {
    return toErrorResponse(error, console);
  }
}

export const GET = withCors(async (request: Request) => (asksForResults(new URL(request.url)) ? answer(request) : manifest()));
export const POST = withCors(async (request: Request) => answer(request));
export const OPTIONS = corsPreflight(['GET', 'HEAD', 'POST']);
export const { PUT, PATCH, DELETE } = refuseOtherMethods(['GET', 'POST']);
