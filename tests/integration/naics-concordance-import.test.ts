/** The concordance import (all or nothing, line numbers, re-import replaces) and the demo concordance's branches. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { importConcordance } from '../../src/adapters/db/queries/classification-concordance-import';
import { seedNaics } from '../../src/adapters/db/seed/naics-seed';
import { buildDemoConcordance, seedDemoConcordance } from '../../src/adapters/db/seed/demo-concordance';
import { loadNaicsReference } from '../../src/adapters/db/seed/naics-seed';
import type { Db } from '../../src/adapters/db/client';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let db: Db;

async function* lines(text: string) {
  for (const line of text.split('\n')) yield line;
}

async function edges(): Promise<string[]> {
  const result = await db.execute<{ e: string }>(sql`select naics_code || '>' || aquila1_code || ':' || "for" as e from naics_aquila1 order by 1`);
  return result.rows.map((r) => r.e);
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  expect(await seedNaics(db)).toEqual({ codes: 2196 });
  expect(await seedNaics(db)).toEqual({ codes: 2196 });
});
afterAll(async () => {
  await database?.drop();
});

describe('NAICS reference data', () => {
  it('loads the 2017 edition: 1,057 six-digit leaves at level 5, titles trimmed', async () => {
    const result = await db.execute<{ level: number; n: string }>(sql`select level, count(*)::text n from naics group by level order by level`);
    expect(result.rows).toEqual([
      { level: 1, n: '20' },
      { level: 2, n: '99' },
      { level: 3, n: '311' },
      { level: 4, n: '709' },
      { level: 5, n: '1057' },
    ]);
    const odd = await db.execute(sql`select code from naics where name <> btrim(name) or name ~ '[a-z)]T$' or (level = 5) <> (code ~ '^\\d{6}$')`);
    expect(odd.rows).toEqual([]);
  });
});

describe('import concordance', () => {
  it('reports every bad row with its line number and writes nothing', async () => {
    const csv = [
      'naicsCode,aquila1Code,aquila1Name,for',
      '111110,AQ-1,Crops,SPENT',
      '11111,AQ-1,Crops,SPENT',
      '111120,AQ-1,Crops,RECEIVED',
      '999999,AQ-2,Other,INVESTED',
      '111130,,Crops,SPENT',
      '111140,AQ-1,Not Crops,SPENT',
      '"111150,AQ-1,Crops,SPENT',
    ].join('\n');
    const result = await importConcordance(db, lines(csv));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.rejected.map((r) => r.line)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(await edges()).toEqual([]);
  });

  it('rejects a file without the header', async () => {
    const result = await importConcordance(db, lines('111110,AQ-1,Crops,SPENT'));
    expect(result).toMatchObject({ ok: false, rejected: [{ line: 1 }] });
  });

  it('imports a good file and a re-import replaces it', async () => {
    const first = await importConcordance(db, lines('for,naicsCode,aquila1Code,aquila1Name\nspent,111110,AQ-1,"Crops, grains"\nINVESTED,111110,AQ-2,Land\n'));
    expect(first).toEqual({ ok: true, rows: 2, aquila1: 2, naicsCodes: 1 });
    expect(await edges()).toEqual(['111110>AQ-1:SPENT', '111110>AQ-2:INVESTED']);
    const names = await db.execute<{ name: string }>(sql`select name from aquila1 where code = 'AQ-1'`);
    expect(names.rows).toEqual([{ name: 'Crops, grains' }]);
    await importConcordance(db, lines('naicsCode,aquila1Code,aquila1Name,for\n221111,AQ-3,Power,SPENT'));
    expect(await edges()).toEqual(['221111>AQ-3:SPENT']);
  });
});

describe('demo concordance', () => {
  it('is labelled, deterministic, and reaches every branch: several sectors, one basket, none', async () => {
    const demo = buildDemoConcordance(loadNaicsReference());
    expect(buildDemoConcordance(loadNaicsReference())).toEqual(demo);
    for (const a of demo.aquila1) expect(a.name.startsWith('[Demo] ')).toBe(true);
    const byCode = (code: string) =>
      demo.concordance
        .filter((c) => c.naicsCode === code)
        .map((c) => `${c.aquila1Code}:${c.for}`)
        .sort();
    expect(byCode('921110')).toEqual([]);
    expect(byCode('111110')).toEqual(['DEMO-11:SPENT']);
    expect(byCode('111199')).toEqual(['DEMO-11:SPENT', 'DEMO-81:SPENT']);
    expect(byCode('221111')).toEqual(['DEMO-22:INVESTED', 'DEMO-22:SPENT']);
    const seeded = await seedDemoConcordance(db);
    expect(seeded.concordance).toBe(demo.concordance.length);
    expect(await seedDemoConcordance(db)).toEqual(seeded);
  });
});
