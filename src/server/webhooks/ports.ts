/**
 * The port of webhooks (issue 23, section 3): the sender that posts one signed delivery to a receiver over the
 * safe-fetch rules (the outside world). Endpoints, deliveries and the attempt log are PostgreSQL's: the use cases call
 * the query functions of queries/webhooks.ts (decision 0027).
 */

export type PostWebhookResult =
  { ok: true; statusCode: number; durationMs: number } | { ok: false; statusCode: number | null; error: string; durationMs: number };

export interface WebhookSender {
  /** Why a URL may not be an endpoint (scheme, host, address: the safe-fetch rules), or undefined when it may. */
  refusedTarget(url: string): string | undefined;
  /** Posts one signed body; never follows a redirect; bounded in time and in what it reads of the answer. */
  post(url: string, message: { headers: Record<string, string>; body: string; signal?: AbortSignal }): Promise<PostWebhookResult>;
}
