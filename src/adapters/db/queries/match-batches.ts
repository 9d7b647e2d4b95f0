/**
 * Batch matching's storage (issue 13): the `(db, params)` query functions its use cases call. Rows go in and
 * results come back as one JSON document per statement (`jsonb_to_recordset`), so a chunk of hundreds of rows is
 * one round trip. Every statement names the account: a batch id of another account finds nothing.
 */
import { sql } from 'drizzle-orm';
import {
  batchRowResultSchema,
  batchRowInputSchema,
  columnMappingSchema,
  registryBatchCandidateSchema,
  type BatchRowInput,
  type BatchRowResult,
  type ColumnMapping,
  type ReviewAction,
} from '../../../core/batch-matching';
import {
  BATCH_STATUSES,
  type AcceptedRegistryRow,
  type BatchRowView,
  type BatchStatus,
  type BatchSummary,
  type ChunkOutcome,
  type PendingRow,
  type RegistryChunkOutcome,
  type RegistryPassOptions,
  type RegistryPendingRow,
  type RegistryRowUpdate,
} from '../../../server/batch-matching/match-batch';
import type { Db } from '../client';
import { isUuid } from './classification';
import { visibleToAccount } from './visibility';

/** The transaction a query runs its callback in (the use case sends the batch's job on it). */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

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
  failure_reason: string | null;
  registry_pass: boolean;
  default_country: string | null;
  registry_cap: number;
  registry_cursor: number;
  registry_rows: number;
  registry_found_rows: number;
  registry_failed_rows: number;
  registry_skipped_rows: number;
  applied_at: Date | string | null;
  applied_accepted: number | null;
  applied_linked: number | null;
  applied_created: number | null;
  created_at: Date | string;
  completed_at: Date | string | null;
  stalled: boolean;
}

const statusOf = (value: string): BatchStatus => BATCH_STATUSES.find((s) => s === value) ?? 'queued';

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function toSummary(row: BatchRecord): BatchSummary {
  return {
    id: row.id,
    fileName: row.file_name,
    status: statusOf(row.status),
    failureReason: row.failure_reason,
    assessor: row.assessor === 'calibrated' ? 'calibrated' : 'uncalibrated',
    columns: columnMappingSchema.parse(row.columns),
    totalRows: row.total_rows,
    processedRows: row.processed_rows,
    matchedRows: row.matched_rows,
    reviewRows: row.review_rows,
    noMatchRows: row.no_match_rows,
    reviewedRows: Number(row.reviewed_rows),
    registry: row.registry_pass
      ? {
          defaultCountry: row.default_country,
          cap: row.registry_cap,
          processedRows: row.registry_cursor,
          lookedUpRows: row.registry_rows,
          foundRows: row.registry_found_rows,
          failedRows: row.registry_failed_rows,
          skippedRows: row.registry_skipped_rows,
        }
      : null,
    applied:
      row.applied_at === null
        ? null
        : { at: iso(row.applied_at), accepted: row.applied_accepted ?? 0, linked: row.applied_linked ?? 0, created: row.applied_created ?? 0 },
    createdAt: iso(row.created_at),
    completedAt: row.completed_at === null ? null : iso(row.completed_at),
    stalled: row.stalled,
  };
}

interface RowRecord extends Record<string, unknown> {
  row_index: number;
  input: unknown;
  decision: string | null;
  result: unknown;
  review_action: string | null;
  review_organisation_id: string | null;
  review_registry_key: string | null;
  decided_at: Date | string | null;
  applied_organisation_id: string | null;
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
        ? { action, organisationId: row.review_organisation_id, registryKey: row.review_registry_key, decidedAt: iso(row.decided_at ?? new Date()) }
        : null,
    appliedOrganisationId: row.applied_organisation_id,
  };
}

/**
 * The summary's columns. A queued or running batch none of whose chunks committed for `stalledAfterSeconds` is
 * `stalled`: its job died where the queue does not retry it (a worker killed during the last attempt), so it
 * can be resumed like a failed one (a second job for a batch that was merely slow is harmless: chunks commit
 * under the batch's row lock from its cursor).
 */
