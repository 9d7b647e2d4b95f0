/**
 * Webhooks of registry changes (issue 23, section 3): the shapes of `/api/webhooks`, the event a delivery carries and
 * the rules of when an endpoint is disabled. A delivery's body carries one change record and its organisation's id and
 * name, nothing of any account.
 */
import { z } from 'zod';
import { organisationChangeSchema } from './organisation-changes';
import { changeKindSchema } from './registry-observation';

/** A change as a webhook carries it: the record without any account's read state (a body is the same for every receiver). */
const webhookChangeSchema = organisationChangeSchema.omit({ unread: true });

/** The one event type: a change recorded for an organisation on the account's list. */
export const WEBHOOK_EVENT_TYPE = 'organisation.changed';

/** Endpoints per account (bounded fan-out per change). */
export const WEBHOOK_ENDPOINTS_PER_ACCOUNT = 20;
/** Deliveries listed per endpoint in GET /api/webhooks, the latest first. */
export const WEBHOOK_RECENT_DELIVERIES = 20;
/** WEBHOOK_DISABLE_AFTER_HOURS's default. */
export const WEBHOOK_DISABLE_AFTER_HOURS_DEFAULT = 24;

export const createWebhookRequestSchema = z
  .object({
    url: z.string().trim().min(1).max(2048, { error: 'must be at most 2048 characters' }),
    /** Omitted: every kind of change, today's and any added later. */
    kinds: z
      .array(changeKindSchema)
      .min(1, { error: 'must name at least one kind (omit it for every kind)' })
      .refine((kinds) => new Set(kinds).size === kinds.length, { error: 'must not repeat a kind' })
      .optional(),
  })
  .strict();
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;

export const createdWebhookSchema = z
  .object({
    id: z.uuid(),
    /** `whsec_...`: shown this once; the endpoint's deliveries are signed with it. */
    secret: z.string().startsWith('whsec_'),
  })
  .describe('The new endpoint and its signing secret, shown only in this answer');
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookAttemptSchema = z.object({
  attemptedAt: z.iso.datetime({ offset: true }),
  /** The receiver's HTTP status; null when there was no answer (see `error`). */
  statusCode: z.number().int().nullable(),
  /** Transport failure (timeout, refused connection, blocked address) or why a status counts as failed; null on success. */
  error: z.string().nullable(),
  durationMs: z.number().int().min(0),
  /** Sent by POST .../replay rather than by the queue. */
  replay: z.boolean(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliveryStateSchema = z.enum(['pending', 'succeeded', 'failed']);
export type WebhookDeliveryState = z.infer<typeof webhookDeliveryStateSchema>;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  /** The `webhook-id` header, the same on every attempt of this delivery (receivers deduplicate by it). */
  webhookId: z.string(),
  changeId: z.uuid(),
  eventType: z.literal(WEBHOOK_EVENT_TYPE),
  state: webhookDeliveryStateSchema,
  createdAt: z.iso.datetime({ offset: true }),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookEndpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    /** null: every kind. */
    kinds: z.array(changeKindSchema).nullable(),
    state: z.enum(['enabled', 'disabled']),
    /** Why it was disabled (it failed every attempt for WEBHOOK_DISABLE_AFTER_HOURS); null while enabled. */
    disabledReason: z.string().nullable(),
    disabledAt: z.iso.datetime({ offset: true }).nullable(),
    /** The first failed attempt since the last success; null while it answers. */
    failingSince: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    /** The latest deliveries (at most 20), each with its attempts. */
    recentDeliveries: z.array(webhookDeliverySchema),
  })
  .describe('A webhook endpoint of the account, without its secret');
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ data: z.array(webhookEndpointSchema) });

export const webhookEventSchema = z
  .object({
    type: z.literal(WEBHOOK_EVENT_TYPE),
    /** When the change was observed. */
    timestamp: z.iso.datetime({ offset: true }),
    data: z.object({
      organisation: z.object({ id: z.uuid(), name: z.string() }),
      change: webhookChangeSchema,
    }),
  })
  .describe('The body of a webhook delivery (Standard Webhooks: type, timestamp, data)');
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** The body of the delivery of one change: the exact bytes signed on every attempt. */
export function webhookEventBody(change: z.input<typeof webhookChangeSchema>, organisation: { id: string; name: string }): string {
  const event: WebhookEvent = {
    type: WEBHOOK_EVENT_TYPE,
    timestamp: change.observedAt,
    data: { organisation, change: webhookChangeSchema.parse(change) },
  };
  return JSON.stringify(event);
}

