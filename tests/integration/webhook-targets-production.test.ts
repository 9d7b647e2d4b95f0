/**
 * Outside the sandbox (APP_ENV=production) POST /api/webhooks takes https URLs of public hosts only: http, loopback and
 * private targets, which the sandbox allows for its demo receiver or never, are 400 with the reason on `url`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET, POST } from '../../src/app/api/webhooks/route';
import { makeAccount } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';

let ctx: TestContext;
let authorization = '';

beforeAll(async () => {
  ctx = await createTestContainer({ env: { APP_ENV: 'production', AUTH_SECRET: 'a-test-secret-of-at-least-thirty-two-characters' } });
  authorization = (await makeAccount(ctx.database.db)).authorization;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const post = (url: string) =>
  POST(
    new Request('http://localhost/api/webhooks', {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    }),
  );

describe('webhook targets in production', () => {
  it('refuses http, loopback and private targets with 400 naming the url', async () => {
    for (const url of [
      'http://hooks.example.com/x',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://[::1]/x',
      'https://10.0.0.8/x',
      'http://127.0.0.1:4010/webhooks',
    ]) {
      const response = await post(url);
      expect(response.status, url).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed', issues: [{ field: 'url', rule: 'webhook_target' }] });
    }
    const listed = await GET(new Request('http://localhost/api/webhooks', { headers: { authorization } }));
    expect(await listed.json()).toEqual({ data: [] });
  });

  it('accepts https to a public host (the address is checked again when a delivery connects)', async () => {
    const response = await post('https://hooks.example.com/organisation-changes');
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: expect.any(String), secret: expect.stringMatching(/^whsec_/) });
  });
});
