/**
 * One pass of registry monitoring (issue 23, sections 1 and 2): every watched organisation's registry identifier that
 * is due (never read, or read MONITOR_INTERVAL_HOURS ago) is read afresh from its register, paced by the shared
 * per-provider limiter, and compared with what was last seen (core/registry-observation.ts): each difference becomes a
 * change record, and a re-read that finds nothing new records nothing. A failed read records nothing but the failure
 * and is tried again within the hour; a pass never fails for a register's failure.
 */
import { firstReadChanges, nextReadDue, registryChanges, type RegistrySourceName } from '../../core/registry-observation';
import type { MonitorStore, ProviderPacer, RecordedChange, RegistryReads, WatchedRead } from './ports';
import type { Clock, Log } from '../ports';

export interface RunMonitorPassDependencies {
  store: MonitorStore;
  registries: RegistryReads;
  pace: ProviderPacer;
  log: Pick<Log, 'debug' | 'warn'>;
  /** MONITOR_INTERVAL_HOURS. */
  intervalHours: number;
  /** Reads taken from the store at a time (default 50). */
  batchSize?: number;
  now?: Clock;
}

export interface MonitorPassSummary {
  /** Reads made (successful or not). */
  checked: number;
  /** Reads whose register said nothing new (first reads included). */
  unchanged: number;
  /** Reads that found at least one change. */
  changed: number;
  /** Identifiers the register has no record of. */
  missing: number;
  failed: number;
  changes: RecordedChange[];
}

export type RunMonitorPass = (options: { accountId: string | null; signal?: AbortSignal }) => Promise<MonitorPassSummary>;

/** The limiter's key per register: the same keys the batch registry pass uses, so both share one budget per provider. */
const PACER_KEY: Readonly<Record<RegistrySourceName, string>> = { abr: 'registry_au', opencorporates: 'registry_global', gleif: 'registry_lei' };

/**
 * The most calls one read makes: a GLEIF read is the LEI's record and, when it reports them, its direct and ultimate
 * parents' records (three calls); the pacer counts the most, so a register's published limit is never exceeded.
 */
const CALLS_PER_READ: Readonly<Record<RegistrySourceName, number>> = { abr: 1, opencorporates: 1, gleif: 3 };

const readKey = (read: WatchedRead): string => `${read.organisationId}|${read.identifierType}|${read.identifierValue}`;

export function createRunMonitorPass(deps: RunMonitorPassDependencies): RunMonitorPass {
  const now = deps.now ?? (() => new Date());
  const batchSize = deps.batchSize ?? 50;

  async function readOne(read: WatchedRead, summary: MonitorPassSummary, signal: AbortSignal | undefined): Promise<void> {
    await deps.pace(PACER_KEY[read.source], CALLS_PER_READ[read.source]);
    const result = await deps.registries.read(read, { signal });
    const observedAt = now();
    summary.checked += 1;
    if (!result.ok) {
      summary.failed += 1;
      deps.log.warn({ source: read.source, identifierType: read.identifierType, failure: result.failure }, 'monitoring read failed; tried again later');
      await deps.store.recordFailure(read, { message: result.failure.message, nextDueAt: nextReadDue(observedAt, 'failed', deps.intervalHours) });
      return;
    }
    const nextDueAt = nextReadDue(observedAt, 'read', deps.intervalHours);
    if (result.value === null) summary.missing += 1;
    const changes = await deps.store.recordReading(read, { observation: result.value, observedAt, nextDueAt }, ({ previous, stored }, observation) =>
      previous === null ? firstReadChanges(stored, observation) : registryChanges(previous, observation),
    );
    if (changes.length > 0) summary.changed += 1;
    else if (result.value !== null) summary.unchanged += 1;
    summary.changes.push(...changes);
  }

  return async ({ accountId, signal }) => {
    const summary: MonitorPassSummary = { checked: 0, unchanged: 0, changed: 0, missing: 0, failed: 0, changes: [] };
    const attempted = new Set<string>();
    while (!signal?.aborted) {
      const due = (await deps.store.dueReads({ accountId, now: now(), limit: batchSize })).filter((read) => !attempted.has(readKey(read)));
      if (due.length === 0) break;
      for (const read of due) {
        if (signal?.aborted) break;
        attempted.add(readKey(read));
        await readOne(read, summary, signal);
      }
    }
    return summary;
  };
}
