import { describe, expect, it } from 'vitest';
import { ConflictError, ValidationError } from '../../core/errors';
import { WEBHOOK_ENDPOINTS_PER_ACCOUNT } from '../../core/webhooks';
import { createCreateWebhookEndpoint } from './create-webhook-endpoint';
import type { WebhookStore } from './ports';

function memoryStore(existing = 0) {
  const created: { accountId: string; url: string; kinds: readonly string[] | null; secret: string }[] = [];
  const store = {
    countEndpoints: async () => existing + created.length,
    createEndpoint: async (endpoint: (typeof created)[number]) => {
      created.push(endpoint);
      return { id: `id-${created.length}` };
    },
  } as Pick<WebhookStore, 'countEndpoints' | 'createEndpoint'> as WebhookStore;
  return { store, created };
}

const sender = { refusedTarget: (url: string) => (url.startsWith('https://') ? undefined : 'must be an https URL') };

describe('createWebhookEndpoint', () => {
  it('stores the endpoint with a new whsec_ secret and answers the secret once', async () => {
    const { store, created } = memoryStore();
    const answer = await createCreateWebhookEndpoint({ store, sender })('acc', { url: 'https://hooks.example.com/x', kinds: ['status'] });
    expect(answer).toEqual({ id: 'id-1', secret: created[0]?.secret });
    expect(answer.secret).toMatch(/^whsec_/);
    expect(created[0]).toMatchObject({ accountId: 'acc', url: 'https://hooks.example.com/x', kinds: ['status'] });
  });

  it('no kinds: every kind (stored as null)', async () => {
    const { store, created } = memoryStore();
    await createCreateWebhookEndpoint({ store, sender })('acc', { url: 'https://hooks.example.com/x' });
    expect(created[0]?.kinds).toBeNull();
  });

  it('a refused URL is a ValidationError on `url`; nothing is stored', async () => {
    const { store, created } = memoryStore();
    const failure = await createCreateWebhookEndpoint({ store, sender })('acc', { url: 'http://hooks.example.com/x' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ValidationError);
    expect((failure as ValidationError).issues).toEqual([{ field: 'url', rule: 'webhook_target', message: 'must be an https URL' }]);
    expect(created).toEqual([]);
  });

  it(`an account with ${WEBHOOK_ENDPOINTS_PER_ACCOUNT} endpoints gets a ConflictError`, async () => {
    const { store } = memoryStore(WEBHOOK_ENDPOINTS_PER_ACCOUNT);
    await expect(createCreateWebhookEndpoint({ store, sender })('acc', { url: 'https://hooks.example.com/x' })).rejects.toBeInstanceOf(ConflictError);
  });
});
