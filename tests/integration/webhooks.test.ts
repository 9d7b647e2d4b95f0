/**
 * Webhooks of registry changes (issue 23, sections 3 and 5): the routes, a change in the GLEIF contract fake becoming
 * one change record and one signed delivery (checked with the Standard Webhooks algorithm on node:crypto) to a real
 * receiver on loopback, retries under the same `webhook-id`, tenancy, the failing window (the container's clock is the
 * test's), replay. Real pg-boss worker in this process, real PostgreSQL.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as listWebhooks, POST as createWebhook } from '../../src/app/api/webhooks/route';
import { DELETE as deleteWebhook } from '../../src/app/api/webhooks/[id]/route';
import { POST as replayDelivery } from '../../src/app/api/webhooks/[id]/deliveries/[deliveryId]/replay/route';
import { runReplayWebhookDeliveryAction } from '../../src/app/actions/replay-webhook-delivery';
import { createdWebhookSchema, webhookEndpointListSchema, webhookEventSchema, type WebhookEndpoint } from '../../src/core/webhooks';
import { startWebhookWorker } from '../../src/server/webhooks/webhook-worker';
import { disabledWebhookEndpoints } from '../../src/server/webhooks/webhook-endpoints';
import { startFakeGleif, type FakeGleif } from '../../src/sandbox/gleif/fake-gleif-server';
import { makeAccount } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { updateLeiRecord, watchByLei } from '../support/watched-organisations';
import { startTestWebhookReceiver, type ReceivedWebhook, type TestWebhookReceiver } from '../support/webhook-receiver';
import { waitFor } from '../support/worker-process';

const T0 = new Date('2026-12-01T06:00:00Z');
const HOUR = 60 * 60 * 1000;
let clock = T0;

let ctx: TestContext;
let gleif: FakeGleif;
let receiver: TestWebhookReceiver;
let accountA: Awaited<ReturnType<typeof makeAccount>>;
let accountB: Awaited<ReturnType<typeof makeAccount>>;
const ids = { harbourline: '', quillstone: '' };
/** A's endpoint for every kind, A's for status changes only, B's for every kind. */
const endpoints = { a: { id: '', secret: '' }, aStatus: { id: '', secret: '' }, b: { id: '', secret: '' } };

beforeAll(async () => {
  gleif = await startFakeGleif({ latency: 'zero' });
  receiver = await startTestWebhookReceiver();
  ctx = await createTestContainer({
    env: {
      GLEIF_BASE_URL: gleif.url,
      JOB_EXPIRE_SECONDS: '10',
      WEBHOOK_RETRY_LIMIT: '3',
      WEBHOOK_RETRY_DELAY_SECONDS: '1',
      MATCH_REGISTRY_CALLS_PER_MINUTE: '10000',
    },
    now: () => clock,
  });
  const { db } = ctx.database;
  accountA = await makeAccount(db);
  accountB = await makeAccount(db);
  ids.harbourline = await watchByLei(db, 'harbourline', { linkAccountId: accountA.id });
  ids.quillstone = await watchByLei(db, 'quillstone', { ownerAccountId: accountB.id, linkAccountId: accountB.id });
  await startWebhookWorker({ jobs: ctx.container.jobs, deliverWebhook: ctx.container.webhooks.deliver, concurrency: 1 });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await Promise.all([gleif?.close(), receiver?.close()]);
});

