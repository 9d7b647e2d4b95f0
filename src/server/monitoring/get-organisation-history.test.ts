import { describe, expect, it } from 'vitest';
import { change, memoryAccountChanges } from './__fixtures__/memory-account-changes';
import { createGetOrganisationHistory } from './get-organisation-history';

const ORG = '11111111-1111-4111-8111-111111111111';

describe('getOrganisationHistory', () => {
  const older = change(ORG, 'RED CENTRE MINING LIMITED', 60);
  const newer = change(ORG, 'RED CENTRE MINING LIMITED', 5, { kind: 'legal_name', field: 'legalName', before: 'A', after: 'B' });

  it('newest first, watched when on the list with a registry identifier', async () => {
    const { store } = memoryAccountChanges([older, newer], { a: [ORG] });
    const history = await createGetOrganisationHistory(store)({ accountId: 'a', organisationId: ORG, identifiers: [{ type: 'ABN' }] });
    expect(history.watch).toBe('watched');
    expect(history.changes.map((c) => c.id)).toEqual([newer.id, older.id]);
  });

  it('says why it is not watched: no registry identifier, or not on the account’s list (then no changes, whatever exist)', async () => {
    const { store } = memoryAccountChanges([older], { a: [ORG] });
    const history = createGetOrganisationHistory(store);
    expect(await history({ accountId: 'a', organisationId: ORG, identifiers: [{ type: 'VAT' }] })).toMatchObject({ watch: 'no_registry_identifier' });
    expect(await history({ accountId: 'b', organisationId: ORG, identifiers: [{ type: 'ABN' }] })).toEqual({ watch: 'not_on_list', changes: [] });
  });
});
