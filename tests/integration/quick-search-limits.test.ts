/**
 * The quick lookup's bounds (issue 10, section 2): a per-account rate limit (429 with Retry-After, counted
 * before validation like the streamed search's), a statement timeout on its pool, and the worst input of
 * the issue (200 distinct CJK characters) answering like any other query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '../../src/app/api/organisations/quick-search/route';
import { createDatabase } from '../../src/adapters/db/client';
import { createQuickSearchLookups } from '../../src/adapters/db/queries/quick-search/quick-search-lookups';
import { makeAccount, makeOrganisation } from '../support/factories';
import { captureLog } from '../support/agent-runs';
import { createTestContainer, type TestContext } from '../support/test-container';

const LIMIT = 5;
let ctx: TestContext;
const captured = captureLog();

beforeAll(async () => {
  ctx = await createTestContainer({ env: { QUICK_SEARCH_RATE_LIMIT_PER_MINUTE: String(LIMIT) }, log: captured.log });
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

  it('answers 200 for 200 distinct CJK characters from its lookups, not from a typo step the statement timeout cancelled', async () => {
    const account = await makeAccount(ctx.database.db);
    const cjk = Array.from({ length: 200 }, (_, i) => String.fromCodePoint(0x4e00 + i * 7)).join('');
    const response = await quickSearch({ query: cjk, countryIsoAlpha3: 'GLO' }, account.authorization);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ candidates: [] });
    // A cancelled typo step also answers [] (and says so in the log): the answer above must not be that one.
    expect(captured.warningMessages().filter((m) => m.includes('typo step cancelled'))).toEqual([]);
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

describe('a typo step the statement timeout cancels', () => {
  it('answers no corrections rather than a failure, and says so in the log', async () => {
    // One connection: the exact lookup runs unbounded, then the session's statement timeout drops to 1 ms, far
    // under what the corrections statement of 40 unknown words takes.
    const bounded = createDatabase(ctx.database.url, { max: 1 });
    const recorded = captureLog();
    try {
      const account = await makeAccount(ctx.database.db);
      const lookups = createQuickSearchLookups(bounded.db, { log: recorded.log });
      const words = Array.from({ length: 40 }, (_, i) => `zqx${String.fromCharCode(97 + (i % 26))}wvbn${i}`).join(' ');
      const { rows, corrected } = await lookups.byName({ accountId: account.id, countryIsoAlpha3: null, searchName: words, poolSize: 50 });
      expect(rows).toEqual([]);
      await bounded.pool.query('set statement_timeout = 1');
      expect(await corrected()).toEqual([]);
      expect(recorded.warningMessages()).toContain('quick-search typo step cancelled by the statement timeout; answered without corrections');
    } finally {
      await bounded.close();
    }
  });
});
