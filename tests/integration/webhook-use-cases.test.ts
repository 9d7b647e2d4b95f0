/**
 * The webhook use cases on real PostgreSQL (issue 23, section 3), one at a time: creating an endpoint (the secret, the
 * kinds, a refused URL, the per-account limit), one delivery attempt (signed under the delivery's webhook-id, logged;
 * a failure retried by the queue; the failing window disabling the endpoint; a success clearing the streak; a settled
 * or deleted delivery not sent), the fan-out of recorded changes into jobs on the changes' transaction, and a replay
 * (in its transaction; what a disabled endpoint missed; 404 and 409). These were unit tests over an in-memory webhook
 * store until decision 0027's review removed the store port: every assertion is kept, read from the tables where the
 * fake held it. The sender (the outside world) and the job queue stay recording doubles of their ports.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/adapters/db/client';
import { organisationChanges, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../src/adapters/db/schema';
import { insertWebhookEndpoint, recordChangeDeliveries } from '../../src/adapters/db/queries/webhooks';
import { ConflictError, NotFoundError, ValidationError } from '../../src/core/errors';
import { verifyWebhook } from '../../src/core/webhook-signature';
import { WEBHOOK_ENDPOINTS_PER_ACCOUNT } from '../../src/core/webhooks';
import type { RecordedChange } from '../../src/server/monitoring/ports';
import { createDeliverWebhook, WebhookDeliveryFailedError } from '../../src/server/webhooks/deliver-webhook';
import { createEnqueueChangeDeliveries } from '../../src/server/webhooks/enqueue-change-deliveries';
import type { PostWebhookResult } from '../../src/server/webhooks/ports';
import { createReplayWebhookDelivery } from '../../src/server/webhooks/replay-webhook-delivery';
import { createCreateWebhookEndpoint, deleteWebhookEndpoint } from '../../src/server/webhooks/webhook-endpoints';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.drop();
});

/** An account with one organisation on its list. */
async function accountWithOrganisation() {
  const account = await makeAccount(db);
  const organisation = await makeOrganisation(db, { name: 'Wattlebird Freight Pty Ltd' }, { linkAccountId: account.id });
  return { accountId: account.id, organisationId: organisation.id };
}

/** A status change of the organisation, stored as monitoring stores it. */
async function recordedChange(organisationId: string): Promise<RecordedChange> {
  const draft = {
    organisationId,
    kind: 'status' as const,
    field: 'registryStatus',
    before: null,
    after: null,
    source: 'gleif' as const,
    observedAt: new Date(Date.now() + 1000),
  };
  const [row] = await db.insert(organisationChanges).values(draft).returning({ id: organisationChanges.id });
  if (row === undefined) throw new Error('change not inserted');
  return { id: row.id, ...draft };
}

/** A pending delivery of a new change to a new endpoint of a new account (the secret above, every kind). */
async function pendingDelivery() {
  const { accountId, organisationId } = await accountWithOrganisation();
  const endpoint = await insertWebhookEndpoint(db, { accountId, url: 'https://hooks.example.com/x', kinds: null, secret: SECRET });
  const [deliveryId] = await recordChangeDeliveries(db, [await recordedChange(organisationId)]);
  if (deliveryId === undefined) throw new Error('no delivery recorded');
  return { accountId, organisationId, endpointId: endpoint.id, deliveryId };
}

const endpointRow = async (id: string) => (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0];
const deliveryState = async (id: string, through: Db = db) =>
  (await through.select({ state: webhookDeliveries.state }).from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]?.state;
const attemptsOf = (deliveryId: string) =>
  db
    .select({
      attemptedAt: webhookAttempts.attemptedAt,
      statusCode: webhookAttempts.statusCode,
      error: webhookAttempts.error,
      durationMs: webhookAttempts.durationMs,
      replay: webhookAttempts.replay,
    })
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(asc(webhookAttempts.seq));

