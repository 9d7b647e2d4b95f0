import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../core/errors';
import type { OrganisationFigures } from '../../core/organisation-figures';
import { createCountOrganisationFlags, createGetOrganisationFigures } from './get-organisation-figures';
import type { OrganisationFiguresReader } from './ports';

const figures: OrganisationFigures = { organisationId: 'org-1', totals: [], sectors: [] };
const reader: OrganisationFiguresReader = {
  findFigures: async (accountId, organisationId) => (accountId === 'acc-1' && organisationId === 'org-1' ? figures : null),
  countFlags: async (accountId) => ({ listed: accountId === 'acc-1' ? 3 : 0, unclassified: 1, enriching: 1, notEnriched: 0 }),
};

describe('GetOrganisationFigures', () => {
  it("answers the account's figures for an organisation it can see", async () => {
    await expect(createGetOrganisationFigures(reader)({ accountId: 'acc-1', organisationId: 'org-1' })).resolves.toBe(figures);
  });

  it('answers NotFoundError for an organisation the account cannot see', async () => {
    await expect(createGetOrganisationFigures(reader)({ accountId: 'acc-2', organisationId: 'org-1' })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('CountOrganisationFlags', () => {
  it("counts the account's own list", async () => {
    await expect(createCountOrganisationFlags(reader)({ accountId: 'acc-1' })).resolves.toEqual({ listed: 3, unclassified: 1, enriching: 1, notEnriched: 0 });
  });
});
