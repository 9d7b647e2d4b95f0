/**
 * The one NDJSON writer (STYLE rule 11): an async iterable of items becomes a streamed response, one JSON
 * line per item, each enqueued the moment the iterable yields it (pull-based: nothing is buffered ahead
 * of the client, nothing is held back to the end).
 *
 * - Validation and authorisation happen before this is called; errors before then are JSON answers.
 * - The client going away cancels the stream, which calls the iterator's `return()`: the producer's
 *   `finally` runs and its work stops. An abort is normal: nothing is logged, the controller is never
 *   touched again (no "Controller is already closed").
 * - An error thrown mid-stream is logged and ends the stream; its message never reaches the client.
 */
import type { Log } from '../../server/ports';

export const NDJSON_CONTENT_TYPE = 'application/x-ndjson; charset=utf-8';

export interface NdjsonOptions {
  log: Pick<Log, 'error'>;
  /**
   * Called when the client goes away. An async generator busy awaiting cannot be stopped by `return()`
   * until it yields again, so the producer's AbortController is aborted here to stop its work at once.
   */
  onCancel?: () => void;
}

export function ndjsonResponse(items: AsyncIterable<unknown>, options: NdjsonOptions): Response {
  const encoder = new TextEncoder();
  const iterator = items[Symbol.asyncIterator]();
  // Once the client is gone (cancel) the controller is closed: nothing may touch it again, and whatever the
  // stopped producer ends with (its abort, an error it throws on the way out) is not an error of ours.
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await iterator.next();
          if (cancelled) return;
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`));
        } catch (error) {
          if (cancelled) return;
          options.log.error({ err: error }, 'NDJSON stream failed mid-way; stream ended');
          controller.close();
        }
      },
      async cancel() {
        cancelled = true;
        options.onCancel?.();
        await iterator.return?.();
      },
    },
    // No read-ahead: the next item is pulled only when the previous one has been taken.
    { highWaterMark: 0 },
  );
  return new Response(stream, {
    status: 200,
    headers: { 'content-type': NDJSON_CONTENT_TYPE, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
  });
}
