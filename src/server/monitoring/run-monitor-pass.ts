/**
 * One pass of registry monitoring (issue 23, sections 1 and 2): every watched organisation's registry identifier that
 * is due (never read, or read MONITOR_INTERVAL_HOURS ago) is read afresh from its register, paced by the shared
 * per-provider limiter, and compared with what was last seen (core/registry-observation.ts): each difference becomes a
 * change record, and a re-read that finds nothing new records nothing. A failed read records nothing but the failure
 * and is tried again within the hour; a pass never fails for a register's failure.
 *
 * Where a register has a "changed since" query (GLEIF), an LEI read before is not re-read in full: one query per page
 * of due LEIs asks which changed since they were last read, and only those are re-read (record and parents); the others
 * are due again without a request of their own. A parent change may not move the child's update date, so each LEI is
 * still read in full once every MONITOR_FULL_READ_DAYS.
 */
import { firstReadChanges, nextReadDue, registryChanges, type RegistrySourceName } from '../../core/registry-observation';
import type { Db } from '../../adapters/db/client';
import { dueMonitorReads, markReadsUnchanged, recordMonitorFailure, recordMonitorReading, type AfterChanges } from '../../adapters/db/queries/monitoring';
import type { ProviderPacer, RecordedChange, RegistryReads, WatchedRead } from './ports';
import type { Clock, Log } from '../ports';

