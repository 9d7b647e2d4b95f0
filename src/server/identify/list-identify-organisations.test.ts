import { describe, expect, it } from 'vitest';
import { DEFAULT_IDENTIFY_LIST_QUERY, type IdentifyOrganisationRow } from '../../core/identify-list';
import { UNKNOWN_REGISTRY_STATUS } from '../../core/registry-status';
import { createListIdentifyOrganisations, type IdentifyOrganisationsReader } from './list-identify-organisations';

const row = (n: number): IdentifyOrganisationRow => ({
  id: `org-${n}`,
  name: `Org ${n}`,
  countryIsoAlpha3: 'AUS',
  websiteDomain: null,
  registryStatus: UNKNOWN_REGISTRY_STATUS,
  profileStatus: null,
  webResearchFound: false,
  naicsCount: 0,
  aquila1Count: 0,
  owned: false,
  unreadChanges: 0,
});

/** An in-memory list of `total` rows that records the pages asked for. */
function fakeReader(total: number) {
  const asked: { offset: number; limit: number }[] = [];
  const reader: IdentifyOrganisationsReader = {
    count: async () => total,
    listPage: async ({ offset, limit }) => {
      asked.push({ offset, limit });
      return Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => row(offset + i + 1));
    },
  };
  return { reader, asked };
}

describe('ListIdentifyOrganisations', () => {
  it('asks for the page at its offset and reports the page count', async () => {
    const { reader, asked } = fakeReader(25);
    const list = createListIdentifyOrganisations(reader, 10);
    const page = await list({ accountId: 'acc', query: { ...DEFAULT_IDENTIFY_LIST_QUERY, page: 2 } });
    expect(asked).toEqual([{ offset: 10, limit: 10 }]);
    expect(page).toMatchObject({ total: 25, pageCount: 3, query: { page: 2 } });
    expect(page.rows[0]?.id).toBe('org-11');
  });

  it('answers the last page for a page past the end', async () => {
    const { reader, asked } = fakeReader(25);
    const page = await createListIdentifyOrganisations(reader, 10)({ accountId: 'acc', query: { ...DEFAULT_IDENTIFY_LIST_QUERY, page: 9 } });
    expect(asked).toEqual([{ offset: 20, limit: 10 }]);
    expect(page.query.page).toBe(3);
    expect(page.rows).toHaveLength(5);
  });

  it('does not read rows when nothing matches', async () => {
    const { reader, asked } = fakeReader(0);
    const page = await createListIdentifyOrganisations(reader, 10)({ accountId: 'acc', query: DEFAULT_IDENTIFY_LIST_QUERY });
    expect(asked).toEqual([]);
    expect(page).toMatchObject({ rows: [], total: 0, pageCount: 1, query: { page: 1 } });
  });
});
