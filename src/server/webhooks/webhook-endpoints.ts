/**
 * An account's webhook endpoints (issue 23, section 3), over PostgreSQL (decision 0027: the query functions of
 * queries/webhooks.ts, no store port):
 * - POST /api/webhooks: a new endpoint, answered with its id and its signing secret, shown this once. The URL must pass
 *   the safe-fetch rules of a target (https, a public host; in the sandbox http and loopback too): 400 otherwise; 409
 *   past WEBHOOK_ENDPOINTS_PER_ACCOUNT.
 * - GET /api/webhooks: the account's endpoints (never a secret) with their latest deliveries and attempts.
 * - The `/changes` page's notice: the account's disabled endpoints.
 * - DELETE /api/webhooks/{id}: removes one of the account's endpoints and its delivery log; 404 for another account's.
 */
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import { newWebhookSecret } from '../../core/webhook-signature';
import { WEBHOOK_ENDPOINTS_PER_ACCOUNT, type CreatedWebhook, type CreateWebhookRequest } from '../../core/webhooks';
import type { Db } from '../../adapters/db/client';
import { countWebhookEndpoints, deleteWebhookEndpointRow, insertWebhookEndpoint } from '../../adapters/db/queries/webhooks';
import type { WebhookSender } from './ports';

export { disabledWebhookEndpoints, listWebhookEndpoints } from '../../adapters/db/queries/webhooks';

export type CreateWebhookEndpoint = (accountId: string, request: CreateWebhookRequest) => Promise<CreatedWebhook>;

export function createCreateWebhookEndpoint(deps: { db: Db; sender: Pick<WebhookSender, 'refusedTarget'> }): CreateWebhookEndpoint {
  return async (accountId, request) => {
    const refused = deps.sender.refusedTarget(request.url);
    if (refused !== undefined) throw new ValidationError([{ field: 'url', rule: 'webhook_target', message: refused }], 'The webhook URL is not allowed');
    if ((await countWebhookEndpoints(deps.db, accountId)) >= WEBHOOK_ENDPOINTS_PER_ACCOUNT) {
      throw new ConflictError(
        `account has ${WEBHOOK_ENDPOINTS_PER_ACCOUNT} webhook endpoints`,
        `An account may have at most ${WEBHOOK_ENDPOINTS_PER_ACCOUNT} webhook endpoints; delete one first`,
      );
    }
    const secret = newWebhookSecret();
    const { id } = await insertWebhookEndpoint(deps.db, { accountId, url: new URL(request.url).href, kinds: request.kinds ?? null, secret });
    return { id, secret };
  };
}

export async function deleteWebhookEndpoint(db: Db, accountId: string, endpointId: string): Promise<{ id: string }> {
  if (!(await deleteWebhookEndpointRow(db, { accountId, endpointId }))) throw new NotFoundError(`webhook ${endpointId} not found`, 'No such webhook endpoint');
  return { id: endpointId };
}
