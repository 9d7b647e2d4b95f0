/**
 * The exact step's every-word branches (src/adapters/db/queries/quick-search/name-lookup.ts; decision 0031) read every
 * word of the query whole first, over the whole-word GIN index (a fraction of the trigram index's cost), and words only
 * begun ("tech" in "Technologies") when no name or other name holds them all whole. The exact step's query function
 * over real PostgreSQL, and the route for what a user sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src/adapters/db/queries/accounts';
import { insertOrganisations } from '../../src/adapters/db/queries/organisations-write';
import { findOrganisationsByName } from '../../src/adapters/db/queries/quick-search/name-lookup';
import { searchName } from '../../src/core/canonical-name';
import { quickSearchNames } from '../support/quick-search-route';
import { createTestContainer, type TestContext } from '../support/test-container';
import { makeAccount } from '../support/factories';

let ctx: TestContext;
let accountId: string;

/** The exact step's rows for a query, as the quick lookup asks for them (GLO, a pool of 50). */
async function exactStep(query: string): Promise<string[]> {
  const rows = await findOrganisationsByName(ctx.database.db, { accountId, countryIsoAlpha3: null, searchName: searchName(query), poolSize: 50 });
  return rows.map((row) => row.name);
}

/** More names holding "harbour" and a word beginning "tech" than the lookup's pool (50) takes, inserted first. */
const HARBOUR_TECHNOLOGIES = Array.from({ length: 60 }, (_, i) => ({ name: `Harbour Technologies ${i + 1} Pty Ltd` }));

beforeAll(async () => {
  ctx = await createTestContainer();
  accountId = (await insertAccount(ctx.database.db, { name: 'Whole words' })).id;
  await insertOrganisations(
    ctx.database.db,
    [
      ...HARBOUR_TECHNOLOGIES,
      { name: 'Harbour Tech Partners Pty Ltd' },
      { name: 'Coral Technologies Pty Ltd' },
      { name: 'Reef Holdings Pty Ltd', aliases: ['Lagoon Systems Pacific'] },
      { name: 'Pacific Lagoon Tours Pty Ltd' },
    ].map((o) => ({ ...o, countryIsoAlpha3: 'AUS' })),
  );
});

afterAll(async () => {
  await ctx.close();
});

describe('the exact step: every word whole first, then words only begun', () => {
  it('"Tech Harbour" holds the one name with both words whole, and none of the 60 where "tech" is only begun', async () => {
    expect(await exactStep('Tech Harbour')).toEqual(['Harbour Tech Partners Pty Ltd']);
  });

  it('"Tech Coral": no name holds both words whole, so names where a word is only begun are found', async () => {
    expect(await exactStep('Tech Coral')).toEqual(['Coral Technologies Pty Ltd']);
  });

  it('other names count as names: "Lagoon Pacific" holds the alias and the name that have both words whole', async () => {
    expect((await exactStep('Lagoon Pacific')).sort()).toEqual(['Pacific Lagoon Tours Pty Ltd', 'Reef Holdings Pty Ltd']);
  });

  it('a word being typed ("Lagoon Pac") has no whole reading: the names it begins words of are found', async () => {
    expect((await exactStep('Lagoon Pac')).sort()).toEqual(['Pacific Lagoon Tours Pty Ltd', 'Reef Holdings Pty Ltd']);
  });
});

describe('through the route', () => {
  it('"Tech Harbour" answers "Harbour Tech Partners" first', async () => {
    const caller = await makeAccount(ctx.database.db);
    expect((await quickSearchNames(caller.authorization, 'Tech Harbour'))[0]).toBe('Harbour Tech Partners Pty Ltd');
  });
});
