/**
 * POST /api/match/batches: uploads a supplier file (JSON `{fileName, csv, columns, registryPass?, defaultCountry?}`; at most 20 MB of CSV and
 * 100,000 rows) → 202 `{data: {batchId, totalRows}}` once the batch and its job are stored; a bad file 400
 * naming the problem; the queue down 503 (nothing stored). GET: the account's 20 most recent batches.
 */
import { createMatchBatchInputSchema } from '../../../../server/batch-matching/create-match-batch';
import { jsonResponse } from '../../../http/error-response';
import { parseJsonBodyOrThrow } from '../../../http/parse';
import { withAccount } from '../../../http/with-account';
import { refuseOtherMethods } from '../../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const POST = withAccount(async (request, { container, accountId }) => {
  const input = await parseJsonBodyOrThrow(request, createMatchBatchInputSchema);
  const data = await container.matchBatches.create(accountId, input);
  return jsonResponse({ data }, { status: 202 });
});

export const GET = withAccount(async (_request, { container, accountId }) => {
  return jsonResponse({ data: await container.matchBatches.read.recent(accountId) });
});

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET', 'POST']);
