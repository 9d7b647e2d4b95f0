/**
 * What batch matching needs from storage. The PostgreSQL adapter is src/adapters/db/queries/match-batches.ts;
 * every read and write names the account, and a batch of another account is "not found".
 */
import { z } from 'zod';
import {
  batchDecisionSchema,
  batchRowInputSchema,
  batchRowResultSchema,
  columnMappingSchema,
  type BatchRowInput,
  type BatchRowResult,
  type ColumnMapping,
  type ReviewAction,
} from '../../core/batch-matching';

export const BATCH_STATUSES = ['queued', 'running', 'completed'] as const;

export const batchSummarySchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  status: z.enum(BATCH_STATUSES),
  /** `calibrated` when the match objects came from assessMatch; `uncalibrated` otherwise (see README). */
  assessor: z.enum(['calibrated', 'uncalibrated']),
  columns: columnMappingSchema,
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  matchedRows: z.number().int(),
  reviewRows: z.number().int(),
  noMatchRows: z.number().int(),
  /** Rows a reviewer decided. */
  reviewedRows: z.number().int(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

export const batchRowViewSchema = z.object({
  rowIndex: z.number().int(),
  input: batchRowInputSchema,
  decision: batchDecisionSchema.nullable(),
  result: batchRowResultSchema.nullable(),
  review: z.object({ action: z.enum(['accept', 'pick', 'not_in_list']), organisationId: z.uuid().nullable(), decidedAt: z.string() }).nullable(),
});
export type BatchRowView = z.infer<typeof batchRowViewSchema>;

export interface PendingRow {
  rowIndex: number;
  input: BatchRowInput;
}

export interface ChunkOutcome {
  /** Rows of the batch processed so far (the cursor), and the batch's total. */
  processedRows: number;
  totalRows: number;
  done: boolean;
}

export interface BatchTx {
  /** The transaction, opaque, for `JobQueue.send(..., { tx })`. */
  readonly handle: unknown;
}

export interface MatchBatchStore {
  /** Creates the batch and its rows in one transaction; `then` runs inside it (the job is sent there). */
  create(
    input: { accountId: string; fileName: string; columns: ColumnMapping; assessor: 'calibrated' | 'uncalibrated'; rows: readonly BatchRowInput[] },
    then: (tx: BatchTx, batchId: string) => Promise<void>,
  ): Promise<string>;
  /**
   * In one transaction holding the batch's row lock: reads up to `size` rows from the cursor, lets `work`
   * match them, writes their results and advances the cursor and the counts. A failure (or a kill) rolls the
   * whole chunk back; the next attempt starts from the same cursor. A completed batch does nothing.
   */
  processNextChunk(accountId: string, batchId: string, size: number, work: (rows: PendingRow[]) => Promise<BatchRowResult[]>): Promise<ChunkOutcome | null>;
  find(accountId: string, batchId: string): Promise<BatchSummary | null>;
  list(accountId: string, limit: number): Promise<BatchSummary[]>;
  listRows(accountId: string, batchId: string, filter: { decision?: 'match' | 'review' | 'no_match'; offset: number; limit: number }): Promise<BatchRowView[]>;
  /** Records (or replaces) a reviewer's decision; false when the row does not exist for the account. */
  recordDecision(input: {
    accountId: string;
    batchId: string;
    rowIndex: number;
    review: ReviewAction;
    organisationId: string | null;
    decidedBy: string | null;
  }): Promise<boolean>;
  /** The row as stored (for a decision's checks); null when not the account's. */
  findRow(accountId: string, batchId: string, rowIndex: number): Promise<BatchRowView | null>;
  /**
   * Links every accepted organisation of the batch (a decided match not overruled, an accepted or picked review)
   * that is visible to the account to the account's list; returns how many were linked anew.
   */
  linkAccepted(accountId: string, batchId: string): Promise<{ accepted: number; linked: number }>;
}
