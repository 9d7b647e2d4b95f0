import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../core/errors';
import type { OrganisationRecord } from '../../core/organisation-record';
import { createGetIdentifySidebarRecord } from './get-identify-sidebar-record';

const record = { id: 'org-1', name: 'Acme Pty Ltd' } as OrganisationRecord;

describe('GetIdentifySidebarRecord', () => {
  const get = createGetIdentifySidebarRecord({
    findRecord: async (accountId, organisationId) => (accountId === 'acc-1' && organisationId === 'org-1' ? record : null),
  });

  it('answers the record the account can see', async () => {
    await expect(get({ accountId: 'acc-1', organisationId: 'org-1' })).resolves.toBe(record);
  });

  it('throws NotFoundError with a safe message for one it cannot see', async () => {
    const failure = get({ accountId: 'acc-2', organisationId: 'org-1' });
    await expect(failure).rejects.toBeInstanceOf(NotFoundError);
    await expect(failure).rejects.toMatchObject({ userMessage: 'Organisation not found' });
  });
});
