/**
 * The quick lookup's typo step on the shapes that still answered `[]` or another brand at 1M organisations
 * (issue 12, bench/out/match-quality-misses.json): two typos in one word, two transpositions, a typo in the
 * fifth word of a long name, a word over 20 letters, a mistyped legal-form word, a mistyped word after "co". Through the real route over
 * real PostgreSQL, each beside near-misses, plus the bounds of the two-edit neighbours (adapter).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/adapters/db/client';
import { withCoJoined } from '../../src/adapters/db/queries/quick-search/typo-step';
import { findWordCorrections } from '../../src/adapters/db/queries/quick-search/word-corrections';
import { insertOrganisations } from '../../src/adapters/db/queries/organisations-write';
import { quickSearchNames } from '../support/quick-search-route';
import { createTestContainer, type TestContext } from '../support/test-container';
import { makeAccount } from '../support/factories';

let ctx: TestContext;
let db: Db;
let caller: Awaited<ReturnType<typeof makeAccount>>;

async function names(query: string): Promise<string[]> {
  return quickSearchNames(caller.authorization, query);
}

const ORGANISATIONS = [
  'Wesfarmers Limited',
  'Wesley Farms Pty Ltd',
  'Westfield Farmers Limited',
  'Continental Aktiengesellschaft',
  'Continent Travel AG',
  'Aston Martin Lagonda Global Holdings plc',
  'Aston Lagoon Holdings Pty Ltd',
  'PricewaterhouseCoopers LLP',
  'Price Waterhouse Cafe Pty Ltd',
  'McKinsey & Company, Inc.',
  'Medibank Private Limited',
  'Prime Media Group Limited',
  'Medical Imaging Pty Ltd',
  'Macquarie Bank Limited',
  'Maclaren Bank Pty Ltd',
  'Fonterra Co-operative Group Limited',
  'Fonterra Farms Pty Ltd',
];

beforeAll(async () => {
  ctx = await createTestContainer();
  db = ctx.database.db;
  caller = await makeAccount(db);
  await insertOrganisations(
    db,
    ORGANISATIONS.map((name) => ({ name, countryIsoAlpha3: 'AUS' })),
  );
});

afterAll(async () => {
  await ctx.close();
});

describe('two typos and the other shapes that answered [] now find their organisation first', () => {
  it('two typos in one word ("Wrsfarjers", "Mzcqarie Bank"), beside names one letter closer in places', async () => {
    expect((await names('Wrsfarjers Limited'))[0]).toBe('Wesfarmers Limited');
    expect((await names('Mzcqarie Bank Limited'))[0]).toBe('Macquarie Bank Limited');
  });

  it('two transpositions in one word ("Conitnetnal", Levenshtein 4)', async () => {
    expect((await names('Conitnetnal Aktiengesellschaft'))[0]).toBe('Continental Aktiengesellschaft');
  });

  it('a typo in the fifth word of a long name ("Aston Martin Lagonda Global Hodlings")', async () => {
    expect((await names('Aston Martin Lagonda Global Hodlings plc'))[0]).toBe('Aston Martin Lagonda Global Holdings plc');
  });

  it('a typo in a word over 20 letters ("PricewaterhouseCopers")', async () => {
    expect((await names('PricewaterhouseCopers LLP'))[0]).toBe('PricewaterhouseCoopers LLP');
  });

  it('a mistyped legal-form word ("McKinsey & Cohpany", "Mediabnk Priate Limited")', async () => {
    expect((await names('McKinsey & Cohpany, Inc.'))[0]).toBe('McKinsey & Company, Inc.');
    expect((await names('Mediabnk Priate Limited'))[0]).toBe('Medibank Private Limited');
  });
});

describe('a mistyped word after a "co" (names store "co operative" as "cooperative")', () => {
  it('joins them before correcting ("Fonterra Co-operatlve", "Fontera Co-operatifve")', async () => {
    expect((await names('Fonterra Co-operatlve Group Limited'))[0]).toBe('Fonterra Co-operative Group Limited');
    expect((await names('Fontera Co-operatifve Group Limited'))[0]).toBe('Fonterra Co-operative Group Limited');
  });

  it('joins only a "co" followed by a word of 4+ letters', () => {
    expect(withCoJoined(['fonterra', 'co', 'operatlve', 'group'])).toEqual(['fonterra', 'cooperatlve', 'group']);
    expect(withCoJoined(['acme', 'co'])).toEqual([]);
    expect(withCoJoined(['acme', 'co', 'ltd'])).toEqual([]);
    expect(withCoJoined(['acme', 'widgets'])).toEqual([]);
  });
});

describe('two-edit neighbours (the adapter): bounded to unknown words with no one-edit neighbour, same first letter', () => {
  const corrections = (words: string[]) => findWordCorrections(db, words, caller.id);

  it('finds the known word two edits away, and none more than two', async () => {
    const found = await corrections(['wrsfarjers']);
    expect(found.twoEdit.get('wrsfarjers')).toEqual(['wesfarmers']);
    expect(found.oneEdit.get('wrsfarjers')).toBeUndefined();
  });

  it('looks for none when the word has a one-edit neighbour, is known, is under 5 letters, or starts with another letter', async () => {
    expect((await corrections(['wesfarmer'])).twoEdit.size).toBe(0);
    expect((await corrections(['wesfarmers'])).twoEdit.size).toBe(0);
    expect((await corrections(['wesf'])).twoEdit.size).toBe(0);
    // "xesfarmerz" is two edits from "wesfarmers" too, but its first letter differs.
    expect((await corrections(['xesfarmerz'])).twoEdit.size).toBe(0);
  });
});
