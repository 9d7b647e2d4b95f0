import { describe, expect, it } from 'vitest';
import { assessMatch } from '../../core/match-confidence';
import { quickSearch } from './quick-search-client';

function fakeFetch(status: number, body: unknown, seen: { url?: string; init?: RequestInit } = {}): typeof fetch {
  return async (input, init) => {
    seen.url = String(input);
    seen.init = init;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
}

const candidate = {
  _type: 'internal',
  canonicalName: 'Acme',
  description: '',
  countryIsoAlpha3: 'AUS',
  key: 'AUS:acme',
  existingOrgId: 'org-1',
  source: 'internal',
  logo: null,
  website: null,
  accountLinked: true,
  registryStatus: { status: 'inactive', wording: 'Dissolved', date: '2020-11-17' },
  match: assessMatch({ name: 'acme' }, { name: 'Acme' }),
};

describe('quickSearch', () => {
  it('posts the query and country and returns validated candidates', async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    const outcome = await quickSearch({ query: 'acme', countryIsoAlpha3: 'AUS' }, { fetch: fakeFetch(200, { candidates: [candidate] }, seen) });
    expect(outcome).toEqual({ ok: true, candidates: [candidate], identifierIssue: null, identifierSuggestions: [] });
    expect(seen.url).toBe('/api/organisations/quick-search');
    expect(seen.init?.method).toBe('POST');
    expect(JSON.parse(String(seen.init?.body))).toEqual({ query: 'acme', countryIsoAlpha3: 'AUS' });
  });

  it('hands over the issue and the identifier suggestions of a mistyped identifier', async () => {
    const suggestion = { type: 'ABN', value: '51824753556', formatted: '51 824 753 556', name: 'Acme Pty Ltd', foundIn: 'internal' };
    const identifierIssue = { type: 'ABN', value: '51824753557', message: '51 824 753 557 is not a valid ABN: its check digit fails' };
    const outcome = await quickSearch(
      { query: '51 824 753 557', countryIsoAlpha3: 'AUS' },
      { fetch: fakeFetch(200, { candidates: [], identifierIssue, identifierSuggestions: [suggestion] }) },
    );
    expect(outcome).toEqual({ ok: true, candidates: [], identifierIssue, identifierSuggestions: [suggestion] });
  });

  it('turns each failure into a reason and a message to show', async () => {
    const cases: [number, unknown, string][] = [
      [401, { error: 'x', code: 'unauthorized' }, 'unauthorized'],
      [429, { error: 'x' }, 'rate_limited'],
      [503, { candidates: [] }, 'unavailable'],
      [400, { error: 'Query is too long', code: 'validation_failed' }, 'invalid'],
      [500, null, 'failed'],
      [200, { candidates: [{ nonsense: true }] }, 'failed'],
    ];
    for (const [status, body, reason] of cases) {
      const outcome = await quickSearch({ query: 'acme', countryIsoAlpha3: 'AUS' }, { fetch: fakeFetch(status, body) });
      expect(outcome).toMatchObject({ ok: false, reason });
    }
    const invalid = await quickSearch({ query: 'acme', countryIsoAlpha3: 'AUS' }, { fetch: fakeFetch(400, { error: 'Query is too long' }) });
    expect(invalid).toMatchObject({ message: 'Query is too long' });
  });

  it('reports a network failure as a value, but rethrows when the caller aborted', async () => {
    const broken: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    expect(await quickSearch({ query: 'a', countryIsoAlpha3: 'AUS' }, { fetch: broken })).toMatchObject({ ok: false, reason: 'failed' });
    const controller = new AbortController();
    controller.abort();
    await expect(quickSearch({ query: 'a', countryIsoAlpha3: 'AUS' }, { fetch: broken, signal: controller.signal })).rejects.toThrow();
  });
});
