import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database';

describe('test database harness', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('gives each test file its own migrated database with pg_trgm', async () => {
    const tables = await database.pool.query<{ n: string }>(
      "select count(*)::text as n from information_schema.tables where table_schema = 'public' and table_name = 'organisations'",
    );
    expect(tables.rows[0]?.n).toBe('1');
    const ext = await database.pool.query("select 1 from pg_extension where extname = 'pg_trgm'");
    expect(ext.rowCount).toBe(1);
    expect(database.name).toMatch(/^osc_t_/);
  });
});
