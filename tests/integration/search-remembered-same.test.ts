/**
 * The stream's remembered "same" (issue 20, section 6) through the routes a user takes: `POST /api/decisions` judges an
 * organisation `same` for a query, and the streamed search (`POST /api/organisations/search`, the real adapters
 * against the contract fakes over real sockets, wired by the composition root) adds it as an internal candidate,
 * first, as the match (`matchedOn.decision: 'same'`), when no provider returned it; with the providers' rows after it
 * and none of them a match. One judged `different` that a provider returns is never a match. Another account's
 * decision changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as postDecision } from '../../src/app/api/decisions/route';
import { POST as search } from '../../src/app/api/organisations/search/route';
import { streamItemSchema, type StreamItem } from '../../src/core/candidates';
import { fakeUrls, searchPortsOverFakes, startSearchFakes, type SearchFakes } from '../../bench/search-stream-ports';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { createLogger } from '../../src/adapters/logging/logger';

type Account = Awaited<ReturnType<typeof makeAccount>>;

let fakes: SearchFakes;
let ctx: TestContext;
let analyst: Account;
let other: Account;
const ids: Record<string, string> = {};

beforeAll(async () => {
  fakes = await startSearchFakes('zero');
  const log = createLogger({ level: 'silent', destination: 'stderr' });
  ctx = await createTestContainer({ searchPorts: searchPortsOverFakes(fakeUrls(fakes), log, { registryLeadMs: 50 }), log });
  analyst = await makeAccount(ctx.database.db);
  other = await makeAccount(ctx.database.db);
  // Known to the service, never returned by the register for "kookaburra": the analyst knows better.
  ids.wattlebird = (await makeOrganisation(ctx.database.db, { name: 'Wattlebird Joinery Pty Ltd', countryIsoAlpha3: 'AUS' })).id;
  // The register returns this one for "kookaburra" (ABN Lookup's fake), and it is stored: the row has an existingOrgId.
  ids.kitchens = (await makeOrganisation(ctx.database.db, { name: 'KOOKABURRA KITCHENS PTY LTD', countryIsoAlpha3: 'AUS' })).id;
  ids.capital = (await makeOrganisation(ctx.database.db, { name: 'KOOKABURRA CAPITAL LIMITED', countryIsoAlpha3: 'AUS' })).id;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await fakes?.close();
});

async function decide(body: Record<string, unknown>, as: Account) {
  const response = await postDecision(
    new Request('http://localhost/api/decisions', {
      method: 'POST',
      headers: { authorization: as.authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  expect(response.status).toBeLessThan(300);
}

/** The whole stream of a direct (registry only) search, item by item. */
async function stream(query: string, as: Account): Promise<StreamItem[]> {
  const response = await search(
    new Request('http://localhost/api/organisations/search', {
      method: 'POST',
      headers: { authorization: as.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ query, countryIsoAlpha3: 'AUS', mode: 'direct', abrPreset: 'entity-only' }),
    }),
  );
  expect(response.status).toBe(200);
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => streamItemSchema.parse(JSON.parse(line)));
}

const rows = (items: StreamItem[]) => items.filter((i) => i._type === 'candidate' || i._type === 'internal');

describe('the streamed search remembers "same"', () => {
  it('adds an organisation judged same that no provider returned, first, as the only match', async () => {
    const before = rows(await stream('Kookaburra', analyst));
    expect(before.length).toBeGreaterThan(1);
    expect(before.some((r) => r.existingOrgId === ids.wattlebird)).toBe(false);

    await decide({ query: 'kookaburra', countryIsoAlpha3: 'AUS', organisationId: ids.wattlebird, verdict: 'same' }, analyst);
    const after = rows(await stream('Kookaburra', analyst));
    const first = after[0];
    expect(first).toMatchObject({ _type: 'internal', source: 'internal', existingOrgId: ids.wattlebird, canonicalName: 'Wattlebird Joinery Pty Ltd' });
    expect(first?.match).toMatchObject({ match: true, matchedOn: { decision: 'same' } });
    expect(after.filter((r) => r.match.match)).toHaveLength(1);
    // The providers' rows are all still there, after it.
    expect(after.slice(1).map((r) => r.key)).toEqual(before.map((r) => r.key));
    expect(after.filter((r) => r.existingOrgId === ids.wattlebird)).toHaveLength(1);
  });

  it('adds it when the providers return nothing at all', async () => {
    await decide({ query: 'Zyxwvut Quorble', countryIsoAlpha3: 'AUS', organisationId: ids.wattlebird, verdict: 'same' }, analyst);
    const found = rows(await stream('zyxwvut quorble', analyst));
    expect(found.map((r) => [r._type, r.existingOrgId, r.match.match, r.match.matchedOn.decision])).toEqual([['internal', ids.wattlebird, true, 'same']]);
  });

  it('does not add a row for one a provider returned: that row is first, as the match', async () => {
    await decide({ query: 'kookaburra capital', countryIsoAlpha3: 'AUS', organisationId: ids.capital, verdict: 'same' }, analyst);
    const found = rows(await stream('Kookaburra Capital', analyst));
    expect(found.filter((r) => r.existingOrgId === ids.capital)).toHaveLength(1);
    expect(found[0]).toMatchObject({ _type: 'candidate', existingOrgId: ids.capital, match: { match: true, matchedOn: { decision: 'same' } } });
  });

  it('another account is not affected by the decision', async () => {
    const found = rows(await stream('Kookaburra', other));
    expect(found.some((r) => r.existingOrgId === ids.wattlebird)).toBe(false);
    expect(found.some((r) => r._type === 'internal')).toBe(false);
  });
});

describe('the streamed search remembers "different"', () => {
  it('never marks a provider row judged different a match', async () => {
    const before = rows(await stream('Kookaburra Kitchens Pty Ltd', other));
    const kitchens = before.find((r) => r.existingOrgId === ids.kitchens);
    expect(kitchens?.match.match).toBe(true);

    await decide({ query: 'Kookaburra Kitchens Pty Ltd', countryIsoAlpha3: 'AUS', organisationId: ids.kitchens, verdict: 'different' }, other);
    const after = rows(await stream('Kookaburra Kitchens Pty Ltd', other));
    expect(after.find((r) => r.existingOrgId === ids.kitchens)?.match).toMatchObject({ match: false, matchedOn: { decision: 'different' } });
    expect(after.some((r) => r._type === 'internal')).toBe(false);
  });
});
