/**
 * The identify sidebar's store of organisation records (GET /api/identify/sidebar/{id}/organisation).
 * - Requests are de-duplicated by their own in-flight map: one request per organisation at a time.
 * - After an add the sidebar merges only `naics`, `aquila1` and `aquila2` into its stored copy, keeping
 *   every other field (a targeted client patch; no layout refresh).
 * - On failure the stored copy is left unchanged.
 */
import { organisationRecordSchema, type OrganisationClassificationPatch, type OrganisationRecord } from '../../core/organisation-record';

export type RecordFetcher = (organisationId: string) => Promise<OrganisationRecord>;

export interface SidebarEntry {
  readonly record: OrganisationRecord | null;
  readonly loading: boolean;
  /** The last load's failure, when the store has no copy to show. */
  readonly error: string | null;
}

const EMPTY_ENTRY: SidebarEntry = { record: null, loading: false, error: null };

export interface IdentifySidebarStore {
  entry(organisationId: string): SidebarEntry;
  subscribe(listener: () => void): () => void;
  /** Loads the record unless a copy is stored (or `force`); concurrent calls share one request. */
  load(organisationId: string, options?: { force?: boolean }): Promise<void>;
  /** Merges only the classification fields into the stored copy. */
  mergeClassification(organisationId: string, patch: OrganisationClassificationPatch): void;
  /** Re-reads the record and merges only its classification fields; a failure keeps the copy. */
  refreshClassification(organisationId: string): Promise<void>;
}

export class SidebarRecordError extends Error {
  override readonly name = 'SidebarRecordError';
}

export function mergeClassificationPatch(record: OrganisationRecord, patch: OrganisationClassificationPatch): OrganisationRecord {
  return { ...record, naics: patch.naics, aquila1: patch.aquila1, aquila2: patch.aquila2 };
}

export function createIdentifySidebarStore(fetchRecord: RecordFetcher): IdentifySidebarStore {
  const entries = new Map<string, SidebarEntry>();
  const inFlight = new Map<string, Promise<OrganisationRecord>>();
  const listeners = new Set<() => void>();

  function set(organisationId: string, next: SidebarEntry): void {
    entries.set(organisationId, next);
    for (const listener of [...listeners]) listener();
  }

  /** The one request for an organisation, shared by every caller while it runs. */
  function request(organisationId: string): Promise<OrganisationRecord> {
    const running = inFlight.get(organisationId);
    if (running) return running;
    const started = fetchRecord(organisationId).finally(() => inFlight.delete(organisationId));
    inFlight.set(organisationId, started);
    return started;
  }

  const store: IdentifySidebarStore = {
    entry: (organisationId) => entries.get(organisationId) ?? EMPTY_ENTRY,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async load(organisationId, options = {}) {
      const current = store.entry(organisationId);
      if (current.record && !options.force) return;
      if (!inFlight.has(organisationId)) set(organisationId, { ...current, loading: true, error: null });
      try {
        const record = await request(organisationId);
        set(organisationId, { record, loading: false, error: null });
      } catch (error) {
        const kept = store.entry(organisationId);
        set(organisationId, { record: kept.record, loading: false, error: kept.record ? null : messageOf(error) });
      }
    },
    mergeClassification(organisationId, patch) {
      const current = store.entry(organisationId);
      if (!current.record) return;
      set(organisationId, { ...current, record: mergeClassificationPatch(current.record, patch) });
    },
    async refreshClassification(organisationId) {
      try {
        const fresh = await request(organisationId);
        store.mergeClassification(organisationId, fresh);
      } catch {
        // The stored copy stays as it is.
      }
    },
  };
  return store;
}

function messageOf(error: unknown): string {
  return error instanceof SidebarRecordError ? error.message : 'The organisation could not be loaded; try again';
}

/** The real fetcher: the sidebar route, validated. */
export async function fetchSidebarRecord(organisationId: string, fetchImpl: typeof fetch = fetch): Promise<OrganisationRecord> {
  const response = await fetchImpl(`/api/identify/sidebar/${encodeURIComponent(organisationId)}/organisation`, {
    cache: 'no-store',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (response.status === 404) throw new SidebarRecordError('Organisation not found');
  if (!response.ok) throw new SidebarRecordError('The organisation could not be loaded; try again');
  const parsed = organisationRecordSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new SidebarRecordError('The organisation could not be loaded; try again');
  return parsed.data;
}
