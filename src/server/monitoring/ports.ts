/**
 * The ports of registry monitoring (issue 23): fresh registry reads by identifier and the shared per-provider pacer.
 * What was last seen and the change records are PostgreSQL's (queries/monitoring.ts; decision 0027: no store port).
 */
import type { ChangeDraft, MonitoredIdentifierType, RegistryObservation, RegistrySourceName } from '../../core/registry-observation';
import type { RegistryStatus } from '../../core/registry-status';
import type { ProviderResult } from '../search/ports';

/** One registry identifier of a watched organisation: what one read is about. */
export interface WatchedRead {
  organisationId: string;
  identifierType: MonitoredIdentifierType;
  /** As stored (an aggregator id keeps its slash: `gb/09876543`). */
  identifierValue: string;
  source: RegistrySourceName;
  /** When the register's record was last read in full (the last observation's time); null or absent: never read. */
  lastReadAt?: Date | null;
}

/**
 * Reads a register afresh (no cached answer: monitoring must see today's record). `null`: the register has no such
 * record. Failures are values.
 */
export interface RegistryReads {
  read(read: Pick<WatchedRead, 'identifierType' | 'identifierValue'>, options: { signal?: AbortSignal }): Promise<ProviderResult<RegistryObservation | null>>;
  /**
   * GLEIF's "changed since" query: of `leis` (at most 200), those whose record changed at or after `since`, with when
   * (null: unknown), `beforeCall` awaited before each call (pacing). Absent: a register without one, every read is a full read.
   */
  leisChangedSince?(
    leis: readonly string[],
    since: Date,
    options: { signal?: AbortSignal; beforeCall?: () => Promise<void> },
  ): Promise<ProviderResult<ReadonlyMap<string, Date | null>>>;
}

/** What the reading's transaction hands the use case, under its lock, to decide the changes of one reading. */
export interface LastSeen {
  /** The previous observation of this identifier; null at the first read. */
  previous: RegistryObservation | null;
  /** The organisation's stored registry status. */
  stored: RegistryStatus;
}

/** A change record as stored. */
export interface RecordedChange extends ChangeDraft {
  id: string;
  organisationId: string;
  source: RegistrySourceName;
  observedAt: Date;
}

/** Waits until one more call to that provider may be made (the rate shared by every worker and batch pass). */
/** Waits until `calls` calls to the provider (default one) fit in its shared rate limit. */
export type ProviderPacer = (provider: string, calls?: number) => Promise<void>;

/**
 * A change record as one account reads it, its organisation's name and whether the account has read it: the one row
 * every change read answers (the `/changes` page, History, GET /api/changes, a webhook's catch-up).
 */
export interface AccountChangeRecord {
  id: string;
  organisationId: string;
  organisationName: string;
  /** As stored; the use cases parse it into the change kinds. */
  kind: string;
  field: string;
  before: unknown;
  after: unknown;
  source: string;
  observedAt: Date;
  unread: boolean;
}
