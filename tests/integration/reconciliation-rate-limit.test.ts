/** Reconciliation counts against the quick lookup's per-account limit: each query of a batch, and each suggestion request. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { get, postForm, serveReconciliation, type ReconciliationServer } from './reconciliation-support';

let ctx: TestContext;
let server: ReconciliationServer;

beforeAll(async () => {
  ctx = await createTestContainer({ env: { QUICK_SEARCH_RATE_LIMIT_PER_MINUTE: '4' } });
  server = await serveReconciliation();
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

describe('the reconciliation rate limit', () => {
  it('counts each query of a batch and each suggestion, then answers 429 with Retry-After', async () => {
    const { authorization } = await makeAccount(ctx.database.db);
    const batch = JSON.stringify({ a: { query: 'Acme' }, b: { query: 'Bcme' }, c: { query: 'Ccme' } });
    expect((await postForm(server.baseUrl, { queries: batch }, authorization)).status).toBe(200);
    expect((await get(server.baseUrl, '/api/reconcile/suggest/entity?prefix=Acme', authorization)).status).toBe(200);
    const refused = await postForm(server.baseUrl, { queries: JSON.stringify({ a: { query: 'Acme' } }) }, authorization);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
    expect((await get(server.baseUrl, '/api/reconcile/suggest/entity?prefix=Acme', authorization)).status).toBe(429);
    const other = await makeAccount(ctx.database.db);
    expect((await postForm(server.baseUrl, { queries: batch }, other.authorization)).status).toBe(200);
  });
});
