/**
 * Rule 10 (match-ranking.ts) through the use case: the candidates' match, the relevance floor and the order
 * (decisions 0007 and 0016).
 */
import { assessMatch } from '../../core/match-confidence';
import { describe, expect, it } from 'vitest';
import { registryStatusOf } from '../../core/registry-status';
import { lookups, named, noLogo, noMembership, row, silent } from './__fixtures__/quick-search-fakes';
import type { QuickSearchRow } from './ports';
import { createQuickSearch } from './quick-search';

describe('quick search: match, relevance floor and order', () => {
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
    // As assessed alone, the name begun inside a word scores at least as well (its alias is shorter)...
    const alone = (name: string, alias?: string) =>
      assessMatch({ name: 'Silver' }, { name, otherNames: alias === undefined ? [] : [{ value: alias, kind: 'alias' }] }).score;
    expect(alone('Silverton Bay Capital Limited', 'silverton bay')).toBeGreaterThanOrEqual(alone('Silver Fern Farms Limited'));
    // ...yet the whole-word reading comes first.
    expect(found.map((c) => c.existingOrgId).indexOf('fern')).toBeLessThan(found.map((c) => c.existingOrgId).indexOf('bay'));
    // With no whole-word reading ("Silverto"), a name being typed keeps its place by score.
    const typing = await quickSearch.execute({ accountId: 'a', query: 'Silverto', countryIsoAlpha3: 'GLO' });
    expect(typing[0]?.existingOrgId).toBe('bay');
  });

  it('ranks a dissolved organisation below its active namesake and never decides it a match, whatever their scores', async () => {
    const dissolved = registryStatusOf('inactive', 'Dissolved', '2020-11-17');
    const quickSearch = createQuickSearch({
      lookups: lookups({
        byName: async () =>
          named([
            row({ id: 'gone', name: 'Meridian Ridge Limited', searchName: 'meridian ridge', registryStatus: dissolved }),
            row({ id: 'live', name: 'Meridian Ridge Pty Ltd', searchName: 'meridian ridge', registryStatus: registryStatusOf('active', 'Active', null) }),
          ]),
      }),
      membership: noMembership,
      logo: noLogo,
      log: silent,
      limit: 10,
    });
    const found = await quickSearch.execute({ accountId: 'a', query: 'Meridian Ridge Limited', countryIsoAlpha3: 'AUS' });
    expect(found.map((c) => c.existingOrgId)).toEqual(['live', 'gone']);
    const gone = found[1];
    expect(gone?.registryStatus).toEqual(dissolved);
    expect(gone?.match.score).toBeGreaterThanOrEqual(found[0]?.match.score ?? 101);
    expect(gone?.match.match).toBe(false);
  });
});