const summaryColumns = (
  stalledAfterSeconds: number,
) => sql`b.id, b.file_name, b.status, b.assessor, b.columns, b.total_rows, b.processed_rows, b.matched_rows, b.review_rows,
  b.no_match_rows, b.created_at, b.completed_at, b.failure_reason, b.registry_pass, b.default_country, b.registry_cap, b.registry_cursor,
  b.registry_rows, b.registry_found_rows, b.registry_failed_rows, b.registry_skipped_rows,
  b.applied_at, b.applied_accepted, b.applied_linked, b.applied_created,
  (b.status in ('queued', 'running') and b.updated_at < now() - make_interval(secs => ${stalledAfterSeconds})) as stalled,
  (select count(*) from match_batch_decisions d where d.batch_id = b.id) as reviewed_rows`;

export interface StalledBound {
  /** How long a queued or running batch may go without a committed chunk before it counts as stalled. */
  stalledAfterSeconds: number;
}

/** Creates the batch and its rows in one transaction; `then` runs inside it (the use case sends the job there). */
export async function insertMatchBatch(
  db: Db,
  input: {
    accountId: string;
    fileName: string;
    columns: ColumnMapping;
    assessor: 'calibrated' | 'uncalibrated';
    rows: readonly BatchRowInput[];
    /** The registry pass, when the user opted in: its default country and cap. */
    registry: { defaultCountry: string | null; cap: number } | null;
  },
  then: (tx: DbTransaction, batchId: string) => Promise<void>,
): Promise<string> {
  return db.transaction(async (tx) => {
    const inserted = await tx.execute<{ id: string }>(sql`
      insert into match_batches (account_id, file_name, columns, assessor, total_rows, registry_pass, default_country, registry_cap)
      values (${input.accountId}::uuid, ${input.fileName}, ${JSON.stringify(input.columns)}::jsonb, ${input.assessor}, ${input.rows.length},
        ${input.registry !== null}, ${input.registry?.defaultCountry ?? null}, ${input.registry?.cap ?? 0})
      returning id`);
    const batchId = inserted.rows[0]?.id;
    if (batchId === undefined) throw new Error('match_batches insert returned no id');
    for (let at = 0; at < input.rows.length; at += INSERT_CHUNK) {
      const chunk = input.rows.slice(at, at + INSERT_CHUNK).map((row, i) => ({ i: at + i, input: row }));
      await tx.execute(sql`
        insert into match_batch_rows (batch_id, row_index, input)
        select ${batchId}::uuid, v.i, v.input from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as v(i int, input jsonb)`);
    }
    await then(tx, batchId);
    return batchId;
  });
}

/**
 * In one transaction holding the batch's row lock: reads up to `size` rows from the cursor, lets `work`
 * match them, writes their results and advances the cursor and the counts. A failure (or a kill) rolls the
 * whole chunk back; the next attempt starts from the same cursor. A completed batch does nothing; null: not the account's batch.
 */
export async function processNextChunk(
  db: Db,
  { accountId, batchId, size }: { accountId: string; batchId: string; size: number },
  work: (rows: PendingRow[]) => Promise<BatchRowResult[]>,
): Promise<ChunkOutcome | null> {
  if (!isUuid(batchId)) return null;
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ processed_rows: number; total_rows: number; status: string; registry_pass: boolean; registry_cursor: number }>(sql`
      select processed_rows, total_rows, status, registry_pass, registry_cursor from match_batches
      where id = ${batchId}::uuid and account_id = ${accountId}::uuid for update`);
    const batch = locked.rows[0];
    if (batch === undefined) return null;
    const registryPending = batch.registry_pass && batch.registry_cursor < batch.total_rows;
    if (batch.processed_rows >= batch.total_rows) {
      if (!registryPending && batch.status !== 'completed') {
        await tx.execute(
          sql`update match_batches set status = 'completed', failure_reason = null, completed_at = coalesce(completed_at, now()), updated_at = now() where id = ${batchId}::uuid`,
        );
      }
      return { processedRows: batch.processed_rows, totalRows: batch.total_rows, done: true, registryPending };
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
    const completes = done && !registryPending;
    await tx.execute(sql`
      update match_batches set
        processed_rows = ${processed},
        matched_rows = matched_rows + ${count('match')},
        review_rows = review_rows + ${count('review')},
        no_match_rows = no_match_rows + ${count('no_match')},
        status = ${completes ? 'completed' : 'running'},
        failure_reason = null,
        completed_at = ${completes ? sql`now()` : sql`null`},
        updated_at = now()
      where id = ${batchId}::uuid`);
    return { processedRows: processed, totalRows: batch.total_rows, done, registryPending };
  });
}

