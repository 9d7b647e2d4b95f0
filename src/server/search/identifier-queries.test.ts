/**
 * Identifier-aware registry look-ups and mistyped identifiers in the search stream (issue 12, section 3):
 * a recognised ABN, ACN or Companies House number goes to its register by number, a mistyped one reaches no
 * provider as that identifier, a website goes to the agent and the validator by its domain.
 */
import { describe, expect, it } from 'vitest';
import type { RegistryRecord } from '../enrichment/ports';
import { abn, agentCandidate, fakes, run } from './__fixtures__/search-fakes';

function record(name: string, overrides: Partial<RegistryRecord> = {}): RegistryRecord {
  return {
    name,
    otherNames: [],
    countryIsoAlpha3: 'AUS',
    identifiers: [abn('51824753556'), { type: 'ACN', value: '824753556' }],
    active: true,
    type: 'ProprietaryLimited',
    register: 'abr',
    url: null,
    ...overrides,
  };
}

describe('identifier-aware registry look-ups (issue 12, section 3)', () => {
  it('an ABN goes to ABN Lookup by number, not by name; the found company streams like any registry candidate', async () => {
    const { search, calls } = fakes({ records: { '51824753556': record('OUTBACK ENERGY SYSTEMS PTY LTD') }, agent: [] });
    const items = await run(search, { query: 'ABN 51 824 753 556', countryIsoAlpha3: 'AUS' });
    expect(calls.byNumber).toEqual(['51824753556']);
    expect(calls.national).toEqual([]);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      _type: 'candidate',
      source: 'registry_au',
      canonicalName: 'OUTBACK ENERGY SYSTEMS PTY LTD',
      identifiers: [abn('51824753556'), { type: 'ACN', value: '824753556' }],
      nameKind: 'entity',
    });
  });

  it('an ABN under GLO still reaches ABN Lookup (the number names its register) and streams as registry_au', async () => {
    const { search, calls } = fakes({ records: { '51824753556': record('OUTBACK ENERGY SYSTEMS PTY LTD') } });
    const items = await run(search, { query: '51824753556', countryIsoAlpha3: 'GLO', mode: 'direct' });
    expect(calls.global).toEqual([]);
    expect(items.map((i) => (i._type === 'candidate' ? i.source : i._type))).toEqual(['registry_au']);
  });

  it("a Companies House number goes to the aggregator's company by id", async () => {
    const company = record('ACME WIDGETS LTD', { countryIsoAlpha3: 'GBR', identifiers: [{ type: 'CH', value: '01234567' }], register: 'opencorporates' });
    const { search, calls } = fakes({ records: { '01234567': company } });
    const items = await run(search, { query: 'Company No. 0123 4567', countryIsoAlpha3: 'GBR', mode: 'direct' });
    expect(calls.byNumber).toEqual(['01234567']);
    expect(calls.global).toEqual([]);
    expect(items[0]).toMatchObject({
      _type: 'candidate',
      source: 'registry_global',
      countryIsoAlpha3: 'GBR',
      identifiers: [{ type: 'CH', value: '01234567' }],
    });
  });

  it('identifiers as people type them: a Companies House number without its leading zero, and an ABN inside a longer query', async () => {
    const company = record('ACME WIDGETS LTD', { countryIsoAlpha3: 'GBR', identifiers: [{ type: 'CH', value: '04398218' }], register: 'opencorporates' });
    const gb = fakes({ records: { '04398218': company } });
    await run(gb.search, { query: '4398218', countryIsoAlpha3: 'GBR', mode: 'direct' });
    expect(gb.calls.byNumber).toEqual(['04398218']);

    const au = fakes({ records: { '51824753556': record('OUTBACK ENERGY SYSTEMS PTY LTD') }, agent: [] });
    const items = await run(au.search, { query: 'Outback Energy ABN 51 824 753 556', countryIsoAlpha3: 'AUS' });
    expect(au.calls.byNumber).toEqual(['51824753556']);
    expect(items.map((i) => (i._type === 'candidate' ? i.canonicalName : i._type))).toEqual(['OUTBACK ENERGY SYSTEMS PTY LTD']);
  });

  it('a number the register does not have falls back to the name search; a failed look-up degrades the registry', async () => {
    const missed = fakes({});
    await run(missed.search, { query: '51 824 753 556', mode: 'direct' });
    expect(missed.calls.national.map((c) => c.name)).toEqual(['51 824 753 556']);

    const failed = fakes({ records: { '51824753556': 'fail' } });
    expect(await run(failed.search, { query: '51 824 753 556', mode: 'direct' })).toEqual([{ _type: 'channel-degraded', channel: 'registry' }]);
    expect(failed.calls.national).toEqual([]);
  });
});

