/**
 * POST /api/webhooks (issue 23, section 3): a new endpoint of the account, answered with its id and its signing secret,
 * shown this once. The URL must pass the safe-fetch rules of a target (https, a public host; in the sandbox http and
 * loopback too): 400 otherwise; 409 past WEBHOOK_ENDPOINTS_PER_ACCOUNT.
 */
import { ConflictError, ValidationError } from '../../core/errors';
import { newWebhookSecret } from '../../core/webhook-signature';
import { WEBHOOK_ENDPOINTS_PER_ACCOUNT, type CreatedWebhook, type CreateWebhookRequest } from '../../core/webhooks';
import type { WebhookSender, WebhookStore } from './ports';

export type CreateWebhookEndpoint = (accountId: string, request: CreateWebhookRequest) => Promise<CreatedWebhook>;

export function createCreateWebhookEndpoint(deps: { store: WebhookStore; sender: Pick<WebhookSender, 'refusedTarget'> }): CreateWebhookEndpoint {
  return async (accountId, request) => {
    const refused = deps.sender.refusedTarget(request.url);
    if (refused !== undefined) throw new ValidationError([{ field: 'url', rule: 'webhook_target', message: refused }], 'The webhook URL is not allowed');
    if ((await deps.store.countEndpoints(accountId)) >= WEBHOOK_ENDPOINTS_PER_ACCOUNT) {
      throw new ConflictError(
        `account has ${WEBHOOK_ENDPOINTS_PER_ACCOUNT} webhook endpoints`,
        `An account may have at most ${WEBHOOK_ENDPOINTS_PER_ACCOUNT} webhook endpoints; delete one first`,
      );
    }
    const secret = newWebhookSecret();
    const { id } = await deps.store.createEndpoint({ accountId, url: new URL(request.url).href, kinds: request.kinds ?? null, secret });
    return { id, secret };
  };
}