/** The `webhook-id` of a delivery: Standard Webhooks' `msg_` prefix and the delivery's id. */
export function webhookMessageId(deliveryId: string): string {
  return `msg_${deliveryId.replaceAll('-', '')}`;
}

/** Whether an endpoint with these kinds receives a change of `kind` (null: every kind). */
export function webhookWantsKind(kinds: readonly string[] | null, kind: string): boolean {
  return kinds === null || kinds.includes(kind);
}

/** A receiver's answer counts as delivered when it is 2xx (a redirect is not followed, so it is a failure). */
export function deliveredStatus(status: number): boolean {
  return status >= 200 && status < 300;
}

/**
 * Whether an endpoint has failed for long enough to be disabled: every attempt since `failingSince` failed, and that
 * was at least `disableAfterHours` ago (WEBHOOK_DISABLE_AFTER_HOURS).
 */
export function webhookFailingTooLong(failingSince: Date | null, now: Date, disableAfterHours: number): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= disableAfterHours * 60 * 60 * 1000;
}

/** What one attempt's result does to its delivery and its endpoint (decided under the endpoint's lock). */
export interface WebhookAttemptOutcome {
  /** succeeded; pending: the queue retries it; failed: no more attempts (retries exhausted, or the endpoint disabled). */
  delivery: WebhookDeliveryState;
  /** The endpoint's `failingSince` after this attempt. */
  failingSince: Date | null;
  /** The endpoint is disabled by this attempt. */
  disable: boolean;
}

/**
 * The rule of one attempt: a 2xx delivers and clears the endpoint's failing streak; a failure starts the streak (or
 * continues it) and, once the streak is WEBHOOK_DISABLE_AFTER_HOURS old, disables the endpoint and ends the delivery;
 * otherwise the queue tries again unless this was its last attempt.
 */
export function webhookAttemptOutcome(params: {
  delivered: boolean;
  failingSince: Date | null;
  attemptedAt: Date;
  disableAfterHours: number;
  lastAttempt: boolean;
}): WebhookAttemptOutcome {
  if (params.delivered) return { delivery: 'succeeded', failingSince: null, disable: false };
  const failingSince = params.failingSince ?? params.attemptedAt;
  if (webhookFailingTooLong(failingSince, params.attemptedAt, params.disableAfterHours)) return { delivery: 'failed', failingSince, disable: true };
  return { delivery: params.lastAttempt ? 'failed' : 'pending', failingSince, disable: false };
}

/** WEBHOOK_DISABLE_AFTER_HOURS in words: hours, or minutes or seconds for a fraction of an hour (tests, demos). */
export function disablingWindowInWords(disableAfterHours: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (disableAfterHours >= 1) return plural(Math.round(disableAfterHours * 10) / 10, 'hour');
  const minutes = Math.round(disableAfterHours * 60);
  return minutes >= 1 ? plural(minutes, 'minute') : plural(Math.max(1, Math.round(disableAfterHours * 3600)), 'second');
}

/** The reason an endpoint shows once it is disabled. */
export function webhookDisabledReason(disableAfterHours: number, failingSince: Date): string {
  return `Every delivery attempt failed for ${disablingWindowInWords(disableAfterHours)} (since ${failingSince.toISOString()}); replay a delivery to enable it again`;
}

/**
 * A disabled endpoint as the account is told of it on the `/changes` page: where it pointed, since when every attempt
 * failed, why it was disabled, and the delivery whose replay enables it again (its latest failed one).
 */
export const disabledWebhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  failingSince: z.iso.datetime({ offset: true }).nullable(),
  disabledAt: z.iso.datetime({ offset: true }),
  disabledReason: z.string(),
  /** null only when no failed delivery is left (none can be replayed: deleting and adding the endpoint again is the way). */
  replayDeliveryId: z.uuid().nullable(),
});
export type DisabledWebhookEndpoint = z.infer<typeof disabledWebhookEndpointSchema>;
