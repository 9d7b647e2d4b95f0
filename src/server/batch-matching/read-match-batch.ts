/**
 * ReadMatchBatch: a batch as its account sees it: the summary (progress, counts), its rows by decision and
 * page, and the whole result as CSV or JSON lines for download (streamed page by page). Another account's
 * batch is 404.
 */
import { z } from 'zod';
import { csvLine, RESULT_COLUMNS, resultRecord } from '../../core/batch-matching';
import { NotFoundError } from '../../core/errors';
import type { Db } from '../../adapters/db/client';
import { findMatchBatch, listMatchBatches, listMatchBatchRows, type StalledBound } from '../../adapters/db/queries/match-batches';
import type { BatchRowView, BatchSummary } from './match-batch';

/**
 * A page of a batch's rows: `decision` one decision (`match`, `review`, `no_match`) or `reviewed` (rows a reviewer
 * decided, whatever the decision); `after` / `before` a row index to page from by key (an index range however deep);
 * `offset` skips by position.
 */
export const listRowsQuerySchema = z
  .object({
    decision: z.enum(['match', 'review', 'no_match', 'reviewed']).optional(),
    after: z.coerce.number().int().min(-1).max(10_000_000).optional(),
    before: z.coerce.number().int().min(0).max(10_000_000).optional(),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((q) => q.after === undefined || q.before === undefined, { message: 'Page either after or before a row, not both', path: ['before'] });
/** A batch's id in a path. */
export const batchIdParamsSchema = z.object({ id: z.uuid() });
/** The download's format. */
export const resultQuerySchema = z.object({ format: z.enum(['csv', 'jsonl']).default('csv') });

export type ListRowsQuery = z.infer<typeof listRowsQuerySchema>;

export interface ReadMatchBatch {
  summary(accountId: string, batchId: string): Promise<BatchSummary>;
  recent(accountId: string): Promise<BatchSummary[]>;
  rows(accountId: string, batchId: string, query: ListRowsQuery): Promise<BatchRowView[]>;
  /** The result file, as text chunks; the summary is read first (404 before any byte). */
  export(accountId: string, batchId: string, format: 'csv' | 'jsonl'): Promise<AsyncGenerator<string>>;
}

const EXPORT_PAGE = 2_000;

export function createReadMatchBatch({ db, stalledAfterSeconds }: { db: Db } & StalledBound): ReadMatchBatch {
  const summary = async (accountId: string, batchId: string) => {
    const found = await findMatchBatch(db, { accountId, batchId, stalledAfterSeconds });
    if (found === null) throw new NotFoundError('match batch not found');
    return found;
  };
  return {
    summary,
    recent: (accountId) => listMatchBatches(db, { accountId, limit: 20, stalledAfterSeconds }),
    async rows(accountId, batchId, query) {
      await summary(accountId, batchId);
      const { decision, after, before, offset, limit } = query;
      return listMatchBatchRows(db, {
        accountId,
        batchId,
        ...(decision === 'reviewed' ? { reviewed: true } : decision === undefined ? {} : { decision }),
        ...(after === undefined ? {} : { afterRowIndex: after }),
        ...(before === undefined ? {} : { beforeRowIndex: before }),
        offset,
        limit,
      });
    },
    async export(accountId, batchId, format) {
      await summary(accountId, batchId);
      return (async function* () {
        if (format === 'csv') yield csvLine([...RESULT_COLUMNS, 'review']);
        // Paged by key, not offset: each page is an index range scan however deep into a 100,000-row file; each
        // page is one chunk of text.
        for (let afterRowIndex = -1; ;) {
          const page = await listMatchBatchRows(db, { accountId, batchId, afterRowIndex, offset: 0, limit: EXPORT_PAGE });
          const lines: string[] = [];
          for (const row of page) {
            if (format === 'jsonl') {
              lines.push(`${JSON.stringify(row)}\n`);
              continue;
            }
            const record = row.result === null ? null : resultRecord(row.rowIndex, row.input, row.result);
            const values =
              record === null
                ? [String(row.rowIndex + 1), row.input.name, row.input.country ?? '', row.input.identifier ?? '', row.input.website ?? '', 'pending']
                : RESULT_COLUMNS.map((c) => record[c]);
            while (values.length < RESULT_COLUMNS.length) values.push('');
            lines.push(
              csvLine([...values, row.review === null ? '' : `${row.review.action}${row.review.organisationId ? ` ${row.review.organisationId}` : ''}`]),
            );
          }
          if (lines.length > 0) yield lines.join('');
          afterRowIndex = page.at(-1)?.rowIndex ?? afterRowIndex;
          if (page.length < EXPORT_PAGE) return;
        }
      })();
    },
  };
}
