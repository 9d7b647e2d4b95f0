/**
 * The exact step's every-word branches answered from the word postings (every-word-postings.ts) show the rows the
 * trigram branches show, against real PostgreSQL: the same organisations, the same matched aliases, the same order,
 * for queries whose words begin longer words, 1-2 letter words, a 3-letter word (a substring), words spread over a
 * name and an alias, an alias holding every word, a word in more names than the postings' cap would allow, another
 * account's private organisation, and a country scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/adapters/db/client';
import { insertAccount } from '../../src/adapters/db/queries/accounts';
import { insertOrganisations } from '../../src/adapters/db/queries/organisations-write';
import { findOrganisationsByName } from '../../src/adapters/db/queries/quick-search/name-lookup';
import { postingRanges } from '../../src/adapters/db/queries/quick-search/every-word-postings';
import { searchName } from '../../src/core/canonical-name';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let db: Db;
let readerId = '';

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  readerId = (await insertAccount(db, { name: 'Postings reader' })).id;
  const otherId = (await insertAccount(db, { name: 'Postings other account' })).id;
  await insertOrganisations(db, [
    { name: 'Quillon Fleetwood Hospitality Pty Ltd', countryIsoAlpha3: 'AUS' },
    { name: 'Quillon Fleet Hospitality Limited', countryIsoAlpha3: 'GBR' },
    { name: 'Hospitality Quillon Fleets', countryIsoAlpha3: null },
    { name: 'Marrowby Quillon Partners', countryIsoAlpha3: 'AUS', aliases: ['Fleet Hospitality Marrowby'] },
    { name: 'Tarnwick Hospitality Group', countryIsoAlpha3: 'AUS', aliases: ['Quillon Estates'] },
    { name: 'BT Quillon Ventures', countryIsoAlpha3: 'GBR' },
    { name: 'Quillon BTX Ventures', countryIsoAlpha3: 'GBR' },
    { name: 'Ingmar Quillon Holdings', countryIsoAlpha3: 'NZL' },
    { name: 'Excavators Quillon Cava', countryIsoAlpha3: 'NZL' },
    // A word in more names than any one query's lookup counts is left to the like check (the postings' cap is far
    // above this; these make "quillon" the query's commonest word).
    ...Array.from({ length: 30 }, (_, i) => ({ name: `Quillon Filler ${String.fromCharCode(97 + (i % 26))}${i} Trading`, countryIsoAlpha3: 'AUS' })),
  ]);
  await insertOrganisations(db, [{ name: 'Quillon Fleet Hospitality Private', countryIsoAlpha3: 'AUS' }], { ownerAccountId: otherId });
});

afterAll(async () => {
  await database.close();
});

const QUERIES = [
  'Fleet Hospitality',
  'Hospitality Quillon',
  'Quillon Fleet',
  'Fleet Hospitality Marrowby',
  'Hospitality Tarnwick',
  'Quillon Estates',
  'Marrowby Hospitality',
  'Quillon BT',
  'BT Ventures',
  'Ventures BTX Quillon',
  'Quillon ing',
  'Cava Quillon',
  'Quillon Trading',
  'Filler Quillon',
  'Fleetw Quillon',
  'Nowhere Quillon',
];

describe('every-word branches: the postings show the trigram branches rows', () => {
  for (const countryIsoAlpha3 of [null, 'AUS']) {
    it(`the same rows, in the same order, for every query (country ${countryIsoAlpha3 ?? 'none'})`, async () => {
      let found = 0;
      for (const query of QUERIES) {
        const params = { accountId: readerId, countryIsoAlpha3, searchName: searchName(query), poolSize: 50 };
        const trigram = await findOrganisationsByName(db, params, { everyWordOver: 'trigram' });
        const postings = await findOrganisationsByName(db, params);
        expect(postings, query).toEqual(trigram);
        found += postings.length;
      }
      expect(found).toBeGreaterThan(10);
    });
  }

  it("finds names holding every word in any order, each word beginning a word of the name or alias, never another account's private name", async () => {
    const names = async (query: string, countryIsoAlpha3: string | null = null) =>
      (await findOrganisationsByName(db, { accountId: readerId, countryIsoAlpha3, searchName: searchName(query), poolSize: 50 })).map((r) => r.name).sort();
    expect(await names('Fleet Hospitality')).toEqual([
      'Hospitality Quillon Fleets',
      'Marrowby Quillon Partners',
      'Quillon Fleet Hospitality Limited',
      'Quillon Fleetwood Hospitality Pty Ltd',
    ]);
    expect(await names('Fleet Hospitality', 'AUS')).toEqual([
      'Hospitality Quillon Fleets',
      'Marrowby Quillon Partners',
      'Quillon Fleetwood Hospitality Pty Ltd',
    ]);
    // Words spread over a name and an alias are not every word of one name.
    expect(await names('Hospitality Estates')).toEqual([]);
    // A 1-2 letter word is a whole word: "BT" is not the beginning of "BTX".
    expect(await names('Ventures BT')).toEqual(['BT Quillon Ventures']);
    // A 4+ letter word begins a word, never inside one ("cava" in "excavators" only as the word "Cava").
    expect(await names('Cava Excavators')).toEqual(['Excavators Quillon Cava']);
    expect(await names('Cava Quillon')).toEqual(['Excavators Quillon Cava']);
  });
});

describe('postingRanges', () => {
  it('a 4+ letter word is a prefix range, a 1-2 letter word itself, a 3-letter word none (a substring: the like check)', () => {
    expect(postingRanges(['fleet', 'bt', 'ing', 'fleet'])).toEqual([
      { lo: 'fleet', hi: 'fleet\u{10FFFF}' },
      { lo: 'bt', hi: 'bt\u{1}' },
    ]);
  });
});
