/**
 * The chunk lookups of batch matching on real PostgreSQL: each answers, for a whole chunk at once, what the
 * quick lookup answers row by row (same organisations, same order), within the account's visible
 * organisations (another account's private organisation is never a candidate) and the query's country.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { makeAccount, makeOrganisation } from '../support/factories';
import { searchName } from '../../src/core/canonical-name';
import { uncalibratedAssessMatch } from '../../src/core/uncalibrated-match';
import type { BatchRowInput } from '../../src/core/batch-matching';
import { createMatchRows } from '../../src/server/batch-matching/match-rows';
import { chunkExactNames, chunkIdentifiers, chunkOverlaps, chunkWebsites, type ChunkQuery } from '../../src/adapters/db/queries/chunk-lookups';
import { createDatabase, type Db } from '../../src/adapters/db/client';
import { findOrganisationsByIdentifier } from '../../src/adapters/db/queries/quick-search/exact-lookups';
import { findOrganisationsByWebsite } from '../../src/adapters/db/queries/quick-search/exact-lookups';
import { createQuickSearchLookups } from '../../src/adapters/db/queries/quick-search/quick-search-lookups';
import { findOrganisationsByWordOverlap } from '../../src/adapters/db/queries/quick-search/word-overlap';

let database: TestDatabase;
let caller: Awaited<ReturnType<typeof makeAccount>>;
let other: Awaited<ReturnType<typeof makeAccount>>;
const id: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  caller = await makeAccount(db);
  other = await makeAccount(db);
  const abn = [{ type: 'ABN', value: '51 824 753 556' }];
  id.globalAus = (
    await makeOrganisation(db, { name: 'Quorvex Haulage Pty Ltd', countryIsoAlpha3: 'AUS', identifiers: abn, website: 'https://quorvex.com.au' })
  ).id;
  id.globalNoCountry = (
    await makeOrganisation(db, { name: 'Quorvex Holdings', countryIsoAlpha3: null, identifiers: abn, website: 'https://www.quorvex.com.au/about' })
  ).id;
  id.globalGbr = (await makeOrganisation(db, { name: 'Quorvex UK Limited', countryIsoAlpha3: 'GBR', identifiers: abn, website: 'quorvex.com.au' })).id;
  id.callerPrivate = (
    await makeOrganisation(
      db,
      { name: 'Quorvex Private Trading', countryIsoAlpha3: 'AUS', identifiers: abn, website: 'quorvex.com.au', aliases: ['Vexquor Freight'] },
      { ownerAccountId: caller.id },
    )
  ).id;
  id.otherPrivate = (
    await makeOrganisation(
      db,
      { name: 'Quorvex Haulage Pty Ltd', countryIsoAlpha3: 'AUS', identifiers: abn, website: 'quorvex.com.au', aliases: ['Vexquor Freight'] },
      { ownerAccountId: other.id },
    )
  ).id;
  id.otherSecret = (
    await makeOrganisation(
      db,
      { name: 'Vellicord Secret Holdings', countryIsoAlpha3: 'AUS', identifiers: [{ type: 'ABN', value: '33 102 417 032' }], website: 'vellicord.example' },
      { ownerAccountId: other.id },
    )
  ).id;
});
afterAll(async () => {
  await database?.drop();
});

const ABN = '51824753556';
const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

describe('the chunk identifier lookup', () => {
  it('answers each query as the quick lookup does (same organisations, same order), in the order asked, duplicates included', async () => {
    const queries: ChunkQuery[] = [
      { value: ABN, countryIsoAlpha3: null },
      { value: ABN, countryIsoAlpha3: 'AUS' },
      { value: ABN, countryIsoAlpha3: 'GBR' },
      { value: '99999999999', countryIsoAlpha3: null },
      { value: ABN, countryIsoAlpha3: 'AUS' },
    ];
    const chunk = await chunkIdentifiers(database.db, caller.id, queries, 10);
    expect(chunk).toHaveLength(queries.length);
    for (const [i, q] of queries.entries()) {
      const single = await findOrganisationsByIdentifier(database.db, {
        accountId: caller.id,
        countryIsoAlpha3: q.countryIsoAlpha3,
        valuesNormalised: [q.value],
        limit: 10,
      });
      expect(ids(chunk[i] ?? [])).toEqual(ids(single));
      expect(chunk[i]).toEqual(single);
    }
  });

  it('keeps to the account: its own private organisation is found, another account’s never', async () => {
    const [any, secret] = await chunkIdentifiers(
      database.db,
      caller.id,
      [
        { value: ABN, countryIsoAlpha3: null },
        { value: '33102417032', countryIsoAlpha3: null },
      ],
      10,
    );
    expect(new Set(ids(any ?? []))).toEqual(new Set([id.globalAus, id.globalNoCountry, id.globalGbr, id.callerPrivate]));
    expect(any?.find((r) => r.id === id.callerPrivate)?.ownedByAccount).toBe(true);
    expect(secret).toEqual([]);
    const [forOther] = await chunkIdentifiers(database.db, other.id, [{ value: '33102417032', countryIsoAlpha3: null }], 10);
    expect(ids(forOther ?? [])).toEqual([id.otherSecret]);
  });

  it('keeps to the query’s country: organisations of that country and countryless ones', async () => {
    const [gbr, aus] = await chunkIdentifiers(
      database.db,
      caller.id,
      [
        { value: ABN, countryIsoAlpha3: 'GBR' },
        { value: ABN, countryIsoAlpha3: 'AUS' },
      ],
      10,
    );
    expect(new Set(ids(gbr ?? []))).toEqual(new Set([id.globalGbr, id.globalNoCountry]));
    expect(new Set(ids(aus ?? []))).toEqual(new Set([id.globalAus, id.globalNoCountry, id.callerPrivate]));
  });

  it('answers at most `limit` organisations per query, and nothing for no query', async () => {
    const [limited] = await chunkIdentifiers(database.db, caller.id, [{ value: ABN, countryIsoAlpha3: null }], 2);
    expect(limited).toHaveLength(2);
    expect(await chunkIdentifiers(database.db, caller.id, [], 10)).toEqual([]);
  });
});

describe('the chunk website lookup', () => {
  it('answers each query as the quick lookup does, within the account and the query’s country', async () => {
    const queries: ChunkQuery[] = [
      { value: 'quorvex.com.au', countryIsoAlpha3: null },
      { value: 'quorvex.com.au', countryIsoAlpha3: 'GBR' },
      { value: 'vellicord.example', countryIsoAlpha3: null },
      { value: 'quorvex.com.au', countryIsoAlpha3: 'AUS' },
    ];
    const chunk = await chunkWebsites(database.db, caller.id, queries, 10);
    for (const [i, q] of queries.entries()) {
      const single = await findOrganisationsByWebsite(database.db, {
        accountId: caller.id,
        countryIsoAlpha3: q.countryIsoAlpha3,
        websiteDomain: q.value,
        limit: 10,
      });
      expect(chunk[i]).toEqual(single);
    }
    expect(new Set(ids(chunk[0] ?? []))).toEqual(new Set([id.globalAus, id.globalNoCountry, id.globalGbr, id.callerPrivate]));
    expect(new Set(ids(chunk[1] ?? []))).toEqual(new Set([id.globalGbr, id.globalNoCountry]));
    expect(chunk[2]).toEqual([]);
  });
});

describe('the chunk exact-name lookup', () => {
  it('finds names and aliases equal to each search name, never another account’s private organisation', async () => {
    const found = await chunkExactNames(database.db, caller.id, [
      searchName('Quorvex Haulage Pty Ltd'),
      searchName('Vexquor Freight'),
      searchName('Vellicord Secret Holdings'),
      '',
    ]);
    expect(ids(found.get(searchName('Quorvex Haulage')) ?? [])).toEqual([id.globalAus]);
    const byAlias = found.get(searchName('Vexquor Freight')) ?? [];
    expect(ids(byAlias)).toEqual([id.callerPrivate]);
    expect(byAlias[0]?.matchedAlias).toBe(searchName('Vexquor Freight'));
    expect(byAlias[0]?.ownedByAccount).toBe(true);
    expect(found.has(searchName('Vellicord Secret Holdings'))).toBe(false);
  });
});

describe('the chunk word-overlap lookup', () => {
  it('answers each query as the quick lookup’s word-overlap stage does (same rows, same order), in the order asked, within the account and country', async () => {
    const queries = [
      { words: ['quorvex', 'freight'], countryIsoAlpha3: null },
      { words: ['vexquor', 'freight'], countryIsoAlpha3: 'AUS' },
      { words: [], countryIsoAlpha3: null },
      { words: ['quorvex', 'haulage', 'uk'], countryIsoAlpha3: 'GBR' },
      { words: ['vellicord', 'secret'], countryIsoAlpha3: null },
      { words: ['quorvex', 'freight'], countryIsoAlpha3: null },
    ];
    const chunk = await chunkOverlaps(database.db, caller.id, queries, 10);
    expect(chunk).toHaveLength(queries.length);
    for (const [i, q] of queries.entries()) {
      const single = await findOrganisationsByWordOverlap(database.db, {
        accountId: caller.id,
        countryIsoAlpha3: q.countryIsoAlpha3,
        words: q.words,
        poolSize: 10,
      });
      expect(chunk[i]).toEqual(single);
    }
    expect(ids(chunk[0] ?? [])).toContain(id.callerPrivate);
    expect(chunk.flat().map((r) => r.id)).not.toContain(id.otherSecret);
    expect(chunk.flat().map((r) => r.id)).not.toContain(id.otherPrivate);
    expect(ids(chunk[3] ?? [])).not.toContain(id.globalAus);
    expect(await chunkOverlaps(database.db, caller.id, [], 10)).toEqual([]);
  });
});

describe('batch matching with the chunk lookups', () => {
  it('decides every row as without them when the name is not exactly found (the identifier and website candidates are the same)', async () => {
    const lookups = createQuickSearchLookups(database.db);
    const rows: BatchRowInput[] = [
      { name: 'Quorvex', country: 'AU', identifier: '51 824 753 556', website: null },
      { name: '', country: null, identifier: null, website: 'www.quorvex.com.au' },
      { name: '', country: 'GB', identifier: ABN, website: null },
      { name: 'Vellicord', country: 'AUS', identifier: '33102417032', website: 'vellicord.example' },
      { name: 'Nothing Like It', country: null, identifier: null, website: null },
    ];
    const withChunk = await createMatchRows({ lookups, chunkDb: database.db, assess: uncalibratedAssessMatch })(caller.id, rows);
    const rowByRow = await createMatchRows({ lookups, assess: uncalibratedAssessMatch })(caller.id, rows);
    expect(withChunk).toEqual(rowByRow);
    expect(withChunk.flatMap((r) => r.candidates.map((c) => c.organisationId))).not.toContain(id.otherSecret);
    expect(withChunk.flatMap((r) => r.candidates.map((c) => c.organisationId))).not.toContain(id.otherPrivate);
  });

  it('decides rows with typos as without them: the typo step’s word corrections for many rows at once, in groups, the same corrections', async () => {
    const lookups = createQuickSearchLookups(database.db);
    const typos = [
      'Quorvx Haulage',
      'Qourvex Haulage',
      'Quorvex Haulgae Pty Ltd',
      'Quorvex Holdigns',
      'Vexqour Freight',
      'Quorvex Privte Trading',
      'Velicord Secret',
    ];
    // More rows than one group of the typo step (32), in several countries, a few found exactly between them.
    const rows: BatchRowInput[] = Array.from({ length: 75 }, (_, i) => ({
      name: i % 9 === 4 ? 'Quorvex Holdings' : `${typos[i % typos.length] ?? ''}${i % 5 === 0 ? ' Zyx' : ''}`,
      country: [null, 'AU', 'GB', 'NZ'][i % 4] ?? null,
      identifier: null,
      website: null,
    }));
    const withChunk = await createMatchRows({ lookups, chunkDb: database.db, assess: uncalibratedAssessMatch })(caller.id, rows);
    const rowByRow = await createMatchRows({ lookups, assess: uncalibratedAssessMatch })(caller.id, rows);
    expect(withChunk).toEqual(rowByRow);
    // The typos were corrected: the first row (no country) finds the Australian haulage company.
    expect(withChunk[0]?.candidates.map((c) => c.organisationId)).toContain(id.globalAus);
    expect(withChunk.flatMap((r) => r.candidates.map((c) => c.organisationId))).not.toContain(id.otherSecret);
  });

  it('decides a chunk’s typo rows without corrections when the chunk’s word-corrections statement fails, as a failed typo step does', async () => {
    const lookups = createQuickSearchLookups(database.db);
    const failing = failingPreparedStatement(database.db, 'qs_corrections_many');
    const rows: BatchRowInput[] = [
      { name: 'Quorvx Haulgae', country: 'AU', identifier: null, website: null },
      { name: 'Quorvex Holdings', country: null, identifier: null, website: null },
    ];
    const decided = await createMatchRows({ lookups, chunkDb: failing, assess: uncalibratedAssessMatch })(caller.id, rows);
    // Row by row with a typo step that fails: the same decisions.
    const typoStepFails = {
      ...lookups,
      byName: async (params: Parameters<typeof lookups.byName>[0]) => ({
        rows: (await lookups.byName(params)).rows,
        corrected: () => Promise.reject(new Error('timeout')),
      }),
    };
    expect(decided).toEqual(await createMatchRows({ lookups: typoStepFails, assess: uncalibratedAssessMatch })(caller.id, rows));
    expect(decided[1]?.best?.organisationId).toBe(id.globalNoCountry);
    // Both its words mistyped, the row has nothing without its corrections.
    expect(decided[0]?.candidates).toEqual([]);
    // With the corrections, the typo row finds the haulage company by its name's corrected words.
    const corrected = await createMatchRows({ lookups, chunkDb: database.db, assess: uncalibratedAssessMatch })(caller.id, rows);
    expect(corrected[0]?.candidates.map((c) => c.organisationId)).toContain(id.globalAus);
  });

  it('decides every row as on an ordinary pool on a pool that plans generically (the batch pool: decision 0028), its exact step and every-word branches named (3-letter words: planned for their values)', async () => {
    const generic = createDatabase(database.url, { max: 1, jit: false, genericPlans: true });
    try {
      const rows: BatchRowInput[] = [
        'Quorvex Haulage',
        'Quorvx Haulage',
        'Quorvex Haulgae Pty Ltd',
        'Vexqour Freight',
        'Haulage Quorvex',
        'Quorvex Zyxwv Freight',
        'Nothing Like It',
        'Quorvex Holdings',
        'Qu',
        'Velicord Secret',
        // Words of 3 letters only: planned for their values even there (in a transaction of their own).
        'Vex Qux',
        'Hau',
      ].flatMap((name, i) =>
        [null, 'AU', 'GB'].map((country) => ({ name: i % 2 === 0 ? name : name.toUpperCase(), country, identifier: null, website: null })),
      );
      const onGeneric = await createMatchRows({ lookups: createQuickSearchLookups(generic.db), chunkDb: generic.db, assess: uncalibratedAssessMatch })(
        caller.id,
        rows,
      );
      const onOrdinary = await createMatchRows({ lookups: createQuickSearchLookups(database.db), chunkDb: database.db, assess: uncalibratedAssessMatch })(
        caller.id,
        rows,
      );
      expect(onGeneric).toEqual(onOrdinary);
      expect(onGeneric[1]?.candidates.map((c) => c.organisationId)).toContain(id.globalAus);
      const session = await generic.pool.query<{ mode: string; names: string[] }>(
        `select current_setting('plan_cache_mode') as mode, array(select name from pg_prepared_statements order by name) as names`,
      );
      // The transactions of the 3-letter rows set their custom plans locally: the session still plans generically.
      expect(session.rows[0]?.mode).toBe('force_generic_plan');
      const names = session.rows[0]?.names ?? [];
      expect(names.some((n) => n.startsWith('qs_exact_'))).toBe(true);
      expect(names.some((n) => n.startsWith('qs_every_word_'))).toBe(true);
    } finally {
      await generic.close();
    }
  });

  it('takes an exactly found name as its name candidates beside its identifier’s, in the row’s country', async () => {
    const lookups = createQuickSearchLookups(database.db);
    const [row] = await createMatchRows({ lookups, chunkDb: database.db, assess: uncalibratedAssessMatch })(caller.id, [
      { name: 'Quorvex UK Ltd', country: 'AU', identifier: ABN, website: null },
    ]);
    // "quorvex uk" is the GBR organisation's name: not in Australia, so the row ran the name lookup as before.
    const rowByRow = await createMatchRows({ lookups, assess: uncalibratedAssessMatch })(caller.id, [
      { name: 'Quorvex UK Ltd', country: 'AU', identifier: ABN, website: null },
    ]);
    expect(row).toEqual(rowByRow[0]);
    const ids = row?.candidates.map((c) => c.organisationId) ?? [];
    expect(ids).not.toContain(id.globalGbr);
    expect(ids).not.toContain(id.otherPrivate);
  });
});

/**
 * `db` whose named prepared statements labelled `label` fail as a statement timeout would (the driver's pool answers
 * them with an error), every other statement as usual: the failure of one of the chunk's statements, on demand.
 */
function failingPreparedStatement(db: Db, label: string): Db {
  const pool = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const failingPool = new Proxy(pool, {
    get(target, property, receiver) {
      if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
      return (...args: unknown[]) => {
        const config = args[0] as { name?: unknown } | undefined;
        if (typeof config?.name === 'string' && config.name.startsWith(`${label}_`))
          return Promise.reject(new Error('canceling statement due to statement timeout'));
        return target.query(...args);
      };
    },
  });
  return new Proxy(db, { get: (target, property, receiver) => (property === '$client' ? failingPool : (Reflect.get(target, property, receiver) as unknown)) });
}
