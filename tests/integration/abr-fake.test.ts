/** The ABN Lookup contract fake itself: wire shapes, error bodies, matching, latency, and its register. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abnDetailsPayloadSchema, matchingNamesPayloadSchema, parseJsonpBody } from '../../src/adapters/registries/abr/schemas';
import { demoOrganisations } from '../../src/adapters/db/seed/demo-organisations';
import { keyName } from '../../src/core/canonical-name';
import { isValidAbn, isValidAcn, normaliseIdentifierValue } from '../../src/core/identifiers';
import { FAKE_ABR_ENTITIES, FAKE_ABR_NAMES_IN_DEMO_SEED } from '../../src/sandbox/abr/dataset';
import { FAKE_ABR_GUID_MESSAGE_DETAILS, FAKE_ABR_GUID_MESSAGE_NAMES, startFakeAbr, type FakeAbr } from '../../src/sandbox/abr/fake-abr-server';

const GUID = 'fake-test-guid';
let fake: FakeAbr;

beforeAll(async () => {
  fake = await startFakeAbr({ validGuid: GUID });
});
afterAll(async () => {
  await fake.close();
});

const get = async (path: string) => {
  const response = await fetch(`${fake.url}${path}`);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
};

describe('fake ABN Lookup: wire', () => {
  it('wraps MatchingNames in the callback, PascalCase keys, coded statuses, best score first, capped by maxResults', async () => {
    const { body, type } = await get(`/json/MatchingNames.aspx?name=kookaburra&maxResults=3&callback=myCb&guid=${GUID}`);
    expect(type).toMatch(/javascript/);
    expect(body.startsWith('myCb({"Message":""')).toBe(true);
    const payload = parseJsonpBody(body, matchingNamesPayloadSchema);
    expect(payload?.Names).toHaveLength(3);
    const scores = payload?.Names.map((n) => n.Score) ?? [];
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(payload?.Names.every((n) => n.AbnStatus === '0000000001' || n.AbnStatus === '0000000002')).toBe(true);
  });

  it('matches words case-insensitively and scores a full match 100', async () => {
    const payload = parseJsonpBody(
      (await get(`/json/MatchingNames.aspx?name=KoOkAbUrRa%20kitchens&callback=cb&guid=${GUID}`)).body,
      matchingNamesPayloadSchema,
    );
    expect(payload?.Names[0]).toMatchObject({ Abn: '30635412074', Score: 100 });
    expect(payload?.Names.map((n) => n.NameType)).toEqual(expect.arrayContaining(['Entity Name', 'Business Name']));
  });

  it('answers AbnDetails and AcnDetails with the same entity', async () => {
    const byAbn = parseJsonpBody((await get(`/json/AbnDetails.aspx?abn=30635412074&callback=cb&guid=${GUID}`)).body, abnDetailsPayloadSchema);
    const byAcn = parseJsonpBody((await get(`/json/AcnDetails.aspx?acn=635412074&callback=cb&guid=${GUID}`)).body, abnDetailsPayloadSchema);
    expect(byAbn).toMatchObject({ EntityName: 'KOOKABURRA KITCHENS PTY LTD', EntityTypeCode: 'PRV', Acn: '635412074', AbnStatus: 'Active', Message: '' });
    expect(byAcn).toEqual(byAbn);
  });

  it('gives the real error bodies in a 200: unknown GUID, invalid number, no record', async () => {
    const names = await get('/json/MatchingNames.aspx?name=acme&callback=cb&guid=nope');
    expect(names.status).toBe(200);
    expect(parseJsonpBody(names.body, matchingNamesPayloadSchema)).toEqual({ Message: FAKE_ABR_GUID_MESSAGE_NAMES, Names: [] });
    const details = parseJsonpBody((await get('/json/AbnDetails.aspx?abn=30635412074&callback=cb&guid=nope')).body, abnDetailsPayloadSchema);
    expect(details).toMatchObject({ Abn: '', EntityName: '', BusinessName: [], AddressDate: null, Message: FAKE_ABR_GUID_MESSAGE_DETAILS });
    const invalid = parseJsonpBody((await get(`/json/AbnDetails.aspx?abn=12345678901&callback=cb&guid=${GUID}`)).body, abnDetailsPayloadSchema);
    expect(invalid?.Message).toBe('Search text is not a valid ABN or ACN');
    const missing = parseJsonpBody((await get(`/json/AbnDetails.aspx?abn=51824753556&callback=cb&guid=${GUID}`)).body, abnDetailsPayloadSchema);
    expect(missing).toMatchObject({ Abn: '51824753556', Message: 'No record found' });
  });

  it('a name that matches nothing is a clean empty list', async () => {
    const payload = parseJsonpBody((await get(`/json/MatchingNames.aspx?name=zzyzx&callback=cb&guid=${GUID}`)).body, matchingNamesPayloadSchema);
    expect(payload).toEqual({ Message: '', Names: [] });
  });

  it('answers 404 HTML off the JSON paths', async () => {
    const { status, type } = await get('/nothing-here');
    expect(status).toBe(404);
    expect(type).toMatch(/html/);
  });
});

describe('fake ABN Lookup: realistic latency', () => {
  it('name search 300-800 ms, details about 100 ms', async () => {
    const slow = await startFakeAbr({ latency: 'realistic' });
    try {
      let started = performance.now();
      await fetch(`${slow.url}/json/MatchingNames.aspx?name=acme&callback=cb&guid=x`).then((r) => r.text());
      const nameMs = performance.now() - started;
      started = performance.now();
      await fetch(`${slow.url}/json/AbnDetails.aspx?abn=30635412074&callback=cb&guid=x`).then((r) => r.text());
      const detailsMs = performance.now() - started;
      expect(nameMs).toBeGreaterThanOrEqual(290);
      expect(nameMs).toBeLessThan(1_500);
      expect(detailsMs).toBeGreaterThanOrEqual(75);
      expect(detailsMs).toBeLessThan(600);
    } finally {
      await slow.close();
    }
  });
});

describe('fake ABN Lookup: register', () => {
  it('about 60 entities with valid, distinct ABNs and ACNs', () => {
    expect(FAKE_ABR_ENTITIES.length).toBeGreaterThanOrEqual(55);
    expect(new Set(FAKE_ABR_ENTITIES.map((e) => e.abn)).size).toBe(FAKE_ABR_ENTITIES.length);
    for (const e of FAKE_ABR_ENTITIES) {
      expect(isValidAbn(e.abn), e.entityName).toBe(true);
      if (e.entityTypeCode === 'PRV' || e.entityTypeCode === 'PUB') expect(isValidAcn(e.acn), e.entityName).toBe(true);
      else expect(e.acn).toBe('');
    }
  });

  it('covers the cases the rules need', () => {
    const codes = new Set(FAKE_ABR_ENTITIES.map((e) => e.entityTypeCode));
    for (const code of ['PRV', 'PUB', 'IND', 'TRT', 'PTR']) expect(codes.has(code)).toBe(true);
    expect(FAKE_ABR_ENTITIES.some((e) => e.status === 'Cancelled')).toBe(true);
    expect(FAKE_ABR_ENTITIES.some((e) => e.entityTypeCode === 'IND' && e.businessNames.length > 0)).toBe(true);
    expect(FAKE_ABR_ENTITIES.some((e) => e.formerNames.length > 0)).toBe(true);
    expect(FAKE_ABR_ENTITIES.some((e) => e.tradingNames.length > 0)).toBe(true);
    expect(FAKE_ABR_NAMES_IN_DEMO_SEED).toEqual(expect.arrayContaining(['ACME WIDGETS PTY LTD', 'SOUTHERN CROSS SOLAR PTY LTD']));
    expect(FAKE_ABR_NAMES_IN_DEMO_SEED).not.toContain('KOALA LOGISTICS PTY LTD');
    expect(FAKE_ABR_ENTITIES.filter((e) => !e.inDemoSeed).length).toBeGreaterThan(40);
  });

  it("shares names and identifiers with the demo seed's global AUS rows for the overlapping companies", () => {
    expect(FAKE_ABR_NAMES_IN_DEMO_SEED.length).toBeGreaterThanOrEqual(5);
    const demo = demoOrganisations().filter((o) => o.countryIsoAlpha3 === 'AUS' && o.owner === 'global');
    for (const entity of FAKE_ABR_ENTITIES.filter((e) => e.inDemoSeed)) {
      const row = demo.find((o) => keyName(o.name) === keyName(entity.entityName));
      const abn = row?.identifiers?.find((i) => i.type === 'ABN')?.value;
      expect(abn && normaliseIdentifierValue(abn), entity.entityName).toBe(entity.abn);
    }
  });
});
