/**
 * The exact step's and the typo step's every-word branches (src/adapters/db/queries/quick-search/name-lookup.ts and
 * every-word-branches.ts; decision 0031) read every
 * word of the query whole first, over the whole-word GIN index (a fraction of the trigram index's cost), and words only
 * begun ("tech" in "Technologies") when no name or other name holds them all whole and some word can be begun (it
 * begins a longer word of the vocabulary, or has 3 letters). The exact step's query function
 * over real PostgreSQL, and the route for what a user sees. Also the quick lookup's generic companion pool, which
 * plans those statements once per connection when their words suit a generic plan (decision 0031). Words only begun are
 * read through the account's vocabulary, the words each begins listed and read whole, unless one begins more words
 * than MAX_BEGUN_WORDS (the trigram indexes then; decision 0032).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, genericCompanionOf } from '../../src/adapters/db/client';
import { insertAccount } from '../../src/adapters/db/queries/accounts';
import { insertOrganisations } from '../../src/adapters/db/queries/organisations-write';
import { MAX_BEGUN_WORDS } from '../../src/adapters/db/queries/quick-search/every-word-branches';
import { findOrganisationsByName } from '../../src/adapters/db/queries/quick-search/name-lookup';
import { findOrganisationsByCorrectedName } from '../../src/adapters/db/queries/quick-search/typo-step';
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
/** Words beginning "zarvox", more than MAX_BEGUN_WORDS of them: 26 beginning "zarvoxb", 14 beginning "zarvoxc". */
const ZARVOX_WORDS = [...'abcdefghijklmnopqrstuvwxyz'].map((c) => `zarvoxb${c}`).concat([...'abcdefghijklmn'].map((c) => `zarvoxc${c}`));
let otherAccountId: string;
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
      ...ZARVOX_WORDS.map((word) => ({ name: `${word} Widgets Ltd` })),
      { name: 'Quillon Harbour Widgets Ltd' },
    ].map((o) => ({ ...o, countryIsoAlpha3: 'AUS' })),
  );
  // Another account's private organisation: its words are in that account's vocabulary only.
  otherAccountId = (await insertAccount(ctx.database.db, { name: 'Other account' })).id;
  await insertOrganisations(ctx.database.db, [{ name: 'Quillon Harbourview Widgets Ltd', countryIsoAlpha3: 'AUS' }], { ownerAccountId: otherAccountId });
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

  it('a word being typed ("Lagoon Pac", "Lagoon Paci") has no whole reading: the names it begins words of are found', async () => {
    expect((await exactStep('Lagoon Pac')).sort()).toEqual(['Pacific Lagoon Tours Pty Ltd', 'Reef Holdings Pty Ltd']);
    expect((await exactStep('Lagoon Paci')).sort()).toEqual(['Pacific Lagoon Tours Pty Ltd', 'Reef Holdings Pty Ltd']);
  });

  it('words that begin no longer word and are whole in no name together: nothing, as before ("Coral Harbour")', async () => {
    expect(await exactStep('Coral Harbour')).toEqual([]);
  });
});

describe('words only begun, read through the vocabulary (decision 0032)', () => {
  const namesFor = async (query: string, account = accountId) =>
    (await findOrganisationsByName(ctx.database.db, { accountId: account, countryIsoAlpha3: null, searchName: searchName(query), poolSize: 50 }))
      .map((row) => row.name)
      .sort();

  it('a word beginning up to MAX_BEGUN_WORDS words of the vocabulary is read as those words: "Zarvoxb Widg" finds the 26 names', async () => {
    expect(26).toBeLessThanOrEqual(MAX_BEGUN_WORDS);
    expect(await namesFor('Zarvoxb Widg')).toEqual(ZARVOX_WORDS.slice(0, 26).map((w) => `${w} Widgets Ltd`));
    expect(await namesFor('Widgets Zarvoxc')).toHaveLength(14);
  });

  it('a word beginning more words than that ("zarvox": 40) is read by the trigram indexes, with the same rows', async () => {
    expect(ZARVOX_WORDS.length).toBeGreaterThan(MAX_BEGUN_WORDS);
    expect(await namesFor('Zarvox Widgets')).toHaveLength(ZARVOX_WORDS.length);
  });

  it('a 3-letter word is looked for anywhere in the names the other words find; a word beginning no word finds nothing', async () => {
    expect(await namesFor('Zarvoxc Wid')).toHaveLength(14);
    expect(await namesFor('Zarvoxc Xyq')).toEqual([]);
    // A word that begins no word of the vocabulary: no name can hold it, whatever the others find.
    expect(await namesFor('Zarvoxc Qwertyz')).toEqual([]);
  });

  it('another account\'s private words begin nothing for this one: "Quillon Harbo" finds the global name only, the owner both', async () => {
    expect(await namesFor('Quillon Harbo')).toEqual(['Quillon Harbour Widgets Ltd']);
    expect(await namesFor('Quillon Harbo', otherAccountId)).toEqual(['Quillon Harbour Widgets Ltd', 'Quillon Harbourview Widgets Ltd']);
    expect(await namesFor('Quillon Harbourv')).toEqual([]);
  });
});

