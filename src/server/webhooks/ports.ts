/**
 * The ports of webhooks (issue 23, section 3): the store of endpoints, deliveries and their attempt log, and the sender
 * that posts one signed delivery to a receiver over the safe-fetch rules.
 */
import type { DisabledWebhookEndpoint, WebhookAttemptOutcome, WebhookDeliveryState, WebhookEndpoint } from '../../core/webhooks';
import type { RecordedChange } from '../monitoring/ports';

/** What one attempt needs: the delivery, its fixed body and its endpoint's address and secret. */
export interface DeliveryToSend {
  id: string;
  state: WebhookDeliveryState;
  body: string;
  endpoint: { id: string; url: string; secret: string; disabled: boolean };
}

/** One attempt as the log keeps it. */
export interface AttemptRecord {
  attemptedAt: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  replay: boolean;
}

/**
 * The transaction that stores change records (monitoring's), seen by webhooks: deliveries are recorded and their jobs
 * sent in it (`handle` for `JobQueue.send(..., { tx })`).
 */
export interface WebhookTx {
  readonly handle: unknown;
  /**
   * One pending delivery per change and per enabled endpoint whose account has the change's organisation on its list and
   * wants its kind; answers the new deliveries' ids (never two for one endpoint and change).
   */
  recordChangeDeliveries(changes: readonly RecordedChange[]): Promise<string[]>;
}

export interface WebhookStore {
  /** The account's endpoints (no secret), each with its latest deliveries and their attempts. */
  listEndpoints(accountId: string): Promise<WebhookEndpoint[]>;
  countEndpoints(accountId: string): Promise<number>;
  /** The account's disabled endpoints, the latest disabled first (the `/changes` page's notice); none of another account's. */
  disabledEndpoints(accountId: string): Promise<DisabledWebhookEndpoint[]>;
  createEndpoint(endpoint: { accountId: string; url: string; kinds: readonly string[] | null; secret: string }): Promise<{ id: string }>;
  /** false when the account has no such endpoint (another account's included). */
  deleteEndpoint(accountId: string, endpointId: string): Promise<boolean>;
  /** The delivery an attempt sends; null when it no longer exists (its endpoint was deleted). */
  deliveryToSend(deliveryId: string): Promise<DeliveryToSend | null>;
  /**
   * Logs one attempt and applies its outcome in one transaction, with the endpoint's row locked: `decide` gets the
   * endpoint's failing streak and answers the outcome (the delivery's state, the new streak, whether to disable it).
   */
  recordAttempt(
    delivery: { id: string; endpointId: string },
    attempt: AttemptRecord,
    decide: (endpoint: { failingSince: Date | null }) => WebhookAttemptOutcome,
    disabledReason: (failingSince: Date) => string,
  ): Promise<WebhookAttemptOutcome>;
  /** A delivery that failed or was disabled on the way, ended without an attempt (its endpoint is disabled). */
  endDelivery(deliveryId: string, state: 'failed'): Promise<void>;
  /**
   * Replay: when the account owns the endpoint and the delivery is not pending, marks it pending again, enables its
   * endpoint (clearing its failing streak) and calls `enqueue` in the same transaction. An endpoint that was disabled
   * also gets what it missed in its outage (since its last delivered attempt), pending again or new (`missed`: those
   * deliveries' ids): its failed deliveries and the changes recorded while it was disabled. 'not-found' for an
   * endpoint or delivery the account does not have; 'pending' when it is being delivered already.
   */
  replayDelivery(
    params: { accountId: string; endpointId: string; deliveryId: string },
    enqueue: (tx: unknown, missed: readonly string[]) => Promise<void>,
  ): Promise<'replayed' | 'not-found' | 'pending'>;
}

export type PostWebhookResult =
  { ok: true; statusCode: number; durationMs: number } | { ok: false; statusCode: number | null; error: string; durationMs: number };

export interface WebhookSender {
  /** Why a URL may not be an endpoint (scheme, host, address: the safe-fetch rules), or undefined when it may. */
  refusedTarget(url: string): string | undefined;
  /** Posts one signed body; never follows a redirect; bounded in time and in what it reads of the answer. */
  post(url: string, message: { headers: Record<string, string>; body: string; signal?: AbortSignal }): Promise<PostWebhookResult>;
}
