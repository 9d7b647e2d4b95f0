/**
 * What makes quick search fast without losing recall, against real PostgreSQL: the `search_words`
 * vocabulary filled by every write path (insertOrganisations, the importer), the word-correction step,
 * and the in-process API key cache of the account resolver (its 30 s TTL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createAccountResolver, API_KEY_CACHE_TTL_MS } from '../../src/adapters/auth/account-resolver';
import { createApiKey, revokeApiKey } from '../../src/adapters/auth/api-keys';
import type { Db } from '../../src/adapters/db/client';
import { insertAccount } from '../../src/adapters/db/queries/accounts';
import { importOrganisations } from '../../src/adapters/db/queries/imports/import-organisations';
import { insertOrganisations } from '../../src/adapters/db/queries/organisations-write';
import { findOrganisationsByName } from '../../src/adapters/db/queries/quick-search/name-lookup';
import { findOrganisationsByCorrectedName } from '../../src/adapters/db/queries/quick-search/typo-step';
import {
  findWordCorrections,
  findWordCorrectionsOfMany,
  wordAlternatives,
  type WordCorrections,
} from '../../src/adapters/db/queries/quick-search/word-corrections';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database.close();
});

async function knownWords(words: string[]): Promise<string[]> {
  const result = await db.execute<{ word: string }>(sql`select word from search_words where word = any(${sql.param(words)}::text[]) order by word`);
  return result.rows.map((r) => r.word);
}

describe('search_words: filled by every write of organisations', () => {
  it('insertOrganisations adds the search-form words of names and aliases, legal forms stripped', async () => {
    await insertOrganisations(db, [
      { name: 'Quenby Harrowgate Pty Ltd', aliases: ['Tillwick & Sons'] },
      { name: 'Quenby Marsh Limited', countryIsoAlpha3: 'GBR' },
    ]);
    expect(await knownWords(['quenby', 'harrowgate', 'marsh', 'tillwick', 'and', 'sons', 'pty', 'ltd', 'limited'])).toEqual(
      ['and', 'harrowgate', 'marsh', 'quenby', 'sons', 'tillwick'].sort(),
    );
  });

  it('the importer (batches in transactions) fills it too, once per word, and a re-import adds nothing twice', async () => {
    const lines = [
      JSON.stringify({ name: 'Ostrava Kelpmoor Pty Ltd', countryIsoAlpha3: 'AUS' }),
      JSON.stringify({ name: 'Kelpmoor Vantage Pty Ltd', countryIsoAlpha3: 'AUS', aliases: ['Vantage Brinehill'] }),
    ];
    const summary = await importOrganisations(db, lines, { batchSize: 1 });
    expect(summary.imported).toBe(2);
    await importOrganisations(db, lines, { batchSize: 2 });
    expect(await knownWords(['ostrava', 'kelpmoor', 'vantage', 'brinehill'])).toEqual(['brinehill', 'kelpmoor', 'ostrava', 'vantage']);
    const counted = await db.execute<{ n: number }>(sql`select count(*)::int as n from search_words where word = 'kelpmoor'`);
    expect(counted.rows[0]?.n).toBe(1);
  });

  it('concurrent batches sharing words do not deadlock', async () => {
    const names = (suffix: string) =>
      ['Alderwyn', 'Brookvane', 'Cindermoss', 'Dappleford', 'Eskerridge'].map((w, i, all) => ({ name: `${w} ${all[(i + 1) % all.length]} ${suffix}` }));
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => db.transaction(async (tx) => insertOrganisations(tx, i % 2 === 0 ? names(`X${i}`) : names(`Y${i}`).reverse()))),
    );
    expect(await knownWords(['alderwyn', 'eskerridge'])).toEqual(['alderwyn', 'eskerridge']);
  });
});

describe('word corrections', () => {
  /** The account whose vocabulary is asked (the organisations here are global: every account knows their words). */
  let readerId = '';
  beforeAll(async () => {
    readerId = (await insertAccount(db, { name: 'Vocabulary reader' })).id;
    await insertOrganisations(db, [
      { name: 'Gorsemoor Bay Fisheries Pty Ltd', countryIsoAlpha3: 'AUS' },
      { name: 'Gorsemoor Bat Rescue Pty Ltd', countryIsoAlpha3: 'AUS' },
    ]);
  });

  it('one-edit corrections cover deletion, transposition, substitution and insertion; two edits are not one edit', async () => {
    // A query has at most four words corrected (core/word-correction-bounds.ts): two lookups here.
    const first = await findWordCorrections(db, ['gorsemor', 'gorsemoro', 'gorsemxor', 'gorsemoorr'], readerId);
    for (const typo of ['gorsemor', 'gorsemoro', 'gorsemxor', 'gorsemoorr']) expect(first.oneEdit.get(typo)).toEqual(['gorsemoor']);
    const corrections = await findWordCorrections(db, ['gorsmoorr', 'by', 'aby'], readerId);
    expect(corrections.oneEdit.get('gorsmoorr')).toBeUndefined();
    expect(corrections.oneEdit.get('aby')).toEqual(expect.arrayContaining(['bay']));
    // Two-letter words are never corrected; numbers neither.
    expect(corrections.oneEdit.get('by')).toBeUndefined();
    expect((await findWordCorrections(db, ['8245'], readerId)).oneEdit.size).toBe(0);
  });

  it('findWordCorrectionsOfMany answers each query as findWordCorrections does, in the order asked (a chunk of batch rows)', async () => {
    const queries = [
      ['gorsemor', 'bmy', 'fisheries'],
      [],
      ['gorsemoor', 'bat', 'rescue'],
      ['gorsemooorr', 'fisheires'],
      ['8245', 'by'],
      ['gorsemor', 'gorsemoro', 'gorsemxor', 'gorsemoorr', 'gorsemorx', `gorsemor${'x'.repeat(13)}`],
      ['gørsemoor', 'bäy', 'fisheriés'],
      ['gorsemor', 'bmy', 'fisheries'],
      ['wrsfarjers', 'gorsmoorr', 'aby'],
    ];
    const many = await findWordCorrectionsOfMany(db, queries, readerId);
    expect(many).toHaveLength(queries.length);
    const asSorted = (c: WordCorrections) => ({
      known: [...c.known].sort(),
      oneEdit: [...c.oneEdit].sort(),
      similar: [...c.similar].sort(),
      twoEdit: [...c.twoEdit].sort(),
    });
    for (const [i, words] of queries.entries()) expect(asSorted(many[i] as WordCorrections)).toEqual(asSorted(await findWordCorrections(db, words, readerId)));
    expect(many[0]?.oneEdit.get('gorsemor')).toEqual(['gorsemoor']);
    expect(await findWordCorrectionsOfMany(db, [], readerId)).toEqual([]);
  });

  it('corrects at most four words of a query, and never a word over 20 characters', async () => {
    const corrections = await findWordCorrections(db, ['gorsemor', 'gorsemoro', 'gorsemxor', 'gorsemoorr', 'gorsemorx', `gorsemor${'x'.repeat(13)}`], readerId);
    expect([...corrections.oneEdit.keys()].sort()).toEqual(['gorsemoorr', 'gorsemor', 'gorsemoro', 'gorsemxor']);
  });

  it('an unknown word is corrected to the known words one edit away, and keeps itself (a prefix being typed)', async () => {
    const words = ['gorsemoor', 'bmy', 'fisheries'];
    const corrections = await findWordCorrections(db, words, readerId);
    expect([...corrections.known].sort()).toEqual(['fisheries', 'gorsemoor']);
    const alternatives = wordAlternatives(words, corrections);
    expect(alternatives[0]).toEqual(['gorsemoor']);
    expect(alternatives[1]?.[0]).toBe('bmy');
    // "bay" is one edit from "bmy"; "bat" is two edits away, so it is not offered.
    expect(alternatives[1]).toEqual(['bmy', 'bay']);
  });

  it('a long word two edits away is corrected by trigram similarity', async () => {
    const corrections = await findWordCorrections(db, ['gorsemooorr'], readerId);
    expect(corrections.oneEdit.get('gorsemooorr')).toBeUndefined();
    expect(corrections.similar.get('gorsemooorr')).toContain('gorsemoor');
  });

  it('finds the organisation through a corrected word, scoped to what the account sees', async () => {
    const account = await insertAccount(db, { name: 'Vocabulary test' });
    const lookup = async (countryIsoAlpha3: string | null) => {
      const params = { accountId: account.id, countryIsoAlpha3, searchName: 'gorsemoor bay fisheriez', poolSize: 50 };
      expect(await findOrganisationsByName(db, params)).toEqual([]);
      return findOrganisationsByCorrectedName(db, params);
    };
    expect((await lookup(null)).map((r) => r.name)).toEqual(['Gorsemoor Bay Fisheries Pty Ltd']);
    expect(await lookup('GBR')).toEqual([]);
  });

  it('nothing known and nothing close: [] (no fallback over every name)', async () => {
    const account = await insertAccount(db, { name: 'Vocabulary test 2' });
    const params = { accountId: account.id, countryIsoAlpha3: null, searchName: 'xyqwvvjk mmmpfft', poolSize: 50 };
    expect(await findOrganisationsByName(db, params)).toEqual([]);
    expect(await findOrganisationsByCorrectedName(db, params)).toEqual([]);
  });
});

