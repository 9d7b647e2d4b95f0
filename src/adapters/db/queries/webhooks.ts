/**
 * Webhooks' storage, query functions of `(db, params)` the use cases of src/server/webhooks call (decision 0027): an
 * account's endpoints, the fan-out of change records to deliveries, and the attempt log. Every read and write of an
 * endpoint names its account in the WHERE clause; the fan-out reaches only the accounts that have the change's
 * organisation on their list.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { changeKindSchema, registrySourceSchema } from '../../../core/registry-observation';
import {
  WEBHOOK_EVENT_TYPE,
  WEBHOOK_RECENT_DELIVERIES,
  webhookEventBody,
  webhookMessageId,
  type DisabledWebhookEndpoint,
  type WebhookAttemptOutcome,
  type WebhookDeliveryState,
  type WebhookEndpoint,
} from '../../../core/webhooks';
import type { RecordedChange } from '../../../server/monitoring/ports';
import type { Db } from '../client';
import { organisations, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../schema';
import { onAccountList, selectAccountChange, toAccountChangeRecord, type AccountChangeColumns } from './account-changes';

/** What one attempt needs: the delivery, its fixed body and its endpoint's address and secret. */
export interface DeliveryToSend {
  id: string;
  state: WebhookDeliveryState;
  body: string;
  endpoint: { id: string; url: string; secret: string; disabled: boolean };
}

/** One attempt as the log keeps it. */
export interface AttemptRecord {
  attemptedAt: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  replay: boolean;
}

/**
 * One pending delivery per change and per enabled endpoint of every account that has the change's organisation on its
 * list (linked or owned) and wants its kind, in `t` (the transaction that stores the changes); answers the new
 * deliveries' ids: `on conflict do nothing` makes a repeated fan-out add nothing (never two for one endpoint and
 * change). With `onlyEndpointId`, for that endpoint only (the catch-up of an endpoint enabled again).
 */
export async function recordChangeDeliveries(t: Db, changes: readonly RecordedChange[], onlyEndpointId?: string): Promise<string[]> {
  const ids: string[] = [];
  const organisationIds = [...new Set(changes.map((c) => c.organisationId))];
  if (organisationIds.length === 0) return [];
  const names = new Map(
    (await t.select({ id: organisations.id, name: organisations.name }).from(organisations).where(inArray(organisations.id, organisationIds))).map((o) => [
      o.id,
      o.name,
    ]),
  );
  for (const change of changes) {
    const body = webhookEventBody(
      {
        id: change.id,
        organisationId: change.organisationId,
        kind: change.kind,
        field: change.field,
        before: change.before ?? null,
        after: change.after ?? null,
        source: change.source,
        observedAt: change.observedAt.toISOString(),
      },
      { id: change.organisationId, name: names.get(change.organisationId) ?? '' },
    );
    const inserted = await t.execute<{ id: string }>(sql`
      insert into ${webhookDeliveries} (endpoint_id, change_id, event_type, body)
      select e.id, ${change.id}::uuid, ${WEBHOOK_EVENT_TYPE}, ${body}
        from ${webhookEndpoints} e
       where e.disabled_at is null
         ${onlyEndpointId === undefined ? sql`` : sql`and e.id = ${onlyEndpointId}::uuid`}
         and (e.kinds is null or ${change.kind} = any(e.kinds))
         and (exists (select 1 from account_organisations ao where ao.organisation_id = ${change.organisationId}::uuid and ao.account_id = e.account_id)
              or exists (select 1 from organisation_owners oo where oo.organisation_id = ${change.organisationId}::uuid and oo.account_id = e.account_id))
      on conflict (endpoint_id, change_id) do nothing
      returning id`);
    ids.push(...inserted.rows.map((r) => r.id));
  }
  return ids;
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** The account's endpoints (no secret), each with its latest deliveries and their attempts. */
export async function listWebhookEndpoints(db: Db, accountId: string): Promise<WebhookEndpoint[]> {
  const endpoints = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, accountId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  if (endpoints.length === 0) return [];
  // The latest deliveries of each endpoint (a lateral join keeps it to WEBHOOK_RECENT_DELIVERIES each).
  const deliveries = await db.execute<{ id: string; endpoint_id: string; change_id: string; state: string; created_at: Date | string }>(sql`
    select d.id, d.endpoint_id, d.change_id, d.state, d.created_at
      from ${webhookEndpoints} e
      cross join lateral (
        select * from ${webhookDeliveries} x where x.endpoint_id = e.id order by x.created_at desc, x.id desc limit ${WEBHOOK_RECENT_DELIVERIES}
      ) d
     where e.account_id = ${accountId}::uuid`);
  const deliveryIds = deliveries.rows.map((d) => d.id);
  const attempts =
    deliveryIds.length === 0
      ? []
      : await db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, deliveryIds)).orderBy(webhookAttempts.seq);
  const attemptsOf = new Map<string, WebhookEndpoint['recentDeliveries'][number]['attempts']>();
  for (const a of attempts) {
    const list = attemptsOf.get(a.deliveryId) ?? [];
    list.push({ attemptedAt: a.attemptedAt.toISOString(), statusCode: a.statusCode, error: a.error, durationMs: a.durationMs, replay: a.replay });
    attemptsOf.set(a.deliveryId, list);
  }
  return endpoints.map((e): WebhookEndpoint => {
    const recent = deliveries.rows
      .filter((d) => d.endpoint_id === e.id)
      .sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || (a.id < b.id ? 1 : -1));
    return {
      id: e.id,
      url: e.url,
      kinds: e.kinds === null ? null : e.kinds.map((k) => changeKindSchema.parse(k)),
      state: e.disabledAt === null ? 'enabled' : 'disabled',
      disabledReason: e.disabledReason,
      disabledAt: iso(e.disabledAt),
      failingSince: iso(e.failingSince),
      createdAt: e.createdAt.toISOString(),
      recentDeliveries: recent.map((d) => ({
        id: d.id,
        webhookId: webhookMessageId(d.id),
        changeId: d.change_id,
        eventType: WEBHOOK_EVENT_TYPE,
        state: d.state === 'succeeded' || d.state === 'failed' ? d.state : 'pending',
        createdAt: new Date(d.created_at).toISOString(),
        attempts: attemptsOf.get(d.id) ?? [],
      })),
    };
  });
}

