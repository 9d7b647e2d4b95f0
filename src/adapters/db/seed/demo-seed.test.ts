import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContainer, type TestContext } from '../../../../tests/support/test-container';
import { isValidAbn, isValidAcn, isCompaniesHouseNumber } from '../../../core/identifiers';
import { findAccountIdForApiKey } from '../../auth/api-keys';
import { accountMembers, authUsers } from '../schema';
import { DEMO_ACCOUNT_NAME, DEMO_USER_EMAIL, DEMO_USER_PASSWORD, seedDemo } from './demo-seed';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContainer();
});
afterAll(async () => {
  await t.close();
});

async function counts() {
  const result = await t.container.database.db.execute<Record<string, number>>(sql`select
    (select count(*)::int from accounts) as accounts,
    (select count(*)::int from auth_users) as users,
    (select count(*)::int from api_keys) as api_keys,
    (select count(*)::int from organisations) as organisations,
    (select count(*)::int from organisation_identifiers) as identifiers,
    (select count(*)::int from organisation_owners) as owners,
    (select count(*)::int from account_organisations) as links,
    (select count(*)::int from naics) as naics`);
  return result.rows[0];
}

describe('seedDemo', () => {
  let first: Awaited<ReturnType<typeof seedDemo>>;
  const logged: string[] = [];

  beforeAll(async () => {
    first = await seedDemo(t.container, (m) => logged.push(m));
  });

  it('creates the demo account, a user who can sign in, and an API key, and prints the credentials', async () => {
    const { db } = t.container.database;
    expect(first.created).toBe(true);
    expect(first.apiKey).toMatch(/^osk_/);
    expect(await findAccountIdForApiKey(db, first.apiKey ?? '')).toBe(first.accountId);
    const [user] = await db.select().from(authUsers).where(eq(authUsers.email, DEMO_USER_EMAIL));
    expect(user?.activeAccountId).toBe(first.accountId);
    const members = await db.select().from(accountMembers).where(eq(accountMembers.userId, user?.id ?? ''));
    expect(members.map((m) => m.accountId)).toEqual([first.accountId]);
    const signIn = await t.container.auth.api.signInEmail({ body: { email: DEMO_USER_EMAIL, password: DEMO_USER_PASSWORD } });
    expect(signIn.token).toBeTruthy();
    expect(logged.join('\n')).toContain(`${DEMO_USER_EMAIL} / ${DEMO_USER_PASSWORD}`);
    expect(logged.join('\n')).toContain(first.apiKey);
  });

  it('loads NAICS and a few hundred organisations across AUS, NZL, GBR, USA and Global, some owned, some linked', async () => {
    const { db } = t.container.database;
    expect(first.naicsCodes).toBeGreaterThan(2_000);
    expect(first.organisations).toBeGreaterThanOrEqual(200);
    expect(first.organisations).toBeLessThan(600);
    const byCountry = await db.execute<{ country: string; n: number }>(
      sql`select coalesce(country_iso_alpha3, 'Global') as country, count(*)::int as n from organisations group by 1`,
    );
    const countries = Object.fromEntries(byCountry.rows.map((r) => [r.country, r.n]));
    for (const country of ['AUS', 'NZL', 'GBR', 'USA', 'Global']) expect(countries[country]).toBeGreaterThan(5);
    const c = await counts();
    expect(c?.owners).toBeGreaterThan(10);
    expect(c?.links).toBeGreaterThan(Number(c?.owners));
    const withWebsite = await db.execute<{ n: number }>(sql`select count(*)::int as n from organisations where website_domain is not null and description is not null`);
    expect(withWebsite.rows[0]?.n).toBeGreaterThan(first.organisations / 2);
  });

  it('gives every identifier a valid check digit', async () => {
    const rows = await t.container.database.db.execute<{ type: string; value: string }>(sql`select type, value from organisation_identifiers`);
    expect(rows.rows.length).toBeGreaterThan(100);
    for (const { type, value } of rows.rows) {
      if (type === 'ABN') expect(isValidAbn(value), value).toBe(true);
      if (type === 'ACN') expect(isValidAcn(value), value).toBe(true);
      if (type === 'CH') expect(isCompaniesHouseNumber(value), value).toBe(true);
    }
  });

  it('has demo-owned rows sharing a base key with a global row (quick-search rule 6)', async () => {
    const shared = await t.container.database.db.execute<{ key: string }>(sql`
      select o.key from organisations o
      join organisation_owners ow on ow.organisation_id = o.id and ow.account_id = ${first.accountId}::uuid
      where exists (select 1 from organisations g where g.key = o.key and g.id <> o.id
                    and not exists (select 1 from organisation_owners gw where gw.organisation_id = g.id))
      order by o.key`);
    expect(shared.rows.map((r) => r.key)).toEqual(
      expect.arrayContaining(['AUS|acme widgets pty ltd', 'AUS|koala logistics pty ltd', 'NZL|kiwi dairy cooperative ltd']),
    );
  });

  it('is idempotent: a second run creates nothing and prints no new key', async () => {
    const before = await counts();
    const again = await seedDemo(t.container, () => undefined);
    expect(again).toMatchObject({ accountId: first.accountId, created: false, apiKey: undefined });
    expect(await counts()).toEqual(before);
    const demoAccounts = await t.container.database.db.execute(sql`select count(*)::int as n from accounts where name = ${DEMO_ACCOUNT_NAME}`);
    expect(demoAccounts.rows[0]).toEqual({ n: 1 });
  });
});
