/**
 * `npm run cli -- monitor run [--account ID]` (issue 23, section 1): one monitoring pass now, printing what it found,
 * against the GLEIF contract fake and a real test database; bad flags are usage errors, an unknown account a failure.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWebhookEndpoint } from '../../src/adapters/db/queries/webhooks';
import { newWebhookSecret } from '../../src/core/webhook-signature';
import { runCliInProcess } from '../../src/cli/__fixtures__/cli-in-process';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../src/cli/run-cli';
import { startFakeGleif, type FakeGleif } from '../../src/sandbox/gleif/fake-gleif-server';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let gleif: FakeGleif;
let accountId: string;
let organisationId: string;
let endpointId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  gleif = await startFakeGleif({ latency: 'zero' });
  accountId = (await makeAccount(database.db)).id;
  // Imported as active; GLEIF says the entity is dissolved.
  organisationId = (
    await makeOrganisation(
      database.db,
      {
        name: 'COPPERLEAF MEDIA LLC',
        countryIsoAlpha3: 'USA',
        identifiers: [{ type: 'LEI', value: '984500LAPSEDTRADE018' }],
        registryStatus: { status: 'active', wording: 'Active', date: null },
      },
      { linkAccountId: accountId },
    )
  ).id;
  // A webhook endpoint of the account (as POST /api/webhooks stores one): the change found is queued to it.
  endpointId = (await insertWebhookEndpoint(database.db, { accountId, url: 'https://hooks.example.com/changes', kinds: null, secret: newWebhookSecret() })).id;
}, 120_000);
afterAll(async () => {
  await database?.drop();
  await gleif?.close();
});

const cli = (...argv: string[]) => runCliInProcess(database.url, argv, { GLEIF_BASE_URL: gleif.url });

describe('monitor run', () => {
  it('reads the account’s watched organisations and prints the change it found', async () => {
    const { code, json } = await cli('monitor', 'run', '--account', accountId);
    expect(code).toBe(EXIT_OK);
    expect(json).toMatchObject({
      checked: 1,
      changed: 1,
      failed: 0,
      changes: [
        {
          organisationId,
          kind: 'status',
          field: 'registryStatus',
          before: { status: 'active', wording: 'Active', date: null },
          after: { status: 'inactive', wording: 'Dissolved', date: '2015-06-01' },
          source: 'gleif',
        },
      ],
    });
  });

  it('queues the change it found to the account’s webhook endpoint, in the transaction that stored it', async () => {
    const deliveries = await database.db.execute<{ id: string; endpoint_id: string }>(sql`select id, endpoint_id from webhook_deliveries`);
    expect(deliveries.rows.map((d) => d.endpoint_id)).toEqual([endpointId]);
    const jobs = await database.db.execute<{ data: unknown }>(sql`select data from pgboss.job where name = 'webhook.deliver'`);
    expect(jobs.rows).toEqual([{ data: { deliveryId: deliveries.rows[0]?.id, replay: false } }]);
  });

  it('a second pass at once finds nothing due and prints no change', async () => {
    const { code, json } = await cli('monitor', 'run');
    expect(code).toBe(EXIT_OK);
    expect(json).toMatchObject({ checked: 0, changes: [] });
  });

  it('a malformed --account is a usage error; an unknown one a failure', async () => {
    expect((await cli('monitor', 'run', '--account', 'nope')).code).toBe(EXIT_USAGE);
    expect((await cli('monitor', 'run', '--account', '00000000-0000-4000-8000-000000000000')).code).toBe(EXIT_FAILURE);
  });
});