describe('createWebhookEndpoint', () => {
  const sender = { refusedTarget: (url: string) => (url.startsWith('https://') ? undefined : 'must be an https URL') };
  const endpointsOf = (accountId: string) => db.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, accountId));

  it('stores the endpoint with a new whsec_ secret and answers the secret once', async () => {
    const { accountId } = await accountWithOrganisation();
    const answer = await createCreateWebhookEndpoint({ db, sender })(accountId, { url: 'https://hooks.example.com/x', kinds: ['status'] });
    const created = await endpointsOf(accountId);
    expect(answer).toEqual({ id: created[0]?.id, secret: created[0]?.secret });
    expect(answer.secret).toMatch(/^whsec_/);
    expect(created[0]).toMatchObject({ accountId, url: 'https://hooks.example.com/x', kinds: ['status'] });
  });

  it('no kinds: every kind (stored as null)', async () => {
    const { accountId } = await accountWithOrganisation();
    await createCreateWebhookEndpoint({ db, sender })(accountId, { url: 'https://hooks.example.com/x' });
    expect((await endpointsOf(accountId))[0]?.kinds).toBeNull();
  });

  it('a refused URL is a ValidationError on `url`; nothing is stored', async () => {
    const { accountId } = await accountWithOrganisation();
    const failure = await createCreateWebhookEndpoint({ db, sender })(accountId, { url: 'http://hooks.example.com/x' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ValidationError);
    expect((failure as ValidationError).issues).toEqual([{ field: 'url', rule: 'webhook_target', message: 'must be an https URL' }]);
    expect(await endpointsOf(accountId)).toEqual([]);
  });

  it(`an account with ${WEBHOOK_ENDPOINTS_PER_ACCOUNT} endpoints gets a ConflictError`, async () => {
    const { accountId } = await accountWithOrganisation();
    for (let i = 0; i < WEBHOOK_ENDPOINTS_PER_ACCOUNT; i++) {
      await insertWebhookEndpoint(db, { accountId, url: `https://hooks.example.com/${i}`, kinds: null, secret: SECRET });
    }
    await expect(createCreateWebhookEndpoint({ db, sender })(accountId, { url: 'https://hooks.example.com/x' })).rejects.toBeInstanceOf(ConflictError);
    expect(await endpointsOf(accountId)).toHaveLength(WEBHOOK_ENDPOINTS_PER_ACCOUNT);
  });
});

