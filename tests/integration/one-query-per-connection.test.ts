/**
 * A transaction is one connection: its queries run one after another. Reads that take one snapshot (the
 * organisation profile) or lock a row (the verification subject) used to start several queries at once on
 * it, which `pg` queues and warns about ("Calling client.query() when the client is already executing a
 * query is deprecated", once per process, the warning a newcomer saw on the first organisation page).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findVerificationSubject } from '../../src/adapters/db/queries/verification-store';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { getOrganisationProfile, getOrganisationRecord } from '../../src/server/organisations/organisation-reads';

let t: TestContext;
const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(warning.message);

beforeAll(async () => {
  t = await createTestContainer();
  process.on('warning', onWarning);
});
afterAll(async () => {
  process.off('warning', onWarning);
  await t.close();
});

/** Warnings are emitted on a later tick. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('one query at a time on a connection', () => {
  it('reads an organisation profile in its snapshot without a pg "already executing a query" warning', async () => {
    const { db } = t.container.database;
    const account = await makeAccount(db);
    const organisation = await makeOrganisation(
      db,
      { identifiers: [{ type: 'ABN', value: '51824753556' }] },
      { ownerAccountId: account.id, linkAccountId: account.id },
    );
    const profile = await getOrganisationProfile(t.container.database.db, { accountId: account.id, organisationId: organisation.id });
    expect(profile.id).toBe(organisation.id);
    const record = await getOrganisationRecord(t.container.database.db, { accountId: account.id, organisationId: organisation.id });
    expect(record.identifiers).toEqual([{ type: 'ABN', value: '51824753556' }]);
    await db.transaction(async (tx) => {
      const subject = await findVerificationSubject(tx, { organisationId: organisation.id, forUpdate: true });
      expect(subject?.identifiers).toHaveLength(1);
    });
    await settle();
    expect(warnings.filter((message) => /already executing a query/.test(message))).toEqual([]);
  });
});