/**
 * The registry pass's next chunk, after the internal pass: up to `size` rows from the pass's cursor that need
 * it (decided `no_match`, or `review` with a best score below `reviewBelow`). `work` runs outside any
 * transaction (registry calls take seconds); then, holding the batch's row lock, the results, the counts and
 * the cursor are written together, unless another worker moved the cursor meanwhile (its chunk stands, this
 * one is dropped). A kill loses at most the chunk in flight. The chunk that reaches the end completes the batch.
 */
export async function processNextRegistryChunk(
  db: Db,
  { accountId, batchId, size, reviewBelow }: { accountId: string; batchId: string; size: number; reviewBelow: number },
  work: (rows: RegistryPendingRow[], options: RegistryPassOptions) => Promise<RegistryRowUpdate[]>,
): Promise<RegistryChunkOutcome | null> {
  if (!isUuid(batchId)) return null;
  const state = await db.execute<{
    total_rows: number;
    processed_rows: number;
    registry_cursor: number;
    registry_cap: number;
    registry_rows: number;
    default_country: string | null;
  }>(sql`
    select total_rows, processed_rows, registry_cursor, registry_cap, registry_rows, default_country from match_batches
    where id = ${batchId}::uuid and account_id = ${accountId}::uuid and registry_pass`);
  const batch = state.rows[0];
  if (batch === undefined) return null;
  const cursor = batch.registry_cursor;
  // The pass runs after the internal pass only: nothing to do (and nothing written) before it ends.
  if (batch.processed_rows < batch.total_rows) return { processedRows: cursor, totalRows: batch.total_rows, done: false };
  const pending =
    cursor >= batch.total_rows
      ? { rows: [] }
      : await db.execute<{ row_index: number; input: unknown; result: unknown }>(sql`
          select row_index, input, result from match_batch_rows
          where batch_id = ${batchId}::uuid and row_index >= ${cursor} and result is not null
            and (decision = 'no_match' or (decision = 'review' and (
              coalesce((result->'best'->'match'->>'match')::boolean, false) = false
              or coalesce((result->'best'->'match'->>'score')::int, 0) < ${reviewBelow})))
          order by row_index limit ${size}`);
  const rows: RegistryPendingRow[] = pending.rows.map((r) => ({
    rowIndex: r.row_index,
    input: batchRowInputSchema.parse(r.input),
    result: batchRowResultSchema.parse(r.result),
  }));
  const updates =
    rows.length === 0 ? [] : await work(rows, { defaultCountry: batch.default_country, budget: Math.max(0, batch.registry_cap - batch.registry_rows) });
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ registry_cursor: number; total_rows: number }>(sql`
      select registry_cursor, total_rows from match_batches where id = ${batchId}::uuid and account_id = ${accountId}::uuid for update`);
    const now = locked.rows[0];
    if (now === undefined) return null;
    // Another worker committed this chunk meanwhile: its results stand.
    if (now.registry_cursor !== cursor) return { processedRows: now.registry_cursor, totalRows: now.total_rows, done: now.registry_cursor >= now.total_rows };
    const written = rows.map((row, i) => {
      const update = updates[i];
      if (update === undefined) throw new Error(`no registry result for row ${row.rowIndex}`);
      return {
        i: row.rowIndex,
        before: row.result.decision,
        d: update.result.decision,
        r: update.result,
        looked: update.lookedUp,
        status: update.result.registry?.status ?? null,
      };
    });
    if (written.length > 0) {
      await tx.execute(sql`
        update match_batch_rows r set decision = v.d, result = v.r
        from jsonb_to_recordset(${JSON.stringify(written)}::jsonb) as v(i int, d text, r jsonb)
        where r.batch_id = ${batchId}::uuid and r.row_index = v.i`);
    }
    const delta = (decision: string) => written.filter((w) => w.d === decision).length - written.filter((w) => w.before === decision).length;
    const last = rows.at(-1);
    // A chunk shorter than asked for reached the end of the rows that need the pass.
    const processed = last === undefined || rows.length < size ? now.total_rows : last.rowIndex + 1;
    const done = processed >= now.total_rows;
    await tx.execute(sql`
      update match_batches set
        registry_cursor = ${processed},
        matched_rows = matched_rows + ${delta('match')},
        review_rows = review_rows + ${delta('review')},
        no_match_rows = no_match_rows + ${delta('no_match')},
        registry_rows = registry_rows + ${written.filter((w) => w.looked).length},
        registry_found_rows = registry_found_rows + ${written.filter((w) => w.status === 'found').length},
        registry_failed_rows = registry_failed_rows + ${written.filter((w) => w.status === 'failed').length},
        registry_skipped_rows = registry_skipped_rows + ${written.filter((w) => w.status === 'skipped').length},
        status = ${done ? 'completed' : 'running'},
        failure_reason = null,
        completed_at = ${done ? sql`now()` : sql`null`},
        updated_at = now()
      where id = ${batchId}::uuid`);
    return { processedRows: processed, totalRows: now.total_rows, done };
  });
}

