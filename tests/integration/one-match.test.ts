/**
 * At most one match per query (issue 20, section 3) through the routes that failed: the quick lookup answered two
 * companies named "Acme Widgets" in two countries, both 100 and `match: true` (OpenRefine's auto-match silently took
 * the first), and "BHP Group Limited" answered a second legal entity, "BHP Group Finance Pty Ltd", as a match too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeOrganisation } from '../support/factories';
import { quickSearchCandidates } from '../support/quick-search-route';
import { createTestContainer, type TestContext } from '../support/test-container';
import { postForm, serveReconciliation, type ReconciliationServer } from './reconciliation-support';

let ctx: TestContext;
let authorization: string;
let server: ReconciliationServer;

beforeAll(async () => {
  ctx = await createTestContainer();
  authorization = (await makeAccount(ctx.database.db)).authorization;
  await makeOrganisation(ctx.database.db, { name: 'Acme Widgets', countryIsoAlpha3: 'AUS' });
  await makeOrganisation(ctx.database.db, { name: 'Acme Widgets', countryIsoAlpha3: 'USA' });
  await makeOrganisation(ctx.database.db, { name: 'BHP Group Limited', countryIsoAlpha3: 'AUS' });
  await makeOrganisation(ctx.database.db, { name: 'BHP Group Finance Pty Ltd', countryIsoAlpha3: 'AUS' });
  server = await serveReconciliation();
});

afterAll(async () => {
  await server?.close();
  await ctx.close();
});

describe('the quick lookup decides at most one match', () => {
  it('answers two same-named companies in two countries, none of them a match, and says it is ambiguous', async () => {
    const found = (await quickSearchCandidates(authorization, 'Acme Widgets')).filter((c) => c.canonicalName === 'Acme Widgets');
    expect(found.map((c) => c.countryIsoAlpha3).sort()).toEqual(['AUS', 'USA']);
    expect(found.map((c) => c.match.match)).toEqual([false, false]);
    expect(found[0]?.match.ambiguity).toBe('ambiguous: 2 organisations named Acme Widgets in AUS and USA');
  });

  it('keeps the match on the exact legal entity and takes it off its namesake', async () => {
    const found = await quickSearchCandidates(authorization, 'BHP Group Limited');
    expect(found[0]?.canonicalName).toBe('BHP Group Limited');
    expect(found.filter((c) => c.match.match).map((c) => c.canonicalName)).toEqual(['BHP Group Limited']);
  });
});

describe('reconciliation decides at most one match (OpenRefine auto-matches it)', () => {
  async function reconcileOne(query: string): Promise<{ name: string; match: boolean }[]> {
    const response = await postForm(server.baseUrl, { queries: JSON.stringify({ q0: { query } }) }, authorization);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { q0: { result: { name: string; match: boolean }[] } };
    return body.q0.result;
  }

  it('auto-matches neither of two companies that cannot be told apart', async () => {
    const result = await reconcileOne('Acme Widgets');
    expect(result.filter((c) => c.name === 'Acme Widgets')).toHaveLength(2);
    expect(result.some((c) => c.match)).toBe(false);
  });

  it('auto-matches only the exact legal entity', async () => {
    expect((await reconcileOne('BHP Group Limited')).filter((c) => c.match).map((c) => c.name)).toEqual(['BHP Group Limited']);
  });
});
