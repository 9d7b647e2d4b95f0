/** The quick-search use case with in-memory fakes of its ports: concurrency, the typo step, ordering, limit, failures. */
import { describe, expect, it } from 'vitest';
import { UnavailableError } from '../../core/errors';
import { lookups, named, noLogo, noMembership, row, silent } from './__fixtures__/quick-search-fakes';
import type { IdentifierRow, LookupScope, QuickSearchLookups, QuickSearchRow } from './ports';
import { createQuickSearch } from './quick-search';

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
        byWords: async () => [],
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
        byIdentifier: async (p) => (seen.push(['identifier', p.valuesNormalised, p.countryIsoAlpha3]), []),
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
    expect(seen).toContainEqual(['identifier', ['HTTPS:WWWACME1COMAU'], 'AUS']);
    expect(seen).toContainEqual(['name', 'acme', null]);
    // A website query's name query is its brand label, never the URL's words.
    expect(seen).toContainEqual(['name', 'acme one', 'AUS']);
    expect(seen.some((s) => Array.isArray(s) && s[0] === 'name' && String(s[1]).includes('https'))).toBe(false);
  });

  it('asks for the typo step beside the exact step only for a name in another alphabet (no identifier, no website)', async () => {
    const eager: [string, boolean | undefined][] = [];
    const quickSearch = createQuickSearch({
      lookups: lookups({ byName: async (p) => (eager.push([p.searchName, p.eagerTypoStep]), named([])) }),
      membership: noMembership,
      logo: noLogo,
      log: silent,
      limit: 10,
    });
    for (const query of ['Арбор Флеет Хоспиталитй', 'Κωτσόβολος', 'Arbor Fleet Hospitality', 'Газпром 7736050003', 'газпром.рф'])
      await quickSearch.execute({ accountId: 'a', query, countryIsoAlpha3: 'GLO' });
    expect(eager).toEqual([
      ['arbor fleet khospitaliti', true],
      ['kotsovolos', true],
      ['arbor fleet hospitality', false],
      ['gazprom 7736050003', false],
      [expect.any(String), false],
    ]);
  });

  it('starts the word-overlap stage beside the name steps for a name of two words or more, and uses it only when they hold no match', async () => {
    const started: string[] = [];
    let releaseName: () => void = () => undefined;
    const nameHeld = new Promise<void>((resolve) => {
      releaseName = resolve;
    });
    const overlapRow = { ...row({ id: 'overlap', name: 'Emami Realty Limited' }), overlap: { sharesRareWord: true } };
    const search = (exact: QuickSearchRow[], byWords: QuickSearchLookups['byWords']) =>
      createQuickSearch({
        lookups: lookups({
          byName: async (p) => (started.push(`name ${p.searchName}`), await nameHeld, named(exact)),
          byWords: async (p) => (started.push(`words ${p.words.join(' ')}`), releaseName(), byWords(p)),
        }),
        membership: noMembership,
        logo: noLogo,
        log: silent,
        limit: 10,
      });
    // The name step answers only once the stage has started: they run side by side.
    const partial = await search([], async () => [overlapRow]).execute({ accountId: 'a', query: 'Emami Infrastructure', countryIsoAlpha3: 'GLO' });
    expect([...started].sort()).toEqual(['name emami infrastructure', 'words emami infrastructure']);
    expect(partial.map((c) => c.existingOrgId)).toEqual(['overlap']);
    // The name steps hold the match: the stage's rows and its failure are not used.
    const failing = async (): Promise<QuickSearchRow[]> => {
      throw new UnavailableError('word overlap failed', 'Search is temporarily unavailable');
    };
    const exact = await search([row({ id: 'exact', name: 'Acme Widgets Pty Ltd' })], failing).execute({
      accountId: 'a',
      query: 'Acme Widgets',
      countryIsoAlpha3: 'GLO',
    });
    expect(exact.map((c) => [c.existingOrgId, c.match.match])).toEqual([['exact', true]]);
    // Needed and failed: the lookup rejects (503), as a failing lookup does.
    await expect(search([], failing).execute({ accountId: 'a', query: 'Emami Infrastructure', countryIsoAlpha3: 'GLO' })).rejects.toBeInstanceOf(
      UnavailableError,
    );
    // One word, an identifier or a website: not started beside the name steps.
    started.length = 0;
    for (const query of ['Emami', 'Emami Realty 51 824 753 556', 'emami-realty.com'])
      await search([row({ id: 'x', name: 'Emami Realty Limited' })], async () => []).execute({ accountId: 'a', query, countryIsoAlpha3: 'GLO' });
    expect(started.filter((s) => s.startsWith('words'))).toEqual([]);
  });

  it('looks up identifiers as people type them, and the rest of a longer query as the name', async () => {
    const seen: unknown[] = [];
    const quickSearch = createQuickSearch({
      lookups: lookups({
        byIdentifier: async (p) => (seen.push(['identifier', p.valuesNormalised]), []),
        byName: async (p) => (seen.push(['name', p.searchName]), named([])),
      }),
      membership: noMembership,
      logo: noLogo,
      log: silent,
      limit: 10,
    });
    for (const query of ['ABN: 57 095 403 820', '4398218', 'Telstra ABN 33 051 775 556'])
      await quickSearch.execute({ accountId: 'a', query, countryIsoAlpha3: 'GLO' });
    expect(seen).toContainEqual(['identifier', ['57095403820']]);
    expect(seen).toContainEqual(['identifier', ['04398218', '4398218']]);
    expect(seen).toContainEqual(['identifier', ['33051775556']]);
    expect(seen).toContainEqual(['name', 'telstra']);
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
            row({ id: '4', name: 'Acme 100 Group', searchName: 'acme 100 group' }),
            row({ id: '2', name: 'Acme 100', searchName: 'acme 100' }),
            row({ id: '3', name: 'Acme 100 Group', searchName: 'acme 100 group' }),
          ]),
        byIdentifier: async () => [{ ...row({ id: '9', name: 'Unrelated' }), matchedIdentifier: { type: 'OPENCORPORATES', value: 'acme-100' } }],
      }),
      membership: noMembership,
      logo: noLogo,
      log: silent,
      limit: 3,
    });
    const candidates = await quickSearch.execute({ accountId: 'a', query: 'acme 100', countryIsoAlpha3: 'GLO' });
    // The two exact matches (the same name, the same identifier) first, by score; then the longer name, the
    // first of the two tied ones in the lookup's order; "Acme One Zeta" is cut by the limit.
    expect(new Set(candidates.slice(0, 2).map((c) => c.existingOrgId))).toEqual(new Set(['9', '2']));
    expect(candidates[2]?.existingOrgId).toBe('4');
    expect(candidates.map((c) => c.match.score)).toEqual([...candidates.map((c) => c.match.score)].sort((a, b) => b - a));
    const byId = (id: string) => candidates.find((c) => c.existingOrgId === id)?.match;
    // At most one match per query (issue 20 section 3): the best-scored exact match keeps it.
    expect(byId('9')).toMatchObject({ match: false, grades: { identifier: 'same' }, matchedOn: { identifier: { type: 'OPENCORPORATES', value: 'acme-100' } } });
    expect(byId('2')).toMatchObject({ match: true, grades: { name: 'same' }, matchedOn: { name: 'Acme 100', nameKind: 'name' } });
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
});

