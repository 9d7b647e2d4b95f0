/**
 * The identify sidebar's organisation record (GET /api/identify/sidebar/{id}/organisation), held by the
 * session's TanStack Query cache under `identifySidebarRecordKey(id)` (spec: "targeted client patch of the
 * sidebar store"; the cache is that store).
 * - One request per organisation at a time: a load, a forced reload and a classification refresh that meet
 *   share the request in flight (`fetchQuery` joins it; nothing here cancels a running read).
 * - A stored copy is not read again unless forced (`staleTime: Infinity`), and survives closing and
 *   reopening the sidebar (`gcTime: Infinity`). No retry: a 404 is an answer.
 * - After an add only `naics`, `aquila1` and `aquila2` are merged into the stored copy, keeping every other
 *   field (`setQueryData`, and a refresh whose query function merges rather than replaces).
 * - A failure keeps the stored copy; the error is shown only when there is no copy.
 */
import { queryOptions, type QueryClient, type QueryObserverResult } from '@tanstack/react-query';
import { organisationRecordSchema, type OrganisationClassificationPatch, type OrganisationRecord } from '../../core/organisation-record';
import { identifySidebarRecordKey } from '../organisation/client-query-keys';

export type RecordFetcher = (organisationId: string, signal?: AbortSignal) => Promise<OrganisationRecord>;

export interface SidebarEntry {
  readonly record: OrganisationRecord | null;
  readonly loading: boolean;
  /** The last load's failure, when there is no copy to show. */
  readonly error: string | null;
}

export class SidebarRecordError extends Error {
  override readonly name = 'SidebarRecordError';
}

const LOAD_FAILED = 'The organisation could not be loaded; try again';

export function mergeClassificationPatch(record: OrganisationRecord, patch: OrganisationClassificationPatch): OrganisationRecord {
  return { ...record, naics: patch.naics, aquila1: patch.aquila1, aquila2: patch.aquila2 };
}

/** The real fetcher: the sidebar route, validated, cancelled with the query's signal. */
export async function fetchSidebarRecord(organisationId: string, signal?: AbortSignal, fetchImpl: typeof fetch = fetch): Promise<OrganisationRecord> {
  const response = await fetchImpl(`/api/identify/sidebar/${encodeURIComponent(organisationId)}/organisation`, {
    cache: 'no-store',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    signal,
  });
  if (response.status === 404) throw new SidebarRecordError('Organisation not found');
  if (!response.ok) throw new SidebarRecordError(LOAD_FAILED);
  const parsed = organisationRecordSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new SidebarRecordError(LOAD_FAILED);
  return parsed.data;
}

export function sidebarRecordQuery(organisationId: string, fetchRecord: RecordFetcher = fetchSidebarRecord) {
  return queryOptions({
    queryKey: identifySidebarRecordKey(organisationId),
    queryFn: ({ signal }) => fetchRecord(organisationId, signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

/** What the sidebar shows, from its query's result. */
export function sidebarEntry(result: Pick<QueryObserverResult<OrganisationRecord>, 'data' | 'error' | 'isFetching'>): SidebarEntry {
  const record = result.data ?? null;
  return {
    record,
    loading: result.isFetching,
    error: record || !result.error ? null : result.error instanceof SidebarRecordError ? result.error.message : LOAD_FAILED,
  };
}

/** Reads the record again even though a copy is stored ("Enrich now"); joins a read in flight; a failure keeps the copy. */
export async function reloadSidebarRecord(client: QueryClient, organisationId: string, fetchRecord?: RecordFetcher): Promise<void> {
  await client.fetchQuery({ ...sidebarRecordQuery(organisationId, fetchRecord), staleTime: 0 }).catch(() => undefined);
}

/** Merges only the classification fields into the stored copy (nothing without a copy). */
export function mergeSidebarClassification(client: QueryClient, organisationId: string, patch: OrganisationClassificationPatch): void {
  client.setQueryData<OrganisationRecord>(identifySidebarRecordKey(organisationId), (record) => (record ? mergeClassificationPatch(record, patch) : undefined));
}

/**
 * Re-reads the record and merges only its classification fields into the copy (the query function merges,
 * so the whole fresh record is never shown); joins a read in flight; a failure keeps the copy.
 */
export async function refreshSidebarClassification(
  client: QueryClient,
  organisationId: string,
  fetchRecord: RecordFetcher = fetchSidebarRecord,
): Promise<void> {
  const key = identifySidebarRecordKey(organisationId);
  await client
    .fetchQuery({
      ...sidebarRecordQuery(organisationId, fetchRecord),
      staleTime: 0,
      queryFn: async ({ signal }) => {
        const fresh = await fetchRecord(organisationId, signal);
        const stored = client.getQueryData<OrganisationRecord>(key);
        return stored ? mergeClassificationPatch(stored, fresh) : fresh;
      },
    })
    .catch(() => undefined);
}
