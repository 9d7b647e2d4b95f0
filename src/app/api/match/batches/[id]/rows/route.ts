/** GET /api/match/batches/{id}/rows?decision=&offset=&limit=: the batch's rows, in file order → `{data: MatchBatchRow[]}`. */
import { batchIdParamsSchema, listRowsQuerySchema } from '../../../../../../server/batch-matching/read-match-batch';
import { jsonResponse } from '../../../../../http/error-response';
import { parseOrThrow, parseSearchParamsOrThrow } from '../../../../../http/parse';
import { withAccount } from '../../../../../http/with-account';
import { refuseOtherMethods } from '../../../../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = withAccount(async (request, { container, accountId, params }) => {
  const { id } = parseOrThrow(batchIdParamsSchema, params);
  const query = parseSearchParamsOrThrow(request, listRowsQuerySchema);
  return jsonResponse({ data: await container.matchBatches.read.rows(accountId, id, query) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET']);
