/**
 * Internal rows sharing a search candidate's composite key (spec: search rules 3 and 4) on real PostgreSQL:
 * visibility, owned preferred over global, accountLinked by ownership or membership, the batch check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/adapters/db/client';
import { findLinkedOrganisationIds } from '../../src/adapters/db/queries/account-membership';
import { createInternalMatches, findInternalMatchesByKeys } from '../../src/adapters/db/queries/internal-matches';
import { createTestContainer, type TestContext } from '../support/test-container';
import { makeAccount, makeOrganisation } from '../support/factories';

let ctx: TestContext;
let db: Db;
let caller: Awaited<ReturnType<typeof makeAccount>>;
let other: Awaited<ReturnType<typeof makeAccount>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContainer();
  db = ctx.container.database.db;
  caller = await makeAccount(db);
  other = await makeAccount(db);
  // Shared key: a global row and the caller's private duplicate.
  ids.sharedGlobal = (await makeOrganisation(db, { name: 'Quokkashared Pty Ltd' })).id;
  ids.sharedOwned = (await makeOrganisation(db, { name: 'QUOKKASHARED PTY LIMITED' }, { ownerAccountId: caller.id })).id;
  // Only another account's private row: invisible to the caller.
  ids.foreign = (await makeOrganisation(db, { name: 'Quokkaforeign Pty Ltd' }, { ownerAccountId: other.id })).id;
  // Two global rows; the caller has the newer one in its list.
  ids.globalOld = (await makeOrganisation(db, { name: 'Quokkatwin Pty Ltd' })).id;
  ids.globalLinked = (await makeOrganisation(db, { name: 'Quokkatwin Pty Ltd' }, { linkAccountId: caller.id })).id;
  ids.plain = (await makeOrganisation(db, { name: 'Quokkaplain Ltd', countryIsoAlpha3: 'GBR' })).id;
});

afterAll(async () => {
  await ctx.close();
});

describe('findInternalMatchesByKeys', () => {
  it('prefers the owned row over the global one, and an owned row is accountLinked (fast path)', async () => {
    const matches = await findInternalMatchesByKeys(db, { accountId: caller.id, keys: ['AUS|quokkashared pty ltd'] });
    expect(matches.get('AUS|quokkashared pty ltd')).toEqual({ organisationId: ids.sharedOwned, owned: true, accountLinked: true });
  });

  it('gives another account the global row only', async () => {
    const matches = await findInternalMatchesByKeys(db, { accountId: other.id, keys: ['AUS|quokkashared pty ltd', 'AUS|quokkaforeign pty ltd'] });
    expect(matches.get('AUS|quokkashared pty ltd')).toEqual({ organisationId: ids.sharedGlobal, owned: false, accountLinked: false });
    expect(matches.get('AUS|quokkaforeign pty ltd')).toEqual({ organisationId: ids.foreign, owned: true, accountLinked: true });
  });

  it("never matches another account's private row", async () => {
    const matches = await findInternalMatchesByKeys(db, { accountId: caller.id, keys: ['AUS|quokkaforeign pty ltd'] });
    expect(matches.size).toBe(0);
  });

  it('among global rows prefers the one in the account list, and reports membership', async () => {
    const matches = await findInternalMatchesByKeys(db, { accountId: caller.id, keys: ['AUS|quokkatwin pty ltd'] });
    expect(matches.get('AUS|quokkatwin pty ltd')).toEqual({ organisationId: ids.globalLinked, owned: false, accountLinked: true });
  });

  it('skips the membership half when asked (execute resolves it in one batch)', async () => {
    const matches = await findInternalMatchesByKeys(db, {
      accountId: caller.id,
      keys: ['AUS|quokkatwin pty ltd', 'AUS|quokkashared pty ltd'],
      membership: 'skip',
    });
    expect(matches.get('AUS|quokkatwin pty ltd')?.accountLinked).toBe(false);
    expect(matches.get('AUS|quokkashared pty ltd')?.accountLinked).toBe(true);
  });

  it('matches by exact key only, over several keys at once, and answers nothing for no keys', async () => {
    const matches = await findInternalMatchesByKeys(db, {
      accountId: caller.id,
      keys: ['GBR|quokkaplain ltd', 'AUS|quokkaplain ltd', 'GBR|quokkaplain ltd|CH:01234567', 'GBR|quokkaplain ltd'],
    });
    expect([...matches.keys()]).toEqual(['GBR|quokkaplain ltd']);
    expect((await findInternalMatchesByKeys(db, { accountId: caller.id, keys: [] })).size).toBe(0);
  });
});

describe('findLinkedOrganisationIds (the port linkedOrganisationIds)', () => {
  it('answers which organisations are in the account list, in one query', async () => {
    const linked = await findLinkedOrganisationIds(db, {
      accountId: caller.id,
      organisationIds: [ids.globalLinked, ids.globalOld, ids.plain].filter((x): x is string => !!x),
    });
    expect([...linked]).toEqual([ids.globalLinked]);
  });

  it('is wrapped as the orchestrator port', async () => {
    const port = createInternalMatches(db);
    const matches = await port.byKeys({ accountId: caller.id, keys: ['AUS|quokkatwin pty ltd'], membership: 'resolve' });
    expect(matches.get('AUS|quokkatwin pty ltd')?.organisationId).toBe(ids.globalLinked);
  });
});
