/** The quick-search use case with in-memory fakes of its ports: concurrency, ordering, limit, failures. */
import { describe, expect, it } from 'vitest';
import { UnavailableError } from '../../core/errors';
import type { LogoService } from '../logo/logo-service';
import type { AccountMembership, IdentifierRow, LookupScope, NameLookup, QuickSearchLookups, QuickSearchRow } from './ports';
import { createQuickSearch } from './quick-search';

function row(overrides: Partial<QuickSearchRow> & { id: string; name: string }): QuickSearchRow {
  return {
    searchName: overrides.name.toLowerCase(),
    matchedAlias: null,
    description: null,
    countryIsoAlpha3: 'AUS',
    key: `AUS|${overrides.name.toLowerCase()}`,
    website: null,
    ownedByAccount: false,
    ...overrides,
  };
}

const noLogo: LogoService = { logoFor: () => null };
const noMembership: AccountMembership = { linkedOrganisationIds: async () => new Set() };
const silent = { warn: () => undefined };

/** A name lookup answering `rows` exactly, and `corrected` from its typo step. */
function named(rows: QuickSearchRow[], corrected: () => Promise<QuickSearchRow[]> = async () => []): NameLookup {
  return { rows, corrected };
}

function lookups(overrides: Partial<QuickSearchLookups>): QuickSearchLookups {
  return { byName: async () => named([]), byIdentifier: async () => [], byWebsite: async () => [], ...overrides };
}

