/**
 * One company, one row on the wire (issue 20 sections 3 and 5), read as an API client reads it: the NDJSON of
 * POST /api/organisations/search over a real socket, the real adapters against the contract fakes, real PostgreSQL.
 * The browser folds rows that share a key and an organisation; an API client has only the wire, so the wire itself
 * must name each company once: no two rows (`candidate` or `internal`) with the same key, the same `existingOrgId`, or
 * registry identifiers (ABN, ACN, CH, the aggregator's id, LEI) one of which carries all of the other's; at most one
 * row `match: true`; every `identifierPatch` for a row already written.
 *
 * The shape that broke it (last session's "a 'same' organisation sent twice"): an organisation the account judged
 * `same` for the query is added to the first batch written as an internal row when no provider returned it; when the
 * register answers after the registry lead (the agent's rows went first), its row of that organisation was written
 * again, under the same key, with the same `existingOrgId`, and a second `match: true`.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as postDecision } from '../../src/app/api/decisions/route';
import { POST as search } from '../../src/app/api/organisations/search/route';
import { streamItemSchema, type StreamItem } from '../../src/core/candidates';
import { SAME_COMPANY_IDENTIFIER_TYPES } from '../../src/core/stream-dedup';
import { normaliseIdentifierValue } from '../../src/core/identifiers';
import { createLogger } from '../../src/adapters/logging/logger';
import { fakeUrls, searchPortsOverFakes, startSearchFakes, type SearchFakes } from '../../bench/search-stream-ports';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';

type Account = Awaited<ReturnType<typeof makeAccount>>;

/** The registry lead of this container: short, so a register delayed past it answers after the agent's rows. */
const LEAD_MS = 50;
const REGISTER_LATE_MS = 700;

let fakes: SearchFakes;
let ctx: TestContext;
let server: ServerType;
let baseUrl: string;
/** Judged `same` for two of the queries below (the first describe). */
let analyst: Account;
/** No decisions. */
let plain: Account;
let software: string;
let wines: string;

beforeAll(async () => {
  fakes = await startSearchFakes('zero');
  const log = createLogger({ level: 'silent', destination: 'stderr' });
  ctx = await createTestContainer({ searchPorts: searchPortsOverFakes(fakeUrls(fakes), log, { registryLeadMs: LEAD_MS }), log });
  analyst = await makeAccount(ctx.database.db);
  plain = await makeAccount(ctx.database.db);
  // Stored under the key ABN Lookup's fake answers "Kookaburra Software Pty Ltd" with, without identifiers.
  software = (await makeOrganisation(ctx.database.db, { name: 'KOOKABURRA SOFTWARE PTY LTD', countryIsoAlpha3: 'AUS' })).id;
  // The company behind "Riverbend Cellars" (its trading name), stored under another name, with its ABN: the agent's
  // "Riverbend Cellars" row carries the same ABN.
  wines = (
    await makeOrganisation(ctx.database.db, { name: 'Murray River Wines', countryIsoAlpha3: 'AUS', identifiers: [{ type: 'ABN', value: '67 439 249 313' }] })
  ).id;
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: (request) => search(request), port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await ctx?.close();
  await fakes?.close();
});

beforeEach(() => {
  fakes.abr.faults.clear();
  fakes.openCorporates.faults.clear();
});

async function judgeSame(query: string, organisationId: string) {
  const response = await postDecision(
    new Request('http://localhost/api/decisions', {
      method: 'POST',
      headers: { authorization: analyst.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ query, countryIsoAlpha3: 'AUS', organisationId, verdict: 'same' }),
    }),
  );
  expect(response.status).toBeLessThan(300);
}

async function stream(query: string, countryIsoAlpha3: string, as: Account = analyst): Promise<StreamItem[]> {
  const response = await fetch(`${baseUrl}/api/organisations/search`, {
    method: 'POST',
    headers: { authorization: as.authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ query, countryIsoAlpha3, mode: 'auto' }),
  });
  expect(response.status).toBe(200);
  return (await response.text())
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => streamItemSchema.parse(JSON.parse(line)));
}

type Row = { key: string; existingOrgId: string | null; match: boolean; registryIds: Set<string>; type: string };

/** The rows an API client holds at the end of the stream (patches applied by key), or why the wire is not coherent. */
function readWire(items: readonly StreamItem[]): { rows: Row[]; problems: string[] } {
  const rows: Row[] = [];
  const problems: string[] = [];
  const registryIds = (identifiers: readonly { type: string; value: string }[]) =>
    new Set(
      identifiers
        .filter((i) => SAME_COMPANY_IDENTIFIER_TYPES.includes(i.type.toUpperCase()))
        .map((i) => `${i.type.toUpperCase()}:${normaliseIdentifierValue(i.value)}`),
    );
  for (const item of items) {
    if (item._type === 'candidate' || item._type === 'internal') {
      const identifiers = item._type === 'candidate' ? item.identifiers : [];
      rows.push({ key: item.key, existingOrgId: item.existingOrgId, match: item.match.match, registryIds: registryIds(identifiers), type: item._type });
    } else if (item._type === 'identifierPatch') {
      const row = rows.find((r) => r.key === item.key && r.type === 'candidate');
      if (row === undefined) {
        problems.push(`patch for ${item.key}, a key no candidate row was written with`);
        continue;
      }
      row.registryIds = registryIds(item.identifiers);
      row.existingOrgId = item.existingOrgId;
    }
  }
  const subset = (a: Set<string>, b: Set<string>) => [...a].every((id) => b.has(id));
  rows.forEach((row, i) => {
    for (const other of rows.slice(0, i)) {
      if (other.key === row.key) problems.push(`two rows with key ${row.key}`);
      if (row.existingOrgId !== null && other.existingOrgId === row.existingOrgId)
        problems.push(`two rows of organisation ${row.existingOrgId} (${other.key}, ${row.key})`);
      if (row.registryIds.size > 0 && other.registryIds.size > 0 && (subset(row.registryIds, other.registryIds) || subset(other.registryIds, row.registryIds)))
        problems.push(`two rows of the same registered company (${other.key}, ${row.key})`);
    }
  });
  const matches = rows.filter((r) => r.match).length;
  if (matches > 1) problems.push(`${matches} rows match: true`);
  return { rows, problems };
}

