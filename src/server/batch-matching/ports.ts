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
  type RegistryBatchCandidate,
  type ReviewAction,
} from '../../core/batch-matching';

/** `failed`: the job gave up after its retries (`failureReason` says why); a resume re-queues it from its cursors. */
export const BATCH_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** The registry pass of a batch (null in the summary when the batch did not opt in). */
export const registryPassSummarySchema = z.object({
  /** The country of rows whose file names none (alpha-3), or null. */
  defaultCountry: z.string().nullable(),
  /** At most this many rows of the batch are looked up on a registry. */
  cap: z.number().int(),
  /** The pass's cursor: rows before it have been through the pass (it runs after the internal pass). */
  processedRows: z.number().int(),
  /** Rows looked up on a registry; of them, rows with a registry candidate and rows whose lookup failed. */
  lookedUpRows: z.number().int(),
  foundRows: z.number().int(),
  failedRows: z.number().int(),
  /** Rows that needed the pass but were not looked up (no country, or past the cap). */
  skippedRows: z.number().int(),
});
export type RegistryPassSummary = z.infer<typeof registryPassSummarySchema>;

export const batchSummarySchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  status: z.enum(BATCH_STATUSES),
  /** Why the batch failed (status `failed`), in one short sentence; null otherwise. */
  failureReason: z.string().nullable(),
  /** `calibrated` when the match objects came from assessMatch; `uncalibrated` otherwise (see docs/matching.md). */
  assessor: z.enum(['calibrated', 'uncalibrated']),
  columns: columnMappingSchema,
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  matchedRows: z.number().int(),
  reviewRows: z.number().int(),
  noMatchRows: z.number().int(),
  /** Rows a reviewer decided. */
  reviewedRows: z.number().int(),
  registry: registryPassSummarySchema.nullable(),
  /** The batch's last apply ("Add accepted organisations"): when, and what it did; null when never applied. */
  applied: z
    .object({
      at: z.string(),
      /** Organisations and registry candidates accepted; organisations added to the account's list anew; created from registry candidates. */
      accepted: z.number().int(),
      linked: z.number().int(),
      created: z.number().int(),
    })
    .nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** Queued or running, yet no chunk committed for a while: its job died where the queue will not retry it; resumable. */
  stalled: z.boolean(),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