describe('deliverWebhook', () => {
  function sender(results: PostWebhookResult[]) {
    const posts: { url: string; headers: Record<string, string>; body: string }[] = [];
    return {
      posts,
      sender: {
        post: async (url: string, message: { headers: Record<string, string>; body: string }) => {
          posts.push({ url, headers: message.headers, body: message.body });
          return results.shift() ?? { ok: true as const, statusCode: 200, durationMs: 1 };
        },
      },
    };
  }
  const log = { debug: () => undefined, warn: () => undefined };

  it('signs the stored body under the delivery’s webhook-id and the attempt’s time, and logs the attempt', async () => {
    const now = new Date('2026-12-01T00:00:00Z');
    const { deliveryId } = await pendingDelivery();
    const { sender: s, posts } = sender([{ ok: true, statusCode: 204, durationMs: 12 }]);
    const outcome = await createDeliverWebhook({ db, sender: s, disableAfterHours: 24, log, now: () => now })(
      { deliveryId, replay: false },
      { isLastAttempt: false },
    );
    expect(outcome).toEqual({ delivery: 'succeeded', failingSince: null, disable: false });
    const [post] = posts;
    const [stored] = await db.select({ body: webhookDeliveries.body }).from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    expect(post?.url).toBe('https://hooks.example.com/x');
    expect(post?.body).toBe(stored?.body);
    expect(post?.headers['webhook-id']).toBe(`msg_${deliveryId.replaceAll('-', '')}`);
    expect(post?.headers['webhook-timestamp']).toBe(String(now.getTime() / 1000));
    const verified = verifyWebhook(
      SECRET,
      { id: post?.headers['webhook-id'] ?? null, timestamp: post?.headers['webhook-timestamp'] ?? null, signature: post?.headers['webhook-signature'] ?? null },
      post?.body ?? '',
      { now },
    );
    expect(verified).toEqual({ ok: true });
    expect(await attemptsOf(deliveryId)).toEqual([{ attemptedAt: now, statusCode: 204, error: null, durationMs: 12, replay: false }]);
    expect(await deliveryState(deliveryId)).toBe('succeeded');
  });

  it('a failure throws so the queue retries; the last attempt fails the delivery without throwing', async () => {
    const { deliveryId } = await pendingDelivery();
    const { sender: s } = sender([
      { ok: false, statusCode: 500, error: 'HTTP 500', durationMs: 3 },
      { ok: false, statusCode: null, error: 'timeout: no answer within 10000 ms', durationMs: 10_000 },
    ]);
    const deliver = createDeliverWebhook({ db, sender: s, disableAfterHours: 24, log });
    await expect(deliver({ deliveryId, replay: false }, { isLastAttempt: false })).rejects.toBeInstanceOf(WebhookDeliveryFailedError);
    expect(await deliver({ deliveryId, replay: false }, { isLastAttempt: true })).toMatchObject({ delivery: 'failed', disable: false });
    expect((await attemptsOf(deliveryId)).map((a) => [a.statusCode, a.error])).toEqual([
      [500, 'HTTP 500'],
      [null, 'timeout: no answer within 10000 ms'],
    ]);
  });

  it('disables the endpoint once it has failed for the whole window, and skips its deliveries after', async () => {
    let now = new Date('2026-12-01T00:00:00Z');
    const { deliveryId, endpointId } = await pendingDelivery();
    const unavailable = { ok: false as const, statusCode: 503, error: 'HTTP 503', durationMs: 1 };
    const { sender: s, posts } = sender([unavailable, unavailable, unavailable]);
    const deliver = createDeliverWebhook({ db, sender: s, disableAfterHours: 24, log, now: () => now });
    await expect(deliver({ deliveryId, replay: false }, { isLastAttempt: false })).rejects.toThrow();
    now = new Date('2026-12-01T23:59:00Z');
    await expect(deliver({ deliveryId, replay: false }, { isLastAttempt: false })).rejects.toThrow();
    expect((await endpointRow(endpointId))?.disabledAt).toBeNull();
    now = new Date('2026-12-02T00:00:00Z');
    expect(await deliver({ deliveryId, replay: false }, { isLastAttempt: false })).toEqual({
      delivery: 'failed',
      failingSince: new Date('2026-12-01T00:00:00Z'),
      disable: true,
    });
    expect((await endpointRow(endpointId))?.disabledReason).toContain('24 hours');
    await db.update(webhookDeliveries).set({ state: 'pending' }).where(eq(webhookDeliveries.id, deliveryId));
    const sent = posts.length;
    expect(await deliver({ deliveryId, replay: false }, { isLastAttempt: false })).toBe('skipped');
    expect(posts.length).toBe(sent);
    expect(await deliveryState(deliveryId)).toBe('failed');
  });

  it('a success clears the failing streak', async () => {
    const { deliveryId, endpointId } = await pendingDelivery();
    await db
      .update(webhookEndpoints)
      .set({ failingSince: new Date('2026-12-01T00:00:00Z') })
      .where(eq(webhookEndpoints.id, endpointId));
    const { sender: s } = sender([{ ok: true, statusCode: 200, durationMs: 1 }]);
    await createDeliverWebhook({ db, sender: s, disableAfterHours: 24, log })({ deliveryId, replay: true }, { isLastAttempt: false });
    expect((await endpointRow(endpointId))?.failingSince).toBeNull();
  });

  it('a delivery already settled, or deleted with its endpoint, is not sent again', async () => {
    const settled = await pendingDelivery();
    await db.update(webhookDeliveries).set({ state: 'succeeded' }).where(eq(webhookDeliveries.id, settled.deliveryId));
    const { sender: s, posts } = sender([]);
    const deliver = createDeliverWebhook({ db, sender: s, disableAfterHours: 24, log });
    expect(await deliver({ deliveryId: settled.deliveryId, replay: false }, { isLastAttempt: false })).toBe('skipped');
    const gone = await pendingDelivery();
    await deleteWebhookEndpoint(db, gone.accountId, gone.endpointId);
    expect(await deliver({ deliveryId: gone.deliveryId, replay: false }, { isLastAttempt: false })).toBe('skipped');
    expect(posts).toEqual([]);
  });
});

