/**
 * The MatchBatchStore port over PostgreSQL. Rows go in and results come back as one JSON document per
 * statement (`jsonb_to_recordset`), so a chunk of hundreds of rows is one round trip. Every statement names
 * the account: a batch id of another account finds nothing.
 */
import { sql } from 'drizzle-orm';
import { batchRowResultSchema, batchRowInputSchema, columnMappingSchema, type BatchRowResult } from '../../../core/batch-matching';
import type { BatchRowView, BatchSummary, MatchBatchStore, PendingRow } from '../../../server/batch-matching/ports';
import type { Db } from '../client';
import { isUuid } from './classification';
import { visibleToAccount } from './visibility';

/** Rows per INSERT when a batch is created. */
const INSERT_CHUNK = 5_000;

interface BatchRecord extends Record<string, unknown> {
  id: string;
  file_name: string;
  status: string;
  assessor: string;
  columns: unknown;
  total_rows: number;
  processed_rows: number;
  matched_rows: number;
  review_rows: number;
  no_match_rows: number;
  reviewed_rows: number | string;
  created_at: Date | string;
  completed_at: Date | string | null;
}

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function toSummary(row: BatchRecord): BatchSummary {
  return {
    id: row.id,
    fileName: row.file_name,
    status: row.status === 'completed' ? 'completed' : row.status === 'running' ? 'running' : 'queued',
    assessor: row.assessor === 'calibrated' ? 'calibrated' : 'uncalibrated',
    columns: columnMappingSchema.parse(row.columns),
    totalRows: row.total_rows,
    processedRows: row.processed_rows,
    matchedRows: row.matched_rows,
    reviewRows: row.review_rows,
    noMatchRows: row.no_match_rows,
    reviewedRows: Number(row.reviewed_rows),
    createdAt: iso(row.created_at),
    completedAt: row.completed_at === null ? null : iso(row.completed_at),
  };
}

interface RowRecord extends Record<string, unknown> {
  row_index: number;
  input: unknown;
  decision: string | null;
  result: unknown;
  review_action: string | null;
  review_organisation_id: string | null;
  decided_at: Date | string | null;
}

function toRowView(row: RowRecord): BatchRowView {
  const action = row.review_action;
  return {
    rowIndex: row.row_index,
    input: batchRowInputSchema.parse(row.input),
    decision: row.decision === 'match' || row.decision === 'review' || row.decision === 'no_match' ? row.decision : null,
    result: row.result === null ? null : batchRowResultSchema.parse(row.result),
    review:
      action === 'accept' || action === 'pick' || action === 'not_in_list'
        ? { action, organisationId: row.review_organisation_id, decidedAt: iso(row.decided_at ?? new Date()) }
        : null,
  };
}

const SUMMARY_COLUMNS = sql`b.id, b.file_name, b.status, b.assessor, b.columns, b.total_rows, b.processed_rows, b.matched_rows, b.review_rows,
  b.no_match_rows, b.created_at, b.completed_at,
  (select count(*) from match_batch_decisions d where d.batch_id = b.id) as reviewed_rows`;

