/**
 * The quick lookup's bounds (issue 10, section 2): a per-account rate limit (429 with Retry-After, counted
 * before validation like the streamed search's), a statement timeout on its pool, and the worst input of
 * the issue (200 distinct CJK characters) answering like any other query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '../../src/app/api/organisations/quick-search/route';
import { createDatabase } from '../../src/adapters/db/client';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';

const LIMIT = 5;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContainer({ env: { QUICK_SEARCH_RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
  for (let i = 0; i < 30; i += 1) await makeOrganisation(ctx.database.db, { name: `Koala Logistics ${i} Pty Ltd` });
});
afterAll(async () => {
  await ctx.close();
});

function quickSearch(body: unknown, authorization: string) {
  return POST(
    new Request('http://localhost/api/organisations/quick-search', {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

describe('quick lookup limits', () => {
  it(`answers 429 with Retry-After past ${LIMIT} lookups a minute for the account, even for an invalid body; other accounts are unaffected`, async () => {
    const account = await makeAccount(ctx.database.db);
    for (let i = 0; i < LIMIT; i += 1) expect((await quickSearch({ query: 'koala', countryIsoAlpha3: 'AUS' }, account.authorization)).status).toBe(200);
    for (const body of [{ query: 'koala', countryIsoAlpha3: 'AUS' }, '{not json']) {
      const refused = await quickSearch(body, account.authorization);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
    }
    const other = await makeAccount(ctx.database.db);
    expect((await quickSearch({ query: 'koala', countryIsoAlpha3: 'AUS' }, other.authorization)).status).toBe(200);
  });

  it('answers 200 for 200 distinct CJK characters, well within the statement timeout', async () => {
    const account = await makeAccount(ctx.database.db);
    const cjk = Array.from({ length: 200 }, (_, i) => String.fromCodePoint(0x4e00 + i * 7)).join('');
    const started = performance.now();
    const response = await quickSearch({ query: cjk, countryIsoAlpha3: 'GLO' }, account.authorization);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ candidates: [] });
    expect(performance.now() - started).toBeLessThan(ctx.container.env.QUICK_SEARCH_STATEMENT_TIMEOUT_MS);
  });

  it('a pool with a statement timeout has the server cancel a longer statement (query_canceled)', async () => {
    const bounded = createDatabase(ctx.database.url, { max: 1, statementTimeoutMs: 50 });
    try {
      await expect(bounded.pool.query('select pg_sleep(1)')).rejects.toMatchObject({ code: '57014' });
      expect((await bounded.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await bounded.close();
    }
  });
});
