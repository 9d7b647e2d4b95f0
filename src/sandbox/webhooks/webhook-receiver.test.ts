import { describe, expect, it } from 'vitest';
import { newWebhookSecret, webhookHeaders } from '../../core/webhook-signature';
import { startWebhookReceiver, type ReceivedDelivery } from './webhook-receiver';

describe('the sandbox webhook receiver', () => {
  it('answers 204 to a delivery signed with its secret and 401 to one that is not, reporting both', async () => {
    const secret = newWebhookSecret();
    const received: ReceivedDelivery[] = [];
    const receiver = await startWebhookReceiver({ secret: () => secret, onDelivery: (d) => received.push(d) });
    try {
      const body = JSON.stringify({ type: 'organisation.changed', data: {} });
      const message = { id: 'msg_1', timestamp: Math.floor(Date.now() / 1000), body };
      const post = (headers: Record<string, string>) => fetch(`${receiver.url}/webhooks`, { method: 'POST', headers, body });
      expect((await post(webhookHeaders(secret, message))).status).toBe(204);
      expect((await post(webhookHeaders(newWebhookSecret(), message))).status).toBe(401);
      expect(received).toEqual([
        { webhookId: 'msg_1', timestamp: String(message.timestamp), verified: true, refusal: null, event: { type: 'organisation.changed', data: {} } },
        {
          webhookId: 'msg_1',
          timestamp: String(message.timestamp),
          verified: false,
          refusal: 'no-matching-signature',
          event: { type: 'organisation.changed', data: {} },
        },
      ]);
    } finally {
      await receiver.close();
    }
  });
});
