/** Test data built with the same functions the CLI and the seed use, with overridable defaults. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/adapters/db/client';
import { insertAccount } from '../../src/adapters/db/queries/accounts';
import { createApiKey } from '../../src/adapters/auth/api-keys';
import { insertOrganisation, type InsertOrganisationsOptions, type NewOrganisation } from '../../src/adapters/db/queries/organisations-write';

export async function makeAccount(db: Db, overrides: { name?: string } = {}) {
  const account = await insertAccount(db, { name: overrides.name ?? `Account ${randomUUID().slice(0, 8)}` });
  const { apiKey } = await createApiKey(db, { accountId: account.id });
  return { ...account, apiKey, authorization: `Bearer ${apiKey}` };
}

export async function makeOrganisation(db: Db, overrides: Partial<NewOrganisation> = {}, options: InsertOrganisationsOptions = {}) {
  const organisation: NewOrganisation = {
    name: `Test Organisation ${randomUUID().slice(0, 8)} Pty Ltd`,
    countryIsoAlpha3: 'AUS',
    description: 'A test organisation',
    ...overrides,
  };
  const id = await insertOrganisation(db, organisation, options);
  return { id, ...organisation };
}
