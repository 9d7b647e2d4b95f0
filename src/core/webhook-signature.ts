/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, issue 23 section 3). A secret is `whsec_` and the
 * base64 of 24 random bytes; the signature of a message is `v1,` and the base64 HMAC-SHA256, keyed by the decoded
 * secret, of `${webhook-id}.${webhook-timestamp}.${body}`. node:crypto does it in a few lines (decision 0024 says why
 * not the `standardwebhooks` package: its pure-JS SHA-256 and base64 add two dependencies for what Node has built in).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Standard Webhooks' recommended tolerance for a message's timestamp when verifying (replay protection). */
export const WEBHOOK_TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

/** A new endpoint secret: 24 random bytes (192 bits, within the specification's 24 to 64). */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** The key a secret stands for: the base64 after `whsec_`. */
function secretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64');
}

/** The `webhook-signature` value of one message: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. */
export function signWebhook(secret: string, message: { id: string; timestamp: number; body: string }): string {
  const digest = createHmac('sha256', secretKey(secret)).update(`${message.id}.${message.timestamp}.${message.body}`).digest('base64');
  return `v1,${digest}`;
}

/** The three headers of a delivery (the timestamp in whole seconds since the epoch). */
export function webhookHeaders(secret: string, message: { id: string; timestamp: number; body: string }): Record<string, string> {
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(message.timestamp),
    'webhook-signature': signWebhook(secret, message),
  };
}

export type WebhookVerification = { ok: true } | { ok: false; reason: 'missing-headers' | 'timestamp-out-of-tolerance' | 'no-matching-signature' };

/**
 * What a receiver does: the timestamp within the tolerance of `now`, and one of the space-separated `v1,` signatures
 * equal (in constant time) to the expected one.
 */
export function verifyWebhook(
  secret: string,
  headers: { id: string | null; timestamp: string | null; signature: string | null },
  body: string,
  options: { now: Date; toleranceSeconds?: number },
): WebhookVerification {
  const { id, timestamp, signature } = headers;
  if (id === null || timestamp === null || signature === null || !/^\d+$/.test(timestamp)) return { ok: false, reason: 'missing-headers' };
  const seconds = Number(timestamp);
  if (Math.abs(options.now.getTime() / 1000 - seconds) > (options.toleranceSeconds ?? WEBHOOK_TIMESTAMP_TOLERANCE_SECONDS)) {
    return { ok: false, reason: 'timestamp-out-of-tolerance' };
  }
  const expected = Buffer.from(signWebhook(secret, { id, timestamp: seconds, body }).slice('v1,'.length), 'base64');
  for (const candidate of signature.split(' ')) {
    const [version, value] = candidate.split(',', 2);
    if (version !== 'v1' || value === undefined) continue;
    const given = Buffer.from(value, 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { ok: true };
  }
  return { ok: false, reason: 'no-matching-signature' };
}