export async function countWebhookEndpoints(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, accountId));
  return row?.n ?? 0;
}

/** The account's disabled endpoints, the latest disabled first (the `/changes` page's notice); none of another account's. */
export async function disabledWebhookEndpoints(db: Db, accountId: string): Promise<DisabledWebhookEndpoint[]> {
  // The latest failed delivery is the one to replay (the one whose attempt disabled it, or a later one ended by it).
  const rows = await db.execute<{
    id: string;
    url: string;
    failing_since: Date | string | null;
    disabled_at: Date | string;
    disabled_reason: string | null;
    replay_delivery_id: string | null;
  }>(sql`
    select e.id, e.url, e.failing_since, e.disabled_at, e.disabled_reason,
           (select d.id from ${webhookDeliveries} d where d.endpoint_id = e.id and d.state = 'failed'
             order by d.created_at desc, d.id desc limit 1) as replay_delivery_id
      from ${webhookEndpoints} e
     where e.account_id = ${accountId}::uuid and e.disabled_at is not null
     order by e.disabled_at desc, e.id`);
  const at = (d: Date | string) => new Date(d).toISOString();
  return rows.rows.map((r) => ({
    id: r.id,
    url: r.url,
    failingSince: r.failing_since === null ? null : at(r.failing_since),
    disabledAt: at(r.disabled_at),
    disabledReason: r.disabled_reason ?? 'Every delivery attempt failed for too long',
    replayDeliveryId: r.replay_delivery_id,
  }));
}

export async function insertWebhookEndpoint(
  db: Db,
  { accountId, url, kinds, secret }: { accountId: string; url: string; kinds: readonly string[] | null; secret: string },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ accountId, url, kinds: kinds === null ? null : [...kinds], secret })
    .returning({ id: webhookEndpoints.id });
  if (row === undefined) throw new Error('webhook endpoint insert returned nothing');
  return row;
}

/** false when the account has no such endpoint (another account's included). */
export async function deleteWebhookEndpointRow(db: Db, { accountId, endpointId }: { accountId: string; endpointId: string }): Promise<boolean> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.accountId, accountId)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

/** The delivery an attempt sends; null when it no longer exists (its endpoint was deleted). */
export async function deliveryToSend(db: Db, deliveryId: string): Promise<DeliveryToSend | null> {
  const [row] = await db
    .select({
      id: webhookDeliveries.id,
      state: webhookDeliveries.state,
      body: webhookDeliveries.body,
      endpointId: webhookEndpoints.id,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      disabledAt: webhookEndpoints.disabledAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (row === undefined) return null;
  return {
    id: row.id,
    state: row.state === 'succeeded' || row.state === 'failed' ? row.state : 'pending',
    body: row.body,
    endpoint: { id: row.endpointId, url: row.url, secret: row.secret, disabled: row.disabledAt !== null },
  };
}

/**
 * Logs one attempt and applies its outcome in one transaction, with the endpoint's row locked: `decide` gets the
 * endpoint's failing streak and answers the outcome (the delivery's state, the new streak, whether to disable it).
 */
export async function recordWebhookAttempt(
  db: Db,
  delivery: { id: string; endpointId: string },
  attempt: AttemptRecord,
  decide: (endpoint: { failingSince: Date | null }) => WebhookAttemptOutcome,
  disabledReason: (failingSince: Date) => string,
): Promise<WebhookAttemptOutcome> {
  return db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ failingSince: webhookEndpoints.failingSince, disabledAt: webhookEndpoints.disabledAt })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, delivery.endpointId))
      .for('update');
    await tx.insert(webhookAttempts).values({ deliveryId: delivery.id, ...attempt, error: attempt.error?.slice(0, 500) ?? null });
    const outcome = decide({ failingSince: endpoint?.failingSince ?? null });
    await tx.update(webhookDeliveries).set({ state: outcome.delivery }).where(eq(webhookDeliveries.id, delivery.id));
    if (endpoint === undefined) return outcome;
    const disable = outcome.disable && endpoint.disabledAt === null && outcome.failingSince !== null;
    await tx
      .update(webhookEndpoints)
      .set({
        failingSince: outcome.failingSince,
        ...(disable && outcome.failingSince !== null ? { disabledAt: attempt.attemptedAt, disabledReason: disabledReason(outcome.failingSince) } : {}),
      })
      .where(eq(webhookEndpoints.id, delivery.endpointId));
    return outcome;
  });
}

