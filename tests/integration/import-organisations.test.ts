import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { makeAccount } from '../support/factories';
import { accountOrganisations, organisationAliases, organisationIdentifiers, organisationOwners, organisations } from '../../src/adapters/db/schema';
import { UnavailableError } from '../../src/core/errors';
import { parseJobPayload, type JobName, type JobPayload, type OrganisationEnrichPayload } from '../../src/core/jobs';
import type { SendJobOptions } from '../../src/server/ports';
import { importOrganisations } from '../../src/adapters/db/queries/imports/import-organisations';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const line = (o: Record<string, unknown>) => JSON.stringify(o);

/** An in-memory JobQueue sender: records each send (and whether it came with a transaction); can fail on the n-th. */
function recordingQueue(options: { failOnSend?: number } = {}) {
  const sent: { name: JobName; payload: OrganisationEnrichPayload; inTransaction: boolean }[] = [];
  return {
    sent,
    async send<J extends JobName>(name: J, payload: JobPayload<J>, sendOptions: SendJobOptions = {}): Promise<string> {
      if (options.failOnSend === sent.length + 1) throw new UnavailableError('queue down (test)', 'The request could not be queued');
      // The import sends only enrichments; parsing with that job's schema says so (and narrows the payload).
      sent.push({ name, payload: parseJobPayload('organisation.enrich', payload), inTransaction: sendOptions.tx !== undefined });
      return `job-${sent.length}`;
    },
  };
}

async function idsByName(names: string[]) {
  const rows = await database.db.select({ id: organisations.id, name: organisations.name }).from(organisations).where(inArray(organisations.name, names));
  return new Map(rows.map((r) => [r.name, r.id]));
}