/** The job gave up: status `failed` with a short reason (a completed batch stays completed). */
export async function markMatchBatchFailed(db: Db, { accountId, batchId, reason }: { accountId: string; batchId: string; reason: string }): Promise<void> {
  if (!isUuid(batchId)) return;
  await db.execute(sql`
    update match_batches set status = 'failed', failure_reason = ${reason.slice(0, 300)}, updated_at = now()
    where id = ${batchId}::uuid and account_id = ${accountId}::uuid and status <> 'completed'`);
}

/**
 * A failed (or stalled) batch back to `queued` (its cursors kept); `then` runs in the same transaction (the job is
 * sent there). `not_found` for another account's batch; `conflict` when the batch is neither failed nor stalled.
 */
export async function requeueMatchBatch(
  db: Db,
  { accountId, batchId, stalledAfterSeconds }: { accountId: string; batchId: string } & StalledBound,
  then: (tx: DbTransaction) => Promise<void>,
): Promise<'resumed' | 'not_found' | 'conflict'> {
  if (!isUuid(batchId)) return 'not_found';
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ status: string; stalled: boolean }>(sql`
      select status, (status in ('queued', 'running') and updated_at < now() - make_interval(secs => ${stalledAfterSeconds})) as stalled
      from match_batches where id = ${batchId}::uuid and account_id = ${accountId}::uuid for update`);
    const batch = found.rows[0];
    if (batch === undefined) return 'not_found' as const;
    if (batch.status !== 'failed' && !batch.stalled) return 'conflict' as const;
    await tx.execute(sql`update match_batches set status = 'queued', failure_reason = null, updated_at = now() where id = ${batchId}::uuid`);
    await then(tx);
    return 'resumed' as const;
  });
}

export async function findMatchBatch(
  db: Db,
  { accountId, batchId, stalledAfterSeconds }: { accountId: string; batchId: string } & StalledBound,
): Promise<BatchSummary | null> {
  if (!isUuid(batchId)) return null;
  const found = await db.execute<BatchRecord>(
    sql`select ${summaryColumns(stalledAfterSeconds)} from match_batches b where b.id = ${batchId}::uuid and b.account_id = ${accountId}::uuid`,
  );
  const row = found.rows[0];
  return row === undefined ? null : toSummary(row);
}

/** The account's batches, newest first. */
export async function listMatchBatches(
  db: Db,
  { accountId, limit, stalledAfterSeconds }: { accountId: string; limit: number } & StalledBound,
): Promise<BatchSummary[]> {
  const found = await db.execute<BatchRecord>(sql`
    select ${summaryColumns(stalledAfterSeconds)} from match_batches b where b.account_id = ${accountId}::uuid order by b.created_at desc limit ${limit}`);
  return found.rows.map(toSummary);
}

/**
 * A page of rows in row order, of one decision and/or only those a reviewer decided (`reviewed`). `afterRowIndex`
 * pages forward by key, `beforeRowIndex` backward (the page just before that row), each an index range however deep
 * into the batch; `offset` skips by position.
 */
export async function listMatchBatchRows(
  db: Db,
  {
    accountId,
    batchId,
    ...filter
  }: {
    accountId: string;
    batchId: string;
    decision?: 'match' | 'review' | 'no_match';
    reviewed?: boolean;
    afterRowIndex?: number;
    beforeRowIndex?: number;
    offset: number;
    limit: number;
  },
): Promise<BatchRowView[]> {
  if (!isUuid(batchId)) return [];
  const found = await db.execute<RowRecord>(sql`
    select r.row_index, r.input, r.decision, r.result, d.action as review_action, d.organisation_id as review_organisation_id,
      d.registry_key as review_registry_key, d.decided_at, r.applied_organisation_id
    from match_batch_rows r
    join match_batches b on b.id = r.batch_id and b.account_id = ${accountId}::uuid
    left join match_batch_decisions d on d.batch_id = r.batch_id and d.row_index = r.row_index
    where r.batch_id = ${batchId}::uuid ${filter.decision === undefined ? sql`` : sql`and r.decision = ${filter.decision}`}
      ${filter.reviewed === true ? sql`and d.action is not null` : sql``}
      ${filter.afterRowIndex === undefined ? sql`` : sql`and r.row_index > ${filter.afterRowIndex}`}
      ${filter.beforeRowIndex === undefined ? sql`` : sql`and r.row_index < ${filter.beforeRowIndex}`}
    order by r.row_index ${filter.beforeRowIndex === undefined ? sql`` : sql`desc`} offset ${filter.offset} limit ${filter.limit}`);
  const rows = found.rows.map(toRowView);
  // A page before a row is read backwards from it (an index range either way), and answered in row order.
  return filter.beforeRowIndex === undefined ? rows : rows.reverse();
}