/** A delivery that failed or was disabled on the way, ended without an attempt (its endpoint is disabled). */
export async function endWebhookDelivery(db: Db, deliveryId: string, state: 'failed'): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ state })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.state, 'pending')));
}

/**
 * Replay: when the account owns the endpoint and the delivery is not pending, marks it pending again, enables its
 * endpoint (clearing its failing streak) and calls `enqueue` in the same transaction. An endpoint that was disabled
 * also gets what it missed in its outage (since its last delivered attempt), pending again or new (`missed`: those
 * deliveries' ids): its failed deliveries and the changes recorded while it was disabled. 'not-found' for an
 * endpoint or delivery the account does not have; 'pending' when it is being delivered already.
 */
export async function replayWebhookDeliveryRows(
  db: Db,
  { accountId, endpointId, deliveryId }: { accountId: string; endpointId: string; deliveryId: string },
  enqueue: (tx: Db, missed: readonly string[]) => Promise<void>,
): Promise<'replayed' | 'not-found' | 'pending'> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ state: webhookDeliveries.state, disabledAt: webhookEndpoints.disabledAt })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.accountId, accountId)))
      .for('update');
    if (found === undefined) return 'not-found';
    if (found.state === 'pending') return 'pending';
    await tx.update(webhookDeliveries).set({ state: 'pending' }).where(eq(webhookDeliveries.id, deliveryId));
    await tx
      .update(webhookEndpoints)
      .set({ disabledAt: null, disabledReason: null, failingSince: null })
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.accountId, accountId)));
    const missed = found.disabledAt === null ? [] : await missedDeliveries(tx, { endpointId, accountId, deliveryId });
    await enqueue(tx, missed);
    return 'replayed';
  });
}

/**
 * What an endpoint enabled again missed during its outage (since its last delivered attempt, or its creation), made
 * pending in the replay's transaction: its deliveries that failed since then (their last attempt in the outage, or none:
 * ended by the disabling), the replayed one aside, and a new delivery per change recorded while it was disabled
 * (observed in the outage, of an organisation on the account's list, of a kind it wants, never delivered to it).
 * Answers their ids.
 */
async function missedDeliveries(t: Db, params: { endpointId: string; accountId: string; deliveryId: string }): Promise<string[]> {
  const outageSince = sql`(select coalesce(
      (select max(a.attempted_at) from ${webhookAttempts} a join ${webhookDeliveries} x on x.id = a.delivery_id
        where x.endpoint_id = ${params.endpointId}::uuid and a.status_code between 200 and 299),
      (select created_at from ${webhookEndpoints} where id = ${params.endpointId}::uuid)))`;
  const failed = await t.execute<{ id: string }>(sql`
    update ${webhookDeliveries} d set state = 'pending'
     where d.endpoint_id = ${params.endpointId}::uuid and d.state = 'failed' and d.id <> ${params.deliveryId}::uuid
       and coalesce((select max(a.attempted_at) from ${webhookAttempts} a where a.delivery_id = d.id), 'infinity'::timestamptz) >= ${outageSince}
    returning d.id`);
  const changes = await t.execute<AccountChangeColumns>(sql`
    ${selectAccountChange(params.accountId)}
      join ${webhookEndpoints} e on e.id = ${params.endpointId}::uuid
     where c.observed_at >= ${outageSince}
       and (e.kinds is null or c.kind = any(e.kinds))
       and ${onAccountList(params.accountId, sql`c.organisation_id`)}
       and not exists (select 1 from ${webhookDeliveries} d where d.endpoint_id = e.id and d.change_id = c.id)
     order by c.observed_at, c.id`);
  const missed = changes.rows
    .map(toAccountChangeRecord)
    .map((c): RecordedChange => ({ ...c, kind: changeKindSchema.parse(c.kind), source: registrySourceSchema.parse(c.source) }));
  const added = await recordChangeDeliveries(t, missed, params.endpointId);
  return [...failed.rows.map((r) => r.id), ...added];
}

/** The latest delivery ids of an endpoint (tests and the sandbox receiver's summary). */
export async function latestDeliveryIds(db: Db, endpointId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}
