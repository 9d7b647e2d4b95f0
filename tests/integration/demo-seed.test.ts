import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContainer, type TestContext } from '../support/test-container';
import { compositeKey } from '../../src/core/composite-key';
import { isValidAbn, isValidAcn, isCompaniesHouseNumber } from '../../src/core/identifiers';
import { FAKE_ABR_ENTITIES } from '../../src/sandbox/abr/dataset';
import { findAccountIdForApiKey } from '../../src/adapters/auth/api-keys';
import { accountMembers, authUsers } from '../../src/adapters/db/schema';
import { DEMO_UNMAPPED_SECTORS, sectorOfCode } from '../../src/adapters/db/seed/demo-concordance';
import { DEMO_FAILURE_REASON, DEMO_NAICS_KEYWORDS, DEMO_PINNED_PROFILES } from '../../src/adapters/db/seed/demo-profiles';
import { DEMO_ACCOUNT_NAME, DEMO_USER_EMAIL, DEMO_USER_PASSWORD, seedDemo } from '../../src/adapters/db/seed/demo-seed';
import { seedOnFirstStart } from '../../src/adapters/db/seed/seed-on-first-start';
import { getOrganisationFigures } from '../../src/server/organisations/organisation-reads';

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
    (select count(*)::int from naics) as naics,
    (select count(*)::int from transactions) as transactions`);
  return result.rows[0];
}

/** Every settled column, provenance row, NAICS tag and Aquila1 edge, hashed: a second start must change none. */
async function settledDigest() {
  const result = await t.container.database.db.execute<Record<string, string>>(sql`select
    (select md5(coalesce(string_agg(concat_ws('|', id, profile_status, profile_checked_at, profile_source, profile_failure_reason, updated_at), ',' order by id), ''))
       from organisations) as organisations,
    (select md5(coalesce(string_agg(concat_ws('|', organisation_id, field, source, retrieved_at, evidence_url), ',' order by organisation_id, field), ''))
       from organisation_field_sources) as sources,
    (select md5(coalesce(string_agg(concat_ws('|', organisation_id, naics_code, created_at), ',' order by organisation_id, naics_code), ''))
       from organisation_naics) as naics,
    (select md5(coalesce(string_agg(concat_ws('|', organisation_id, aquila1_code, "for", weight), ',' order by organisation_id, aquila1_code, "for"), ''))
       from organisation_aquila1) as aquila1,
    (select count(*)::text from organisation_aquila1) as aquila1_edges`);
  return result.rows[0];
}

describe('seedDemo', () => {
  let first: Awaited<ReturnType<typeof seedDemo>>;
  const logged: string[] = [];

  beforeAll(async () => {
    // A sandbox start: seedDemo (its answer is seedOnFirstStart's), then the demo concordance, the Aquila1 baskets of
    // the NAICS-tagged and the ledger. Once: a seedDemo of its own first re-wrote the NAICS table a second time.
    const seeded = await seedOnFirstStart(t.container, { APP_ENV: 'sandbox' }, (m) => logged.push(m));
    if (seeded === undefined) throw new Error('a sandbox start seeded no demo');
    first = seeded;
  });

  it('creates the demo account, a user who can sign in, and an API key, and prints the credentials', async () => {
    const { db } = t.container.database;
    expect(first.created).toBe(true);
    expect(first.apiKey).toMatch(/^osk_/);
    expect(await findAccountIdForApiKey(db, first.apiKey ?? '')).toBe(first.accountId);
    const [user] = await db.select().from(authUsers).where(eq(authUsers.email, DEMO_USER_EMAIL));
    expect(user?.activeAccountId).toBe(first.accountId);
    const members = await db
      .select()
      .from(accountMembers)
      .where(eq(accountMembers.userId, user?.id ?? ''));
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
    const withWebsite = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from organisations where website_domain is not null and description is not null`,
    );
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
    expect(shared.rows.map((r) => r.key)).toEqual(expect.arrayContaining(['AUS|acme widgets pty ltd', 'NZL|kiwi dairy cooperative ltd']));
  });

  it('settles about 70% COMPLETED, 5% FAILED and leaves the rest never enriched, none PENDING', async () => {
    const { db } = t.container.database;
    const rows = await db.execute<{
      status: string | null;
      n: number;
      checked: number;
      sourced: number;
      reasons: string[] | null;
      oldest: string;
      newest: string;
    }>(sql`
      select profile_status as status, count(*)::int as n, count(profile_checked_at)::int as checked, count(profile_source)::int as sourced,
        array_agg(distinct profile_failure_reason) filter (where profile_failure_reason is not null) as reasons,
        min(profile_checked_at)::text as oldest, max(profile_checked_at)::text as newest
      from organisations group by 1`);
    const by = new Map(rows.rows.map((r) => [r.status, r]));
    const share = (status: string | null) => (by.get(status)?.n ?? 0) / first.organisations;
    expect(share('COMPLETED')).toBeGreaterThan(0.65);
    expect(share('COMPLETED')).toBeLessThan(0.75);
    expect(share('FAILED')).toBeGreaterThan(0.03);
    expect(share('FAILED')).toBeLessThan(0.07);
    expect(share(null)).toBeGreaterThan(0.2);
    expect(share(null)).toBeLessThan(0.3);
    expect(by.has('PENDING')).toBe(false);
    for (const status of ['COMPLETED', 'FAILED']) {
      const row = by.get(status);
      // Settled a few days back, with the path the enrichment took.
      expect(row?.checked).toBe(row?.n);
      expect(row?.sourced).toBe(row?.n);
      const daysAgo = (text: string | undefined) => (Date.now() - new Date(text ?? '').getTime()) / 86_400_000;
      expect(daysAgo(row?.newest)).toBeGreaterThan(1.5);
      expect(daysAgo(row?.oldest)).toBeLessThan(7.5);
    }
    expect(by.get('FAILED')?.reasons).toEqual([DEMO_FAILURE_REASON]);
    expect(by.get('COMPLETED')?.reasons ?? null).toBeNull();
    expect(by.get(null)).toMatchObject({ checked: 0, sourced: 0, reasons: null });
  });

  it('gives every COMPLETED organisation a provenance row per field it has (company data with a website, else the registry); no one else', async () => {
    const { db } = t.container.database;
    const missing = await db.execute<{ name: string; field: string }>(sql`
      select o.name, f.field from organisations o
      cross join lateral (values
        ('description', o.description is not null), ('website', o.website is not null), ('type', o.type is not null),
        ('country', o.country_iso_alpha3 is not null), ('naics', exists (select 1 from organisation_naics n where n.organisation_id = o.id))
      ) as f(field, present)
      where o.profile_status = 'COMPLETED' and f.present
        and not exists (select 1 from organisation_field_sources s where s.organisation_id = o.id and s.field = f.field)
      union all
      select o.name, 'identifier:' || i.type from organisations o join organisation_identifiers i on i.organisation_id = o.id
      where o.profile_status = 'COMPLETED'
        and not exists (select 1 from organisation_field_sources s where s.organisation_id = o.id and s.field = 'identifier:' || i.type)`);
    expect(missing.rows).toEqual([]);
    const sources = await db.execute<{ kind: string; source: string; n: number }>(sql`
      select case when s.field like 'identifier:%' then 'identifier' when o.website is null then 'no website' else 'website' end as kind, s.source, count(*)::int as n
      from organisation_field_sources s join organisations o on o.id = s.organisation_id
      where o.profile_status = 'COMPLETED' group by 1, 2 order by 1, 2`);
    expect(sources.rows.map((r) => `${r.kind}: ${r.source}`)).toEqual(['identifier: registry', 'no website: registry', 'website: company_data']);
    const unsettled = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from organisation_field_sources s join organisations o on o.id = s.organisation_id
      where o.profile_status is distinct from 'COMPLETED'`);
    expect(unsettled.rows[0]?.n).toBe(0);
    const abr = await db.execute<{ evidence_url: string | null }>(sql`
      select s.evidence_url from organisation_field_sources s join organisations o on o.id = s.organisation_id
      where o.name = 'Acme Widgets Pty Ltd' and s.field = 'identifier:ABN'`);
    expect(abr.rows[0]?.evidence_url).toMatch(/^https:\/\/abr\.business\.gov\.au\/ABN\/View\?abn=\d{11}$/);
  });

  it('classifies about half the COMPLETED with one or two NAICS leaf codes and their Aquila1 baskets; the rest stay unclassified', async () => {
    const { db } = t.container.database;
    const counts = await db.execute<{ completed: number; tagged: number; tagged_not_completed: number; without_basket: number; too_many: number }>(sql`
      with tagged as (select organisation_id, count(*) as codes from organisation_naics group by 1)
      select
        (select count(*)::int from organisations where profile_status = 'COMPLETED') as completed,
        (select count(*)::int from tagged) as tagged,
        (select count(*)::int from tagged t join organisations o on o.id = t.organisation_id where o.profile_status is distinct from 'COMPLETED') as tagged_not_completed,
        (select count(*)::int from tagged t where not exists (select 1 from organisation_aquila1 a where a.organisation_id = t.organisation_id)) as without_basket,
        (select count(*)::int from tagged where codes > 2) as too_many`);
    const c = counts.rows[0];
    const classifiedShare = Number(c?.tagged) / Number(c?.completed);
    expect(classifiedShare).toBeGreaterThan(0.35);
    expect(classifiedShare).toBeLessThan(0.6);
    expect(c).toMatchObject({ tagged_not_completed: 0, without_basket: 0, too_many: 0 });
    const acme = await db.execute<{ naics: string[]; aquila1: string[] }>(sql`
      select array(select naics_code from organisation_naics n where n.organisation_id = o.id order by 1) as naics,
             array(select a."for" || ':' || a.aquila1_code || ':' || a.weight from organisation_aquila1 a where a.organisation_id = o.id order by 1) as aquila1
      from organisations o where o.name = 'Acme Widgets Pty Ltd' and o.description like 'Manufacturer%'`);
    expect(acme.rows[0]).toEqual({ naics: ['332613', '332722'], aquila1: ['INVESTED:DEMO-31-33:1', 'SPENT:DEMO-31-33:1'] });
  });

  it('uses only NAICS 2017 leaf codes the demo concordance maps', async () => {
    const codes = [...new Set(DEMO_NAICS_KEYWORDS.map(([, code]) => code))];
    const leaves = await t.container.database.db.execute<{ code: string }>(
      sql`select code from naics where level = 5 and code = any(${sql.param(codes)}::text[])`,
    );
    expect(leaves.rows.map((r) => r.code).sort()).toEqual(codes.sort());
    for (const code of codes) expect(DEMO_UNMAPPED_SECTORS as readonly string[]).not.toContain(sectorOfCode(code));
  });

  it('keeps the organisations the e2e tests arrange as they expect them: settled and unclassified, or never enriched', async () => {
    const rows = await t.container.database.db.execute<{ name: string; status: string | null; tags: number; baskets: number }>(sql`
      select o.name, o.profile_status as status,
        (select count(*)::int from organisation_naics n where n.organisation_id = o.id) as tags,
        (select count(*)::int from organisation_aquila1 a where a.organisation_id = o.id) as baskets
      from organisations o where o.name = any(${sql.param([...DEMO_PINNED_PROFILES.keys()])}::text[])`);
    expect(rows.rows.length).toBeGreaterThanOrEqual(DEMO_PINNED_PROFILES.size);
    for (const row of rows.rows) {
      const expected = DEMO_PINNED_PROFILES.get(row.name) === 'never' ? null : 'COMPLETED';
      expect(row, row.name).toMatchObject({ status: expected, tags: 0, baskets: 0 });
    }
  });

  it('leaves the registry-only companies of the ABR fake out, so the demo can select one new (KOALA LOGISTICS PTY LTD)', async () => {
    const { db } = t.container.database;
    const registryOnly = FAKE_ABR_ENTITIES.filter((e) => !e.inDemoSeed && e.status === 'Active').map((e) => compositeKey('AUS', e.entityName));
    expect(registryOnly).toContain('AUS|koala logistics pty ltd');
    const present = await db.execute<{ key: string }>(sql`select key from organisations where key = any(${sql.param(registryOnly)}::text[])`);
    expect(present.rows).toEqual([]);
    const koala = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from organisations o
      where o.name ilike 'koala logistics%' or o.website_domain = 'koalalogistics.com.au'
        or exists (select 1 from organisation_identifiers i where i.organisation_id = o.id and i.value_normalised in ('73434904926', '434904926'))`);
    expect(koala.rows[0]?.n).toBe(0);
  });

  it('gives the demo account a year of transactions with the global organisations on its list: backfilled where classified, none with its own', async () => {
    const { db } = t.container.database;
    const ledger = await db.execute<{
      kind: string;
      organisations: number;
      transactions: number;
      classified: number;
      currencies: string[];
      types: string[];
    }>(sql`
      select case when exists (select 1 from organisation_owners oo where oo.organisation_id = t.organisation_id) then 'private'
                  when exists (select 1 from organisation_aquila1 a where a.organisation_id = t.organisation_id) then 'classified'
                  else 'unclassified' end as kind,
        count(distinct t.organisation_id)::int as organisations, count(*)::int as transactions,
        count(*) filter (where exists (select 1 from transaction_aquila1 ta where ta.transaction_id = t.id and ta."for" = t.type))::int as classified,
        array_agg(distinct t.currency order by t.currency) as currencies, array_agg(distinct t.type order by t.type) as types
      from transactions t where t.account_id = ${first.accountId}::uuid
      group by 1 order by 1`);
    const byKind = Object.fromEntries(ledger.rows.map((r) => [r.kind, r]));
    expect(byKind.private).toBeUndefined();
    expect(byKind.unclassified?.organisations).toBeGreaterThan(10);
    expect(byKind.unclassified?.classified).toBe(0);
    expect(byKind.classified?.organisations).toBeGreaterThan(10);
    expect(byKind.classified?.types).toEqual(['INVESTED', 'SPENT']);
    expect(byKind.unclassified?.currencies).toEqual(expect.arrayContaining(['AUD', 'GBP', 'NZD', 'USD']));
    // Every SPENT transaction of a classified organisation got the backfill (INVESTED only where its codes map).
    const unbackfilled = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from transactions t
      where t.account_id = ${first.accountId}::uuid and t.type = 'SPENT'
        and exists (select 1 from organisation_aquila1 a where a.organisation_id = t.organisation_id and a."for" = 'SPENT')
        and not exists (select 1 from transaction_aquila1 ta where ta.transaction_id = t.id and ta."for" = 'SPENT')`);
    expect(unbackfilled.rows[0]?.n).toBe(0);
    const amounts = await db.execute<{ min: number; max: number; first: string; last: string }>(sql`
      select min(amount)::float8 as min, max(amount)::float8 as max, min(date)::text as first, max(date)::text as last
      from transactions where account_id = ${first.accountId}::uuid and type = 'SPENT'`);
    expect(amounts.rows[0]?.min).toBeGreaterThan(100);
    expect(amounts.rows[0]?.max).toBeLessThan(100_000);
    expect(logged.join('\n')).toMatch(/Demo transactions: \d+ with \d+ organisations/);
  });

  it("adding a NAICS code to a listed organisation moves its classified share of spend from none to all (the demo's flag is on)", async () => {
    const { db } = t.container.database;
    const found = await db.execute<{ id: string }>(sql`
      select o.id from organisations o join account_organisations ao on ao.organisation_id = o.id and ao.account_id = ${first.accountId}::uuid
      where o.name = 'Wattle Bay Coffee Roasters Pty Ltd' and not exists (select 1 from organisation_owners oo where oo.organisation_id = o.id)`);
    const organisationId = found.rows[0]?.id ?? '';
    const before = await getOrganisationFigures(t.container.database.db, { accountId: first.accountId, organisationId });
    const spentBefore = before.totals.find((row) => row.type === 'SPENT');
    expect(spentBefore?.transactionCount).toBeGreaterThan(0);
    expect(spentBefore?.classifiedAmount).toBe(0);
    expect(before.sectors).toEqual([]);

    const added = await t.container.naics.addOrganisationNaics.execute({ accountId: first.accountId, organisationId, naicsCode: '311920' });
    expect(added.transactionsClassified).toBe(spentBefore?.transactionCount);

    const after = await getOrganisationFigures(t.container.database.db, { accountId: first.accountId, organisationId });
    const spentAfter = after.totals.find((row) => row.type === 'SPENT');
    expect(spentAfter?.classifiedAmount).toBeCloseTo(spentBefore?.totalAmount ?? -1, 2);
    expect(after.sectors.map((row) => row.aquila1Code)).toEqual(['DEMO-31-33']);
  });

  it('is idempotent: a second run creates nothing, changes no profile or classification, and prints no new key', async () => {
    const before = await counts();
    const beforeDigest = await settledDigest();
    // A restart: seedOnFirstStart runs seedDemo again and answers its result (a seedDemo of its own before it re-wrote
    // the NAICS table once more).
    const restartLog: string[] = [];
    const again = await seedOnFirstStart(t.container, { APP_ENV: 'sandbox' }, (m) => restartLog.push(m));
    expect(again).toMatchObject({ accountId: first.accountId, created: false, apiKey: undefined });
    expect(restartLog.join('\n')).not.toContain('Aquila1 baskets derived');
    expect(await counts()).toEqual(before);
    expect(await settledDigest()).toEqual(beforeDigest);
    const demoAccounts = await t.container.database.db.execute(sql`select count(*)::int as n from accounts where name = ${DEMO_ACCOUNT_NAME}`);
    expect(demoAccounts.rows[0]).toEqual({ n: 1 });
  });
});
