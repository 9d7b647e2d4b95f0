/**
 * A worker process killed with SIGKILL in the middle of a webhook delivery loses nothing (issue 23, section 5): the
 * receiver holds the first post open, the worker (`src/worker.ts` as `npm run worker` runs it) is killed, and a new
 * worker delivers the same message, under the same `webhook-id`, once the dead worker's lease expires. The change
 * comes from the GLEIF contract fake through a monitoring pass in this process, as in production.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as createWebhook } from '../../src/app/api/webhooks/route';
import { createdWebhookSchema } from '../../src/core/webhooks';
import { startFakeGleif, type FakeGleif } from '../../src/sandbox/gleif/fake-gleif-server';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { startTestWebhookReceiver, type TestWebhookReceiver } from '../support/webhook-receiver';
import { updateLeiRecord } from '../support/watched-organisations';
import { exited, killWorkers, startWorker, waitFor } from '../support/worker-process';

const T0 = new Date('2026-12-01T06:00:00Z');
let clock = T0;
let ctx: TestContext;
let gleif: FakeGleif;
let receiver: TestWebhookReceiver;
let dataDir: string;

beforeAll(async () => {
  gleif = await startFakeGleif({ latency: 'zero' });
  receiver = await startTestWebhookReceiver();
  // The job's expiry is fixed when it is sent: the sending side uses the same short lease as the workers.
  ctx = await createTestContainer({
    env: { GLEIF_BASE_URL: gleif.url, JOB_EXPIRE_SECONDS: '8', WEBHOOK_RETRY_DELAY_SECONDS: '1', MATCH_REGISTRY_CALLS_PER_MINUTE: '10000' },
    now: () => clock,
  });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-kill-'));
}, 120_000);
afterAll(async () => {
  killWorkers();
  await ctx?.close();
  await Promise.all([gleif?.close(), receiver?.close()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const worker = () => startWorker({ DATABASE_URL: ctx.database.url, DATA_DIR: dataDir, WEBHOOK_RETRY_DELAY_SECONDS: '1', MONITOR_SCHEDULE_CRON: '0 0 1 1 *' });

describe('the webhook worker process', () => {
  it('killed with SIGKILL mid-delivery loses nothing: a new worker delivers the same webhook-id', async () => {
    const account = await makeAccount(ctx.database.db);
    await makeOrganisation(
      ctx.database.db,
      { name: 'HARBOURLINE LOGISTICS, INC.', countryIsoAlpha3: 'USA', identifiers: [{ type: 'LEI', value: '984500HARBOURLINE019' }] },
      { linkAccountId: account.id },
    );
    const created = await createWebhook(
      new Request('http://localhost/api/webhooks', {
        method: 'POST',
        headers: { authorization: account.authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${receiver.origin}/hook` }),
      }),
    );
    expect(created.status).toBe(201);
    createdWebhookSchema.parse(await created.json());
    await ctx.container.monitoring.runPass({ accountId: null });
    clock = new Date(T0.getTime() + 25 * 60 * 60 * 1000);
    updateLeiRecord(gleif, '984500HARBOURLINE019', { registrationStatus: 'LAPSED' }, clock);
    expect((await ctx.container.monitoring.runPass({ accountId: null })).changes).toHaveLength(1);

    // The first post is held open: the worker is in the middle of the delivery when it dies.
    receiver.answer = () => (receiver.received.length === 1 ? 'hang' : { status: 200 });
    const first = worker();
    await waitFor('the first worker to post', async () => (receiver.received.length === 1 ? true : undefined), 60_000);
    first.child.kill('SIGKILL');
    expect(await exited(first.child)).toBeNull();
    const state = async () =>
      (
        await ctx.database.db.execute<{ state: string; attempts: string }>(
          sql`select d.state, (select count(*) from webhook_attempts a where a.delivery_id = d.id) as attempts from webhook_deliveries d`,
        )
      ).rows;
    expect(await state()).toEqual([{ state: 'pending', attempts: '0' }]);

    const second = worker();
    await waitFor('the delivery to succeed', async () => ((await state())[0]?.state === 'succeeded' ? true : undefined), 90_000);
    expect(receiver.received.length, second.output()).toBe(2);
    const [killed, delivered] = receiver.received;
    expect(delivered?.headers['webhook-id']).toBe(killed?.headers['webhook-id']);
    expect(delivered?.body).toBe(killed?.body);
    expect(await state()).toEqual([{ state: 'succeeded', attempts: '1' }]);
    const job = await ctx.database.db.execute<{ state: string; retry_count: number }>(
      sql`select state, retry_count from pgboss.job where name = 'webhook.deliver'`,
    );
    expect(job.rows).toEqual([{ state: 'completed', retry_count: 1 }]); // the killed attempt, then the one that delivered

    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
  }, 180_000);
});
