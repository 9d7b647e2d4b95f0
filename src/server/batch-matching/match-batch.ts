/**
 * A match batch as its account reads it (issue 13): the summary and row views (zod schemas, also the API
 * document's), and the shapes of a chunk's work. Its storage is the query functions of
 * src/adapters/db/queries/match-batches.ts: every read and write names the account, and a batch of another
 * account is "not found".
 */
import { z } from 'zod';
import {
  batchDecisionSchema,
  batchRowInputSchema,
  batchRowResultSchema,
  columnMappingSchema,
  type BatchRowInput,
  type BatchRowResult,
  type RegistryBatchCandidate,
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