export interface RunMonitorPassDependencies {
  db: Db;
  /** Runs in the transaction that stores a reading's changes (webhooks' fan-out); a failure rolls the reading back. */
  afterChanges?: AfterChanges;
  registries: RegistryReads;
  pace: ProviderPacer;
  log: Pick<Log, 'debug' | 'warn'>;
  /** MONITOR_INTERVAL_HOURS. */
  intervalHours: number;
  /** MONITOR_FULL_READ_DAYS: an LEI is read in full at least this often, changed or not (default 7). */
  fullReadDays?: number;
  /**
   * How far before an LEI's last full read the changed-since query looks (default a day): GLEIF serves an LOU's update
   * hours after its `lastUpdateDate` (it publishes three times a day), so a change dated just before the read may not
   * have been in it.
   */
  changedSinceMarginMs?: number;
  /** Reads taken from the store at a time (default 200, GLEIF's page: one changed-since query per batch). */
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
  /** Of `unchanged`, the LEIs a changed-since query answered for, without a read of their own. */
  unchangedSince: number;
  /** Changed-since queries made (one per page of due LEIs). */
  changedSinceCalls: number;
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

const DAY_MS = 24 * 60 * 60 * 1000;
/** GLEIF's largest page: the most LEIs one changed-since query asks about. */
const CHANGED_SINCE_PAGE = 200;
const leiOf = (read: WatchedRead): string => read.identifierValue.replace(/\s+/g, '').toUpperCase();

export function createRunMonitorPass(deps: RunMonitorPassDependencies): RunMonitorPass {
  const now = deps.now ?? (() => new Date());
  const batchSize = deps.batchSize ?? CHANGED_SINCE_PAGE;
  const fullReadMs = (deps.fullReadDays ?? 7) * DAY_MS;
  const marginMs = deps.changedSinceMarginMs ?? DAY_MS;

  async function readOne(read: WatchedRead, summary: MonitorPassSummary, signal: AbortSignal | undefined): Promise<void> {
    await deps.pace(PACER_KEY[read.source], CALLS_PER_READ[read.source]);
    const result = await deps.registries.read(read, { signal });
    const observedAt = now();
    summary.checked += 1;
    if (!result.ok) {
      summary.failed += 1;
      deps.log.warn({ source: read.source, identifierType: read.identifierType, failure: result.failure }, 'monitoring read failed; tried again later');
      await recordMonitorFailure(deps.db, read, { message: result.failure.message, nextDueAt: nextReadDue(observedAt, 'failed', deps.intervalHours) });
      return;
    }
    const nextDueAt = nextReadDue(observedAt, 'read', deps.intervalHours);
    if (result.value === null) summary.missing += 1;
    const changes = await recordMonitorReading(
      deps.db,
      read,
      { observation: result.value, observedAt, nextDueAt },
      ({ previous, stored }, observation) => (previous === null ? firstReadChanges(stored, observation) : registryChanges(previous, observation)),
      deps.afterChanges,
    );
    if (changes.length > 0) summary.changed += 1;
    else if (result.value !== null) summary.unchanged += 1;
    summary.changes.push(...changes);
  }

  /** Read before and in full within MONITOR_FULL_READ_DAYS: the changed-since query may answer for it. */
  const askable = (read: WatchedRead, at: Date): read is WatchedRead & { lastReadAt: Date } =>
    deps.registries.leisChangedSince !== undefined &&
    read.identifierType === 'LEI' &&
    read.lastReadAt !== undefined &&
    read.lastReadAt !== null &&
    at.getTime() - read.lastReadAt.getTime() < fullReadMs;

  /** One changed-since query for a page of LEIs; answers the reads to re-read in full (a failed query fails them all). */
  async function askChangedSince(
    page: (WatchedRead & { lastReadAt: Date })[],
    summary: MonitorPassSummary,
    signal: AbortSignal | undefined,
  ): Promise<WatchedRead[]> {
    const query = deps.registries.leisChangedSince;
    if (query === undefined) return page;
    const since = new Date(Math.min(...page.map((read) => read.lastReadAt.getTime())) - marginMs);
    const result = await query([...new Set(page.map(leiOf))], since, { signal, beforeCall: () => deps.pace(PACER_KEY.gleif, 1) });
    summary.changedSinceCalls += 1;
    const observedAt = now();
    if (!result.ok) {
      deps.log.warn({ source: 'gleif', leis: page.length, failure: result.failure }, 'changed-since query failed; its reads are tried again later');
      for (const read of page) {
        summary.checked += 1;
        summary.failed += 1;
        await recordMonitorFailure(deps.db, read, { message: result.failure.message, nextDueAt: nextReadDue(observedAt, 'failed', deps.intervalHours) });
      }
      return [];
    }
    const updated = result.value;
    // Re-read an LEI whose record changed since its own last read (the page's `since` is its oldest one's).
    const changed = (read: WatchedRead & { lastReadAt: Date }) => {
      if (!updated.has(leiOf(read))) return false;
      const at = updated.get(leiOf(read));
      return at === null || at === undefined || at.getTime() >= read.lastReadAt.getTime() - marginMs;
    };
    const same = page.filter((read) => !changed(read));
    await markReadsUnchanged(deps.db, same, { nextDueAt: nextReadDue(observedAt, 'read', deps.intervalHours) });
    summary.checked += same.length;
    summary.unchanged += same.length;
    summary.unchangedSince += same.length;
    return page.filter(changed);
  }

  return async ({ accountId, signal }) => {
    const summary: MonitorPassSummary = {
      checked: 0,
      unchanged: 0,
      changed: 0,
      missing: 0,
      failed: 0,
      unchangedSince: 0,
      changedSinceCalls: 0,
      changes: [],
    };
    const attempted = new Set<string>();
    while (!signal?.aborted) {
      const due = (await dueMonitorReads(deps.db, { accountId, now: now(), limit: batchSize })).filter((read) => !attempted.has(readKey(read)));
      if (due.length === 0) break;
      for (const read of due) attempted.add(readKey(read));
      const at = now();
      const ask = due.filter((read) => askable(read, at));
      const full = due.filter((read) => !askable(read, at));
      for (let i = 0; i < ask.length && !signal?.aborted; i += CHANGED_SINCE_PAGE) {
        full.push(...(await askChangedSince(ask.slice(i, i + CHANGED_SINCE_PAGE), summary, signal)));
      }
      for (const read of full) {
        if (signal?.aborted) break;
        await readOne(read, summary, signal);
      }
    }
    return summary;
  };
}