/** The row as stored (for a decision's checks); null when not the account's. */
export async function findMatchBatchRow(
  db: Db,
  { accountId, batchId, rowIndex }: { accountId: string; batchId: string; rowIndex: number },
): Promise<BatchRowView | null> {
  if (!isUuid(batchId)) return null;
  const found = await db.execute<RowRecord>(sql`
    select r.row_index, r.input, r.decision, r.result, d.action as review_action, d.organisation_id as review_organisation_id,
      d.registry_key as review_registry_key, d.decided_at, r.applied_organisation_id
    from match_batch_rows r
    join match_batches b on b.id = r.batch_id and b.account_id = ${accountId}::uuid
    left join match_batch_decisions d on d.batch_id = r.batch_id and d.row_index = r.row_index
    where r.batch_id = ${batchId}::uuid and r.row_index = ${rowIndex}`);
  const row = found.rows[0];
  return row === undefined ? null : toRowView(row);
}

/** Records (or replaces) a reviewer's decision; false when the row does not exist for the account. */
export async function recordRowDecision(
  db: Db,
  {
    accountId,
    batchId,
    rowIndex,
    review,
    organisationId,
    registryKey,
    decidedBy,
  }: {
    accountId: string;
    batchId: string;
    rowIndex: number;
    review: ReviewAction;
    organisationId: string | null;
    registryKey: string | null;
    decidedBy: string | null;
  },
): Promise<boolean> {
  if (!isUuid(batchId)) return false;
  // A new decision un-applies the row: the next apply acts on this decision (the organisation it settled on
  // before stays on the list).
  const written = await db.execute(sql`
    with unapplied as (
      update match_batch_rows r set applied_organisation_id = null
      from match_batches b
      where b.id = r.batch_id and b.account_id = ${accountId}::uuid and r.batch_id = ${batchId}::uuid and r.row_index = ${rowIndex}
    )
    insert into match_batch_decisions (batch_id, row_index, account_id, action, organisation_id, registry_key, decided_by)
    select r.batch_id, r.row_index, ${accountId}::uuid, ${review.action}, ${organisationId}::uuid, ${registryKey}, ${decidedBy}
    from match_batch_rows r join match_batches b on b.id = r.batch_id and b.account_id = ${accountId}::uuid
    where r.batch_id = ${batchId}::uuid and r.row_index = ${rowIndex}
    on conflict (batch_id, row_index) do update set action = excluded.action, organisation_id = excluded.organisation_id,
      registry_key = excluded.registry_key, decided_by = excluded.decided_by, decided_at = now()`);
  return (written.rowCount ?? 0) > 0;
}

/**
 * Links every accepted internal organisation of the batch (a decided match not overruled, an accepted or
 * picked review) that is visible to the account to the account's list, in one statement, and records on each
 * such row the organisation it settled on; returns how many organisations were accepted and linked anew.
 */
