import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook, verifyWebhook, webhookHeaders } from './webhook-signature';

// The example of the Standard Webhooks specification's reference tests (secret, id, timestamp, body, signature).
const SPEC_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const SPEC_ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const SPEC_TIMESTAMP = 1614265330;
const SPEC_BODY = '{"test": 2432232314}';
const SPEC_SIGNATURE = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';

describe('Standard Webhooks signing', () => {
  it('signs the specification’s example exactly', () => {
    expect(signWebhook(SPEC_SECRET, { id: SPEC_ID, timestamp: SPEC_TIMESTAMP, body: SPEC_BODY })).toBe(SPEC_SIGNATURE);
  });

  it('is HMAC-SHA256 of "id.timestamp.body" keyed by the base64 part of the secret', () => {
    const secret = newWebhookSecret();
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`msg_1.1700000000.{"a":1}`).digest('base64');
    expect(signWebhook(secret, { id: 'msg_1', timestamp: 1700000000, body: '{"a":1}' })).toBe(`v1,${expected}`);
  });

  it('a new secret is whsec_ and 24 random bytes, a different one each time', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(a);
  });

  it('the reference library (standardwebhooks) verifies what we sign, and we verify what it signs', () => {
    const secret = newWebhookSecret();
    const now = new Date();
    const message = { id: 'msg_abc', timestamp: Math.floor(now.getTime() / 1000), body: JSON.stringify({ type: 'organisation.changed' }) };
    expect(new Webhook(secret).verify(message.body, webhookHeaders(secret, message))).toEqual({ type: 'organisation.changed' });
    const theirs = new Webhook(secret).sign(message.id, now, message.body);
    expect(verifyWebhook(secret, { id: message.id, timestamp: String(message.timestamp), signature: theirs }, message.body, { now })).toEqual({ ok: true });
  });

  it('refuses a tampered body, another secret, a stale timestamp and missing headers', () => {
    const secret = newWebhookSecret();
    const now = new Date('2026-12-01T00:00:00Z');
    const timestamp = Math.floor(now.getTime() / 1000);
    const signature = signWebhook(secret, { id: 'msg_1', timestamp, body: '{}' });
    const headers = { id: 'msg_1', timestamp: String(timestamp), signature };
    expect(verifyWebhook(secret, headers, '{}', { now })).toEqual({ ok: true });
    expect(verifyWebhook(secret, headers, '{ }', { now })).toEqual({ ok: false, reason: 'no-matching-signature' });
    expect(verifyWebhook(newWebhookSecret(), headers, '{}', { now })).toEqual({ ok: false, reason: 'no-matching-signature' });
    expect(verifyWebhook(secret, headers, '{}', { now: new Date(now.getTime() + 6 * 60_000) })).toEqual({ ok: false, reason: 'timestamp-out-of-tolerance' });
    expect(verifyWebhook(secret, { ...headers, signature: null }, '{}', { now })).toEqual({ ok: false, reason: 'missing-headers' });
  });

  it('accepts any one of several space-separated signatures (a secret being rotated)', () => {
    const secret = newWebhookSecret();
    const now = new Date();
    const timestamp = Math.floor(now.getTime() / 1000);
    const good = signWebhook(secret, { id: 'msg_1', timestamp, body: 'x' });
    expect(verifyWebhook(secret, { id: 'msg_1', timestamp: String(timestamp), signature: `v1,AAAA ${good}` }, 'x', { now })).toEqual({ ok: true });
  });
});