export function createMatchBatchStore(db: Db): MatchBatchStore {
  return {
    async create(input, then) {
      return db.transaction(async (tx) => {
        const inserted = await tx.execute<{ id: string }>(sql`
          insert into match_batches (account_id, file_name, columns, assessor, total_rows)
          values (${input.accountId}::uuid, ${input.fileName}, ${JSON.stringify(input.columns)}::jsonb, ${input.assessor}, ${input.rows.length})
          returning id`);
        const batchId = inserted.rows[0]?.id;
        if (batchId === undefined) throw new Error('match_batches insert returned no id');
        for (let at = 0; at < input.rows.length; at += INSERT_CHUNK) {
          const chunk = input.rows.slice(at, at + INSERT_CHUNK).map((row, i) => ({ i: at + i, input: row }));
          await tx.execute(sql`
            insert into match_batch_rows (batch_id, row_index, input)
            select ${batchId}::uuid, v.i, v.input from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as v(i int, input jsonb)`);
        }
        await then({ handle: tx }, batchId);
        return batchId;
      });
    },

    async processNextChunk(accountId, batchId, size, work) {
      if (!isUuid(batchId)) return null;
      return db.transaction(async (tx) => {
        const locked = await tx.execute<{ processed_rows: number; total_rows: number; status: string }>(sql`
          select processed_rows, total_rows, status from match_batches
          where id = ${batchId}::uuid and account_id = ${accountId}::uuid for update`);
        const batch = locked.rows[0];
        if (batch === undefined) return null;
        if (batch.processed_rows >= batch.total_rows) {
          if (batch.status !== 'completed') {
            await tx.execute(
              sql`update match_batches set status = 'completed', completed_at = coalesce(completed_at, now()), updated_at = now() where id = ${batchId}::uuid`,
            );
          }
          return { processedRows: batch.processed_rows, totalRows: batch.total_rows, done: true };
        }
        const pending = await tx.execute<{ row_index: number; input: unknown }>(sql`
          select row_index, input from match_batch_rows
          where batch_id = ${batchId}::uuid and row_index >= ${batch.processed_rows}
          order by row_index limit ${size}`);
        const rows: PendingRow[] = pending.rows.map((r) => ({ rowIndex: r.row_index, input: batchRowInputSchema.parse(r.input) }));
        const results = await work(rows);
        const written = rows.map((row, i) => {
          const result: BatchRowResult | undefined = results[i];
          if (result === undefined) throw new Error(`no result for row ${row.rowIndex}`);
          return { i: row.rowIndex, d: result.decision, r: result };
        });
        if (written.length > 0) {
          await tx.execute(sql`
            update match_batch_rows r set decision = v.d, result = v.r
            from jsonb_to_recordset(${JSON.stringify(written)}::jsonb) as v(i int, d text, r jsonb)
            where r.batch_id = ${batchId}::uuid and r.row_index = v.i`);
        }
        const count = (decision: string) => written.filter((w) => w.d === decision).length;
        // The cursor moves past the last row read (rows are numbered 0..total-1 without gaps).
        const last = rows.at(-1);
        const processed = last === undefined ? batch.total_rows : last.rowIndex + 1;
        const done = processed >= batch.total_rows;
        await tx.execute(sql`
          update match_batches set
            processed_rows = ${processed},
            matched_rows = matched_rows + ${count('match')},
            review_rows = review_rows + ${count('review')},
            no_match_rows = no_match_rows + ${count('no_match')},
            status = ${done ? 'completed' : 'running'},
            completed_at = ${done ? sql`now()` : sql`null`},
            updated_at = now()
          where id = ${batchId}::uuid`);
        return { processedRows: processed, totalRows: batch.total_rows, done };
      });
    },

    async find(accountId, batchId) {
      if (!isUuid(batchId)) return null;
      const found = await db.execute<BatchRecord>(
        sql`select ${SUMMARY_COLUMNS} from match_batches b where b.id = ${batchId}::uuid and b.account_id = ${accountId}::uuid`,
      );
      const row = found.rows[0];
      return row === undefined ? null : toSummary(row);
    },

    async list(accountId, limit) {
      const found = await db.execute<BatchRecord>(sql`
        select ${SUMMARY_COLUMNS} from match_batches b where b.account_id = ${accountId}::uuid order by b.created_at desc limit ${limit}`);
      return found.rows.map(toSummary);
    },

    async listRows(accountId, batchId, filter) {
      if (!isUuid(batchId)) return [];
      const found = await db.execute<RowRecord>(sql`
        select r.row_index, r.input, r.decision, r.result, d.action as review_action, d.organisation_id as review_organisation_id, d.decided_at
        from match_batch_rows r
        join match_batches b on b.id = r.batch_id and b.account_id = ${accountId}::uuid
        left join match_batch_decisions d on d.batch_id = r.batch_id and d.row_index = r.row_index
        where r.batch_id = ${batchId}::uuid ${filter.decision === undefined ? sql`` : sql`and r.decision = ${filter.decision}`}
        order by r.row_index offset ${filter.offset} limit ${filter.limit}`);
      return found.rows.map(toRowView);
    },

    async findRow(accountId, batchId, rowIndex) {
      if (!isUuid(batchId)) return null;
      const found = await db.execute<RowRecord>(sql`
        select r.row_index, r.input, r.decision, r.result, d.action as review_action, d.organisation_id as review_organisation_id, d.decided_at
        from match_batch_rows r
        join match_batches b on b.id = r.batch_id and b.account_id = ${accountId}::uuid
        left join match_batch_decisions d on d.batch_id = r.batch_id and d.row_index = r.row_index
        where r.batch_id = ${batchId}::uuid and r.row_index = ${rowIndex}`);
      const row = found.rows[0];
      return row === undefined ? null : toRowView(row);
    },

    async recordDecision({ accountId, batchId, rowIndex, review, organisationId, decidedBy }) {
      if (!isUuid(batchId)) return false;
      const written = await db.execute(sql`
        insert into match_batch_decisions (batch_id, row_index, account_id, action, organisation_id, decided_by)
        select r.batch_id, r.row_index, ${accountId}::uuid, ${review.action}, ${organisationId}::uuid, ${decidedBy}
        from match_batch_rows r join match_batches b on b.id = r.batch_id and b.account_id = ${accountId}::uuid
        where r.batch_id = ${batchId}::uuid and r.row_index = ${rowIndex}
        on conflict (batch_id, row_index) do update set action = excluded.action, organisation_id = excluded.organisation_id,
          decided_by = excluded.decided_by, decided_at = now()`);
      return (written.rowCount ?? 0) > 0;
    },

    async linkAccepted(accountId, batchId) {
      if (!isUuid(batchId)) return { accepted: 0, linked: 0 };
      return db.transaction(async (tx) => {
        const accepted = await tx.execute<{ organisation_id: string }>(sql`
          select distinct x.organisation_id from (
            select case
              when d.action = 'pick' then d.organisation_id
              when d.action = 'accept' then (r.result->'best'->>'organisationId')::uuid
              when d.action is null and r.decision = 'match' then (r.result->'best'->>'organisationId')::uuid
            end as organisation_id
            from match_batch_rows r
            join match_batches b on b.id = r.batch_id and b.account_id = ${accountId}::uuid
            left join match_batch_decisions d on d.batch_id = r.batch_id and d.row_index = r.row_index
            where r.batch_id = ${batchId}::uuid
          ) x
          join organisations o on o.id = x.organisation_id
          where ${visibleToAccount(accountId, sql`o.id`)}`);
        const ids = accepted.rows.map((r) => r.organisation_id);
        if (ids.length === 0) return { accepted: 0, linked: 0 };
        const linked = await tx.execute(sql`
          insert into account_organisations (account_id, organisation_id)
          select ${accountId}::uuid, id::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as id
          on conflict do nothing`);
        return { accepted: ids.length, linked: linked.rowCount ?? 0 };
      });
    },
  };
}