/**
 * A job queue recording what is sent and on which handle (the queue is a port: pg-boss is the outside world here):
 * `sent` names the handle (a failing comparison prints a word, not a database client), `handles` keeps it.
 */
function recordingJobs() {
  const sent: { name: string; payload: unknown; tx: 'no handle' | 'db' | 'a transaction' }[] = [];
  const handles: unknown[] = [];
  const jobs = {
    send: async (name: string, payload: unknown, options?: { tx?: unknown }) => {
      sent.push({ name, payload, tx: options?.tx === undefined ? 'no handle' : options.tx === db ? 'db' : 'a transaction' });
      handles.push(options?.tx);
      return 'job';
    },
  };
  return { sent, handles, jobs };
}

describe('enqueueChangeDeliveries', () => {
  it('sends one webhook.deliver job per delivery the transaction recorded, on that transaction', async () => {
    const { accountId, organisationId } = await accountWithOrganisation();
    await insertWebhookEndpoint(db, { accountId, url: 'https://hooks.example.com/a', kinds: null, secret: SECRET });
    await insertWebhookEndpoint(db, { accountId, url: 'https://hooks.example.com/b', kinds: ['status'], secret: SECRET });
    // An endpoint that does not want status changes gets no delivery.
    await insertWebhookEndpoint(db, { accountId, url: 'https://hooks.example.com/c', kinds: ['legal_name'], secret: SECRET });
    const change = await recordedChange(organisationId);
    const { sent, handles, jobs } = recordingJobs();
    let transaction: unknown;
    const count = await db.transaction(async (tx) => {
      transaction = tx;
      return createEnqueueChangeDeliveries({ jobs })([change], tx);
    });
    expect(count).toBe(2);
    const recorded = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.changeId, change.id))
      .orderBy(asc(webhookDeliveries.id));
    expect(recorded).toHaveLength(2);
    expect(
      [...sent].sort((a, b) => String((a.payload as { deliveryId: string }).deliveryId).localeCompare((b.payload as { deliveryId: string }).deliveryId)),
    ).toEqual(recorded.map((d) => ({ name: 'webhook.deliver', payload: { deliveryId: d.id, replay: false }, tx: 'a transaction' })));
    expect(handles.every((handle) => handle === transaction)).toBe(true);
  });

  it('no change: nothing recorded, nothing sent', async () => {
    const { accountId } = await accountWithOrganisation();
    await insertWebhookEndpoint(db, { accountId, url: 'https://hooks.example.com/a', kinds: null, secret: SECRET });
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries);
    const { sent, jobs } = recordingJobs();
    expect(await db.transaction((tx) => createEnqueueChangeDeliveries({ jobs })([], tx))).toBe(0);
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries)).toEqual(before);
    expect(sent).toEqual([]);
  });
});

