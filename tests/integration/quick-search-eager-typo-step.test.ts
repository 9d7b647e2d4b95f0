/**
 * The typo step started beside the exact step (issue 20, section 7's speed targets: a name written in another alphabet
 * mostly misses the exact spelling, so its typo step starts at once; `eagerTypoStep` in
 * src/adapters/db/queries/quick-search/quick-search-lookups.ts), over real PostgreSQL:
 * - the same rows, exact step and typo step, as the typo step run after the exact step;
 * - when the exact step is the answer, the eager typo step sends its cheap statements (word corrections, corrected
 *   whole names) but never its every-word branches, unless `corrected()` is called after all (the relevance floor).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrganisations } from '../../src/adapters/db/queries/organisations-write';
import { createQuickSearchLookups } from '../../src/adapters/db/queries/quick-search/quick-search-lookups';
import { searchName, searchNameWithoutLegalFormWords } from '../../src/core/canonical-name';
import { makeAccount } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let accountId: string;
/** Every statement the lookups' pool sent: its prepared statement's name ('' when unnamed) and its text. */
const sent: { name: string; text: string }[] = [];

const ORGANISATIONS = [
  'Brightwater Stream Water Limited',
  'Norfolk Noble Energy Pty Ltd',
  'Arbor United Apparel Pty Ltd',
  'Barrow Legacy Medical Co.',
  'Quokka Tower Energy Ltd.',
  'Chalk Noble Financial Inc.',
  'Halcyon Vista Analytics Limited',
  'Thornbury Star Environmental Pty Ltd',
  'Gazprom Neft PJSC',
  'Neff Appliances Ltd',
  'Kotsovolos S.A.',
];

/** Transliterated queries: most miss the exact spelling ("khospitaliti"), "Газпром Нефть" and "Арбор Унитед Аппарел" do not. */
const QUERIES = [
  'Бригхтуатер Стреам Уатер',
  'Норфолк Нобле Енергй',
  'Арбор Унитед Аппарел',
  'Барроу Легакй Медикал',
  'Куокка Тоуер Енергй',
  'Кхалк Нобле Финанкиал',
  'Халкйон Виста Аналйтикс',
  'Тхорнбурй Стар Енвиронментал',
  'Газпром Нефть',
  'Κωτσόβολος',
];

beforeAll(async () => {
  database = await createTestDatabase({ max: 4 });
  accountId = (await makeAccount(database.db)).id;
  await insertOrganisations(
    database.db,
    ORGANISATIONS.map((name) => ({ name, countryIsoAlpha3: 'AUS' })),
  );
  const pool = database.pool as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const original = pool.query.bind(pool);
  pool.query = (...args: unknown[]) => {
    const first = args[0];
    if (typeof first === 'string') sent.push({ name: '', text: first });
    else if (typeof first === 'object' && first !== null && 'text' in first) {
      const config = first as { name?: string; text: string };
      sent.push({ name: config.name ?? '', text: config.text });
    }
    return original(...args);
  };
});

afterAll(async () => {
  await database.drop();
});

const paramsOf = (query: string) => ({
  accountId,
  countryIsoAlpha3: null,
  searchName: searchName(query),
  alternativeSearchName: searchNameWithoutLegalFormWords(query)?.searchName,
  poolSize: 50,
});

/** The typo step's every-word branches: its one unnamed statement (the exact step's is the `with prefix as` one). */
const everyWordStatements = () => sent.filter((s) => s.name === '' && s.text.includes('with whole as') && !s.text.includes('with prefix as')).length;
const correctedNameStatements = () => sent.filter((s) => s.name.startsWith('qs_corrected')).length;

describe('the typo step started beside the exact step', () => {
  it('answers the same rows, exact step and typo step, as the typo step run after it', async () => {
    const lookups = createQuickSearchLookups(database.db);
    let typoSteps = 0;
    for (const query of QUERIES) {
      const after = await lookups.byName(paramsOf(query));
      const beside = await lookups.byName({ ...paramsOf(query), eagerTypoStep: true });
      expect(beside.rows, query).toEqual(after.rows);
      const corrected = await after.corrected();
      expect(await beside.corrected(), query).toEqual(corrected);
      if (after.rows.length === 0 && corrected.length > 0) typoSteps += 1;
    }
    // Not a vacuous comparison: most of these queries are found by the typo step only.
    expect(typoSteps).toBeGreaterThanOrEqual(5);
  });

  it('sends no every-word branches when the exact step is the answer, until corrected() is called', async () => {
    const lookups = createQuickSearchLookups(database.db);
    // "gazprom neft" is found exactly; its typo step reads "neft" as "neff" too, which no whole name starts with
    // ("gazprom neff"), so the step goes on to its every-word branches.
    const params = paramsOf('Газпром Нефть');
    const after = await lookups.byName(params);
    expect(after.rows.map((r) => r.name)).toEqual(['Gazprom Neft PJSC']);
    const before = everyWordStatements();
    const expected = await after.corrected();
    expect(everyWordStatements()).toBe(before + 1);

    const correctedBefore = correctedNameStatements();
    const beside = await lookups.byName({ ...params, eagerTypoStep: true });
    expect(beside.rows).toEqual(after.rows);
    // The eager step sends its corrected whole names at once; then it waits.
    await expect.poll(correctedNameStatements, { timeout: 5000, interval: 10 }).toBe(correctedBefore + 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(everyWordStatements()).toBe(before + 1);
    // Called after all (the relevance floor): it goes on, to the same rows.
    expect(await beside.corrected()).toEqual(expected);
    expect(everyWordStatements()).toBe(before + 2);
  });
});
