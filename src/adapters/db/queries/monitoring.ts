/**
 * Registry monitoring's storage, query functions the monitoring pass calls (decision 0027: no store port): which registry identifiers of
 * watched organisations are due, and a reading recorded in one transaction with its change records and what they change
 * on the organisation. Watched: an organisation on some account's list (linked, or owned), not redirected, with a
 * registry identifier; with an account, only the organisations on that account's list.
 */
import { and, eq, sql } from 'drizzle-orm';
import { canonicalName, searchName } from '../../../core/canonical-name';
import {
  MONITORED_IDENTIFIER_TYPES,
  registryObservationSchema,
  registrySourceOf,
  type ChangeDraft,
  type MonitoredIdentifierType,
  type RegistryObservation,
} from '../../../core/registry-observation';
import { toRegistryStatus, type RegistryStatus } from '../../../core/registry-status';
import type { LastSeen, RecordedChange, WatchedRead } from '../../../server/monitoring/ports';
import type { Db } from '../client';
import { monitoredReads, organisationAliases, organisationChanges, organisations } from '../schema';
import { recordFieldSources } from './field-sources';
import { addOrganisationNameWords, addOrganisationWords } from './organisations-write';

interface DueRow extends Record<string, unknown> {
  organisation_id: string;
  type: string;
  value: string;
  /** checked_at of a read with an observation (the last full read); null otherwise. */
  last_read_at: string | Date | null;
}

const isMonitoredType = (type: string): type is MonitoredIdentifierType => (MONITORED_IDENTIFIER_TYPES as readonly string[]).includes(type);

/** On an account's list: linked (account_organisations) or owned; `accountId` null: any account's. */
function onAList(accountId: string | null): ReturnType<typeof sql> {
  return accountId === null
    ? sql`(exists (select 1 from account_organisations ao where ao.organisation_id = o.id)
           or exists (select 1 from organisation_owners oo where oo.organisation_id = o.id))`
    : sql`(exists (select 1 from account_organisations ao where ao.organisation_id = o.id and ao.account_id = ${accountId}::uuid)
           or exists (select 1 from organisation_owners oo where oo.organisation_id = o.id and oo.account_id = ${accountId}::uuid))`;
}

/**
 * Runs in the transaction that stores a reading's change records, after them (webhooks: one delivery job per change
 * and matching endpoint, issue 23 section 3); a failure rolls the reading back, and the read is tried again.
 */
export type AfterChanges = (changes: readonly RecordedChange[], tx: Db) => Promise<void>;

/**
 * Registry identifiers of watched organisations (on an account's list, owned or linked; of `accountId`'s list only
 * when given) whose read is due at `now`, the never-read first; ACN is left out where the organisation has an ABN,
 * an aggregator id of a British company where it has a Companies House number (one read per register entry).
 */
