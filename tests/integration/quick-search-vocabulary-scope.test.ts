/**
 * The vocabulary side channel (issue 10): the typo-correction vocabulary of the quick lookup is the global
 * words plus the caller's account's own, so another account cannot tell whether a word occurs in a private
 * organisation name, through the route an API client calls (real PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '../../src/app/api/organisations/quick-search/route';
import { findWordCorrections } from '../../src/adapters/db/queries/quick-search/word-corrections';
import { addOrganisationWords } from '../../src/adapters/db/queries/organisations-write';
import { dropOwners } from '../../src/adapters/db/queries/verification-store';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { sql } from 'drizzle-orm';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof makeAccount>>;
let other: Awaited<ReturnType<typeof makeAccount>>;
/** Words that occur only in names private to `owner`. */
const SECRET_WORDS = ['quillavere', 'marrowdeep', 'vintraxo', 'brellisk', 'ostrivane'];
/** Words that occur nowhere, of the same shape. */
const NEVER_SEEN = ['quolliverx', 'morrowdept', 'vyntraxi', 'brallisq', 'ostrovine'];

beforeAll(async () => {
  ctx = await createTestContainer();
  owner = await makeAccount(ctx.database.db);
  other = await makeAccount(ctx.database.db);
  await makeOrganisation(ctx.database.db, { name: 'Glenbrook Harbour Traders Pty Ltd', countryIsoAlpha3: 'AUS' });
  for (const word of SECRET_WORDS) {
    await makeOrganisation(
      ctx.database.db,
      { name: `${word[0]?.toUpperCase()}${word.slice(1)} Logistics Pty Ltd`, countryIsoAlpha3: 'AUS' },
      { ownerAccountId: owner.id },
    );
  }
});
afterAll(async () => {
  await ctx?.close();
});

async function quickSearch(authorization: string, query: string): Promise<string[]> {
  const response = await POST(
    new Request('http://localhost/api/organisations/quick-search', {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ query, countryIsoAlpha3: 'AUS' }),
    }),
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as { candidates: { canonicalName: string }[] };
  return body.candidates.map((c) => c.canonicalName);
}

describe('another account', () => {
  it('gets the same answer for a word of a private name as for a word that occurs nowhere (the query-word drop test)', async () => {
    for (const [i, secret] of SECRET_WORDS.entries()) {
      const withSecret = await quickSearch(other.authorization, `glenbrook harbour ${secret}`);
      const withUnknown = await quickSearch(other.authorization, `glenbrook harbour ${NEVER_SEEN[i]}`);
      expect(withSecret).toEqual(withUnknown);
    }
    // The control answers something, so the comparison is not between two empty lists.
    expect(await quickSearch(other.authorization, `glenbrook harbour ${NEVER_SEEN[0]}`)).toEqual(['Glenbrook Harbour Traders Pty Ltd']);
  });

  it('is offered no correction towards a word of a private name, and finds nothing with a typo of it', async () => {
    const corrections = await findWordCorrections(ctx.database.db, ['quilavere', 'marrowdep', 'vintraxo'], other.id);
    expect(corrections.known.size).toBe(0);
    expect(corrections.oneEdit.size).toBe(0);
    expect(corrections.similar.size).toBe(0);
    expect(await quickSearch(other.authorization, 'quilavere logistics')).toEqual([]);
  });
});

describe('the owning account', () => {
  it('has its own words in its vocabulary: a typo of its private name is corrected', async () => {
    const corrections = await findWordCorrections(ctx.database.db, ['quilavere'], owner.id);
    expect(corrections.oneEdit.get('quilavere')).toEqual(['quillavere']);
    expect(await quickSearch(owner.authorization, 'quilavere logistics')).toEqual(['Quillavere Logistics Pty Ltd']);
  });
});

describe('writes keep the scope', () => {
  it("words of an alias of a private organisation are the owner's only", async () => {
    const { id } = await makeOrganisation(ctx.database.db, { name: 'Plainname Pty Ltd', aliases: ['Zentharion Group'] }, { ownerAccountId: owner.id });
    await addOrganisationWords(ctx.database.db, [id]);
    expect((await findWordCorrections(ctx.database.db, ['zentharion'], owner.id)).known.has('zentharion')).toBe(true);
    expect((await findWordCorrections(ctx.database.db, ['zentharion'], other.id)).known.has('zentharion')).toBe(false);
  });

  it("when verification drops the owners (the organisation becomes global), its words become everyone's", async () => {
    const { id } = await makeOrganisation(ctx.database.db, { name: 'Kestrelholm Mining Pty Ltd' }, { ownerAccountId: owner.id });
    expect((await findWordCorrections(ctx.database.db, ['kestrelholm'], other.id)).known.size).toBe(0);
    await dropOwners(ctx.database.db, { organisationId: id });
    expect((await findWordCorrections(ctx.database.db, ['kestrelholm'], other.id)).known.has('kestrelholm')).toBe(true);
  });

  it('stores each word once per scope', async () => {
    const rows = await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int as n from search_words where word = 'logistics'`);
    // One row for the owner (every "Logistics" name is private to it); none global.
    expect(rows.rows[0]?.n).toBe(1);
  });
});
