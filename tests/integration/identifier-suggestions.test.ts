/**
 * Identifier intelligence on real PostgreSQL and the ABN Lookup contract fake over real sockets (issue 12, section 3):
 * a query written like an ABN, ACN, LEI or NZBN whose check digit fails gets "did you mean" suggestions, the valid
 * identifiers one digit-edit away that an organisation visible to the account carries (POST quick-search,
 * `identifierSuggestions`) or that ABN Lookup has (the streamed search's registry probes), and the mistyped
 * number itself is never sent to the registry.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '../../src/app/api/organisations/quick-search/route';
import { createInMemoryProviderCache, createProviderCache } from '../../src/adapters/cache/provider-cache';
import { createAbrClient } from '../../src/adapters/registries/abr/client';
import { createOpenCorporatesRegistry } from '../../src/adapters/registries/opencorporates/adapter';
import { createRegistryLookups } from '../../src/adapters/registries/registry-lookups';
import { createIdentifierDirectory } from '../../src/adapters/db/queries/identifier-suggestions';
import { quickSearchAnswerSchema } from '../../src/core/candidates';
import { formatAbn, makeAbn, makeAcn } from '../../src/core/identifiers';
import { startFakeAbr, type FakeAbr } from '../../src/sandbox/abr/fake-abr-server';
import { createSuggestIdentifiers } from '../../src/server/identifiers/suggest-identifiers';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { TEST_GUID } from './abr-support';

type Account = Awaited<ReturnType<typeof makeAccount>>;

let ctx: TestContext;
let caller: Account;
let other: Account;
let abrFake: FakeAbr;
const silent = pino({ level: 'silent' });

/** The same number with its last digit changed: a one-digit slip every checked type detects. */
const slip = (value: string) => `${value.slice(0, -1)}${(Number(value.slice(-1)) + 1) % 10}`;

async function quickSearch(query: string, countryIsoAlpha3 = 'AUS', account: Account = caller) {
  const response = await POST(
    new Request('http://localhost/api/organisations/quick-search', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: account.authorization },
      body: JSON.stringify({ query, countryIsoAlpha3 }),
    }),
  );
  expect(response.status).toBe(200);
  return quickSearchAnswerSchema.strict().parse(await response.json());
}

const abn = makeAbn(91_000_001);
const ownedAbn = makeAbn(91_000_002);
const othersAbn = makeAbn(91_000_003);
const acn = makeAcn(91_000_004);

beforeAll(async () => {
  ctx = await createTestContainer();
  const db = ctx.database.db;
  caller = await makeAccount(db);
  other = await makeAccount(db);
  abrFake = await startFakeAbr({ validGuid: TEST_GUID });
  await makeOrganisation(db, { name: 'Quendril Global Pty Ltd', identifiers: [{ type: 'ABN', value: formatAbn(abn) }] });
  await makeOrganisation(db, { name: 'Quendril Own Pty Ltd', identifiers: [{ type: 'ABN', value: ownedAbn }] }, { ownerAccountId: caller.id });
  await makeOrganisation(db, { name: 'Quendril Theirs Pty Ltd', identifiers: [{ type: 'ABN', value: othersAbn }] }, { ownerAccountId: other.id });
  await makeOrganisation(db, { name: 'Quendril Acn Pty Ltd', identifiers: [{ type: 'ACN', value: acn }] });
  await makeOrganisation(db, { name: 'Quendril Markets LLC', countryIsoAlpha3: 'USA', identifiers: [{ type: 'LEI', value: '5493001KJTIIGC8Y1R12' }] });
  await makeOrganisation(db, { name: 'Quendril Kiwi Limited', countryIsoAlpha3: 'NZL', identifiers: [{ type: 'NZBN', value: '9429041525746' }] });
});

afterAll(async () => {
  await abrFake.close();
  await ctx.close();
});

describe('POST quick-search: identifierSuggestions from the organisations the account can see', () => {
  it('answers "did you mean" the ABN one digit away, written the ABR way, with the organisation carrying it', async () => {
    const answer = await quickSearch(`ABN ${formatAbn(slip(abn))}`);
    expect(answer.candidates).toEqual([]);
    expect(answer.identifierSuggestions).toEqual([
      { type: 'ABN', value: abn, formatted: formatAbn(abn), name: 'Quendril Global Pty Ltd', foundIn: 'internal' },
    ]);
  });

  it("suggests the account's own organisations' identifiers, never another account's", async () => {
    expect((await quickSearch(slip(ownedAbn))).identifierSuggestions?.map((s) => s.value)).toEqual([ownedAbn]);
    expect((await quickSearch(slip(othersAbn))).identifierSuggestions).toEqual([]);
    expect((await quickSearch(slip(othersAbn), 'AUS', other)).identifierSuggestions?.map((s) => s.value)).toEqual([othersAbn]);
  });

  it('suggests ACN, LEI and NZBN neighbours, in the country scope of the lookup', async () => {
    expect((await quickSearch(slip(acn))).identifierSuggestions?.map((s) => s.value)).toContain(acn);
    expect((await quickSearch('5493001KJTIIGC8Y1R21', 'GLO')).identifierSuggestions?.map((s) => s.name)).toEqual(['Quendril Markets LLC']);
    expect((await quickSearch('9429 0415 25747', 'NZL')).identifierSuggestions?.map((s) => s.formatted)).toEqual(['9429041525746']);
    expect((await quickSearch('9429 0415 25747', 'AUS')).identifierSuggestions).toEqual([]);
  });

  it('leaves the field out for a valid identifier (found exactly) and for a name', async () => {
    const exact = await quickSearch(formatAbn(abn));
    expect(exact.identifierSuggestions).toBeUndefined();
    expect(exact.candidates.map((c) => c.canonicalName)).toEqual(['Quendril Global Pty Ltd']);
    expect((await quickSearch('Quendril')).identifierSuggestions).toBeUndefined();
  });
});

describe('registry suggestions: ABN Lookup details of the valid neighbours, never of the mistyped number', () => {
  function suggestions() {
    const registry = createRegistryLookups({
      abr: {
        client: createAbrClient({ guid: TEST_GUID, baseUrl: abrFake.url, detailsTimeoutMs: 1000, retryDelayMs: 20 }),
        cache: createProviderCache(ctx.database.db),
        log: silent,
      },
      openCorporates: createOpenCorporatesRegistry({ client: undefined, cache: createInMemoryProviderCache(), log: silent, breakerMs: 60_000 }),
      log: silent,
    });
    return createSuggestIdentifiers({ directory: createIdentifierDirectory(ctx.database.db), registry, log: silent });
  }

  it('finds KOOKABURRA KITCHENS PTY LTD for 30 635 412 075 (the protocol note sample, last digit slipped)', async () => {
    abrFake.connections.requests.length = 0;
    const [found] = await suggestions().fromRegistry({ accountId: caller.id, query: '30 635 412 075', countryIsoAlpha3: 'AUS' }, new AbortController().signal);
    expect(found?.suggestions).toEqual([
      { type: 'ABN', value: '30635412074', formatted: '30 635 412 074', name: 'KOOKABURRA KITCHENS PTY LTD', foundIn: 'registry' },
    ]);
    const asked = abrFake.connections.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('abn'));
    expect(asked).not.toContain('30635412075');
    expect(asked.length).toBeGreaterThan(0);
  });
});