const request = (method: string, authorization: string, body?: unknown) =>
  new Request('http://localhost/api/webhooks', {
    method,
    headers: { authorization, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function create(authorization: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await createWebhook(request('POST', authorization, body));
  return { status: response.status, body: await response.json() };
}

async function list(authorization: string): Promise<WebhookEndpoint[]> {
  const response = await listWebhooks(request('GET', authorization));
  expect(response.status).toBe(200);
  return webhookEndpointListSchema.parse(await response.json()).data;
}

async function replay(authorization: string, endpointId: string, deliveryId: string) {
  const response = await replayDelivery(request('POST', authorization), { params: Promise.resolve({ id: endpointId, deliveryId }) });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function remove(authorization: string, endpointId: string) {
  const response = await deleteWebhook(request('DELETE', authorization), { params: Promise.resolve({ id: endpointId }) });
  return { status: response.status, body: (await response.json()) as unknown };
}

const receivedAt = (path: string) => receiver.received.filter((r) => r.path === path);
const countOf = async (table: 'organisation_changes' | 'webhook_deliveries') =>
  Number((await ctx.database.db.execute<{ n: string }>(sql`select count(*) as n from ${sql.identifier(table)}`)).rows[0]?.n);
const deliverJobs = async () =>
  Number((await ctx.database.db.execute<{ n: string }>(sql`select count(*) as n from pgboss.job where name = 'webhook.deliver'`)).rows[0]?.n);

/** The Standard Webhooks check, written from the specification: HMAC-SHA256 of "id.timestamp.body" keyed by the secret's base64 part. */
function verifiedBySpec(secret: string, received: ReceivedWebhook): boolean {
  const id = String(received.headers['webhook-id']);
  const timestamp = String(received.headers['webhook-timestamp']);
  const expected = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
    .update(`${id}.${timestamp}.${received.body}`)
    .digest();
  return String(received.headers['webhook-signature'])
    .split(' ')
    .some((s) => {
      const [version, value] = s.split(',');
      const given = Buffer.from(value ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

async function deliveriesOf(authorization: string, endpointId: string) {
  const endpoint = (await list(authorization)).find((e) => e.id === endpointId);
  if (endpoint === undefined) throw new Error(`endpoint ${endpointId} not listed`);
  return endpoint;
}

describe('webhooks', () => {
  it('refuse URLs the safe-fetch rules refuse, and malformed bodies, with 400 in the JSON error shape', async () => {
    const refused = [
      { url: 'ftp://hooks.example.com/x' },
      { url: 'not a url' },
      { url: 'https://10.0.0.8/hook' },
      { url: 'https://169.254.169.254/latest/meta-data' },
      { url: 'https://192.168.1.20/hook' },
      { url: 'https://user:password@hooks.example.com/x' },
      { url: 'https://hooks.internal/x' },
      { url: 'https://hooks.example.com:8443/x' },
      { url: 'http://[fd00::1]/x' },
      { url: `${receiver.origin}/a`, kinds: [] },
      { url: `${receiver.origin}/a`, kinds: ['dissolved'] },
      { url: `${receiver.origin}/a`, secret: 'whsec_mine' },
      {},
    ];
    for (const body of refused) {
      const answer = await create(accountA.authorization, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ code: 'validation_failed' });
    }
    expect((await createWebhook(request('POST', 'Bearer nope', { url: `${receiver.origin}/a` }))).status).toBe(401);
    expect(await list(accountA.authorization)).toEqual([]);
  });

  it('POST answers 201 {id, secret} once; GET lists the endpoints with their state and never the secret', async () => {
    const made = {
      a: await create(accountA.authorization, { url: `${receiver.origin}/a` }),
      aStatus: await create(accountA.authorization, { url: `${receiver.origin}/a-status`, kinds: ['status'] }),
      b: await create(accountB.authorization, { url: `${receiver.origin}/b` }),
    };
    for (const key of ['a', 'aStatus', 'b'] as const) {
      expect(made[key].status).toBe(201);
      endpoints[key] = createdWebhookSchema.parse(made[key].body);
      expect(Object.keys(made[key].body as object).sort()).toEqual(['id', 'secret']);
    }
    const listed = await listWebhooks(request('GET', accountA.authorization));
    const text = await listed.text();
    expect(text).not.toContain(endpoints.a.secret.slice(6));
    const a = webhookEndpointListSchema.parse(JSON.parse(text)).data;
    expect(a.map((e) => [e.id, e.url, e.kinds, e.state, e.disabledReason, e.recentDeliveries])).toEqual([
      [endpoints.a.id, `${receiver.origin}/a`, null, 'enabled', null, []],
      [endpoints.aStatus.id, `${receiver.origin}/a-status`, ['status'], 'enabled', null, []],
    ]);
    expect((await list(accountB.authorization)).map((e) => e.id)).toEqual([endpoints.b.id]);
  });

  it('the first read is a baseline: no change, no delivery', async () => {
    const summary = await ctx.container.monitoring.runPass({ accountId: null });
    expect(summary).toMatchObject({ checked: 2, changed: 0 });
    expect(await countOf('webhook_deliveries')).toBe(0);
  });

  it('a change in the register becomes one change record and one signed delivery per matching endpoint of the accounts that list the organisation', async () => {
    clock = new Date(T0.getTime() + 25 * HOUR);
    updateLeiRecord(gleif, '984500HARBOURLINE019', { registrationStatus: 'LAPSED' }, clock);
    const summary = await ctx.container.monitoring.runPass({ accountId: null });
    expect(summary.changes.map((c) => [c.organisationId, c.kind])).toEqual([[ids.harbourline, 'lei_registration_status']]);
    expect(await countOf('organisation_changes')).toBe(1);
    expect(await countOf('webhook_deliveries')).toBe(1); // A's every-kind endpoint; not A's status-only one, not B's

    const [delivery] = await waitFor(
      'the delivery to reach the receiver',
      async () => (receivedAt('/a').length === 1 ? receivedAt('/a') : undefined),
      15_000,
      100,
    );
    if (delivery === undefined) throw new Error('no delivery');
    expect(verifiedBySpec(endpoints.a.secret, delivery)).toBe(true);
    expect(verifiedBySpec(endpoints.b.secret, delivery)).toBe(false);
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(String(delivery.headers['webhook-id'])).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(Number(delivery.headers['webhook-timestamp'])).toBe(Math.floor(clock.getTime() / 1000));
    const event = webhookEventSchema.parse(JSON.parse(delivery.body));
    const change = summary.changes[0];
    expect(event).toEqual({
      type: 'organisation.changed',
      timestamp: clock.toISOString(),
      data: {
        organisation: { id: ids.harbourline, name: 'HARBOURLINE LOGISTICS, INC.' },
        change: {
          id: change?.id,
          organisationId: ids.harbourline,
          kind: 'lei_registration_status',
          field: 'leiRegistrationStatus',
          before: 'ISSUED',
          after: 'LAPSED',
          source: 'gleif',
          observedAt: clock.toISOString(),
        },
      },
    });
    expect(delivery.body).not.toContain(accountA.id);
    await waitFor(
      'the delivery to be recorded',
      async () => ((await deliveriesOf(accountA.authorization, endpoints.a.id)).recentDeliveries[0]?.state === 'succeeded' ? true : undefined),
      10_000,
      100,
    );
    const [logged] = (await deliveriesOf(accountA.authorization, endpoints.a.id)).recentDeliveries;
    expect(logged).toMatchObject({ webhookId: delivery.headers['webhook-id'], changeId: change?.id, state: 'succeeded' });
    expect(logged?.attempts).toEqual([{ attemptedAt: clock.toISOString(), statusCode: 204, error: null, durationMs: expect.any(Number), replay: false }]);
    expect(receivedAt('/a-status')).toEqual([]);
    expect(receivedAt('/b')).toEqual([]);
  });

  it('a re-check that finds nothing new sends nothing', async () => {
    const [deliveries, jobs, requests] = [await countOf('webhook_deliveries'), await deliverJobs(), receiver.received.length];
    clock = new Date(T0.getTime() + 50 * HOUR);
    const summary = await ctx.container.monitoring.runPass({ accountId: null });
    expect(summary).toMatchObject({ checked: 2, changed: 0, changes: [] });
    expect(await countOf('webhook_deliveries')).toBe(deliveries);
    expect(await deliverJobs()).toBe(jobs);
    expect(receiver.received.length).toBe(requests);
  });

  it('a receiver that fails gets retries with the same webhook-id; each account receives only its own organisations’ changes', async () => {
    let failures = 2;
    receiver.answer = (r) => (r.path === '/a' && failures-- > 0 ? { status: 500 } : { status: 200 });
    const before = receiver.received.length;
    clock = new Date(T0.getTime() + 75 * HOUR);
    const dissolved = { status: 'INACTIVE', expiration: { date: '2026-12-03T00:00:00Z', reason: 'DISSOLVED' } } as const;
    updateLeiRecord(gleif, '984500HARBOURLINE019', dissolved, clock);
    updateLeiRecord(gleif, '984500QUILLSTONE0015', dissolved, clock);
    const summary = await ctx.container.monitoring.runPass({ accountId: null });
    expect(summary.changes.map((c) => [c.organisationId, c.kind]).sort()).toEqual(
      [
        [ids.harbourline, 'status'],
        [ids.quillstone, 'status'],
      ].sort(),
    );
    await waitFor(
      'three attempts at /a',
      async () => (receiver.received.slice(before).filter((r) => r.path === '/a').length === 3 ? true : undefined),
      30_000,
      100,
    );
    const fresh = () => receiver.received.slice(before);
    const atA = fresh().filter((r) => r.path === '/a');
    expect(new Set(atA.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(atA.every((r) => r.body === atA[0]?.body && verifiedBySpec(endpoints.a.secret, r))).toBe(true);
    const organisationOf = (r: ReceivedWebhook) => webhookEventSchema.parse(JSON.parse(r.body)).data.organisation.id;
    expect(atA.map(organisationOf)).toEqual([ids.harbourline, ids.harbourline, ids.harbourline]);
    await waitFor(
      'the status-only endpoint and B to receive theirs',
      async () => (fresh().filter((r) => r.path !== '/a').length >= 2 ? true : undefined),
      15_000,
      100,
    );
    expect(
      fresh()
        .filter((r) => r.path === '/a-status')
        .map(organisationOf),
    ).toEqual([ids.harbourline]);
    expect(
      fresh()
        .filter((r) => r.path === '/b')
        .map(organisationOf),
    ).toEqual([ids.quillstone]);
    const atB = fresh().find((r) => r.path === '/b');
    expect(atB !== undefined && verifiedBySpec(endpoints.b.secret, atB)).toBe(true);

    await waitFor(
      'the retried delivery to succeed',
      async () => ((await deliveriesOf(accountA.authorization, endpoints.a.id)).recentDeliveries[0]?.state === 'succeeded' ? true : undefined),
      10_000,
      100,
    );
    const [latest] = (await deliveriesOf(accountA.authorization, endpoints.a.id)).recentDeliveries;
    expect(latest?.webhookId).toBe(atA[0]?.headers['webhook-id']);
    expect(latest?.attempts.map((a) => [a.statusCode, a.error])).toEqual([
      [500, 'HTTP 500'],
      [500, 'HTTP 500'],
      [200, null],
    ]);
    expect((await deliveriesOf(accountA.authorization, endpoints.a.id)).failingSince).toBeNull();
  });

  it('replays a delivery under its webhook-id; 409 while it is pending; 404 for another account’s; 400 for a bad id', async () => {
    const endpoint = await deliveriesOf(accountA.authorization, endpoints.a.id);
    const first = endpoint.recentDeliveries.at(-1);
    if (first === undefined) throw new Error('no delivery to replay');
    receiver.answer = () => ({ status: 200, delayMs: 1500 });
    const before = receiver.received.length;
    expect(await replay(accountB.authorization, endpoints.a.id, first.id)).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect(await replay(accountA.authorization, endpoints.b.id, first.id)).toMatchObject({ status: 404 });
    expect(await replay(accountA.authorization, endpoints.a.id, 'nope')).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await replay(accountA.authorization, endpoints.a.id, first.id)).toEqual({ status: 202, body: { data: { id: first.id, state: 'pending' } } });
    expect(await replay(accountA.authorization, endpoints.a.id, first.id)).toMatchObject({ status: 409, body: { code: 'conflict' } });
    const replayed = await waitFor('the replay to arrive', async () => receiver.received.slice(before).find((r) => r.path === '/a'), 15_000, 100);
    expect(replayed.headers['webhook-id']).toBe(first.webhookId);
    expect(verifiedBySpec(endpoints.a.secret, replayed)).toBe(true);
    await waitFor(
      'the replay to be logged',
      async () => {
        const again = (await deliveriesOf(accountA.authorization, endpoints.a.id)).recentDeliveries.find((d) => d.id === first.id);
        return again?.state === 'succeeded' && again.attempts.length === 2 ? again : undefined;
      },
      10_000,
      100,
    ).then((again) =>
      expect(again.attempts.map((a) => [a.statusCode, a.replay])).toEqual([
        [204, false],
        [200, true],
      ]),
    );
    receiver.answer = () => ({ status: 204 });
  });

  it('an endpoint that fails every attempt for WEBHOOK_DISABLE_AFTER_HOURS is disabled and shows why; new changes skip it; a replay enables it and sends what it missed', async () => {
    receiver.answer = (r) => (r.path === '/b' ? { status: 503 } : { status: 204 });
    const T1 = new Date(T0.getTime() + 100 * HOUR);
    clock = T1;
    updateLeiRecord(gleif, '984500QUILLSTONE0015', { registrationStatus: 'LAPSED' }, clock);
    await ctx.container.monitoring.runPass({ accountId: null });
    await waitFor(
      'the first failed attempt',
      async () => ((await deliveriesOf(accountB.authorization, endpoints.b.id)).failingSince !== null ? true : undefined),
      15_000,
      100,
    );
    expect((await deliveriesOf(accountB.authorization, endpoints.b.id)).failingSince).toBe(T1.toISOString());
    // A day on (the clock is the test's): the next retry finds the endpoint failing for the whole window.
    clock = new Date(T1.getTime() + 24 * HOUR + 60_000);
    const disabled = await waitFor(
      'the endpoint to be disabled',
      async () => {
        const b = await deliveriesOf(accountB.authorization, endpoints.b.id);
        return b.state === 'disabled' ? b : undefined;
      },
      20_000,
      100,
    );
    expect(disabled).toMatchObject({ disabledAt: clock.toISOString(), failingSince: T1.toISOString() });
    expect(disabled.disabledReason).toContain('24 hours');
    expect(disabled.recentDeliveries[0]).toMatchObject({ state: 'failed' });
    expect(new Set(disabled.recentDeliveries[0]?.attempts.map((a) => a.statusCode))).toEqual(new Set([503]));
    // The /changes page's notice (its read): B is told, with what to replay; A, whose endpoints answer, is told nothing.
    expect(await disabledWebhookEndpoints(ctx.container.database.db, accountB.id)).toEqual([
      {
        id: endpoints.b.id,
        url: disabled.url,
        failingSince: T1.toISOString(),
        disabledAt: clock.toISOString(),
        disabledReason: disabled.disabledReason,
        replayDeliveryId: disabled.recentDeliveries[0]?.id,
      },
    ]);
    expect(await disabledWebhookEndpoints(ctx.container.database.db, accountA.id)).toEqual([]);

    const deliveries = await countOf('webhook_deliveries');
    clock = new Date(T1.getTime() + 50 * HOUR);
    updateLeiRecord(gleif, '984500QUILLSTONE0015', { registrationStatus: 'RETIRED' }, clock);
    expect((await ctx.container.monitoring.runPass({ accountId: null })).changes).toHaveLength(1);
    expect(await countOf('webhook_deliveries')).toBe(deliveries);

    receiver.answer = () => ({ status: 204 });
    const failed = disabled.recentDeliveries[0];
    if (failed === undefined) throw new Error('no failed delivery');
    expect((await replay(accountB.authorization, endpoints.b.id, failed.id)).status).toBe(202);
    const enabled = await waitFor(
      'the replay to succeed',
      async () => {
        const b = await deliveriesOf(accountB.authorization, endpoints.b.id);
        return b.recentDeliveries.find((d) => d.id === failed.id)?.state === 'succeeded' ? b : undefined;
      },
      15_000,
      100,
    );
    expect(enabled).toMatchObject({ state: 'enabled', disabledReason: null, failingSince: null });
    expect(await disabledWebhookEndpoints(ctx.container.database.db, accountB.id)).toEqual([]);
    // What it missed while disabled arrives once it is enabled again: the change recorded then, signed, once.
    const missed = await waitFor(
      'the change recorded while disabled to arrive',
      async () => receivedAt('/b').find((r) => webhookEventSchema.parse(JSON.parse(r.body)).data.change.after === 'RETIRED'),
      15_000,
      100,
    );
    expect(verifiedBySpec(endpoints.b.secret, missed)).toBe(true);
    expect(webhookEventSchema.parse(JSON.parse(missed.body)).data.organisation).toEqual({ id: ids.quillstone, name: 'QUILLSTONE SOFTWARE LIMITED' });
    expect(await countOf('webhook_deliveries')).toBe(deliveries + 1);
    expect(
      receivedAt('/a')
        .concat(receivedAt('/a-status'))
        .some((r) => r.body.includes('RETIRED')),
    ).toBe(false);
  });

  it('the /changes page’s Enable again (a server action) replays through the same use case: its own account only, ids checked, a session required', async () => {
    const endpoint = await deliveriesOf(accountB.authorization, endpoints.b.id);
    const delivery = endpoint.recentDeliveries[0];
    if (delivery === undefined) throw new Error('no delivery of B');
    const refreshed: string[] = [];
    const deps = (accountId: string | null) => ({
      account: async () => (accountId === null ? null : { accountId, userId: null, via: 'session' as const }),
      container: ctx.container,
      refreshPath: (path: string) => void refreshed.push(path),
    });
    const input = { endpointId: endpoints.b.id, deliveryId: delivery.id };
    expect(await runReplayWebhookDeliveryAction(input, deps(null))).toMatchObject({ ok: false, error: { name: 'UnauthorizedError' } });
    expect(await runReplayWebhookDeliveryAction({ endpointId: 'x', deliveryId: delivery.id }, deps(accountB.id))).toMatchObject({
      ok: false,
      error: { name: 'ValidationError' },
    });
    expect(await runReplayWebhookDeliveryAction(input, deps(accountA.id))).toMatchObject({ ok: false, error: { name: 'NotFoundError' } });
    expect(refreshed).toEqual([]);
    receiver.answer = () => ({ status: 204 });
    expect(await runReplayWebhookDeliveryAction(input, deps(accountB.id))).toEqual({ ok: true, data: { id: delivery.id, state: 'pending' } });
    expect(refreshed).toEqual(['/changes']);
    await waitFor(
      'the replay from the page to succeed',
      async () => {
        const again = (await deliveriesOf(accountB.authorization, endpoints.b.id)).recentDeliveries.find((d) => d.id === delivery.id);
        return again?.state === 'succeeded' && again.attempts.some((a) => a.replay && a.statusCode === 204) ? true : undefined;
      },
      15_000,
      100,
    );
  });

  it('DELETE removes the account’s own endpoint only: another account’s id is 404', async () => {
    expect(await remove(accountB.authorization, endpoints.a.id)).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect(await remove(accountA.authorization, 'not-a-uuid')).toMatchObject({ status: 400 });
    expect((await list(accountA.authorization)).map((e) => e.id)).toContain(endpoints.a.id);
    expect(await remove(accountA.authorization, endpoints.a.id)).toEqual({ status: 200, body: { data: { id: endpoints.a.id } } });
    expect((await list(accountA.authorization)).map((e) => e.id)).toEqual([endpoints.aStatus.id]);
    expect(await remove(accountA.authorization, endpoints.a.id)).toMatchObject({ status: 404 });
  });
});