describe('account resolver: API key -> account cached in process for API_KEY_CACHE_TTL_MS', () => {
  const noSession = async () => null;
  const bearer = (apiKey: string) => new Headers({ authorization: `Bearer ${apiKey}` });

  it('is 30 seconds', () => {
    expect(API_KEY_CACHE_TTL_MS).toBe(30_000);
  });

  it('a revoked key keeps working until the TTL runs out, then answers no account', async () => {
    let now = 1_000_000;
    const resolver = createAccountResolver(db, noSession, { now: () => now });
    const account = await insertAccount(db, { name: 'Key cache' });
    const key = await createApiKey(db, { accountId: account.id });
    expect(await resolver.resolve(bearer(key.apiKey))).toEqual({ accountId: account.id, userId: null, via: 'api-key' });

    await revokeApiKey(db, { id: key.id });
    now += API_KEY_CACHE_TTL_MS - 1;
    expect((await resolver.resolve(bearer(key.apiKey)))?.accountId).toBe(account.id);
    now += 1;
    expect(await resolver.resolve(bearer(key.apiKey))).toBeNull();
    // A resolver without the cached entry (another process, or after a restart) refuses it at once.
    expect(await createAccountResolver(db, noSession).resolve(bearer(key.apiKey))).toBeNull();
  });

  it('does not cache an unknown key: a key created afterwards works at once; a TTL of 0 disables the cache', async () => {
    const resolver = createAccountResolver(db, noSession);
    const account = await insertAccount(db, { name: 'Key cache 2' });
    const key = await createApiKey(db, { accountId: account.id });
    expect((await resolver.resolve(bearer(key.apiKey)))?.accountId).toBe(account.id);
    expect(await resolver.resolve(bearer('osk_not-a-real-key'))).toBeNull();

    const uncached = createAccountResolver(db, noSession, { apiKeyCacheTtlMs: 0 });
    expect((await uncached.resolve(bearer(key.apiKey)))?.accountId).toBe(account.id);
    await revokeApiKey(db, { id: key.id });
    expect(await uncached.resolve(bearer(key.apiKey))).toBeNull();
  });
});