describe("rule 11: the account's remembered decisions", () => {
  const acme = row({ id: 'acme', name: 'Acme Widgets' });
  const harbour = row({ id: 'harbour', name: 'Harbour Services' });
  const search = (judgements: { organisationId: string; verdict: 'same' | 'different' }[], asked: unknown[] = []) =>
    createQuickSearch({
      lookups: lookups({ byName: async () => named([acme]) }),
      membership: noMembership,
      logo: noLogo,
      log: silent,
      limit: 10,
      judged: {
        judgements: {
          forQuery: async (accountId, query) => (asked.push([accountId, query]), judgements),
          forQueries: async () => [],
        },
        byIds: async (params) => (asked.push(['byIds', params.ids, params.countryIsoAlpha3]), [harbour].filter((r) => params.ids.includes(r.id))),
      },
    });

  it('asks for the judgements of the query and its country filter (none for GLO)', async () => {
    const asked: unknown[] = [];
    await search([], asked).execute({ accountId: 'a', query: ' Acme Widgets ', countryIsoAlpha3: 'GLO' });
    expect(asked).toEqual([['a', { query: 'Acme Widgets', countryIsoAlpha3: null }]]);
  });

  it('fetches an organisation judged same that the text did not find, and puts it first as the match', async () => {
    const asked: unknown[] = [];
    const found = await search([{ organisationId: 'harbour', verdict: 'same' }], asked).execute({
      accountId: 'a',
      query: 'Acme Widgets',
      countryIsoAlpha3: 'AUS',
    });
    expect(asked).toContainEqual(['byIds', ['harbour'], 'AUS']);
    expect(found.map((c) => [c.existingOrgId, c.match.match, c.match.matchedOn.decision])).toEqual([
      ['harbour', true, 'same'],
      ['acme', false, undefined],
    ]);
  });

  it('never marks one judged different a match', async () => {
    const found = await search([{ organisationId: 'acme', verdict: 'different' }]).execute({ accountId: 'a', query: 'Acme Widgets', countryIsoAlpha3: 'AUS' });
    expect(found.map((c) => [c.existingOrgId, c.match.match, c.match.matchedOn.decision])).toEqual([['acme', false, 'different']]);
  });
});
