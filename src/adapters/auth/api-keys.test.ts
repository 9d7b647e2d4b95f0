/** The API key hash: the stored `key_hash` of every existing key must still be found. */
import { createHash } from '@better-auth/utils/hash';
import { describe, expect, it } from 'vitest';
import { hashApiKey } from './api-keys';

describe('hashApiKey', () => {
  it("is Better Auth's SHA-256 in base64url without padding, the form keys were stored in", async () => {
    for (const key of ['osk_abc', `osk_${'Zz9'.repeat(14)}`, 'osk_ü€', '']) {
      expect(await hashApiKey(key), key).toBe(await createHash('SHA-256', 'base64urlnopad').digest(key));
    }
    expect(await hashApiKey('osk_abc')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