describe("the typo step's every-word branches: the same order, a position's corrections included", () => {
  const typoStep = async (query: string) =>
    (await findOrganisationsByCorrectedName(ctx.database.db, { accountId, countryIsoAlpha3: null, searchName: searchName(query), poolSize: 50 })).map(
      (row) => row.name,
    );

  it('"Tech Harbuor" holds the one name with "tech" and the corrected "harbour" whole, none of the 60 where "tech" is begun', async () => {
    expect(await typoStep('Tech Harbuor')).toEqual(['Harbour Tech Partners Pty Ltd']);
  });

  it('"Corel Tech": no name holds "coral" (corrected) and "tech" whole, so "tech" begun finds "Coral Technologies"', async () => {
    expect(await typoStep('Corel Tech')).toEqual(['Coral Technologies Pty Ltd']);
  });
});

describe("the typo step's every-word statement and the trigram indexes (decision 0032)", () => {
  /** The rows of the typo step on a pool of its own, and the texts of the statements it sent. */
  async function typoStepSent(query: string): Promise<{ names: string[]; texts: string[] }> {
    const plain = createDatabase(ctx.database.url, { max: 1 });
    const texts: string[] = [];
    const send = plain.pool.query.bind(plain.pool);
    plain.pool.query = ((...args: Parameters<typeof send>) => {
      const first = args[0] as unknown;
      texts.push(typeof first === 'string' ? first : (first as { text: string }).text);
      return send(...args);
    }) as typeof send;
    try {
      const rows = await findOrganisationsByCorrectedName(plain.db, { accountId, countryIsoAlpha3: null, searchName: searchName(query), poolSize: 50 });
      return { names: rows.map((row) => row.name), texts };
    } finally {
      await plain.close();
    }
  }
  const everyWord = (texts: string[]) => texts.filter((text) => text.includes('with whole as'));

  it('leaves them out when the word corrections say no word begins more than MAX_BEGUN_WORDS words ("Widgts Zarvoxb")', async () => {
    // No corrected whole name begins a name ("widgets zarvoxba"), so the every-word branches run: "zarvoxb" and its
    // corrections begin at most 26 words each.
    const { names, texts } = await typoStepSent('Widgts Zarvoxb');
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name.startsWith('zarvoxb'))).toBe(true);
    expect(everyWord(texts)).toHaveLength(1);
    expect(everyWord(texts)[0]).not.toContain(' like ');
  });

  it('keeps them when a word may begin more ("Widgts Zarvox": "zarvox" begins 40)', async () => {
    const { names, texts } = await typoStepSent('Widgts Zarvox');
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name.startsWith('zarvox'))).toBe(true);
    expect(everyWord(texts)).toHaveLength(1);
    expect(everyWord(texts)[0]).toContain(' like ');
  });
});

describe('through the route', () => {
  it('"Tech Harbour" answers "Harbour Tech Partners" first', async () => {
    const caller = await makeAccount(ctx.database.db);
    expect((await quickSearchNames(caller.authorization, 'Tech Harbour'))[0]).toBe('Harbour Tech Partners Pty Ltd');
  });
});

describe("the quick lookup's generic companion (decision 0031)", () => {
  it('gives the exact and typo steps the same rows as a pool planning every statement for its values, the words of 4+ letters on the companion', async () => {
    const withCompanion = createDatabase(ctx.database.url, { max: 1, genericCompanion: true });
    const plain = createDatabase(ctx.database.url, { max: 1 });
    try {
      const queries = ['Tech Harbour', 'Tech Coral', 'Lagoon Pacific', 'Lagoon Pac', 'Coral Harbour', 'Harbour Tecnologies', 'Harbour', 'Lag Pac', 'Qu'];
      for (const query of queries) {
        const params = { accountId, countryIsoAlpha3: null, searchName: searchName(query), poolSize: 50 };
        expect(await findOrganisationsByName(withCompanion.db, params)).toEqual(await findOrganisationsByName(plain.db, params));
        expect(await findOrganisationsByCorrectedName(withCompanion.db, params)).toEqual(await findOrganisationsByCorrectedName(plain.db, params));
      }
      const named = async (pool: typeof plain.pool) =>
        (await pool.query<{ name: string; generic_plans: string }>('select name, generic_plans from pg_prepared_statements')).rows;
      const companion = genericCompanionOf(withCompanion.pool);
      const onCompanion = companion === undefined ? [] : await named(companion);
      expect(onCompanion.some((s) => s.name.startsWith('qs_exact_') && Number(s.generic_plans) > 0)).toBe(true);
      expect(onCompanion.some((s) => s.name.startsWith('qs_every_word_'))).toBe(true);
      // Words of 3 letters only ("lag pac") are planned for their values, unnamed, on the pool itself ("qu": words of 1-2
      // letters are read whole through the vocabulary and suit the companion, decision 0032).
      expect((await named(withCompanion.pool)).some((s) => s.name.startsWith('qs_exact_'))).toBe(false);
    } finally {
      await Promise.all([withCompanion.close(), plain.close()]);
    }
  });
});