describe('importOrganisations', () => {
  it('reports bad lines with their numbers and reasons, skips them, and imports the rest across batches', async () => {
    const lines = [
      line({
        name: 'Alpha Imports Pty Ltd',
        countryIsoAlpha3: 'AUS',
        website: 'alpha-imports.com.au',
        identifiers: [{ type: 'ABN', value: '51 824 753 556' }],
      }),
      '{"name": "Broken',
      line({ name: 'Bravo Imports Limited', countryIsoAlpha3: 'gb', description: 'Second', aliases: ['Bravo'] }),
      line({ name: 'Charlie Imports Pty Ltd', countryIsoAlpha3: 'AUS', identifiers: [{ type: 'ABN', value: '51 824 753 557' }] }),
      '',
      line({ name: 'Delta Imports', countryIsoAlpha3: 'XQZ' }),
      line({ name: 'Echo Imports Group', countryIsoAlpha3: 'Global', type: 'ProprietaryLimited' }),
      line({ name: 'Foxtrot Imports', type: 'Partnership' }),
      line({ name: '   ' }),
      line({
        name: 'Golf Imports Ltd',
        countryIsoAlpha3: 'GBR',
        identifiers: [
          { type: 'CH', value: '123456' },
          { type: 'ACN', value: '005 749 986' },
        ],
      }),
      '[1, 2]',
      line({ name: 'Hotel Imports', website: 'not a website' }),
    ];
    const rejectedAsFound: number[] = [];
    const summary = await importOrganisations(database.db, lines, { batchSize: 2, onRejected: (r) => rejectedAsFound.push(r.line) });

    expect(summary.imported).toBe(4);
    expect(summary.rejected).toBe(7);
    expect(summary.errors.map((e) => e.line)).toEqual([2, 4, 6, 8, 9, 11, 12]);
    expect(rejectedAsFound).toEqual([2, 4, 6, 8, 9, 11, 12]);
    const reasons = Object.fromEntries(summary.errors.map((e) => [e.line, e.reason]));
    expect(reasons[2]).toMatch(/^invalid JSON/);
    expect(reasons[4]).toMatch(/^identifiers\.0\.value: not a valid ABN/);
    expect(reasons[6]).toMatch(/^countryIsoAlpha3: "XQZ" is not an ISO 3166-1/);
    expect(reasons[8]).toMatch(/^type: /);
    expect(reasons[9]).toMatch(/^name: /);
    expect(reasons[11]).toBe('a line must be one JSON object');
    expect(reasons[12]).toMatch(/^website: "not a website" is not a website/);
    expect(summary.seconds).toBeGreaterThanOrEqual(0);

    const ids = await idsByName(['Alpha Imports Pty Ltd', 'Bravo Imports Limited', 'Echo Imports Group', 'Golf Imports Ltd']);
    expect(ids.size).toBe(4);
    const [alpha] = await database.db.select().from(organisations).where(eq(organisations.name, 'Alpha Imports Pty Ltd'));
    expect(alpha).toMatchObject({
      searchName: 'alpha imports',
      key: 'AUS|alpha imports pty ltd',
      countryIsoAlpha3: 'AUS',
      website: 'https://alpha-imports.com.au',
      websiteDomain: 'alpha-imports.com.au',
    });
    const [bravo] = await database.db.select().from(organisations).where(eq(organisations.name, 'Bravo Imports Limited'));
    expect(bravo?.countryIsoAlpha3).toBe('GBR');
    const [echo] = await database.db.select().from(organisations).where(eq(organisations.name, 'Echo Imports Group'));
    expect(echo).toMatchObject({ countryIsoAlpha3: null, key: null, type: 'ProprietaryLimited' });

    const golfIdentifiers = await database.db
      .select({ type: organisationIdentifiers.type, value: organisationIdentifiers.value, normalised: organisationIdentifiers.valueNormalised })
      .from(organisationIdentifiers)
      .where(eq(organisationIdentifiers.organisationId, ids.get('Golf Imports Ltd') ?? ''));
    expect(golfIdentifiers).toEqual(
      expect.arrayContaining([
        { type: 'CH', value: '00123456', normalised: '00123456' },
        { type: 'ACN', value: '005749986', normalised: '005749986' },
      ]),
    );
    const aliases = await database.db
      .select()
      .from(organisationAliases)
      .where(eq(organisationAliases.organisationId, ids.get('Bravo Imports Limited') ?? ''));
    expect(aliases.map((a) => a.searchValue)).toEqual(['bravo']);
  });

  it('keeps only the first 100 errors in the summary but counts every rejected line', async () => {
    const lines = Array.from({ length: 150 }, (_, i) => (i === 75 ? line({ name: 'India Imports' }) : 'not json'));
    const summary = await importOrganisations(database.db, lines);
    expect(summary).toMatchObject({ imported: 1, rejected: 149 });
    expect(summary.errors).toHaveLength(100);
    expect(summary.errors[0]?.line).toBe(1);
  });

  it('--owner makes every organisation private to the account; --link adds each to its organisations', async () => {
    const owner = await makeAccount(database.db);
    const linker = await makeAccount(database.db);
    await importOrganisations(database.db, [line({ name: 'Owned One Pty Ltd', countryIsoAlpha3: 'AUS' }), line({ name: 'Owned Two Pty Ltd' })], {
      ownerAccountId: owner.id,
    });
    await importOrganisations(database.db, [line({ name: 'Linked One Ltd', countryIsoAlpha3: 'NZ' })], { linkAccountId: linker.id });
    await importOrganisations(database.db, [line({ name: 'Both One Ltd' })], { ownerAccountId: owner.id, linkAccountId: owner.id });

    const ids = await idsByName(['Owned One Pty Ltd', 'Owned Two Pty Ltd', 'Linked One Ltd', 'Both One Ltd']);
    const owners = await database.db
      .select()
      .from(organisationOwners)
      .where(inArray(organisationOwners.organisationId, [...ids.values()]));
    expect(owners.map((o) => [o.organisationId, o.accountId]).sort()).toEqual(
      [
        [ids.get('Owned One Pty Ltd'), owner.id],
        [ids.get('Owned Two Pty Ltd'), owner.id],
        [ids.get('Both One Ltd'), owner.id],
      ].sort(),
    );
    const links = await database.db
      .select()
      .from(accountOrganisations)
      .where(inArray(accountOrganisations.organisationId, [...ids.values()]));
    expect(links.map((l) => [l.organisationId, l.accountId]).sort()).toEqual(
      [
        [ids.get('Linked One Ltd'), linker.id],
        [ids.get('Both One Ltd'), owner.id],
      ].sort(),
    );
    // The linked (not owned) organisation stays global: visible to everyone.
    const visibleToOthers = await database.db.execute(
      sql`select count(*)::int as n from organisation_owners where organisation_id = ${ids.get('Linked One Ltd') ?? ''}::uuid`,
    );
    expect(visibleToOthers.rows[0]).toEqual({ n: 0 });
  });

  it('takes an optional profileStatus (PENDING, COMPLETED, FAILED or null): settled ones checked at the import time; others rejected as line N: reason', async () => {
    const lines = [
      line({ name: 'Status Completed Pty Ltd', countryIsoAlpha3: 'AUS', profileStatus: 'COMPLETED' }),
      line({ name: 'Status Failed Pty Ltd', countryIsoAlpha3: 'AUS', profileStatus: 'FAILED' }),
      line({ name: 'Status Pending Pty Ltd', countryIsoAlpha3: 'AUS', profileStatus: 'PENDING' }),
      line({ name: 'Status Null Pty Ltd', countryIsoAlpha3: 'AUS', profileStatus: null }),
      line({ name: 'Status Absent Pty Ltd', countryIsoAlpha3: 'AUS' }),
      line({ name: 'Status Lower Pty Ltd', profileStatus: 'completed' }),
      line({ name: 'Status Done Pty Ltd', profileStatus: 'DONE' }),
      line({ name: 'Status Number Pty Ltd', profileStatus: 1 }),
    ];
    const reported: string[] = [];
    const before = Date.now();
    const summary = await importOrganisations(database.db, lines, { batchSize: 3, onRejected: (r) => reported.push(`line ${r.line}: ${r.reason}`) });
    const after = Date.now();

    expect(summary).toMatchObject({ imported: 5, rejected: 3, enrichmentQueued: 0 });
    expect(reported).toHaveLength(3);
    expect(reported[0]).toMatch(/^line 6: profileStatus: .*"PENDING"\|"COMPLETED"\|"FAILED"/);
    expect(reported[1]).toMatch(/^line 7: profileStatus: /);
    expect(reported[2]).toMatch(/^line 8: profileStatus: /);

    const rows = await database.db
      .select({ name: organisations.name, status: organisations.profileStatus, checkedAt: organisations.profileCheckedAt })
      .from(organisations)
      .where(sql`${organisations.name} like 'Status %'`);
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(rows).toHaveLength(5);
    for (const name of ['Status Completed Pty Ltd', 'Status Failed Pty Ltd']) {
      const checked = byName.get(name)?.checkedAt?.getTime() ?? 0;
      expect(checked, name).toBeGreaterThanOrEqual(before - 1);
      expect(checked, name).toBeLessThanOrEqual(after);
    }
    // One import, one check time.
    expect(byName.get('Status Completed Pty Ltd')?.checkedAt).toEqual(byName.get('Status Failed Pty Ltd')?.checkedAt);
    expect(byName.get('Status Completed Pty Ltd')?.status).toBe('COMPLETED');
    expect(byName.get('Status Failed Pty Ltd')?.status).toBe('FAILED');
    expect(byName.get('Status Pending Pty Ltd')).toMatchObject({ status: 'PENDING', checkedAt: null });
    expect(byName.get('Status Null Pty Ltd')).toMatchObject({ status: null, checkedAt: null });
    expect(byName.get('Status Absent Pty Ltd')).toMatchObject({ status: null, checkedAt: null });
  });

  it('with enrich, sets every created organisation PENDING and sends one organisation.enrich per organisation in its batch transaction', async () => {
    const account = await makeAccount(database.db);
    const queue = recordingQueue();
    const summary = await importOrganisations(
      database.db,
      [
        line({ name: 'Enrich Direct Pty Ltd', countryIsoAlpha3: 'AUS', website: 'enrich-direct.com.au' }),
        line({ name: 'Enrich Agentic Ltd', countryIsoAlpha3: 'GB', profileStatus: 'COMPLETED' }),
        'not json',
        line({ name: 'Enrich Global Group' }),
      ],
      { batchSize: 2, linkAccountId: account.id, enrich: { queue, accountId: account.id } },
    );
    expect(summary).toMatchObject({ imported: 3, rejected: 1, enrichmentQueued: 3 });
    const ids = await idsByName(['Enrich Direct Pty Ltd', 'Enrich Agentic Ltd', 'Enrich Global Group']);
    expect(queue.sent).toEqual([
      {
        name: 'organisation.enrich',
        inTransaction: true,
        payload: {
          organisationId: ids.get('Enrich Direct Pty Ltd'),
          accountId: account.id,
          profileSource: 'direct',
          website: 'https://enrich-direct.com.au',
          countryIsoAlpha3: 'AUS',
        },
      },
      {
        name: 'organisation.enrich',
        inTransaction: true,
        payload: { organisationId: ids.get('Enrich Agentic Ltd'), accountId: account.id, profileSource: 'agentic', website: null, countryIsoAlpha3: 'GBR' },
      },
      {
        name: 'organisation.enrich',
        inTransaction: true,
        payload: { organisationId: ids.get('Enrich Global Group'), accountId: account.id, profileSource: 'agentic', website: null, countryIsoAlpha3: null },
      },
    ]);
    const rows = await database.db
      .select({ name: organisations.name, status: organisations.profileStatus, source: organisations.profileSource, checkedAt: organisations.profileCheckedAt })
      .from(organisations)
      .where(inArray(organisations.id, [...ids.values()]));
    // The line's COMPLETED gives way: an enrichment is queued for it, so it is PENDING until the worker settles it.
    expect(rows.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Enrich Agentic Ltd', status: 'PENDING', source: 'agentic', checkedAt: null },
      { name: 'Enrich Direct Pty Ltd', status: 'PENDING', source: 'direct', checkedAt: null },
      { name: 'Enrich Global Group', status: 'PENDING', source: 'agentic', checkedAt: null },
    ]);
  });

  it('with enrich, a send that fails rolls its batch back: no organisation without its job', async () => {
    const account = await makeAccount(database.db);
    const queue = recordingQueue({ failOnSend: 3 });
    const lines = ['Rollback One Ltd', 'Rollback Two Ltd', 'Rollback Three Ltd', 'Rollback Four Ltd'].map((name) => line({ name, countryIsoAlpha3: 'NZ' }));
    await expect(
      importOrganisations(database.db, lines, { batchSize: 2, ownerAccountId: account.id, enrich: { queue, accountId: account.id } }),
    ).rejects.toThrow(UnavailableError);
    expect([...(await idsByName(['Rollback One Ltd', 'Rollback Two Ltd', 'Rollback Three Ltd', 'Rollback Four Ltd'])).keys()].sort()).toEqual([
      'Rollback One Ltd',
      'Rollback Two Ltd',
    ]);
    expect(queue.sent).toHaveLength(2);
  });

  it('stops at a database failure instead of reporting rows as imported', async () => {
    const missingAccount = '00000000-0000-4000-8000-000000000000';
    await expect(importOrganisations(database.db, [line({ name: 'Orphan Ltd' })], { ownerAccountId: missingAccount })).rejects.toThrow();
    expect((await idsByName(['Orphan Ltd'])).size).toBe(0);
  });
});
