/**
 * The quick lookup's recall on the failure shapes of issue 12 ("Match quality you can trust"), through the
 * real route over real PostgreSQL, each beside the namesakes and near-misses that made it fail: a typo in
 * a multi-word name, a leading "The" mistyped, a transposition in a short brand word, dropped punctuation,
 * a legal-form word that is part of the brand, and a trailing "&".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/adapters/db/client';
import { findOrganisationsByCorrectedName, isTypoOfThe } from '../../src/adapters/db/queries/quick-search/typo-step';
import { insertOrganisations } from '../../src/adapters/db/queries/organisations-write';
import { searchName } from '../../src/core/canonical-name';
import { quickSearchNames } from '../support/quick-search-route';
import { createTestContainer, type TestContext } from '../support/test-container';
import { makeAccount } from '../support/factories';

let ctx: TestContext;
let db: Db;
let caller: Awaited<ReturnType<typeof makeAccount>>;
const idOf = new Map<string, string>();

async function names(query: string): Promise<string[]> {
  return quickSearchNames(caller.authorization, query);
}

const ORGANISATIONS = [
  'Greenfield Property Group Pty Ltd',
  'Greenfield Farms Pty Ltd',
  'Property Group Holdings Limited',
  'Grup Media SA',
  'The Northwind Company',
  'Northwind Private Limited',
  'Northwind Traders Pty Ltd',
  'Vodafone Group Plc',
  'Voda Cafe Pty Ltd',
  'Voda Fresh Limited',
  'Voda Nova Ltd',
  'Voda Fone Repairs Pty Ltd',
  'Vodacom Group Limited',
  'Kwik-Fit Ltd',
  'Kwik Print Pty Ltd',
  'Fit Kwik Gym Pty Ltd',
  'Barnes & Company',
  'Barnes & Noble, Inc.',
  'Rio Tinto Limited',
  'Rio Tinto plc',
];

beforeAll(async () => {
  ctx = await createTestContainer();
  db = ctx.database.db;
  caller = await makeAccount(db);
  const ids = await insertOrganisations(
    db,
    ORGANISATIONS.map((name) => ({ name, countryIsoAlpha3: name.includes('Rio') && name.endsWith('plc') ? 'GBR' : 'AUS' })),
  );
  ORGANISATIONS.forEach((name, i) => idOf.set(name, ids[i] ?? ''));
});

afterAll(async () => {
  await ctx.close();
});

describe('issue 12: queries that found nothing, or another brand, now find their organisation first', () => {
  it('a typo in two words of a multi-word name ("Greenfeld Property Grup"), "grup" being a known word', async () => {
    expect((await names('Greenfeld Property Grup'))[0]).toBe('Greenfield Property Group Pty Ltd');
  });

  it('a mistyped leading "The" ("Thhe Northwind Company")', async () => {
    expect((await names('Thhe Northwind Company'))[0]).toBe('The Northwind Company');
    expect((await names('Teh Northwind Company'))[0]).toBe('The Northwind Company');
  });

  it('a transposition in a short brand word ("Vodafnoe") beside five "Voda ..." names', async () => {
    expect((await names('Vodafnoe'))[0]).toBe('Vodafone Group Plc');
  });

  it('dropped punctuation ("KwikFit" for "Kwik-Fit Ltd"), and added spaces the other way', async () => {
    expect((await names('KwikFit'))[0]).toBe('Kwik-Fit Ltd');
    expect((await names('Kwikfit Ltd'))[0]).toBe('Kwik-Fit Ltd');
  });

  it('a legal-form word that is part of the brand ("Northwind Private" for "Northwind Private Limited")', async () => {
    expect(searchName('Northwind Private Limited')).toBe('northwind');
    expect((await names('Northwind Private'))[0]).toBe('Northwind Private Limited');
    expect((await names('Northwind Priv'))[0]).toBe('Northwind Private Limited');
  });

  it('a trailing "&" ("Barnes &" for "Barnes & Company", before "Barnes & Noble")', async () => {
    const found = await names('Barnes &');
    expect(found[0]).toBe('Barnes & Company');
    expect(found).toContain('Barnes & Noble, Inc.');
  });

  it('namesakes with one search form: the legal form typed decides ("Rio Tinto plc" before "Rio Tinto Limited")', async () => {
    expect((await names('Rio Tinto plc'))[0]).toBe('Rio Tinto plc');
    expect((await names('Rio Tinto Limited'))[0]).toBe('Rio Tinto Limited');
  });
});

describe('the typo step tells which corrections found a row (for the match object)', () => {
  it('reports each corrected word, the article included', async () => {
    const lookup = (query: string) =>
      findOrganisationsByCorrectedName(db, { accountId: caller.id, countryIsoAlpha3: null, searchName: searchName(query), poolSize: 50 });
    const northwind = (await lookup('Thhe Northwnd Traders')).find((r) => r.id === idOf.get('Northwind Traders Pty Ltd'));
    expect(northwind?.corrections).toEqual([
      { from: 'thhe', to: 'the' },
      { from: 'northwnd', to: 'northwind' },
    ]);
    const vodafone = (await lookup('Vodafnoe')).find((r) => r.id === idOf.get('Vodafone Group Plc'));
    expect(vodafone?.corrections).toEqual([{ from: 'vodafnoe', to: 'vodafone' }]);
  });

  it('reads a leading one-edit "the" as the article, never "the" itself or longer words', () => {
    for (const word of ['thhe', 'teh', 'hte', 'th', 'tje', 'thw', 'then']) expect(isTypoOfThe(word), word).toBe(true);
    for (const word of ['the', 'ten', 'thorn', 'a', 'tech']) expect(isTypoOfThe(word), word).toBe(false);
  });
});
