/** DELETE /api/webhooks/{id}: removes one of the account's endpoints and its delivery log; 404 for another account's. */
import { NotFoundError } from '../../core/errors';
import type { WebhookStore } from './ports';

export type DeleteWebhookEndpoint = (accountId: string, endpointId: string) => Promise<{ id: string }>;

export function createDeleteWebhookEndpoint(store: WebhookStore): DeleteWebhookEndpoint {
  return async (accountId, endpointId) => {
    if (!(await store.deleteEndpoint(accountId, endpointId))) throw new NotFoundError(`webhook ${endpointId} not found`, 'No such webhook endpoint');
    return { id: endpointId };
  };
}
