/**
 * The ports of registry monitoring (issue 23): fresh registry reads by identifier, the store of what was last seen
 * and of change records, and the shared per-provider pacer.
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

/** What the store hands the use case, under its lock, to decide the changes of one reading. */
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

export interface MonitorStore {
  /**
   * Registry identifiers of watched organisations (on an account's list, owned or linked; of `accountId`'s list only
   * when given) whose read is due at `now`, the never-read first; ACN is left out where the organisation has an ABN,
   * an aggregator id of a British company where it has a Companies House number (one read per register entry).
   */
  dueReads(params: { accountId: string | null; now: Date; limit: number }): Promise<WatchedRead[]>;
  /**
   * Records a successful read in one transaction, with the read's row locked: `decide` gets what was last seen and
   * answers the changes; they are stored with what they change on the organisation (its status; a former name and the
   * new legal name; an added business name as an alias; an unknown status filled in), the observation becomes the last
   * seen and the read is due again at `nextDueAt`. A miss (`observation` null) only moves the read's due time.
   */
  recordReading(
    read: WatchedRead,
    reading: { observation: RegistryObservation | null; observedAt: Date; nextDueAt: Date; evidenceUrl?: string | null },
    decide: (lastSeen: LastSeen, observation: RegistryObservation) => ChangeDraft[],
  ): Promise<RecordedChange[]>;
  /**
   * Reads the register's "changed since" query says did not change: due again at `nextDueAt`, their last observation
   * and its time (`lastReadAt`) kept, no change recorded.
   */
  markUnchanged(reads: readonly WatchedRead[], next: { nextDueAt: Date }): Promise<void>;
  /** A failed read: nothing recorded but the failure and when to try again. */
  recordFailure(read: WatchedRead, failure: { message: string; nextDueAt: Date }): Promise<void>;
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
