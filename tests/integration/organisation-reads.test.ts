/**
 * The organisation pages' reads over PostgreSQL (decision 0027: the use cases call the queries, no reader port):
 * an organisation the account can see answers its record and figures; one it cannot see answers NotFoundError with
 * a safe message; the flag counts are the account's own list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/core/errors';
import { countOrganisationFlags, getOrganisationFigures, getOrganisationRecord } from '../../src/server/organisations/organisation-reads';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let account: { id: string };
let other: { id: string };
let organisation: { id: string; name: string };

beforeAll(async () => {
  database = await createTestDatabase();
  account = await makeAccount(database.db);
  other = await makeAccount(database.db);
  organisation = await makeOrganisation(database.db, { name: 'KOALA LOGISTICS PTY LTD' }, { ownerAccountId: account.id, linkAccountId: account.id });
  await makeOrganisation(database.db, {}, { ownerAccountId: account.id, linkAccountId: account.id });
  await makeOrganisation(database.db, {}, { ownerAccountId: other.id, linkAccountId: other.id });
});
afterAll(async () => {
  await database?.drop();
});

describe('GetOrganisationRecord', () => {
  it('answers the record of an organisation the account can see', async () => {
    const record = await getOrganisationRecord(database.db, { accountId: account.id, organisationId: organisation.id });
    expect(record).toMatchObject({ id: organisation.id, name: 'KOALA LOGISTICS PTY LTD' });
  });

  it('answers NotFoundError, with a safe message, for one it cannot see', async () => {
    const error = await getOrganisationRecord(database.db, { accountId: other.id, organisationId: organisation.id }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).userMessage).toBe('Organisation not found');
  });
});

describe('GetOrganisationFigures', () => {
  it("answers the account's figures for an organisation it can see", async () => {
    await expect(getOrganisationFigures(database.db, { accountId: account.id, organisationId: organisation.id })).resolves.toEqual({
      organisationId: organisation.id,
      totals: [],
      sectors: [],
    });
  });

  it('answers NotFoundError for an organisation the account cannot see', async () => {
    await expect(getOrganisationFigures(database.db, { accountId: other.id, organisationId: organisation.id })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('CountOrganisationFlags', () => {
  it("counts the account's own list", async () => {
    await expect(countOrganisationFlags(database.db, { accountId: account.id })).resolves.toEqual({
      listed: 2,
      unclassified: 0,
      enriching: 0,
      notEnriched: 2,
    });
  });
});