describe('a mistyped identifier reaches no provider as that identifier (issue 12, section 3)', () => {
  it('asks neither the registry nor the agent, only the valid neighbours by number, and streams their suggestions', async () => {
    const { search, calls } = fakes({ records: { '51824753556': record('OUTBACK ENERGY SYSTEMS PTY LTD') }, agent: [agentCandidate('Acme Web Pty Ltd')] });
    const items = await run(search, { query: 'ABN 51 824 753 557', countryIsoAlpha3: 'AUS' });
    expect(calls.national).toEqual([]);
    expect(calls.agent).toEqual([]);
    expect(calls.byNumber).not.toContain('51824753557');
    expect(items).toEqual([
      {
        _type: 'identifierSuggestions',
        typed: { type: 'ABN', value: '51824753557', message: '51 824 753 557 is not a valid ABN: its check digit fails' },
        suggestions: [{ type: 'ABN', value: '51824753556', formatted: '51 824 753 556', name: 'OUTBACK ENERGY SYSTEMS PTY LTD', foundIn: 'registry' }],
      },
    ]);
  });

  it('a longer query naming a mistyped identifier after a label says so, and searches the rest of its text by name', async () => {
    const { search, calls } = fakes({ records: { '51824753556': record('OUTBACK ENERGY SYSTEMS PTY LTD') }, agent: [] });
    const items = await run(search, { query: 'Outback Energy ABN 51 824 753 557', countryIsoAlpha3: 'AUS', mode: 'direct' });
    expect(calls.byNumber).not.toContain('51824753557');
    expect(calls.national.map((c) => c.name)).toEqual(['Outback Energy']);
    expect(items).toContainEqual(
      expect.objectContaining({
        _type: 'identifierSuggestions',
        typed: expect.objectContaining({ message: '51 824 753 557 is not a valid ABN: its check digit fails' }),
      }),
    );
  });

  it('answers a mistyped LEI with an empty suggestion item, in every mode, asking nobody', async () => {
    for (const mode of ['agentic', 'auto', 'direct'] as const) {
      const { search, calls } = fakes({ agent: [agentCandidate('Acme Web Pty Ltd')] });
      const items = await run(search, { query: '5493001KJTIIGC8Y1R17', countryIsoAlpha3: 'GLO', mode });
      expect(items).toEqual([
        {
          _type: 'identifierSuggestions',
          typed: { type: 'LEI', value: '5493001KJTIIGC8Y1R17', message: '5493001KJTIIGC8Y1R17 is not a valid LEI: its check digits fail' },
          suggestions: [],
        },
      ]);
      expect([...calls.global, ...calls.agent, ...calls.byNumber]).toEqual([]);
    }
  });
});

describe('a website query goes to the agent and the website validator by its domain (issue 12, section 3)', () => {
  it('tells the agent the domain, gives an agent candidate without a website the typed one to validate, and searches the registry by brand name', async () => {
    const { search, calls } = fakes({ agent: [agentCandidate('Acme Widgets Pty Ltd'), agentCandidate('Other Pty Ltd', { website: 'https://other.com.au' })] });
    const items = await run(search, { query: 'HTTPS://www.Acme-Widgets.com.au/about', countryIsoAlpha3: 'AUS' });
    expect(calls.agent.map(({ query, website }) => ({ query, website }))).toEqual([{ query: 'acme-widgets.com.au', website: 'acme-widgets.com.au' }]);
    expect(calls.national.map((c) => c.name)).toEqual(['acme widgets']);
    expect(calls.validated.sort()).toEqual(['https://acme-widgets.com.au', 'https://other.com.au']);
    expect(items).toContainEqual(
      expect.objectContaining({ canonicalName: 'Acme Widgets Pty Ltd', website: 'https://acme-widgets.com.au', websiteValidated: true }),
    );
  });
});
