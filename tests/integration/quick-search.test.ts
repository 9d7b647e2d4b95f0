/**
 * POST /api/organisations/quick-search against real PostgreSQL: one describe per spec rule (1 to 9), then
 * authentication, validation, configuration, logos and real database failures.
 * Each describe uses its own made-up words so fuzzy matches never cross between describes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { POST } from '../../src/app/api/organisations/quick-search/route';
import { buildContainer, installContainer, type Container } from '../../src/composition-root';
import { parseEnvOrThrow } from '../../src/config/env';
import { createLogger } from '../../src/adapters/logging/logger';
import { internalQuickSearchCandidateSchema, type InternalQuickSearchCandidate } from '../../src/core/candidates';
import { formatAbn, makeAbn } from '../../src/core/identifiers';
import { linkOrganisationToAccount } from '../../src/adapters/db/queries/organisations-write';
import type { Db } from '../../src/adapters/db/client';
import { createTestContainer, type TestContext } from '../support/test-container';
import { adminQuery } from '../support/test-database';
import { makeAccount, makeOrganisation } from '../support/factories';

type Account = Awaited<ReturnType<typeof makeAccount>>;

let ctx: TestContext;
let db: Db;
let caller: Account;
let other: Account;

/** `authorization: null` sends no Authorization header. */
async function quickSearch(body: unknown, authorization: string | null = caller.authorization) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization !== null) headers.authorization = authorization;
  const request = new Request('http://localhost/api/organisations/quick-search', {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const response = await POST(request);
  const json: unknown = await response.json();
  return { status: response.status, json };
}

/** A successful quick search: 200, and every candidate valid against the spec's schema. */
async function candidatesFor(query: string, countryIsoAlpha3 = 'GLO', authorization?: string): Promise<InternalQuickSearchCandidate[]> {
  const { status, json } = await quickSearch({ query, countryIsoAlpha3 }, authorization);
  expect(status).toBe(200);
  const parsed = (json as { candidates: unknown[] }).candidates.map((c) => internalQuickSearchCandidateSchema.strict().parse(c));
  return parsed;
}

const ids = (candidates: InternalQuickSearchCandidate[]) => candidates.map((c) => c.existingOrgId);

/** A container over the same test database with other settings, installed for the duration of `run`. */
async function withSettings<T>(env: Record<string, string>, run: (container: Container) => Promise<T>): Promise<T> {
  const container = await buildContainer({
    env: parseEnvOrThrow({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
    databaseUrl: ctx.database.url,
    log: createLogger({ level: 'silent', destination: 'stderr' }),
  });
  installContainer(container);
  try {
    return await run(container);
  } finally {
    installContainer(ctx.container);
    await container.close();
  }
}

beforeAll(async () => {
  ctx = await createTestContainer();
  db = ctx.database.db;
  caller = await makeAccount(db);
  other = await makeAccount(db);
});

afterAll(async () => {
  await ctx.close();
});

describe('rule 1: fuzzy name lookup over names and aliases, Jaro-Winkler order, limit, blank query', () => {
  let exact: string;
  let longer: string;
  let aliased: string;
  beforeAll(async () => {
    exact = (await makeOrganisation(db, { name: 'Zorblax Logistics Pty Ltd' })).id;
    longer = (await makeOrganisation(db, { name: 'Zorblax Logistics Holdings Group Pty Ltd' })).id;
    aliased = (await makeOrganisation(db, { name: 'Quillfeather Industries Pty Ltd', aliases: ['Zanthorpe Freight'] })).id;
    for (let i = 0; i < 14; i += 1) await makeOrganisation(db, { name: `Plovinsk Widgets ${String.fromCharCode(97 + i)}x Pty Ltd` });
  });

  it('finds the exact name first, legal suffix ignored, closer names before longer ones', async () => {
    const candidates = await candidatesFor('Zorblax Logistics');
    expect(ids(candidates).slice(0, 2)).toEqual([exact, longer]);
    expect(candidates[0]?.canonicalName).toBe('Zorblax Logistics Pty Ltd');
  });

  it('tolerates typos', async () => {
    expect(ids(await candidatesFor('Zorblaks Logistcs'))[0]).toBe(exact);
    expect(ids(await candidatesFor('zorblax logistic pty ltd'))[0]).toBe(exact);
  });

  it('matches a prefix as typed', async () => {
    expect(ids(await candidatesFor('zorbl'))).toEqual(expect.arrayContaining([exact, longer]));
    expect(ids(await candidatesFor('Zo'))).toEqual(expect.arrayContaining([exact, longer]));
  });

  it('matches an alias, and the candidate carries the organisation name', async () => {
    const candidates = await candidatesFor('Zanthorpe Freight');
    expect(ids(candidates)[0]).toBe(aliased);
    expect(candidates[0]?.canonicalName).toBe('Quillfeather Industries Pty Ltd');
    expect(ids(await candidatesFor('zanthorp frieght'))[0]).toBe(aliased);
  });

  it('applies the limit: 10 by default', async () => {
    const candidates = await candidatesFor('Plovinsk Widgets');
    expect(candidates).toHaveLength(10);
    expect(candidates.every((c) => c.canonicalName.startsWith('Plovinsk Widgets'))).toBe(true);
  });

  it('applies the limit configured by QUICK_SEARCH_LIMIT', async () => {
    await withSettings({ QUICK_SEARCH_LIMIT: '3' }, async () => {
      expect(await candidatesFor('Plovinsk Widgets')).toHaveLength(3);
    });
  });

  it('answers 200 with [] for an empty or blank query (no lookup, not a 400)', async () => {
    for (const query of ['', '   ', '\t\n ']) {
      const { status, json } = await quickSearch({ query, countryIsoAlpha3: 'AUS' });
      expect(status).toBe(200);
      expect(json).toEqual({ candidates: [] });
    }
  });

  it('answers [] when nothing is similar', async () => {
    expect(await candidatesFor('Xyqwvvjk Mmmpfft')).toEqual([]);
  });
});

describe('rule 1, typos: one wrong word still finds the organisation (word corrections)', () => {
  let bay: string;
  let harbour: string;
  beforeAll(async () => {
    bay = (await makeOrganisation(db, { name: 'Krellmoor Bay Traders Pty Ltd' })).id;
    harbour = (await makeOrganisation(db, { name: 'Krellmoor Harbour Traders Pty Ltd', aliases: ['Wexbury Docks'] })).id;
    // Another real word one edit from "bay", so "bat" is a typo that spells a known word.
    await makeOrganisation(db, { name: 'Sallowfen Bat Rescue Pty Ltd' });
  });

  it('a deletion, a transposition, a substitution or an insertion in one word, first', async () => {
    for (const query of ['Krellmoor Harbor Traders', 'Krellmoor Harbuor Traders', 'Krellmoor Harbour Tradars', 'Krellmoor Harbour Traderss Pty Ltd']) {
      expect(ids(await candidatesFor(query))[0]).toBe(harbour);
    }
  });

  it('a typo in a three-letter word, and a typo that spells another known word', async () => {
    expect(ids(await candidatesFor('Krellmoor Bmy Traders'))[0]).toBe(bay);
    expect(ids(await candidatesFor('Krellmoor Bat Traders'))[0]).toBe(bay);
  });

  it('a typo in an alias', async () => {
    expect(ids(await candidatesFor('Wexbury Dcoks'))[0]).toBe(harbour);
  });

  it('a word that matches nothing is left out when the other words outnumber it', async () => {
    expect(ids(await candidatesFor('Krellmoor Harbour Qzxvjw Traders'))[0]).toBe(harbour);
  });
});

describe('rule 3, websites: the URL is never looked up as a name', () => {
  let site: string;
  beforeAll(async () => {
    site = (await makeOrganisation(db, { name: 'Ferncastle Outfitters Pty Ltd', website: 'https://www.ferncastle.com.au' })).id;
    // Names made of the words of a URL: the former name lookup on "https www ... com au" found these.
    for (const name of ['Https Www Com Au Pty Ltd', 'Www Com Au Trading Pty Ltd', 'Http Com Holdings Pty Ltd', 'Brackwater Com Au Pty Ltd']) {
      await makeOrganisation(db, { name });
    }
  });

  it('a URL of a known website answers that organisation only', async () => {
    expect(ids(await candidatesFor('https://www.ferncastle.com.au/', 'AUS'))).toEqual([site]);
    expect(ids(await candidatesFor('http://ferncastle.com.au/about', 'GLO'))).toEqual([site]);
  });

  it('a URL of an unknown website answers nothing, not names sharing its https/www/com/au words', async () => {
    expect(await candidatesFor('https://www.qzvplornt.com.au/', 'AUS')).toEqual([]);
    expect(await candidatesFor('https://www.nothinghereatall.com.au/', 'GLO')).toEqual([]);
    expect(await candidatesFor('http://www.com.au.qzvplornt.com/', 'GLO')).toEqual([]);
  });

  it('an unknown website still finds an organisation named like its brand label, typo included', async () => {
    const named = (await makeOrganisation(db, { name: 'Brackwater Pty Ltd' })).id;
    expect(ids(await candidatesFor('https://www.brackwater.co.nz/', 'AUS'))).toContain(named);
    expect(ids(await candidatesFor('https://www.brackwatr.co.nz/', 'AUS'))).toContain(named);
  });
});

describe('rule 2: identifier lookup when the query has a digit, tolerant of case, spaces, dashes, dots', () => {
  const abn = makeAbn(424242);
  let withAbn: string;
  let withCompanyNumber: string;
  beforeAll(async () => {
    withAbn = (await makeOrganisation(db, { name: 'Brindlewick Dairy Pty Ltd', identifiers: [{ type: 'ABN', value: abn }] })).id;
    withCompanyNumber = (
      await makeOrganisation(db, { name: 'Hexford Mills Limited', countryIsoAlpha3: 'GBR', identifiers: [{ type: 'CH', value: 'SC123456' }] })
    ).id;
  });

  it('finds an ABN however it is typed', async () => {
    const spaced = formatAbn(abn);
    const variants = [abn, spaced, spaced.replace(/ /g, '-'), spaced.replace(/ /g, '.'), ` ${spaced.replace(/ /g, ' - ')} `];
    for (const query of variants) expect(ids(await candidatesFor(query, 'AUS'))).toEqual([withAbn]);
  });

  it('finds a company number in any case', async () => {
    expect(ids(await candidatesFor('sc 123456'))).toEqual([withCompanyNumber]);
    expect(ids(await candidatesFor('Sc-123-456', 'GBR'))).toEqual([withCompanyNumber]);
  });

  it('puts the identifier match first, alongside name matches', async () => {
    const named = (await makeOrganisation(db, { name: 'Brindlewick 42 Dairy Pty Ltd' })).id;
    const candidates = ids(await candidatesFor(`${abn}`));
    expect(candidates[0]).toBe(withAbn);
    expect(ids(await candidatesFor('Brindlewick 42'))).toContain(named);
  });

  it('does not run without a digit', async () => {
    expect(ids(await candidatesFor('SC'))).not.toContain(withCompanyNumber);
  });
});

describe('rule 3: website lookup when the query looks like a URL or domain', () => {
  let site: string;
  beforeAll(async () => {
    site = (await makeOrganisation(db, { name: 'Unrelated Name Pty Ltd', website: 'https://www.glimmerquay.com.au' })).id;
  });

  it('finds the organisation whatever the protocol, leading www., case or trailing slash', async () => {
    for (const query of [
      'glimmerquay.com.au',
      'www.glimmerquay.com.au',
      'https://www.glimmerquay.com.au/',
      'http://GLIMMERQUAY.com.au/about',
      'HTTPS://glimmerquay.com.au',
    ]) {
      expect(ids(await candidatesFor(query, 'AUS'))).toEqual([site]);
    }
  });

  it('does not treat a plain name as a website', async () => {
    expect(ids(await candidatesFor('glimmerquay'))).toEqual([]);
  });
});

describe('rule 4: every lookup is scoped to the account', () => {
  const abn = makeAbn(777001);
  let mine: string;
  let theirs: string;
  beforeAll(async () => {
    mine = (await makeOrganisation(db, { name: 'Vexmoor Analytics Pty Ltd' }, { ownerAccountId: caller.id })).id;
    theirs = (
      await makeOrganisation(
        db,
        { name: 'Vexmoor Analytics Group Pty Ltd', website: 'https://vexmoor.com.au', identifiers: [{ type: 'ABN', value: abn }], aliases: ['Vexmoor Data'] },
        { ownerAccountId: other.id },
      )
    ).id;
  });

  it("never shows another account's private organisation, by name, alias, identifier or website", async () => {
    for (const query of ['Vexmoor Analytics', 'Vexmoor Analytics Group', 'Vexmoor Data', abn, 'vexmoor.com.au']) {
      expect(ids(await candidatesFor(query))).not.toContain(theirs);
    }
    expect(ids(await candidatesFor('Vexmoor Analytics'))).toEqual([mine]);
  });

  it('shows the private organisation to its owner', async () => {
    expect(ids(await candidatesFor('vexmoor.com.au', 'GLO', other.authorization))).toEqual([theirs]);
    expect(ids(await candidatesFor(abn, 'GLO', other.authorization))).toEqual([theirs]);
    expect(ids(await candidatesFor('Vexmoor Data', 'GLO', other.authorization))).toContain(theirs);
    expect(ids(await candidatesFor('Vexmoor Analytics', 'GLO', other.authorization))).not.toContain(mine);
  });
});

describe('rule 5: a country scopes every lookup; GLO applies no filter', () => {
  const abn = makeAbn(31337);
  let australian: string;
  let british: string;
  beforeAll(async () => {
    australian = (
      await makeOrganisation(db, { name: 'Thornquist Energy Pty Ltd', website: 'https://thornquist.com', identifiers: [{ type: 'ABN', value: abn }] })
    ).id;
    british = (
      await makeOrganisation(db, {
        name: 'Thornquist Energy Limited',
        countryIsoAlpha3: 'GBR',
        website: 'https://thornquist.com',
        identifiers: [{ type: 'ABN', value: abn }],
      })
    ).id;
  });

  it('a specific country filters names, identifiers and websites', async () => {
    for (const query of ['Thornquist Energy', abn, 'thornquist.com']) {
      expect(ids(await candidatesFor(query, 'AUS'))).toEqual([australian]);
      expect(ids(await candidatesFor(query, 'GBR'))).toEqual([british]);
      expect(ids(await candidatesFor(query, 'NZL'))).toEqual([]);
    }
  });

  it('GLO shows every country', async () => {
    for (const query of ['Thornquist Energy', abn, 'thornquist.com']) {
      expect(ids(await candidatesFor(query, 'GLO')).sort()).toEqual([australian, british].sort());
    }
  });
});

describe('rule 6: de-duplication by <key>#<orgId>; an owned base key hides the global rows with that key', () => {
  const abn = makeAbn(99881);
  let global: string;
  let owned: string;
  let globalElsewhere: string;
  beforeAll(async () => {
    global = (
      await makeOrganisation(db, {
        name: 'Marrowgate Foods Pty Ltd',
        website: 'https://marrowgate.com.au',
        identifiers: [{ type: 'ABN', value: abn }],
        aliases: ['Marrowgate'],
      })
    ).id;
    globalElsewhere = (await makeOrganisation(db, { name: 'Marrowgate Foods Limited', countryIsoAlpha3: 'NZL' })).id;
    owned = (await makeOrganisation(db, { name: 'Marrowgate Foods Pty. Ltd.', website: 'https://marrowgate.com.au' }, { ownerAccountId: caller.id })).id;
  });

  it('an organisation found by name, alias, identifier and website appears once', async () => {
    const candidates = await candidatesFor(`https://marrowgate.com.au`, 'AUS', other.authorization);
    expect(ids(candidates)).toEqual([global]);
    const byName = ids(await candidatesFor('Marrowgate Foods', 'AUS', other.authorization));
    expect(byName).toEqual([global]);
  });

  it("the caller's own row with the same base key hides the global one; other keys stay", async () => {
    const candidates = await candidatesFor('Marrowgate Foods', 'GLO');
    expect(ids(candidates)).toContain(owned);
    expect(ids(candidates)).not.toContain(global);
    expect(ids(candidates)).toContain(globalElsewhere);
    expect(candidates.find((c) => c.existingOrgId === owned)?.key).toBe('AUS|marrowgate foods pty ltd');
  });

  it('a website both rows share: the owned row hides the global one', async () => {
    expect(ids(await candidatesFor('marrowgate.com.au', 'AUS'))).toEqual([owned]);
  });

  it("another account's view keeps the global row", async () => {
    expect(ids(await candidatesFor('Marrowgate Foods', 'AUS', other.authorization))).toEqual([global]);
  });
});

describe('rule 7: accountLinked from one batched membership check', () => {
  let linked: string;
  let unlinked: string;
  beforeAll(async () => {
    linked = (await makeOrganisation(db, { name: 'Corvistane Mining Pty Ltd' }, { linkAccountId: caller.id })).id;
    unlinked = (await makeOrganisation(db, { name: 'Corvistane Mining Services Pty Ltd' })).id;
    await linkOrganisationToAccount(db, { accountId: other.id, organisationId: unlinked });
  });

  it("is true only for organisations in the caller's list", async () => {
    const candidates = await candidatesFor('Corvistane Mining');
    expect(candidates.find((c) => c.existingOrgId === linked)?.accountLinked).toBe(true);
    expect(candidates.find((c) => c.existingOrgId === unlinked)?.accountLinked).toBe(false);
  });

  it('when the membership check really fails, every candidate is unlinked and the answer is still 200', async () => {
    const broken = await createTestContainer();
    try {
      const account = await makeAccount(broken.database.db);
      const id = (await makeOrganisation(broken.database.db, { name: 'Corvistane Mining Pty Ltd' }, { linkAccountId: account.id })).id;
      expect((await candidatesFor('Corvistane Mining', 'AUS', account.authorization))[0]?.accountLinked).toBe(true);
      await broken.database.db.execute(sql`drop table account_organisations cascade`);
      const candidates = await candidatesFor('Corvistane Mining', 'AUS', account.authorization);
      expect(ids(candidates)).toEqual([id]);
      expect(candidates.every((c) => c.accountLinked === false)).toBe(true);
    } finally {
      installContainer(ctx.container);
      await broken.close();
    }
  });
});

describe("rule 8: a candidate's country is the organisation's, else the filter, else ''", () => {
  let countryless: string;
  beforeAll(async () => {
    countryless = (await makeOrganisation(db, { name: 'Wendleburr Nomads', countryIsoAlpha3: null })).id;
    await makeOrganisation(db, { name: 'Wendleburr Nomads Pty Ltd' });
  });

  it("the organisation's own country", async () => {
    const candidates = await candidatesFor('Wendleburr Nomads Pty Ltd', 'GLO');
    expect(candidates.find((c) => c.existingOrgId !== countryless)?.countryIsoAlpha3).toBe('AUS');
  });

  it('a countryless organisation takes the filter country (and a key in it)', async () => {
    const candidate = (await candidatesFor('Wendleburr Nomads', 'NZL'))[0];
    expect(candidate?.existingOrgId).toBe(countryless);
    expect(candidate?.countryIsoAlpha3).toBe('NZL');
    expect(candidate?.key).toBe('NZL|wendleburr nomads');
  });

  it("under GLO a countryless organisation has '' and never GLO", async () => {
    const candidates = await candidatesFor('Wendleburr Nomads', 'GLO');
    const candidate = candidates.find((c) => c.existingOrgId === countryless);
    expect(candidate?.countryIsoAlpha3).toBe('');
    expect(candidate?.key).toBe('|wendleburr nomads');
    expect(candidates.some((c) => c.countryIsoAlpha3 === 'GLO' || c.key.startsWith('GLO'))).toBe(false);
  });
});

describe("rule 9: every candidate is _type 'internal' and source 'internal'", () => {
  it('holds for name, identifier and website matches', async () => {
    const abn = makeAbn(5150);
    await makeOrganisation(db, { name: 'Ossifrage Solar Pty Ltd', website: 'https://ossifrage.com.au', identifiers: [{ type: 'ABN', value: abn }] });
    const all = [...(await candidatesFor('Ossifrage Solar')), ...(await candidatesFor(abn)), ...(await candidatesFor('ossifrage.com.au'))];
    expect(all).toHaveLength(3);
    for (const candidate of all) {
      expect(candidate._type).toBe('internal');
      expect(candidate.source).toBe('internal');
    }
  });
});

describe('authentication', () => {
  it('401 without an account', async () => {
    const { status } = await quickSearch({ query: 'Zorblax', countryIsoAlpha3: 'AUS' }, null);
    expect(status).toBe(401);
  });

  it('401 with an unknown API key', async () => {
    const { status } = await quickSearch({ query: 'Zorblax', countryIsoAlpha3: 'AUS' }, `Bearer osk_${randomBytes(16).toString('hex')}`);
    expect(status).toBe(401);
  });
});

describe('validation: 400 naming the field and the rule', () => {
  async function issuesOf(body: unknown) {
    const { status, json } = await quickSearch(body);
    expect(status).toBe(400);
    const answer = json as { code: string; issues: { field: string; rule: string; message: string }[] };
    expect(answer.code).toBe('validation_failed');
    return answer.issues.map(({ field, rule }) => ({ field, rule }));
  }

  it('a query over 200 characters (after trimming) is rejected, never truncated; exactly 200 passes', async () => {
    expect(await issuesOf({ query: 'a'.repeat(201), countryIsoAlpha3: 'AUS' })).toEqual([{ field: 'query', rule: 'too_big' }]);
    const { status } = await quickSearch({ query: ` ${'a'.repeat(200)} `, countryIsoAlpha3: 'AUS' });
    expect(status).toBe(200);
  });

  it('query missing or not a string', async () => {
    expect(await issuesOf({ countryIsoAlpha3: 'AUS' })).toEqual([{ field: 'query', rule: 'required' }]);
    expect(await issuesOf({ query: 42, countryIsoAlpha3: 'AUS' })).toEqual([{ field: 'query', rule: 'invalid_type' }]);
  });

  it('countryIsoAlpha3: three upper-case letters, then a real country or GLO', async () => {
    expect(await issuesOf({ query: 'x', countryIsoAlpha3: 'aus' })).toEqual([{ field: 'countryIsoAlpha3', rule: 'invalid_format' }]);
    expect(await issuesOf({ query: 'x', countryIsoAlpha3: 'AU' })).toEqual([{ field: 'countryIsoAlpha3', rule: 'invalid_format' }]);
    expect(await issuesOf({ query: 'x', countryIsoAlpha3: 'ABC' })).toEqual([{ field: 'countryIsoAlpha3', rule: 'invalid_value' }]);
    expect(await issuesOf({ query: 'x', countryIsoAlpha3: 'XXX' })).toEqual([{ field: 'countryIsoAlpha3', rule: 'invalid_value' }]);
    expect(await issuesOf({ query: 'x' })).toEqual([{ field: 'countryIsoAlpha3', rule: 'required' }]);
  });

  it('a body that is not JSON', async () => {
    expect(await issuesOf('{not json')).toEqual([{ field: '', rule: 'invalid_json' }]);
  });
});

describe('logo: computed from the website, never stored', () => {
  let withSite: string;
  let withoutSite: string;
  beforeAll(async () => {
    withSite = (await makeOrganisation(db, { name: 'Pellucid Harbour Pty Ltd', website: 'https://shop.pellucid.com.au/x' })).id;
    withoutSite = (await makeOrganisation(db, { name: 'Pellucid Harbour Services Pty Ltd' })).id;
  });

  it('is the logo CDN URL with the lettermark fallback when LOGO_CLIENT_ID is set', async () => {
    await withSettings({ LOGO_CLIENT_ID: 'test-client' }, async () => {
      const candidates = await candidatesFor('Pellucid Harbour');
      const logo = candidates.find((c) => c.existingOrgId === withSite)?.logo;
      expect(logo).toBe('https://cdn.brandfetch.io/domain/pellucid.com.au/w/128/h/128/fallback/lettermark/icon?c=test-client');
      expect(candidates.find((c) => c.existingOrgId === withoutSite)?.logo).toBeNull();
    });
  });

  it('is null for every candidate when LOGO_CLIENT_ID is unset', async () => {
    const candidates = await candidatesFor('Pellucid Harbour');
    expect(candidates.find((c) => c.existingOrgId === withSite)?.website).toBe('https://shop.pellucid.com.au');
    expect(candidates.every((c) => c.logo === null)).toBe(true);
  });

  it('is not a column of organisations', async () => {
    const columns = await db.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'organisations' and column_name like '%logo%'`,
    );
    expect(columns.rows).toEqual([]);
  });
});

describe('database failure: 503 {candidates: []}', () => {
  it('answers 503 with an empty list when the lookups cannot read the organisations', async () => {
    const role = `qs_app_${randomBytes(4).toString('hex')}`;
    const adminUrl = inject('adminDatabaseUrl');
    const broken = await createTestContainer();
    let container: Container | undefined;
    try {
      await adminQuery(adminUrl, `create role ${role} login password '${role}'`);
      await broken.database.db.execute(sql.raw(`grant select, insert, update, delete on all tables in schema public to ${role}`));
      const account = await makeAccount(broken.database.db);
      await makeOrganisation(broken.database.db, { name: 'Fennimore Logistics Pty Ltd', website: 'https://fennimore.com.au' });
      const url = new URL(broken.database.url);
      url.username = role;
      url.password = role;
      container = await buildContainer({
        env: parseEnvOrThrow({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
        databaseUrl: url.toString(),
        log: createLogger({ level: 'silent', destination: 'stderr' }),
      });
      installContainer(container);
      expect(ids(await candidatesFor('Fennimore Logistics', 'AUS', account.authorization))).toHaveLength(1);

      // The database now refuses every lookup (auth still works: the failure is the lookup's).
      await broken.database.db.execute(sql.raw(`revoke select on organisations from ${role}`));
      for (const query of ['Fennimore Logistics', 'fennimore.com.au', '51 824 753 556']) {
        const { status, json } = await quickSearch({ query, countryIsoAlpha3: 'AUS' }, account.authorization);
        expect(status).toBe(503);
        expect(json).toEqual({ candidates: [] });
      }
    } finally {
      installContainer(ctx.container);
      await container?.close();
      await broken.close();
      await adminQuery(adminUrl, `drop role if exists ${role}`);
    }
  });
});

describe('database failure: the whole database gone', () => {
  it('answers 503 {candidates: []} even though the caller cannot be identified any more', async () => {
    const doomed = await createTestContainer();
    // A second process over the same database that has never seen the key (nothing in its key cache).
    const uncached = await buildContainer({
      env: parseEnvOrThrow({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      databaseUrl: doomed.database.url,
      log: createLogger({ level: 'silent', destination: 'stderr' }),
    });
    try {
      const account = await makeAccount(doomed.database.db);
      await makeOrganisation(doomed.database.db, { name: 'Quillfeather Freight Pty Ltd' });
      expect(ids(await candidatesFor('Quillfeather Freight', 'AUS', account.authorization))).toHaveLength(1);
      // Drops the database for real (terminating the containers' connections).
      await doomed.database.drop();
      // The key is still in this container's 30 s cache: the caller is known, the lookups fail.
      const cached = await quickSearch({ query: 'Quillfeather Freight', countryIsoAlpha3: 'AUS' }, account.authorization);
      expect(cached.status).toBe(503);
      expect(cached.json).toEqual({ candidates: [] });
      // Without the cached key, account resolution itself fails first.
      installContainer(uncached);
      const unresolved = await quickSearch({ query: 'Quillfeather Freight', countryIsoAlpha3: 'AUS' }, account.authorization);
      expect(unresolved.status).toBe(503);
      expect(unresolved.json).toEqual({ candidates: [] });
    } finally {
      installContainer(ctx.container);
      await uncached.close();
      await doomed.container.close();
    }
  });
});

describe('as Next.js calls it', () => {
  it('accepts the route context Next passes to a route without dynamic segments (params resolving to undefined)', async () => {
    await makeOrganisation(db, { name: 'Paramless Pastures Pty Ltd' });
    const request = new Request('http://localhost/api/organisations/quick-search', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: caller.authorization },
      body: JSON.stringify({ query: 'Paramless Pastures', countryIsoAlpha3: 'AUS' }),
    });
    const response = await POST(request, { params: Promise.resolve(undefined) });
    expect(response.status).toBe(200);
  });
});
