/**
 * The /match page's calls to /api/match/batches (same origin, the session cookie; writes send JSON, which the
 * route's cross-site check requires), every answer parsed with the schema the route answers with. A failure
 * throws MatchApiError with the server's safe message.
 */
import { z } from 'zod';
import type { ColumnMapping, ReviewAction } from '../../core/batch-matching';
import { batchRowViewSchema, batchSummarySchema, type BatchRowView, type BatchSummary } from '../../server/batch-matching/match-batch';

export const BATCH_POLL_INTERVAL_MS = 1000;

export const matchBatchKey = (batchId: string) => ['match-batches', batchId] as const;
export const matchRowsKey = (batchId: string, view: RowsView, page: RowsPage) =>
  ['match-batches', batchId, 'rows', view, page.after ?? null, page.before ?? null] as const;

/** Which rows the list shows: every row, one decision, or those a reviewer decided. */
export type RowsView = 'all' | 'match' | 'review' | 'no_match' | 'reviewed';
/** A page of rows by key: the rows after one row index, or before one (none: the first page). */
export type RowsPage = { after?: number; before?: number };

export class MatchApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'MatchApiError';
  }
}

const errorSchema = z.object({ error: z.string(), issues: z.array(z.object({ message: z.string() })).optional() });

async function answer<S extends z.ZodType>(response: Response, schema: S): Promise<z.infer<S>> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorSchema.safeParse(body);
    const message = parsed.success ? (parsed.data.issues?.[0]?.message ?? parsed.data.error) : `The request failed (${response.status})`;
    throw new MatchApiError(message, response.status);
  }
  return schema.parse(body);
}

const json = { 'content-type': 'application/json' };

export async function uploadBatch(input: {
  fileName: string;
  csv: string;
  columns: ColumnMapping;
  registryPass: boolean;
  defaultCountry: string | null;
}): Promise<{ batchId: string; totalRows: number }> {
  const response = await fetch('/api/match/batches', { method: 'POST', headers: json, body: JSON.stringify(input) });
  const { data } = await answer(response, z.object({ data: z.object({ batchId: z.string(), totalRows: z.number() }) }));
  return data;
}

export async function fetchBatch(batchId: string, signal?: AbortSignal): Promise<BatchSummary> {
  const response = await fetch(`/api/match/batches/${encodeURIComponent(batchId)}`, { signal, cache: 'no-store' });
  return (await answer(response, z.object({ data: batchSummarySchema }))).data;
}

export async function fetchRows(batchId: string, view: RowsView, page: RowsPage, limit: number, signal?: AbortSignal): Promise<BatchRowView[]> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (view !== 'all') query.set('decision', view);
  if (page.after !== undefined) query.set('after', String(page.after));
  if (page.before !== undefined) query.set('before', String(page.before));
  const response = await fetch(`/api/match/batches/${encodeURIComponent(batchId)}/rows?${query.toString()}`, { signal, cache: 'no-store' });
  return (await answer(response, z.object({ data: z.array(batchRowViewSchema) }))).data;
}

export async function reviewRow(batchId: string, rowIndex: number, review: ReviewAction): Promise<void> {
  const response = await fetch(`/api/match/batches/${encodeURIComponent(batchId)}/rows/${rowIndex}/review`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(review),
  });
  await answer(response, z.object({ data: z.object({ rowIndex: z.number() }) }));
}

export async function applyBatch(batchId: string): Promise<{ accepted: number; linked: number; created: number }> {
  const response = await fetch(`/api/match/batches/${encodeURIComponent(batchId)}/apply`, { method: 'POST', headers: json, body: '{}' });
  return (await answer(response, z.object({ data: z.object({ accepted: z.number(), linked: z.number(), created: z.number() }) }))).data;
}

export async function resumeBatch(batchId: string): Promise<void> {
  const response = await fetch(`/api/match/batches/${encodeURIComponent(batchId)}/resume`, { method: 'POST', headers: json, body: '{}' });
  await answer(response, z.object({ data: z.object({ batchId: z.string(), status: z.literal('queued') }) }));
}

export function resultUrl(batchId: string, format: 'csv' | 'jsonl'): string {
  return `/api/match/batches/${encodeURIComponent(batchId)}/result?format=${format}`;
}
