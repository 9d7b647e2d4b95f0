/**
 * GET /api/match/batches/{id}/result?format=csv|jsonl: the whole result as a file download (streamed): one line
 * per row with its decision, best candidate, score, grades, explanation, close runner-up and review.
 */
import { batchIdParamsSchema, resultQuerySchema } from '../../../../../../server/batch-matching/read-match-batch';
import { parseOrThrow, parseSearchParamsOrThrow } from '../../../../../http/parse';
import { withAccount } from '../../../../../http/with-account';
import { refuseOtherMethods } from '../../../../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = withAccount(async (request, { container, accountId, params, log }) => {
  const { id } = parseOrThrow(batchIdParamsSchema, params);
  const { format } = parseSearchParamsOrThrow(request, resultQuerySchema);
  const lines = await container.matchBatches.read.export(accountId, id, format);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        log.error({ err: error }, 'match batch export failed mid-stream');
        controller.error(error);
      }
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      'content-disposition': `attachment; filename="match-${id}.${format}"`,
      'cache-control': 'no-store',
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET']);