describe('an organisation judged "same" whose register row answers after the agent', () => {
  it('is written once: the internal row, first, the only match; the register row of it is not written again', async () => {
    await judgeSame('Kookaburra Software Pty Ltd', software);
    fakes.abr.faults.inject({ kind: 'delay', ms: REGISTER_LATE_MS });
    const items = await stream('Kookaburra Software Pty Ltd', 'AUS');
    const { rows, problems } = readWire(items);
    // The agent's rows came first (the register was late), so the judged organisation was added as an internal row.
    expect(rows[0]).toMatchObject({ type: 'internal', existingOrgId: software, match: true });
    // The register's other companies still came (its answer was read).
    expect(rows.some((r) => r.type === 'candidate' && r.registryIds.has('ABN:87520287067'))).toBe(true);
    expect(problems).toEqual([]);
  });

  it('is written once, as the match, when the register is not delayed (its row, or the internal one if the agent was first)', async () => {
    const items = await stream('Kookaburra Software Pty Ltd', 'AUS');
    const { rows, problems } = readWire(items);
    expect(rows.filter((r) => r.existingOrgId === software)).toEqual([expect.objectContaining({ match: true })]);
    expect(problems).toEqual([]);
  });

  it("is written once when the agent's row of it has another name and carries its ABN", async () => {
    await judgeSame('riverbend cellars', wines);
    fakes.abr.faults.inject({ kind: 'delay', ms: REGISTER_LATE_MS });
    const items = await stream('riverbend cellars', 'AUS');
    const { rows, problems } = readWire(items);
    // The agent's "Riverbend Cellars" (ABN 67 439 249 313) and the register's MURRAY RIVER WINES LIMITED (the same ABN)
    // are the organisation judged same: one row, the internal one.
    expect(rows).toEqual([expect.objectContaining({ type: 'internal', existingOrgId: wines, match: true })]);
    expect(problems).toEqual([]);
  });
});

describe("the agent's row of a registered company merges into the register's row (issue 20 section 5)", () => {
  it('"fernhollow analytics" in GBR: the web page gives the Companies House number, so one row carries CH 09876543', async () => {
    for (const late of [false, true]) {
      if (late) fakes.openCorporates.faults.inject({ kind: 'delay', ms: REGISTER_LATE_MS });
      const items = await stream('fernhollow analytics', 'GBR', plain);
      const { rows, problems } = readWire(items);
      const names = items.flatMap((item) => (item._type === 'candidate' ? [item.canonicalName.toLowerCase()] : []));
      expect(problems, late ? 'register late' : 'register first').toEqual([]);
      expect(
        rows.filter((r) => r.registryIds.has('CH:09876543')),
        late ? 'register late' : 'register first',
      ).toHaveLength(1);
      // The agent's own "Fernhollow Analytics" row (fernhollowanalytics.co.uk) is not a second, identifier-less row.
      expect(names.filter((name) => name.startsWith('fernhollow analytics') && !name.includes('inc') && !name.includes('gmbh'))).toHaveLength(1);
    }
  });
});

describe('each company once for real-looking queries, whichever channel answers first', () => {
  beforeAll(async () => {
    await judgeSame('Kookaburra Software Pty Ltd', software);
    await judgeSame('riverbend cellars', wines);
  });
  const queries: [string, string][] = [
    ['riverbend cellars', 'AUS'],
    ['73 434 904 926', 'AUS'],
    ['fernhollow', 'GBR'],
    ['fernhollow analytics', 'GBR'],
    ['Murray River Wines Limited', 'AUS'],
    ['Kookaburra Software Pty Ltd', 'AUS'],
    ['fernhollow', 'GLO'],
  ];
  for (const [registry, who] of [
    ['first', 'with decisions'],
    ['after the agent', 'with decisions'],
    ['first', 'without decisions'],
    ['after the agent', 'without decisions'],
  ] as const) {
    it(`the register answering ${registry}, an account ${who}`, async () => {
      for (const [query, country] of queries) {
        if (registry !== 'first') {
          fakes.abr.faults.clear();
          fakes.openCorporates.faults.clear();
          fakes.abr.faults.inject({ kind: 'delay', ms: REGISTER_LATE_MS });
          fakes.openCorporates.faults.inject({ kind: 'delay', ms: REGISTER_LATE_MS });
        }
        const items = await stream(query, country, who === 'with decisions' ? analyst : plain);
        const { rows, problems } = readWire(items);
        expect(rows.length, `${query} ${country}`).toBeGreaterThan(0);
        expect(problems, `${query} ${country}`).toEqual([]);
      }
    }, 60_000);
  }
});