export const batchRowViewSchema = z.object({
  rowIndex: z.number().int(),
  input: batchRowInputSchema,
  decision: batchDecisionSchema.nullable(),
  result: batchRowResultSchema.nullable(),
  review: z
    .object({
      action: z.enum(['accept', 'pick', 'not_in_list']),
      organisationId: z.uuid().nullable(),
      /** The registry candidate accepted or picked (registry pass), by its key. */
      registryKey: z.string().nullable(),
      decidedAt: z.string(),
    })
    .nullable(),
  /** The organisation the row settled on when the batch was applied; null before (or when nothing was accepted). */
  appliedOrganisationId: z.uuid().nullable(),
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
  /** The internal pass is over. */
  done: boolean;
  /** The batch opted in to the registry pass and it is not over (the batch completes after it). */
  registryPending: boolean;
}

/** A row the registry pass looks at: its input and its result from the internal pass. */
export interface RegistryPendingRow {
  rowIndex: number;
  input: BatchRowInput;
  result: BatchRowResult;
}

/** A row after the registry pass: its new result, and whether it spent one of the batch's registry lookups. */
export interface RegistryRowUpdate {
  result: BatchRowResult;
  lookedUp: boolean;
}

export interface RegistryChunkOutcome {
  /** The registry pass's cursor after this chunk, and the batch's total. */
  processedRows: number;
  totalRows: number;
  done: boolean;
}

/** The batch's registry options, for the pass's work. */
export interface RegistryPassOptions {
  defaultCountry: string | null;
  /** Lookups left under the batch's cap. */
  budget: number;
}

/** An accepted registry candidate of a row (for apply), and the organisation it settled on if applied already. */
export interface AcceptedRegistryRow {
  rowIndex: number;
  candidate: RegistryBatchCandidate;
  appliedOrganisationId: string | null;
}

export interface BatchTx {
  /** The transaction, opaque, for `JobQueue.send(..., { tx })`. */
  readonly handle: unknown;
}

export interface MatchBatchStore {
  /** Creates the batch and its rows in one transaction; `then` runs inside it (the job is sent there). */
  create(
    input: {
      accountId: string;
      fileName: string;
      columns: ColumnMapping;
      assessor: 'calibrated' | 'uncalibrated';
      rows: readonly BatchRowInput[];
      /** The registry pass, when the user opted in: its default country and cap. */
      registry: { defaultCountry: string | null; cap: number } | null;
    },
    then: (tx: BatchTx, batchId: string) => Promise<void>,
  ): Promise<string>;
  /**
   * In one transaction holding the batch's row lock: reads up to `size` rows from the cursor, lets `work`
   * match them, writes their results and advances the cursor and the counts. A failure (or a kill) rolls the
   * whole chunk back; the next attempt starts from the same cursor. A completed batch does nothing.
   */
  processNextChunk(accountId: string, batchId: string, size: number, work: (rows: PendingRow[]) => Promise<BatchRowResult[]>): Promise<ChunkOutcome | null>;
  /**
   * The registry pass's next chunk, after the internal pass: up to `size` rows from the pass's cursor that need
   * it (decided `no_match`, or `review` with a best score below `reviewBelow`). `work` runs outside any
   * transaction (registry calls take seconds); then, holding the batch's row lock, the results, the counts and
   * the cursor are written together, unless another worker moved the cursor meanwhile (its chunk stands, this
   * one is dropped). A kill loses at most the chunk in flight. The chunk that reaches the end completes the batch.
   */
  processNextRegistryChunk(
    accountId: string,
    batchId: string,
    size: number,
    reviewBelow: number,
    work: (rows: RegistryPendingRow[], options: RegistryPassOptions) => Promise<RegistryRowUpdate[]>,
  ): Promise<RegistryChunkOutcome | null>;
  /** The job gave up: status `failed` with a short reason (a completed batch stays completed). */
  markFailed(accountId: string, batchId: string, reason: string): Promise<void>;
  /**
   * A failed batch back to `queued` (its cursors kept); `then` runs in the same transaction (the job is sent
   * there). `not_found` for another account's batch; `conflict` when the batch is not failed.
   */
  resume(accountId: string, batchId: string, then: (tx: BatchTx) => Promise<void>): Promise<'resumed' | 'not_found' | 'conflict'>;
  find(accountId: string, batchId: string): Promise<BatchSummary | null>;
  list(accountId: string, limit: number): Promise<BatchSummary[]>;
  /**
   * A page of rows in row order, of one decision and/or only those a reviewer decided (`reviewed`). `afterRowIndex`
   * pages forward by key, `beforeRowIndex` backward (the page just before that row), each an index range however deep
   * into the batch; `offset` skips by position.
   */
  listRows(
    accountId: string,
    batchId: string,
    filter: {
      decision?: 'match' | 'review' | 'no_match';
      reviewed?: boolean;
      afterRowIndex?: number;
      beforeRowIndex?: number;
      offset: number;
      limit: number;
    },
  ): Promise<BatchRowView[]>;
  /** Records (or replaces) a reviewer's decision; false when the row does not exist for the account. */
  recordDecision(input: {
    accountId: string;
    batchId: string;
    rowIndex: number;
    review: ReviewAction;
    organisationId: string | null;
    registryKey: string | null;
    decidedBy: string | null;
  }): Promise<boolean>;
  /** The row as stored (for a decision's checks); null when not the account's. */
  findRow(accountId: string, batchId: string, rowIndex: number): Promise<BatchRowView | null>;
  /**
   * Links every accepted internal organisation of the batch (a decided match not overruled, an accepted or
   * picked review) that is visible to the account to the account's list, in one statement, and records on each
   * such row the organisation it settled on; returns how many organisations were accepted and linked anew.
   */
  linkAccepted(accountId: string, batchId: string): Promise<{ accepted: number; linked: number }>;
  /** The rows whose accepted candidate is a registry candidate (decided match not overruled, accepted, picked). */
  acceptedRegistryRows(accountId: string, batchId: string): Promise<AcceptedRegistryRow[]>;
  /** How many organisations are on the account's list (apply counts what its selections added). */
  countLinked(accountId: string): Promise<number>;
  /** Records that the batch was applied, and what that apply did (shown on the batch: "Applied 26 Nov: ..."). */
  recordApply(accountId: string, batchId: string, outcome: { accepted: number; linked: number; created: number }): Promise<void>;
  /** Records the organisation an applied row settled on. */
  recordApplied(accountId: string, batchId: string, rowIndex: number, organisationId: string): Promise<void>;
}