describe('createQuickSearch', () => {
  it('starts the three lookups before any of them finishes (they run concurrently)', async () => {
    const started: string[] = [];
    let release: () => void = () => undefined;
    const allStarted = new Promise<void>((resolve) => {
      release = resolve;
    });
    const lookup =
      (name: string) =>
      async (_: LookupScope): Promise<IdentifierRow[]> => {
        started.push(name);
        if (started.length === 3) release();
        await allStarted;
        return [];
      };
    const quickSearch = createQuickSearch({
      lookups: {
        byName: async (p) => named(await lookup('name')(p), async () => (started.push('corrected'), [])),
        byIdentifier: lookup('identifier'),
        byWebsite: lookup('website'),
      },
      membership: noMembership,
      logo: noLogo,
      log: silent,
      limit: 10,
    });
    // "acme123.com" has a digit and looks like a domain: all three lookups run.
    await quickSearch.execute({ accountId: 'a', query: 'acme123.com', countryIsoAlpha3: 'GLO' });
    expect(started.slice(0, 3).sort()).toEqual(['identifier', 'name', 'website']);
    // All three found nothing: the typo step follows them.
    expect(started.slice(3)).toEqual(['corrected']);
  });

  it('passes the normalised forms and the country filter (none for GLO)', async () => {
    const seen: unknown[] = [];
    const quickSearch = createQuickSearch({
      lookups: lookups({
        byIdentifier: async (p) => (seen.push(['identifier', p.valueNormalised, p.countryIsoAlpha3]), []),
        byWebsite: async (p) => (seen.push(['website', p.websiteDomain, p.countryIsoAlpha3]), []),
        byName: async (p) => (seen.push(['name', p.searchName, p.countryIsoAlpha3]), named([])),
      }),
      membership: noMembership,
      logo: noLogo,
      log: silent,
      limit: 10,
    });
    await quickSearch.execute({ accountId: 'a', query: ' HTTPS://www.Acme-1.com.au/ ', countryIsoAlpha3: 'AUS' });
    await quickSearch.execute({ accountId: 'a', query: 'Acme Pty Ltd', countryIsoAlpha3: 'GLO' });
    expect(seen).toContainEqual(['website', 'acme-1.com.au', 'AUS']);
    expect(seen).toContainEqual(['identifier', 'HTTPS:WWWACME1COMAU', 'AUS']);
    expect(seen).toContainEqual(['name', 'acme', null]);
    // A website query's name query is its brand label, never the URL's words.
    expect(seen).toContainEqual(['name', 'acme 1', 'AUS']);
    expect(seen.some((s) => Array.isArray(s) && s[0] === 'name' && String(s[1]).includes('https'))).toBe(false);
  });

  it('runs the typo step only when the exact name, identifier and website lookups all found nothing', async () => {
    const corrected: string[] = [];
    const found = (id: string) => async () => [
      { ...row({ id, name: 'Acme Widgets', website: 'https://acme-widgets.com' }), matchedIdentifier: { type: 'ABN', value: '51824753556' } },
    ];
    const typoStep = (searchName: string) => async () => (corrected.push(searchName), [row({ id: 'typo', name: 'Acme Widgets' })]);
    const make = (overrides: Partial<QuickSearchLookups>) =>
      createQuickSearch({
        lookups: lookups({
          byName: async (p) => named([], typoStep(p.searchName)),
          ...overrides,
        }),
        membership: noMembership,
        logo: noLogo,
        log: silent,
        limit: 10,
      });
    const ids = async (quickSearch: ReturnType<typeof make>, query: string) =>
      (await quickSearch.execute({ accountId: 'a', query, countryIsoAlpha3: 'GLO' })).map((c) => c.existingOrgId);

    expect(await ids(make({}), 'Acme Widgts')).toEqual(['typo']);
    expect(corrected).toEqual(['acme widgts']);
    expect(await ids(make({ byName: async (p) => named(await found('exact')(), typoStep(p.searchName)) }), 'Acme Widgets')).toEqual(['exact']);
    expect(await ids(make({ byWebsite: found('site') }), 'https://www.acme-widgets.com/')).toEqual(['site']);
    expect(await ids(make({ byIdentifier: found('abn') }), '51 824 753 556')).toEqual(['abn']);
    // An identifier that matched nothing: no letter, so no typo step either.
    expect(await ids(make({}), '51 824 753 556')).toEqual([]);
    expect(corrected).toEqual(['acme widgts']);
    // A website that matched nothing: the typo step runs on its brand label.
    await ids(make({}), 'https://www.acme-widgts.com/');
    expect(corrected).toEqual(['acme widgts', 'acme widgts']);
  });

  it("orders by match score (exact name and identifier matches first, then looser names; ties in the lookups' order) and cuts at the limit", async () => {
    const quickSearch = createQuickSearch({
      lookups: lookups({
        byName: async () =>
          named([
            row({ id: '5', name: 'Acme One Zeta', searchName: 'acme one zeta' }),
            row({ id: '4', name: 'Acme 1 Group', searchName: 'acme 1 group' }),
            row({ id: '2', name: 'Acme 1', searchName: 'acme 1' }),
            row({ id: '3', name: 'Acme 1 Group', searchName: 'acme 1 group' }),
          ]),
        byIdentifier: async () => [{ ...row({ id: '9', name: 'Unrelated' }), matchedIdentifier: { type: 'OPENCORPORATES', value: 'acme-1' } }],
      }),
      membership: noMembership,
      logo: noLogo,
      log: silent,
      limit: 3,
    });
    const candidates = await quickSearch.execute({ accountId: 'a', query: 'acme 1', countryIsoAlpha3: 'GLO' });
    // The two exact matches (the same name, the same identifier) first, by score; then the longer name, the
    // first of the two tied ones in the lookup's order; "Acme One Zeta" is cut by the limit.
    expect(new Set(candidates.slice(0, 2).map((c) => c.existingOrgId))).toEqual(new Set(['9', '2']));
    expect(candidates[2]?.existingOrgId).toBe('4');
    expect(candidates.map((c) => c.match.score)).toEqual([...candidates.map((c) => c.match.score)].sort((a, b) => b - a));
    const byId = (id: string) => candidates.find((c) => c.existingOrgId === id)?.match;
    expect(byId('9')).toMatchObject({ match: true, grades: { identifier: 'same' }, matchedOn: { identifier: { type: 'OPENCORPORATES', value: 'acme-1' } } });
    expect(byId('2')).toMatchObject({ match: true, grades: { name: 'same' }, matchedOn: { name: 'Acme 1', nameKind: 'name' } });
  });

  it("puts an exact name above a looser one whatever the name lookup's order, and says what matched", async () => {
    const quickSearch = createQuickSearch({
      lookups: lookups({
        byName: async () =>
          named([
            row({ id: 'loose', name: 'Harbour Marine Services Pty Ltd', searchName: 'harbour marine services' }),
            row({ id: 'alias', name: 'Quill Holdings Pty Ltd', searchName: 'quill holdings', matchedAlias: 'harbourline' }),
          ]),
      }),
      membership: noMembership,
      logo: noLogo,
      log: silent,
      limit: 10,
    });
    const candidates = await quickSearch.execute({ accountId: 'a', query: 'Harbourline Pty Ltd', countryIsoAlpha3: 'GLO' });
    expect(candidates.map((c) => c.existingOrgId)).toEqual(['alias']);
    expect(candidates[0]?.match.matchedOn).toMatchObject({ name: 'harbourline', nameKind: 'alias', legalFormsIgnored: ['pty', 'ltd'] });
  });

  it('returns nothing below the relevance floor: a query naming no organisation does not get the nearest unrelated name', async () => {
    const quickSearch = createQuickSearch({
      lookups: lookups({ byName: async () => named([], async () => [row({ id: 'acme', name: 'ACME WIDGETS PTY LTD', searchName: 'acme widgets' })]) }),
      membership: noMembership,
      logo: noLogo,
      log: silent,
      limit: 10,
    });
    expect(await quickSearch.execute({ accountId: 'a', query: 'qzxv nonexistent widgets', countryIsoAlpha3: 'AUS' })).toEqual([]);
  });

  it('keeps a low-scored candidate whose name the query begins (a name being typed), below the decision', async () => {
    const quickSearch = createQuickSearch({
      lookups: lookups({ byName: async () => named([row({ id: 'z', name: 'Zorblax Logistics Pty Ltd', searchName: 'zorblax logistics' })]) }),
      membership: noMembership,
      logo: noLogo,
      log: silent,
      limit: 10,
    });
    const [candidate] = await quickSearch.execute({ accountId: 'a', query: 'zorbl', countryIsoAlpha3: 'AUS' });
    expect(candidate?.existingOrgId).toBe('z');
    expect(candidate?.match.match).toBe(false);
  });

  it('a failing membership check logs a warning and leaves every candidate unlinked', async () => {
    const warnings: string[] = [];
    const quickSearch = createQuickSearch({
      lookups: lookups({ byName: async () => named([row({ id: '1', name: 'Acme' })]) }),
      membership: { linkedOrganisationIds: async () => Promise.reject(new UnavailableError('down')) },
      logo: noLogo,
      log: { warn: (_, message) => warnings.push(message) },
      limit: 10,
    });
    const candidates = await quickSearch.execute({ accountId: 'a', query: 'acme', countryIsoAlpha3: 'AUS' });
    expect(candidates.map((c) => c.accountLinked)).toEqual([false]);
    expect(warnings).toHaveLength(1);
  });

  it('a failing lookup rejects (the route answers 503)', async () => {
    const quickSearch = createQuickSearch({
      lookups: lookups({ byName: async () => Promise.reject(new UnavailableError('down')) }),
      membership: noMembership,
      logo: noLogo,
      log: silent,
      limit: 10,
    });
    await expect(quickSearch.execute({ accountId: 'a', query: 'acme', countryIsoAlpha3: 'AUS' })).rejects.toBeInstanceOf(UnavailableError);
  });

  it('a failing typo step rejects too (the route answers 503)', async () => {
    const quickSearch = createQuickSearch({
      lookups: lookups({ byName: async () => named([], async () => Promise.reject(new UnavailableError('down'))) }),
      membership: noMembership,
      logo: noLogo,
      log: silent,
      limit: 10,
    });
    await expect(quickSearch.execute({ accountId: 'a', query: 'acme widgts', countryIsoAlpha3: 'AUS' })).rejects.toBeInstanceOf(UnavailableError);
  });
  it('keeps a row under the relevance floor that the typo step found by correcting every word, never one found by leaving words out', async () => {
    const twoTypos = row({ id: 'wes', name: 'Wesfarmers Limited', searchName: 'wesfarmers', corrections: [{ from: 'wxsfarmrs', to: 'wesfarmers' }] });
    const partial = row({ id: 'acme', name: 'ACME WIDGETS PTY LTD', searchName: 'acme widgets' });
    const search = (found: QuickSearchRow[]) =>
      createQuickSearch({
        lookups: lookups({ byName: async () => named([], async () => found) }),
        membership: noMembership,
        logo: noLogo,
        log: silent,
        limit: 10,
      });
    const kept = await search([twoTypos]).execute({ accountId: 'a', query: 'Wxsfarmrs', countryIsoAlpha3: 'AUS' });
    expect(kept.map((c) => c.existingOrgId)).toEqual(['wes']);
    expect(kept[0]?.match.match).toBe(false);
    expect(await search([partial]).execute({ accountId: 'a', query: 'qzxv nonexistent widgets', countryIsoAlpha3: 'AUS' })).toEqual([]);
  });

  it('also runs the typo step when the exact spelling found only rows under the relevance floor (the answer would be [])', async () => {
    const corrected: string[] = [];
    const loose = row({ id: 'estate', name: 'Apex Estate Motors', searchName: 'apex estate motors' });
    const tata = row({ id: 'tata', name: 'Tata Motors Limited', searchName: 'tata motors', corrections: [{ from: 'tat', to: 'tata' }] });
    const make = (exact: QuickSearchRow[]) =>
      createQuickSearch({
        lookups: lookups({ byName: async (p) => named(exact, async () => (corrected.push(p.searchName), [tata])) }),
        membership: noMembership,
        logo: noLogo,
        log: silent,
        limit: 10,
      });
    const ids = async (exact: QuickSearchRow[], query: string) =>
      (await make(exact).execute({ accountId: 'a', query, countryIsoAlpha3: 'GLO' })).map((c) => c.existingOrgId);
    expect(await ids([loose], 'Tat Motors')).toEqual(['tata']);
    expect(corrected).toEqual(['tat motors']);
    // A row that clears the floor is the answer: no typo step.
    expect(await ids([row({ id: 'ok', name: 'Tat Motors Pty Ltd', searchName: 'tat motors' })], 'Tat Motors')).toEqual(['ok']);
    expect(corrected).toEqual(['tat motors']);
  });

  it('ranks names the query begins with whole words before names it begins only inside a word, whatever their scores', async () => {
    const quickSearch = createQuickSearch({
      lookups: lookups({
        byName: async () =>
          named([
            row({ id: 'bay', name: 'Silverton Bay Capital Limited', searchName: 'silverton bay capital', matchedAlias: 'silverton bay' }),
            row({ id: 'fern', name: 'Silver Fern Farms Limited', searchName: 'silver fern farms' }),
            row({ id: 'other', name: 'Argent Silver Pty Ltd', searchName: 'argent silver' }),
          ]),
      }),
      membership: noMembership,
      logo: noLogo,
      log: silent,
      limit: 10,
    });
    const found = await quickSearch.execute({ accountId: 'a', query: 'Silver', countryIsoAlpha3: 'GLO' });
    const score = (id: string) => found.find((c) => c.existingOrgId === id)?.match.score ?? 0;
    expect(score('bay')).toBeGreaterThan(score('fern'));
    expect(found.map((c) => c.existingOrgId).indexOf('fern')).toBeLessThan(found.map((c) => c.existingOrgId).indexOf('bay'));
    // With no whole-word reading ("Silverto"), a name being typed keeps its place by score.
    const typing = await quickSearch.execute({ accountId: 'a', query: 'Silverto', countryIsoAlpha3: 'GLO' });
    expect(typing[0]?.existingOrgId).toBe('bay');
  });
});
