import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IDENTIFY_LIST_QUERY,
  IDENTIFY_FILTER_MAX_LENGTH,
  clampIdentifyPage,
  identifyListSearch,
  identifyPageCount,
  IDENTIFY_STATUS_FILTERS,
  identifyRowState,
  identifyStatusFilterLabel,
  nextIdentifySort,
  parseIdentifyListQuery,
  parseIdentifySort,
} from './identify-list';

describe('parseIdentifyListQuery', () => {
  it('reads no parameters as the default view: name ascending, no filter, any status, page 1', () => {
    expect(parseIdentifyListQuery({})).toEqual(DEFAULT_IDENTIFY_LIST_QUERY);
  });

  it('reads every parameter', () => {
    expect(parseIdentifyListQuery({ sort: '-country', filter: '  koala ', status: 'FAILED', page: '3' })).toEqual({
      sort: { column: 'country', direction: 'descending' },
      filter: 'koala',
      status: 'FAILED',
      page: 3,
    });
  });

  it('takes the first value of a repeated parameter', () => {
    expect(parseIdentifyListQuery({ status: ['PENDING', 'FAILED'], page: ['2', '9'] })).toMatchObject({ status: 'PENDING', page: 2 });
  });

  it('falls back to the default for each bad value, independently', () => {
    expect(parseIdentifyListQuery({ sort: 'website', filter: 'acme', status: 'pending', page: '0' })).toEqual({
      ...DEFAULT_IDENTIFY_LIST_QUERY,
      filter: 'acme',
    });
    for (const page of ['-1', '1.5', 'two', '', '99999999999', 'Infinity']) expect(parseIdentifyListQuery({ page }).page).toBe(1);
    for (const status of ['', 'ALL', 'completed', 'Enriched']) expect(parseIdentifyListQuery({ status }).status).toBeNull();
  });

  it('accepts NONE as the status of organisations never enriched, REGISTRY_ONLY as a profile with nothing beyond the registry', () => {
    expect(parseIdentifyListQuery({ status: 'NONE' }).status).toBe('NONE');
    expect(parseIdentifyListQuery({ status: 'REGISTRY_ONLY' }).status).toBe('REGISTRY_ONLY');
  });

  it('cuts an over-long name filter to the maximum length', () => {
    expect(parseIdentifyListQuery({ filter: 'a'.repeat(500) }).filter).toHaveLength(IDENTIFY_FILTER_MAX_LENGTH);
  });
});

describe('parseIdentifySort', () => {
  it('reads a column ascending, and with a leading minus descending', () => {
    expect(parseIdentifySort('naics')).toEqual({ column: 'naics', direction: 'ascending' });
    expect(parseIdentifySort('-status')).toEqual({ column: 'status', direction: 'descending' });
  });
  it('falls back to name ascending for an unknown column', () => {
    expect(parseIdentifySort('--name')).toEqual({ column: 'name', direction: 'ascending' });
    expect(parseIdentifySort('-')).toEqual({ column: 'name', direction: 'ascending' });
  });
});

describe('identifyListSearch', () => {
  it('omits defaults, so the default view is the plain page', () => {
    expect(identifyListSearch(DEFAULT_IDENTIFY_LIST_QUERY)).toBe('');
  });
  it('writes every non-default parameter, and round-trips through the parser', () => {
    const query = { sort: { column: 'status', direction: 'descending' }, filter: 'a&b', status: 'NONE', page: 4 } as const;
    const search = identifyListSearch(query);
    expect(search).toBe('?sort=-status&filter=a%26b&status=NONE&page=4');
    expect(parseIdentifyListQuery(Object.fromEntries(new URLSearchParams(search)))).toEqual(query);
  });
});

describe('nextIdentifySort', () => {
  it('toggles the direction of the current column', () => {
    expect(nextIdentifySort({ column: 'name', direction: 'ascending' }, 'name')).toEqual({ column: 'name', direction: 'descending' });
    expect(nextIdentifySort({ column: 'name', direction: 'descending' }, 'name')).toEqual({ column: 'name', direction: 'ascending' });
  });
  it('sorts another column ascending', () => {
    expect(nextIdentifySort({ column: 'name', direction: 'descending' }, 'country')).toEqual({ column: 'country', direction: 'ascending' });
  });
});

describe('paging', () => {
  it('counts pages, with one (empty) page for an empty list', () => {
    expect(identifyPageCount(0, 100)).toBe(1);
    expect(identifyPageCount(100, 100)).toBe(1);
    expect(identifyPageCount(101, 100)).toBe(2);
  });
  it('shows the last page for a page past the end', () => {
    expect(clampIdentifyPage(9, 250, 100)).toBe(3);
    expect(clampIdentifyPage(2, 250, 100)).toBe(2);
    expect(clampIdentifyPage(5, 0, 100)).toBe(1);
  });
});

describe('identifyStatusFilterLabel', () => {
  it('names each choice in the profile status vocabulary', () => {
    expect(identifyStatusFilterLabel('PENDING')).toBe('Enriching');
    expect(identifyStatusFilterLabel('COMPLETED')).toBe('Enriched');
    expect(identifyStatusFilterLabel('FAILED')).toBe('Enrichment failed');
    expect(identifyStatusFilterLabel('NONE')).toBe('Not enriched');
    expect(identifyStatusFilterLabel('REGISTRY_ONLY')).toBe('Registry data only');
  });

  it("names each choice as the rows it finds are labelled: a filter's label is its rows' state label", () => {
    const row = { naicsCount: 0 };
    const rowsOf = {
      PENDING: { ...row, profileStatus: 'PENDING', webResearchFound: false },
      COMPLETED: { ...row, profileStatus: 'COMPLETED', webResearchFound: true },
      REGISTRY_ONLY: { ...row, profileStatus: 'COMPLETED', webResearchFound: false },
      FAILED: { ...row, profileStatus: 'FAILED', webResearchFound: false },
      NONE: { ...row, profileStatus: null, webResearchFound: false },
    } as const;
    for (const filter of IDENTIFY_STATUS_FILTERS) expect(identifyRowState(rowsOf[filter]).label).toBe(identifyStatusFilterLabel(filter));
    expect(IDENTIFY_STATUS_FILTERS.map(identifyStatusFilterLabel)).toEqual([
      'Enriching',
      'Enriched',
      'Registry data only',
      'Enrichment failed',
      'Not enriched',
    ]);
  });
});