describe('replayWebhookDelivery', () => {
  /** A replay whose job sends also read, through the transaction they were given, the replayed delivery's state. */
  function replayer() {
    const { sent, handles, jobs } = recordingJobs();
    const seenInTransaction: unknown[] = [];
    const watching = {
      send: async (name: string, payload: unknown, options?: { tx?: unknown }) => {
        if (options?.tx !== undefined) seenInTransaction.push(await deliveryState((payload as { deliveryId: string }).deliveryId, options.tx as Db));
        return jobs.send(name, payload, options);
      },
    };
    return { sent, handles, seenInTransaction, replay: createReplayWebhookDelivery({ db, jobs: watching }) };
  }
  let failed: Awaited<ReturnType<typeof pendingDelivery>>;
  beforeEach(async () => {
    failed = await pendingDelivery();
    await db.update(webhookDeliveries).set({ state: 'failed' }).where(eq(webhookDeliveries.id, failed.deliveryId));
  });

  it('queues the delivery again as a replay, in the store’s transaction', async () => {
    const { sent, seenInTransaction, replay } = replayer();
    const ids = { endpointId: failed.endpointId, deliveryId: failed.deliveryId };
    expect(await replay(failed.accountId, ids)).toEqual({ id: ids.deliveryId, state: 'pending' });
    expect(sent).toEqual([{ name: 'webhook.deliver', payload: { deliveryId: ids.deliveryId, replay: true }, tx: 'a transaction' }]);
    // The job was sent on the replay's transaction: through it the delivery was already pending again.
    expect(seenInTransaction).toEqual(['pending']);
    expect(await deliveryState(ids.deliveryId)).toBe('pending');
  });

  it('an endpoint enabled again: what it missed is queued after the replay, as ordinary deliveries, in the same transaction', async () => {
    // A second delivery that failed in the outage, then the endpoint disabled, then a change recorded while it was.
    const [missedFailed] = await recordChangeDeliveries(db, [await recordedChange(failed.organisationId)]);
    await db
      .update(webhookDeliveries)
      .set({ state: 'failed' })
      .where(eq(webhookDeliveries.id, missedFailed ?? ''));
    await db
      .update(webhookEndpoints)
      .set({ disabledAt: new Date(), disabledReason: 'failing', failingSince: new Date() })
      .where(eq(webhookEndpoints.id, failed.endpointId));
    const whileDisabled = await recordedChange(failed.organisationId);
    const { sent, handles, replay } = replayer();
    await replay(failed.accountId, { endpointId: failed.endpointId, deliveryId: failed.deliveryId });
    const [missedNew] = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, failed.endpointId), eq(webhookDeliveries.changeId, whileDisabled.id)));
    expect(handles.every((handle) => handle === handles[0])).toBe(true);
    expect(sent).toEqual([
      { name: 'webhook.deliver', payload: { deliveryId: failed.deliveryId, replay: true }, tx: 'a transaction' },
      { name: 'webhook.deliver', payload: { deliveryId: missedFailed, replay: false }, tx: 'a transaction' },
      { name: 'webhook.deliver', payload: { deliveryId: missedNew?.id, replay: false }, tx: 'a transaction' },
    ]);
    expect((await endpointRow(failed.endpointId))?.disabledAt).toBeNull();
  });

  it('another account’s (or no) delivery is NotFoundError; a pending one ConflictError; neither sends a job', async () => {
    const other = await accountWithOrganisation();
    const missing = replayer();
    await expect(missing.replay(other.accountId, { endpointId: failed.endpointId, deliveryId: failed.deliveryId })).rejects.toBeInstanceOf(NotFoundError);
    await expect(missing.replay(failed.accountId, { endpointId: failed.endpointId, deliveryId: crypto.randomUUID() })).rejects.toBeInstanceOf(NotFoundError);
    const pending = replayer();
    const stillPending = await pendingDelivery();
    await expect(pending.replay(stillPending.accountId, { endpointId: stillPending.endpointId, deliveryId: stillPending.deliveryId })).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect([...missing.sent, ...pending.sent]).toEqual([]);
    expect(await deliveryState(failed.deliveryId)).toBe('failed');
  });
});
