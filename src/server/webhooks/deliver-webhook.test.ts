import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../core/webhook-signature';
import type { WebhookAttemptOutcome } from '../../core/webhooks';
import { createDeliverWebhook, WebhookDeliveryFailedError } from './deliver-webhook';
import type { AttemptRecord, DeliveryToSend, PostWebhookResult, WebhookStore } from './ports';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const DELIVERY_ID = '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';

/** An in-memory store of one delivery and its endpoint's failing streak. */
function memoryStore(delivery: DeliveryToSend) {
  const endpoint = { failingSince: null as Date | null, disabledReason: null as string | null };
  const attempts: AttemptRecord[] = [];
  const store: Pick<WebhookStore, 'deliveryToSend' | 'recordAttempt' | 'endDelivery'> = {
    deliveryToSend: async () => delivery,
    async recordAttempt(_d, attempt, decide, reason): Promise<WebhookAttemptOutcome> {
      attempts.push(attempt);
      const outcome = decide({ failingSince: endpoint.failingSince });
      endpoint.failingSince = outcome.failingSince;
      delivery.state = outcome.delivery;
      if (outcome.disable && outcome.failingSince) {
        endpoint.disabledReason = reason(outcome.failingSince);
        delivery.endpoint.disabled = true;
      }
      return outcome;
    },
    endDelivery: async (_id, state) => void (delivery.state = state),
  };
  return { store: store as WebhookStore, endpoint, attempts };
}

const delivery = (): DeliveryToSend => ({
  id: DELIVERY_ID,
  state: 'pending',
  body: '{"type":"organisation.changed"}',
  endpoint: { id: 'e1', url: 'https://hooks.example.com/x', secret: SECRET, disabled: false },
});

function sender(results: PostWebhookResult[]) {
  const posts: { url: string; headers: Record<string, string>; body: string }[] = [];
  return {
    posts,
    sender: {
      post: async (url: string, message: { headers: Record<string, string>; body: string }) => {
        posts.push({ url, ...message });
        return results.shift() ?? { ok: true as const, statusCode: 200, durationMs: 1 };
      },
    },
  };
}

const log = { debug: () => undefined, warn: () => undefined };

describe('deliverWebhook', () => {
  it('signs the stored body under the delivery’s webhook-id and the attempt’s time, and logs the attempt', async () => {
    const now = new Date('2026-12-01T00:00:00Z');
    const { store, attempts } = memoryStore(delivery());
    const { sender: s, posts } = sender([{ ok: true, statusCode: 204, durationMs: 12 }]);
    const outcome = await createDeliverWebhook({ store, sender: s, disableAfterHours: 24, log, now: () => now })(
      { deliveryId: DELIVERY_ID, replay: false },
      { isLastAttempt: false },
    );
    expect(outcome).toEqual({ delivery: 'succeeded', failingSince: null, disable: false });
    const [post] = posts;
    expect(post?.headers['webhook-id']).toBe('msg_0b1c2d3e4f5a4b6c8d7e9f0a1b2c3d4e');
    expect(post?.headers['webhook-timestamp']).toBe(String(now.getTime() / 1000));
    const verified = verifyWebhook(
      SECRET,
      { id: post?.headers['webhook-id'] ?? null, timestamp: post?.headers['webhook-timestamp'] ?? null, signature: post?.headers['webhook-signature'] ?? null },
      post?.body ?? '',
      { now },
    );
    expect(verified).toEqual({ ok: true });
    expect(attempts).toEqual([{ attemptedAt: now, statusCode: 204, error: null, durationMs: 12, replay: false }]);
  });

  it('a failure throws so the queue retries; the last attempt fails the delivery without throwing', async () => {
    const { store, attempts } = memoryStore(delivery());
    const { sender: s } = sender([
      { ok: false, statusCode: 500, error: 'HTTP 500', durationMs: 3 },
      { ok: false, statusCode: null, error: 'timeout: no answer within 10000 ms', durationMs: 10_000 },
    ]);
    const deliver = createDeliverWebhook({ store, sender: s, disableAfterHours: 24, log });
    await expect(deliver({ deliveryId: DELIVERY_ID, replay: false }, { isLastAttempt: false })).rejects.toBeInstanceOf(WebhookDeliveryFailedError);
    expect(await deliver({ deliveryId: DELIVERY_ID, replay: false }, { isLastAttempt: true })).toMatchObject({ delivery: 'failed', disable: false });
    expect(attempts.map((a) => [a.statusCode, a.error])).toEqual([
      [500, 'HTTP 500'],
      [null, 'timeout: no answer within 10000 ms'],
    ]);
  });

  it('disables the endpoint once it has failed for the whole window, and skips its deliveries after', async () => {
    let now = new Date('2026-12-01T00:00:00Z');
    const d = delivery();
    const { store, endpoint } = memoryStore(d);
    const unavailable = { ok: false as const, statusCode: 503, error: 'HTTP 503', durationMs: 1 };
    const { sender: s, posts } = sender([unavailable, unavailable, unavailable]);
    const deliver = createDeliverWebhook({ store, sender: s, disableAfterHours: 24, log, now: () => now });
    await expect(deliver({ deliveryId: DELIVERY_ID, replay: false }, { isLastAttempt: false })).rejects.toThrow();
    now = new Date('2026-12-01T23:59:00Z');
    await expect(deliver({ deliveryId: DELIVERY_ID, replay: false }, { isLastAttempt: false })).rejects.toThrow();
    expect(d.endpoint.disabled).toBe(false);
    now = new Date('2026-12-02T00:00:00Z');
    expect(await deliver({ deliveryId: DELIVERY_ID, replay: false }, { isLastAttempt: false })).toEqual({
      delivery: 'failed',
      failingSince: new Date('2026-12-01T00:00:00Z'),
      disable: true,
    });
    expect(endpoint.disabledReason).toContain('24 hours');
    d.state = 'pending';
    const sent = posts.length;
    expect(await deliver({ deliveryId: DELIVERY_ID, replay: false }, { isLastAttempt: false })).toBe('skipped');
    expect(posts.length).toBe(sent);
    expect(d.state).toBe('failed');
  });

  it('a success clears the failing streak', async () => {
    const { store, endpoint } = memoryStore(delivery());
    endpoint.failingSince = new Date('2026-12-01T00:00:00Z');
    const { sender: s } = sender([{ ok: true, statusCode: 200, durationMs: 1 }]);
    await createDeliverWebhook({ store, sender: s, disableAfterHours: 24, log })({ deliveryId: DELIVERY_ID, replay: true }, { isLastAttempt: false });
    expect(endpoint.failingSince).toBeNull();
  });

  it('a delivery already settled, or deleted with its endpoint, is not sent again', async () => {
    const settled = delivery();
    settled.state = 'succeeded';
    const { sender: s, posts } = sender([]);
    expect(
      await createDeliverWebhook({ store: memoryStore(settled).store, sender: s, disableAfterHours: 24, log })(
        { deliveryId: DELIVERY_ID, replay: false },
        { isLastAttempt: false },
      ),
    ).toBe('skipped');
    const gone = { ...memoryStore(delivery()).store, deliveryToSend: async () => null };
    expect(
      await createDeliverWebhook({ store: gone, sender: s, disableAfterHours: 24, log })({ deliveryId: DELIVERY_ID, replay: false }, { isLastAttempt: false }),
    ).toBe('skipped');
    expect(posts).toEqual([]);
  });
});