export async function linkAcceptedOrganisations(
  db: Db,
  { accountId, batchId }: { accountId: string; batchId: string },
): Promise<{ accepted: number; linked: number }> {
  if (!isUuid(batchId)) return { accepted: 0, linked: 0 };
  return db.transaction(async (tx) => {
    // A row's accepted internal organisation: a pick, an accepted best, or a decided match no reviewer overruled
    // (a registry candidate has no organisation id here: acceptedRegistryRows handles those).
    const accepted = await tx.execute<{ row_index: number; organisation_id: string }>(sql`
      select x.row_index, x.organisation_id from (
        select r.row_index, case
          when d.action = 'pick' then d.organisation_id
          when d.action = 'accept' and r.result->'best'->>'kind' is distinct from 'registry' then (r.result->'best'->>'organisationId')::uuid
          when d.action is null and r.decision = 'match' and r.result->'best'->>'kind' is distinct from 'registry'
            then (r.result->'best'->>'organisationId')::uuid
        end as organisation_id
        from match_batch_rows r
        join match_batches b on b.id = r.batch_id and b.account_id = ${accountId}::uuid
        left join match_batch_decisions d on d.batch_id = r.batch_id and d.row_index = r.row_index
        where r.batch_id = ${batchId}::uuid
      ) x
      join organisations o on o.id = x.organisation_id
      where ${visibleToAccount(accountId, sql`o.id`)}`);
    const ids = [...new Set(accepted.rows.map((r) => r.organisation_id))];
    if (ids.length === 0) return { accepted: 0, linked: 0 };
    const linked = await tx.execute(sql`
      insert into account_organisations (account_id, organisation_id)
      select ${accountId}::uuid, id::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as id
      on conflict do nothing`);
    const settled = accepted.rows.map((r) => ({ i: r.row_index, o: r.organisation_id }));
    await tx.execute(sql`
      update match_batch_rows r set applied_organisation_id = v.o
      from jsonb_to_recordset(${JSON.stringify(settled)}::jsonb) as v(i int, o uuid)
      where r.batch_id = ${batchId}::uuid and r.row_index = v.i and r.applied_organisation_id is distinct from v.o`);
    return { accepted: ids.length, linked: linked.rowCount ?? 0 };
  });
}

/** The rows whose accepted candidate is a registry candidate (decided match not overruled, accepted, picked). */
export async function acceptedRegistryRows(db: Db, { accountId, batchId }: { accountId: string; batchId: string }): Promise<AcceptedRegistryRow[]> {
  if (!isUuid(batchId)) return [];
  const found = await db.execute<{ row_index: number; candidate: unknown; applied_organisation_id: string | null }>(sql`
    select r.row_index, r.applied_organisation_id, case
      when d.action = 'pick' and d.registry_key is not null then
        (select c from jsonb_array_elements(r.result->'candidates') c where c->>'kind' = 'registry' and c->>'key' = d.registry_key limit 1)
      when (d.action = 'accept' or (d.action is null and r.decision = 'match')) and r.result->'best'->>'kind' = 'registry' then r.result->'best'
    end as candidate
    from match_batch_rows r
    join match_batches b on b.id = r.batch_id and b.account_id = ${accountId}::uuid
    left join match_batch_decisions d on d.batch_id = r.batch_id and d.row_index = r.row_index
    where r.batch_id = ${batchId}::uuid and r.result is not null
    order by r.row_index`);
  const rows: AcceptedRegistryRow[] = [];
  for (const row of found.rows) {
    if (row.candidate === null || row.candidate === undefined) continue;
    rows.push({
      rowIndex: row.row_index,
      candidate: registryBatchCandidateSchema.parse(row.candidate),
      appliedOrganisationId: row.applied_organisation_id,
    });
  }
  return rows;
}

/** How many organisations are on the account's list (apply counts what its selections added). */
export async function countLinkedOrganisations(db: Db, { accountId }: { accountId: string }): Promise<number> {
  const found = await db.execute<{ n: number }>(sql`select count(*)::int as n from account_organisations where account_id = ${accountId}::uuid`);
  return found.rows[0]?.n ?? 0;
}

/** Records that the batch was applied, and what that apply did (shown on the batch: "Applied 26 Nov: ..."). */
export async function recordMatchBatchApply(
  db: Db,
  { accountId, batchId, outcome }: { accountId: string; batchId: string; outcome: { accepted: number; linked: number; created: number } },
): Promise<void> {
  if (!isUuid(batchId)) return;
  await db.execute(sql`
    update match_batches set applied_at = now(), applied_accepted = ${outcome.accepted}, applied_linked = ${outcome.linked},
      applied_created = ${outcome.created}, updated_at = now()
    where id = ${batchId}::uuid and account_id = ${accountId}::uuid`);
}

/** Records the organisation an applied row settled on. */
export async function recordRowApplied(
  db: Db,
  { accountId, batchId, rowIndex, organisationId }: { accountId: string; batchId: string; rowIndex: number; organisationId: string },
): Promise<void> {
  if (!isUuid(batchId)) return;
  await db.execute(sql`
    update match_batch_rows r set applied_organisation_id = ${organisationId}::uuid
    from match_batches b
    where b.id = r.batch_id and b.account_id = ${accountId}::uuid and r.batch_id = ${batchId}::uuid and r.row_index = ${rowIndex}`);
}