export async function dueMonitorReads(db: Db, { accountId, now, limit }: { accountId: string | null; now: Date; limit: number }): Promise<WatchedRead[]> {
  const types = sql.join(
    MONITORED_IDENTIFIER_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  const result = await db.execute<DueRow>(sql`
    select i.organisation_id, i.type, i.value, case when r.observation is not null then r.checked_at end as last_read_at
      from organisations o
      join organisation_identifiers i on i.organisation_id = o.id and i.type in (${types})
      left join ${monitoredReads} r
        on r.organisation_id = i.organisation_id and r.identifier_type = i.type and r.identifier_value = i.value
     where o.redirected_to is null
       and ${onAList(accountId)}
       and (r.due_at is null or r.due_at <= ${now.toISOString()}::timestamptz)
       and not (i.type = 'ACN' and exists (select 1 from organisation_identifiers x where x.organisation_id = o.id and x.type = 'ABN'))
       and not (i.type = 'OPENCORPORATES' and lower(i.value) like 'gb/%'
                and exists (select 1 from organisation_identifiers x where x.organisation_id = o.id and x.type = 'CH'))
     order by r.due_at nulls first, i.organisation_id, i.type
     limit ${limit}`);
  return result.rows.flatMap((row): WatchedRead[] =>
    isMonitoredType(row.type)
      ? [
          {
            organisationId: row.organisation_id,
            identifierType: row.type,
            identifierValue: row.value,
            source: registrySourceOf(row.type),
            lastReadAt: row.last_read_at === null ? null : new Date(row.last_read_at),
          },
        ]
      : [],
  );
}

/**
 * Records a successful read in one transaction, with the read's row locked: `decide` gets what was last seen and
 * answers the changes; they are stored with what they change on the organisation (its status; a former name and the
 * new legal name; an added business name as an alias; an unknown status filled in), `afterChanges` runs after them in
 * the transaction, the observation becomes the last seen and the read is due again at `nextDueAt`. A miss
 * (`observation` null) only moves the read's due time.
 */
export async function recordMonitorReading(
  db: Db,
  read: WatchedRead,
  reading: { observation: RegistryObservation | null; observedAt: Date; nextDueAt: Date; evidenceUrl?: string | null },
  decide: (lastSeen: LastSeen, observation: RegistryObservation) => ChangeDraft[],
  afterChanges?: AfterChanges,
): Promise<RecordedChange[]> {
  return db.transaction(async (tx) => {
    const key = { organisationId: read.organisationId, identifierType: read.identifierType, identifierValue: read.identifierValue };
    await tx
      .insert(monitoredReads)
      .values({ ...key, source: read.source, dueAt: reading.observedAt })
      .onConflictDoNothing();
    // The read's row, locked: two passes reading one identifier at once compare one after the other.
    const [row] = await tx
      .select({ observation: monitoredReads.observation })
      .from(monitoredReads)
      .where(
        and(
          eq(monitoredReads.organisationId, key.organisationId),
          eq(monitoredReads.identifierType, key.identifierType),
          eq(monitoredReads.identifierValue, key.identifierValue),
        ),
      )
      .for('update');
    const [organisation] = await tx
      .select({
        name: organisations.name,
        status: organisations.registryStatus,
        text: organisations.registryStatusText,
        date: organisations.registryStatusDate,
      })
      .from(organisations)
      .where(eq(organisations.id, read.organisationId))
      .for('update');
    const where = and(
      eq(monitoredReads.organisationId, key.organisationId),
      eq(monitoredReads.identifierType, key.identifierType),
      eq(monitoredReads.identifierValue, key.identifierValue),
    );
    if (row === undefined || organisation === undefined || reading.observation === null) {
      await tx.update(monitoredReads).set({ checkedAt: reading.observedAt, dueAt: reading.nextDueAt, lastFailure: null }).where(where);
      return [];
    }
    const parsed = registryObservationSchema.safeParse(row.observation);
    const previous = parsed.success ? parsed.data : null;
    const stored = toRegistryStatus(organisation.status, organisation.text, organisation.date);
    const observation = reading.observation;
    const drafts = decide({ previous, stored }, observation);

    const recorded: RecordedChange[] = [];
    if (drafts.length > 0) {
      const inserted = await tx
        .insert(organisationChanges)
        .values(
          drafts.map((d) => ({
            organisationId: read.organisationId,
            kind: d.kind,
            field: d.field,
            before: d.before ?? null,
            after: d.after ?? null,
            source: read.source,
            observedAt: reading.observedAt,
          })),
        )
        .returning({ id: organisationChanges.id });
      drafts.forEach((d, i) => {
        const id = inserted[i]?.id;
        if (id !== undefined) recorded.push({ ...d, id, organisationId: read.organisationId, source: read.source, observedAt: reading.observedAt });
      });
    }
    if (recorded.length > 0) await afterChanges?.(recorded, tx);
    await applyToOrganisation(tx, read.organisationId, organisation.name, stored, drafts, observation.registryStatus, reading);
    await tx.update(monitoredReads).set({ observation, checkedAt: reading.observedAt, dueAt: reading.nextDueAt, lastFailure: null }).where(where);
    return recorded;
  });
}

/**
 * Reads the register's "changed since" query says did not change: due again at `nextDueAt`, their last observation
 * and its time (`lastReadAt`) kept, no change recorded.
 */
export async function markReadsUnchanged(db: Db, reads: readonly WatchedRead[], { nextDueAt }: { nextDueAt: Date }): Promise<void> {
  if (reads.length === 0) return;
  const keys = sql.join(
    reads.map((r) => sql`(${r.organisationId}::uuid, ${r.identifierType}, ${r.identifierValue})`),
    sql`, `,
  );
  // checked_at stays the last full read's time: the next changed-since query (and the periodic full read) count from it.
  await db.execute(sql`
    update ${monitoredReads} set due_at = ${nextDueAt.toISOString()}::timestamptz, last_failure = null
     where (organisation_id, identifier_type, identifier_value) in (${keys})`);
}

/** A failed read: nothing recorded but the failure and when to try again. */
export async function recordMonitorFailure(db: Db, read: WatchedRead, failure: { message: string; nextDueAt: Date }): Promise<void> {
  await db
    .insert(monitoredReads)
    .values({
      organisationId: read.organisationId,
      identifierType: read.identifierType,
      identifierValue: read.identifierValue,
      source: read.source,
      dueAt: failure.nextDueAt,
      lastFailure: failure.message.slice(0, 500),
    })
    .onConflictDoUpdate({
      target: [monitoredReads.organisationId, monitoredReads.identifierType, monitoredReads.identifierValue],
      set: { dueAt: failure.nextDueAt, lastFailure: failure.message.slice(0, 500) },
    });
}

/**
 * What the changes change on the organisation (nothing without a change record, but an unknown status filled in):
 * a status change writes the status; a new legal name keeps the old one as a former name and the new one as an alias
 * (the organisation's own name, its key, stays: one company, one row); an added business name becomes an alias.
 */
async function applyToOrganisation(
  tx: Db,
  organisationId: string,
  organisationName: string,
  stored: RegistryStatus,
  drafts: readonly ChangeDraft[],
  registerStatus: RegistryStatus,
  reading: { observedAt: Date; evidenceUrl?: string | null },
): Promise<void> {
  const statusChange = drafts.find((d) => d.kind === 'status');
  const fillUnknown = stored.status === 'unknown' && registerStatus.status !== 'unknown';
  if (statusChange !== undefined || fillUnknown) {
    await tx
      .update(organisations)
      .set({
        registryStatus: registerStatus.status,
        registryStatusText: registerStatus.wording,
        registryStatusDate: registerStatus.date,
        updatedAt: reading.observedAt,
      })
      .where(eq(organisations.id, organisationId));
    await recordFieldSources(tx, organisationId, [
      { field: 'registryStatus', source: 'registry', retrievedAt: reading.observedAt, evidenceUrl: reading.evidenceUrl ?? null },
    ]);
  }
  const names: { value: string; kind: 'alias' | 'former_name' }[] = [];
  for (const d of drafts) {
    if (d.kind === 'legal_name' && typeof d.before === 'string' && typeof d.after === 'string') {
      names.push({ value: d.before, kind: 'former_name' }, { value: d.after, kind: 'alias' });
    }
    if (d.kind === 'business_names' && d.before === null && typeof d.after === 'string') names.push({ value: d.after, kind: 'alias' });
  }
  let added = false;
  for (const name of names) {
    const value = canonicalName(name.value);
    const search = searchName(name.value);
    if (search === '' || (name.kind === 'alias' && value.toLowerCase() === organisationName.toLowerCase())) continue;
    const result = await tx.execute(sql`
      insert into ${organisationAliases} (organisation_id, value, search_value, kind)
      select ${organisationId}::uuid, ${value}, ${search}, ${name.kind}
      where not exists (select 1 from ${organisationAliases} where organisation_id = ${organisationId}::uuid and search_value = ${search} and kind = ${name.kind})`);
    if ((result.rowCount ?? 0) > 0) added = true;
  }
  if (added) {
    await addOrganisationWords(tx, [organisationId]);
    await addOrganisationNameWords(tx, [organisationId]);
  }
}
