/**
 * The OpenCorporates contract fake speaks the v0.4 protocol of providers/opencorporates.md: URL grammar,
 * envelopes, pagination, filters and error bodies, and its dataset has what the adapter tests rely on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_COMPANIES } from '../../src/sandbox/opencorporates/dataset';
import { startFakeOpenCorporates, type FakeOpenCorporates } from '../../src/sandbox/opencorporates/fake-opencorporates-server';

let fake: FakeOpenCorporates;
beforeAll(async () => {
  fake = await startFakeOpenCorporates({ latency: 'zero', apiToken: 'tok' });
});
afterAll(async () => {
  await fake.close();
});

async function get(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${fake.url}${path}`);
  return { status: response.status, body: await response.json() };
}

interface SearchBody {
  api_version: string;
  results: { companies: { company: Record<string, unknown> }[]; page: number; per_page: number; total_pages: number; total_count: number };
}
const asSearch = (body: unknown) => body as SearchBody;

describe('OpenCorporates contract fake', () => {
  it('has ~80 companies across the promised jurisdictions, with shared names and unmappable codes', () => {
    expect(FAKE_COMPANIES.length).toBeGreaterThanOrEqual(75);
    const codes = new Set(FAKE_COMPANIES.map((c) => c.jurisdiction_code));
    for (const code of ['gb', 'us_de', 'us_ca', 'nz', 'ca_on', 'de', 'fr', 'ie', 'sg', 'hk', 'xk', 'an']) expect(codes).toContain(code);
    const ids = FAKE_COMPANIES.map((c) => `${c.jurisdiction_code}/${c.company_number}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('searches with the v0.4 envelope, one-key item wrappers and pagination', async () => {
    const page1 = await get('/v0.4/companies/search?q=harbourline&per_page=3&page=1&order=score&api_token=tok');
    expect(page1.status).toBe(200);
    const body = asSearch(page1.body);
    expect(body.api_version).toMatch(/^0\.4/);
    expect(body.results).toMatchObject({ page: 1, per_page: 3 });
    expect(body.results.companies).toHaveLength(3);
    expect(body.results.total_count).toBeGreaterThan(8);
    expect(body.results.total_pages).toBe(Math.ceil(body.results.total_count / 3));
    expect(Object.keys(body.results.companies[0] ?? {})).toEqual(['company']);
    // search items are light records
    expect(body.results.companies[0]?.company).not.toHaveProperty('industry_codes');
    const last = asSearch((await get(`/v0.4/companies/search?q=harbourline&per_page=3&page=${body.results.total_pages}&api_token=tok`)).body);
    expect(last.results.companies.length).toBeGreaterThan(0);
    const beyond = asSearch((await get(`/v0.4/companies/search?q=harbourline&per_page=3&page=99&api_token=tok`)).body);
    expect(beyond.results.companies).toEqual([]);
  });

  it('filters by country_code (all sub-jurisdictions, pipe lists), jurisdiction_code and inactive', async () => {
    const us = asSearch((await get('/v0.4/companies/search?q=cinderpeak&country_code=us&api_token=tok')).body);
    expect(us.results.companies.map((c) => c.company.jurisdiction_code).sort()).toEqual(['us_ca', 'us_de']);
    const gbNz = asSearch((await get('/v0.4/companies/search?q=bluefern&country_code=gb%7Cnz&api_token=tok')).body);
    expect(gbNz.results.companies.map((c) => c.company.jurisdiction_code).sort()).toEqual(['gb', 'nz']);
    const delaware = asSearch((await get('/v0.4/companies/search?q=cinderpeak&jurisdiction_code=us_de&api_token=tok')).body);
    expect(delaware.results.total_count).toBe(1);
    const active = asSearch((await get('/v0.4/companies/search?q=quillstone+software&country_code=gb&inactive=false&api_token=tok')).body);
    expect(active.results.companies.map((c) => c.company.company_number)).toEqual(['12456789']);
  });

  it('matches Ltd and Limited alike, previous names, a trailing wildcard and company numbers', async () => {
    const search = async (q: string) =>
      asSearch((await get(`/v0.4/companies/search?q=${encodeURIComponent(q)}&country_code=gb&api_token=tok`)).body).results.companies.map(
        (c) => c.company.company_number,
      );
    expect(await search('Bluefern Robotics Limited')).toEqual(['13579246']);
    expect(await search('Silverbirch Investments')).toEqual(['06543219']);
    expect(await search('Northg*')).toEqual(['00445790']);
    expect(await search('00445790')).toEqual(['00445790']);
    expect(await search('zzzz')).toEqual([]);
  });

  it('answers company-by-id, with a pinned minor version and a .json suffix', async () => {
    const full = await get('/v0.4/companies/gb/09876543?api_token=tok');
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ results: { company: { name: 'FERNHOLLOW ANALYTICS LIMITED', filings: [], officers: [] } } });
    const sparse = await get('/v0.4.8/companies/gb/09876543.json?sparse=true&api_token=tok');
    expect(sparse.status).toBe(200);
    expect(sparse.body).toMatchObject({ results: { company: { industry_codes: [{ industry_code: { uid: 'uk_sic_2007-6201' } }] } } });
    expect((sparse.body as { results: { company: object } }).results.company).not.toHaveProperty('filings');
  });

  it('answers the real error statuses and bodies', async () => {
    expect(await get('/v0.4/companies/search?q=x')).toEqual({ status: 401, body: { error: { message: expect.stringContaining('Invalid Api Token') } } });
    expect((await get('/v0.4/companies/search?q=x&api_token=wrong')).status).toBe(401);
    expect(await get('/v0.4/companies/gb/99999999?api_token=tok')).toEqual({ status: 404, body: { error: { message: expect.any(String) } } });
    expect((await get('/v0.4/nothing-here?api_token=tok')).status).toBe(404);
    expect((await get('/v0.4/companies/search?q=x&format=xml&api_token=tok')).status).toBe(406);
  });

  it('lists jurisdictions and account status', async () => {
    const jurisdictions = await get('/v0.4/jurisdictions?api_token=tok');
    expect(jurisdictions.body).toMatchObject({
      results: {
        jurisdictions: expect.arrayContaining([
          { jurisdiction: { code: 'us_de', name: 'Delaware (US)', country: 'United States', full_name: 'Delaware (US)' } },
        ]),
      },
    });
    expect((await get('/v0.4/account_status?api_token=tok')).body).toMatchObject({ results: { account_status: { calls_remaining: { today: 1000 } } } });
  });

  it('waits 500-1500 ms per answer when latency is realistic', async () => {
    const slow = await startFakeOpenCorporates({ latency: 'realistic' });
    try {
      const started = performance.now();
      const response = await fetch(`${slow.url}/v0.4/companies/search?q=kowhai&api_token=t`);
      await response.text();
      const ms = performance.now() - started;
      expect(ms).toBeGreaterThanOrEqual(490);
      expect(ms).toBeLessThan(2500);
    } finally {
      await slow.close();
    }
  });
});
