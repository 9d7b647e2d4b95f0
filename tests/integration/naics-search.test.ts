/** GET /api/naics/search and GET /api/identify/sidebar/{organisationId}/organisation over real PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installContainer } from '../../src/composition-root';
import { seedNaics } from '../../src/adapters/db/seed/naics-seed';
import { seedDemoConcordance } from '../../src/adapters/db/seed/demo-concordance';
import { setFlagValue } from '../../src/adapters/db/queries/feature-flags';
import { GET } from '../../src/app/api/naics/search/route';
import { GET as getOrganisation } from '../../src/app/api/identify/sidebar/[organisationId]/organisation/route';
import { FLAGS } from '../../src/core/flags';
import { organisationRecordSchema } from '../../src/core/organisation-record';
import { createTestContainer, type TestContext } from '../support/test-container';
import { makeAccount, makeOrganisation } from '../support/factories';

let ctx: TestContext;
let authorization = '';

beforeAll(async () => {
  ctx = await createTestContainer();
  await seedNaics(ctx.database.db);
  authorization = (await makeAccount(ctx.database.db)).authorization;
});
afterAll(async () => {
  installContainer(ctx.container);
  await ctx?.close();
});

const search = (term: string | null, auth: string | null = authorization) => {
  const url = new URL('http://localhost/api/naics/search');
  if (term !== null) url.searchParams.set('term', term);
  return GET(new Request(url, { headers: auth ? { authorization: auth } : {} }));
};

describe('GET /api/naics/search', () => {
  it('answers 401 without an account', async () => {
    expect((await search('farm', null)).status).toBe(401);
  });

  it('matches title words, leaf level only, never cached', async () => {
    const response = await search('  soybean ');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Titles, and (issue 21 section 4) the official index entries, saying which entry matched; by name then code.
    expect(await response.json()).toEqual([
      { name: 'Artificial and Synthetic Fibers and Filaments Manufacturing', code: '325220', matchedPhrase: 'Soybean fibers and filaments manufacturing' },
      { name: 'Fats and Oils Refining and Blending', code: '311225', matchedPhrase: 'Soybean cooking oil made from purchased oils' },
      { name: 'Grain and Field Bean Merchant Wholesalers', code: '424510', matchedPhrase: 'Soybeans merchant wholesalers' },
      { name: 'Oilseed (except Soybean) Farming', code: '111120' },
      { name: 'Plastics Material and Resin Manufacturing', code: '325211', matchedPhrase: 'Soybean plastics manufacturing' },
      { name: 'Soybean Farming', code: '111110' },
      { name: 'Soybean and Other Oilseed Processing', code: '311224' },
    ]);
    const prefixes = (await (await search('soy farm')).json()) as { name: string }[];
    expect(prefixes).toContainEqual({ name: 'Soybean Farming', code: '111110' });
    for (const row of prefixes as { name: string; matchedPhrase?: string }[]) expect(row.matchedPhrase ?? row.name).toMatch(/\bsoy/i);
    expect(await (await search('oybean')).json()).toEqual([]);
    const words = (await (await search('grain farm')).json()) as { name: string; code: string; matchedPhrase?: string }[];
    // The two titles holding both words, without a phrase; the rest by an index entry holding both (stemmed).
    expect(words.filter((r) => r.matchedPhrase === undefined).map((r) => r.code)).toEqual(['111199', '111191']);
    for (const row of words) expect(row.matchedPhrase ?? row.name).toMatch(/grain.*\bfarm|\bfarm.*grain/i);
  });

  it('matches a code prefix and offers only six-digit codes', async () => {
    const rows = (await (await search('1113')).json()) as { name: string; code: string }[];
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row.code).toMatch(/^1113\d{2}$/);
    const sector = (await (await search('11')).json()) as { code: string }[];
    for (const row of sector) expect(row.code).toMatch(/^\d{6}$/);
  });

  it('sorts by name then code and answers at most 25 rows', async () => {
    const rows = (await (await search('manufacturing')).json()) as { name: string; code: string }[];
    expect(rows).toHaveLength(25);
    const sorted = [...rows].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.code < b.code ? -1 : 1));
    expect(rows).toEqual(sorted);
  });

  it('answers [] under 2 characters after trim, without running a query; 400 over 200', async () => {
    const failing = { searchCodes: async () => Promise.reject(new Error('must not be called')) };
    installContainer({ ...ctx.container, naics: { ...ctx.container.naics, catalogue: failing } });
    try {
      for (const term of [null, '', 'a', '  a  ']) {
        const response = await search(term);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual([]);
      }
      const long = await search('x'.repeat(201));
      expect(long.status).toBe(400);
      expect((await long.json()).issues).toEqual([{ field: 'term', rule: 'too_big', message: expect.any(String) }]);
      expect((await search(`  ${'x'.repeat(200)}  `)).status).toBe(500);
    } finally {
      installContainer(ctx.container);
    }
  });

  it('answers 500 with no detail when the backend fails', async () => {
    const failing = { searchCodes: async () => Promise.reject(new Error('connection refused at 10.0.0.5:5432')) };
    installContainer({ ...ctx.container, naics: { ...ctx.container.naics, catalogue: failing } });
    try {
      const response = await search('farm');
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: 'Search temporarily unavailable' });
    } finally {
      installContainer(ctx.container);
    }
  });
});

describe('GET /api/identify/sidebar/{organisationId}/organisation', () => {
  const read = (id: string, auth: string) =>
    getOrganisation(new Request(`http://localhost/api/identify/sidebar/${id}/organisation`, { headers: { authorization: auth } }), {
      params: Promise.resolve({ organisationId: id }),
    });

  it('answers the visible record with its classification, and 404 for a private or malformed one', async () => {
    const db = ctx.database.db;
    await seedDemoConcordance(db);
    const account = await makeAccount(db);
    const owner = await makeAccount(db);
    await setFlagValue(db, { flagKey: FLAGS.manualNaicsClassification.key, accountId: account.id, value: true });
    const organisation = await makeOrganisation(db, { profileStatus: 'COMPLETED' });
    const hidden = await makeOrganisation(db, {}, { ownerAccountId: owner.id });
    await ctx.container.naics.addOrganisationNaics.execute({ accountId: account.id, organisationId: organisation.id, naicsCode: '221111' });

    const response = await read(organisation.id, account.authorization);
    expect(response.status).toBe(200);
    const record = organisationRecordSchema.parse(await response.json());
    expect(record).toMatchObject({
      id: organisation.id,
      profileStatus: 'COMPLETED',
      enrichmentComplete: true,
      owned: false,
      classified: true,
      naics: [{ code: '221111', name: 'Hydroelectric Power Generation' }],
      aquila2: [],
    });
    expect(record.aquila1.map((a) => [a.code, a.for, a.weight])).toEqual([
      ['DEMO-22', 'INVESTED', 1],
      ['DEMO-22', 'SPENT', 1],
    ]);
    expect((await read(hidden.id, account.authorization)).status).toBe(404);
    expect((await read(hidden.id, owner.authorization)).status).toBe(200);
    expect((await read('not-a-uuid', account.authorization)).status).toBe(404);
  });
});

describe('GET /api/naics/search understands words (issue 21 section 4)', () => {
  const rows = async (term: string) => (await (await search(term)).json()) as { name: string; code: string; matchedPhrase?: string }[];

  it('finds fasteners by the plural as by the singular, through titles and the official index entries', async () => {
    const plural = await rows('fasteners');
    expect(plural.map((r) => r.code)).toEqual((await rows('fastener')).map((r) => r.code));
    const codes = plural.map((r) => r.code);
    expect(codes).toEqual(expect.arrayContaining(['332722', '339993', '423710']));
    expect(plural.find((r) => r.code === '423710')).toEqual({
      name: 'Hardware Merchant Wholesalers',
      code: '423710',
      matchedPhrase: expect.stringMatching(/fasteners/i),
    });
    expect(plural.map((r) => `${r.name}|${r.code}`)).toEqual([...plural.map((r) => `${r.name}|${r.code}`)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const row of plural) expect(row.code).toMatch(/^\d{6}$/);
  });

  it('stems every word and requires them all ("screws manufacturing")', async () => {
    const found = await rows('screws manufacturing');
    expect(found.map((r) => r.code)).toContain('332722');
    expect(found.every((r) => /screw/i.test(r.matchedPhrase ?? r.name) || r.code === '332722')).toBe(true);
  });

  it('falls back to the descriptions only when no title or index entry names the term', async () => {
    // "headers" and "threaders" are machines named only in 332722's description.
    expect((await rows('threaders')).map((r) => r.code)).toContain('332722');
  });

  it('answers nothing for words NAICS does not use, and at most 25 rows', async () => {
    expect(await rows('widgets')).toEqual([]);
    expect((await rows('manufacturing')).length).toBe(25);
  });
});
