/**
 * One attempt of one delivery (the `webhook.deliver` job; Standard Webhooks): the stored body, signed now with the
 * endpoint's secret under the delivery's one `webhook-id`, posted to the receiver; the attempt is logged and decides the
 * delivery's state and the endpoint's failing streak (core/webhooks.ts). A failure that is not final throws, so the queue
 * retries it with exponential back-off; a worker killed mid-post logs nothing and the queue's retry sends it again.
 */
import { webhookHeaders } from '../../core/webhook-signature';
import { deliveredStatus, webhookAttemptOutcome, webhookDisabledReason, webhookMessageId, type WebhookAttemptOutcome } from '../../core/webhooks';
import type { Db } from '../../adapters/db/client';
import { deliveryToSend, endWebhookDelivery, recordWebhookAttempt } from '../../adapters/db/queries/webhooks';
import type { WebhookSender } from './ports';
import type { Clock, Log } from '../ports';

export class WebhookDeliveryFailedError extends Error {
  override readonly name = 'WebhookDeliveryFailedError';
}

export type DeliverWebhook = (
  payload: { deliveryId: string; replay: boolean },
  job: { isLastAttempt: boolean; signal?: AbortSignal },
) => Promise<WebhookAttemptOutcome | 'skipped'>;

export function createDeliverWebhook(deps: {
  db: Db;
  sender: Pick<WebhookSender, 'post'>;
  /** WEBHOOK_DISABLE_AFTER_HOURS. */
  disableAfterHours: number;
  log: Pick<Log, 'debug' | 'warn'>;
  now?: Clock;
}): DeliverWebhook {
  const now = deps.now ?? (() => new Date());
  return async ({ deliveryId, replay }, job) => {
    const delivery = await deliveryToSend(deps.db, deliveryId);
    // Deleted with its endpoint, or already settled (a retry whose previous attempt's completion was lost).
    if (delivery === null || delivery.state !== 'pending') return 'skipped';
    if (delivery.endpoint.disabled) {
      await endWebhookDelivery(deps.db, delivery.id, 'failed');
      return 'skipped';
    }
    const attemptedAt = now();
    const message = { id: webhookMessageId(delivery.id), timestamp: Math.floor(attemptedAt.getTime() / 1000), body: delivery.body };
    const result = await deps.sender.post(delivery.endpoint.url, {
      headers: webhookHeaders(delivery.endpoint.secret, message),
      body: delivery.body,
      signal: job.signal,
    });
    const delivered = result.ok && deliveredStatus(result.statusCode);
    const outcome = await recordWebhookAttempt(
      deps.db,
      { id: delivery.id, endpointId: delivery.endpoint.id },
      { attemptedAt, statusCode: result.statusCode, error: result.ok ? null : result.error, durationMs: result.durationMs, replay },
      ({ failingSince }) =>
        webhookAttemptOutcome({ delivered, failingSince, attemptedAt, disableAfterHours: deps.disableAfterHours, lastAttempt: job.isLastAttempt }),
      (failingSince) => webhookDisabledReason(deps.disableAfterHours, failingSince),
    );
    if (outcome.disable) {
      deps.log.warn(
        { endpointId: delivery.endpoint.id, failingSince: outcome.failingSince },
        'webhook endpoint disabled: it failed every attempt for the disabling window',
      );
    }
    if (outcome.delivery === 'pending') {
      throw new WebhookDeliveryFailedError(`delivery ${delivery.id} failed (${result.ok ? `HTTP ${result.statusCode}` : result.error}); the queue retries it`);
    }
    return outcome;
  };
}
