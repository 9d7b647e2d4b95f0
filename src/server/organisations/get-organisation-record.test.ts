import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../core/errors';
import type { OrganisationRecord } from '../../core/organisation-record';
import { createGetOrganisationRecord } from './get-organisation-record';

const record = { id: 'org-1', name: 'KOALA LOGISTICS PTY LTD' } as OrganisationRecord;
const getRecord = createGetOrganisationRecord({
  findRecord: async (accountId, organisationId) => (accountId === 'acc-1' && organisationId === 'org-1' ? record : null),
});

describe('GetOrganisationRecord', () => {
  it('answers the record of an organisation the account can see', async () => {
    await expect(getRecord({ accountId: 'acc-1', organisationId: 'org-1' })).resolves.toBe(record);
  });

  it('answers NotFoundError, with a safe message, for one it cannot see', async () => {
    const error = await getRecord({ accountId: 'acc-2', organisationId: 'org-1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).userMessage).toBe('Organisation not found');
  });
});
