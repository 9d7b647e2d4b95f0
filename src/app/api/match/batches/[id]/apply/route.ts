/**
 * POST /api/match/batches/{id}/apply: links the accepted organisations to the account and creates (and enriches) the
 * accepted registry candidates through the selection use case → `{data: {accepted, linked, created}}`; applying again
 * creates nothing twice; a batch not completed 409; another account's 404.
 */
import { batchIdParamsSchema } from '../../../../../../server/batch-matching/read-match-batch';
import { jsonResponse } from '../../../../../http/error-response';
import { parseOrThrow } from '../../../../../http/parse';
import { withAccount } from '../../../../../http/with-account';
import { refuseOtherMethods } from '../../../../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = withAccount(async (_request, { container, accountId, params }) => {
  const { id } = parseOrThrow(batchIdParamsSchema, params);
  return jsonResponse({ data: await container.matchBatches.apply(accountId, id) });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['POST']);
