import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../../core/errors';
import { createReplayWebhookDelivery } from './replay-webhook-delivery';

const ids = { endpointId: 'e1', deliveryId: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e' };

function fakes(answer: 'replayed' | 'not-found' | 'pending', missed: readonly string[] = []) {
  const sent: { payload: unknown; tx: unknown }[] = [];
  const jobs = {
    send: async (_name: string, payload: unknown, options?: { tx?: unknown }) => {
      sent.push({ payload, tx: options?.tx });
      return 'job-1';
    },
  };
  const store = {
    replayDelivery: async (_params: unknown, enqueue: (tx: unknown, missed: readonly string[]) => Promise<void>) => {
      if (answer === 'replayed') await enqueue('the-transaction', missed);
      return answer;
    },
  };
  return { sent, replay: createReplayWebhookDelivery({ store, jobs }) };
}

describe('replayWebhookDelivery', () => {
  it('queues the delivery again as a replay, in the store’s transaction', async () => {
    const { sent, replay } = fakes('replayed');
    expect(await replay('acc', ids)).toEqual({ id: ids.deliveryId, state: 'pending' });
    expect(sent).toEqual([{ payload: { deliveryId: ids.deliveryId, replay: true }, tx: 'the-transaction' }]);
  });

  it('an endpoint enabled again: what it missed is queued after the replay, as ordinary deliveries, in the same transaction', async () => {
    const { sent, replay } = fakes('replayed', ['missed-1', 'missed-2']);
    await replay('acc', ids);
    expect(sent).toEqual([
      { payload: { deliveryId: ids.deliveryId, replay: true }, tx: 'the-transaction' },
      { payload: { deliveryId: 'missed-1', replay: false }, tx: 'the-transaction' },
      { payload: { deliveryId: 'missed-2', replay: false }, tx: 'the-transaction' },
    ]);
  });

  it('another account’s (or no) delivery is NotFoundError; a pending one ConflictError; neither sends a job', async () => {
    const missing = fakes('not-found');
    await expect(missing.replay('acc', ids)).rejects.toBeInstanceOf(NotFoundError);
    const pending = fakes('pending');
    await expect(pending.replay('acc', ids)).rejects.toBeInstanceOf(ConflictError);
    expect([...missing.sent, ...pending.sent]).toEqual([]);
  });
});
