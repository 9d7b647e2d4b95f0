import { describe, expect, it } from 'vitest';
import type { RecordedChange } from '../monitoring/ports';
import { createEnqueueChangeDeliveries } from './enqueue-change-deliveries';
import type { WebhookTx } from './ports';

const change: RecordedChange = {
  id: 'c1',
  organisationId: 'o1',
  kind: 'status',
  field: 'registryStatus',
  before: null,
  after: null,
  source: 'gleif',
  observedAt: new Date('2026-12-01T00:00:00Z'),
};

describe('enqueueChangeDeliveries', () => {
  it('sends one webhook.deliver job per delivery the transaction recorded, on that transaction', async () => {
    const sent: { name: string; payload: unknown; tx: unknown }[] = [];
    const jobs = {
      send: async (name: string, payload: unknown, options?: { tx?: unknown }) => {
        sent.push({ name, payload, tx: options?.tx });
        return 'job';
      },
    };
    const tx: WebhookTx = { handle: 'the-transaction', recordChangeDeliveries: async () => ['d1', 'd2'] };
    expect(await createEnqueueChangeDeliveries({ jobs })([change], tx)).toBe(2);
    expect(sent).toEqual([
      { name: 'webhook.deliver', payload: { deliveryId: 'd1', replay: false }, tx: 'the-transaction' },
      { name: 'webhook.deliver', payload: { deliveryId: 'd2', replay: false }, tx: 'the-transaction' },
    ]);
  });

  it('no change: nothing recorded, nothing sent', async () => {
    let recorded = false;
    const tx: WebhookTx = { handle: null, recordChangeDeliveries: async () => ((recorded = true), []) };
    expect(await createEnqueueChangeDeliveries({ jobs: { send: async () => 'job' } })([], tx)).toBe(0);
    expect(recorded).toBe(false);
  });
});
