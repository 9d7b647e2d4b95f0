/** The sandbox model's enrichment policy: which result it reads and the facts it reads from it. */
import { describe, expect, it } from 'vitest';
import { bestMatch, decideEnrichmentTurn, phase1Profile, phase2Profile } from './enrichment-policy';
import type { ChatMessage } from './policy';

const koala = {
  title: 'Koala Express Freight | Koala Logistics Pty Ltd',
  url: 'https://koalalogistics.com.au/',
  snippet:
    'Koala Express Freight is the trading name of Koala Logistics Pty Ltd. Entity type: Australian Private Company. ' +
    'ABN 73 434 904 926. ACN 434 904 926. NAICS 484110, 493120. Headquarters: Australia.',
};
const lookalike = { title: 'Koala Freight Logistics Pty Ltd - Interstate freight', url: 'https://koalafreight.com.au/', snippet: 'Road freight.' };

describe('enrichment policy', () => {
  it('prefers the title holding the whole name as a phrase, and matches nothing without every word', () => {
    expect(bestMatch([lookalike, koala], 'KOALA LOGISTICS PTY LTD')).toBe(koala);
    expect(bestMatch([lookalike], 'KOALA LOGISTICS PTY LTD')).toBe(lookalike);
    expect(bestMatch([koala, lookalike], 'KOALA CARE AUSTRALIA LIMITED')).toBeUndefined();
    expect(bestMatch([{ ...koala, title: 'Saltbush Catering | Anil Patel, caterer' }], 'PATEL, ANIL')).toBeDefined();
  });

  it('phase 1: the description without the fact sentences, the URL, and the type only when stated', () => {
    expect(phase1Profile(koala)).toEqual({
      description: 'Koala Express Freight is the trading name of Koala Logistics Pty Ltd.',
      website: 'https://koalalogistics.com.au/',
      type: 'ProprietaryLimited',
    });
    expect(phase1Profile({ ...koala, snippet: 'A Pty Ltd in all but name.' })).toMatchObject({ type: null });
    expect(phase1Profile({ ...koala, snippet: 'Entity type: Individual/Sole Trader.' })).toMatchObject({ type: 'SoleProprietor', description: null });
    expect(phase1Profile({ ...koala, snippet: 'Company type: Public limited company.' })).toMatchObject({ type: 'PublicLimited' });
    expect(phase1Profile(undefined)).toEqual({ description: null, website: null, type: null });
  });

  it('phase 2: country, NAICS, identifiers, legal name, parent and subsidiaries as written', () => {
    expect(phase2Profile(koala)).toEqual({
      country: 'Australia',
      naicsCodes: ['484110', '493120'],
      identifiers: [
        { type: 'ABN', value: '73 434 904 926' },
        { type: 'ACN', value: '434 904 926' },
      ],
      legalName: null,
      parent: null,
      subsidiaries: [],
    });
    const uk =
      'Brews ales. Part of Bramblewick Foods PLC. Legal name: Tidewater Brewing Company Limited. Company number 07234567. ' +
      'Subsidiaries: Tidewater Taverns Limited (United Kingdom); Tidewater Brewing, Inc. (US). Headquarters: GB.';
    expect(phase2Profile({ ...koala, snippet: uk })).toEqual({
      country: 'GB',
      naicsCodes: [],
      identifiers: [{ type: 'CH', value: '07234567' }],
      legalName: 'Tidewater Brewing Company Limited',
      parent: { name: 'Bramblewick Foods PLC', website: null, country: null },
      subsidiaries: [
        { name: 'Tidewater Taverns Limited', website: null, country: 'United Kingdom' },
        { name: 'Tidewater Brewing, Inc.', website: null, country: 'US' },
      ],
    });
  });

  it('searches by the name line, then submits once, then closes', () => {
    const user: ChatMessage = { role: 'user', content: 'Profile this organisation.\nphase: 2\nname: "KOALA LOGISTICS PTY LTD"\ncountry: AUS (Australia)' };
    expect(decideEnrichmentTurn([user])).toEqual({
      kind: 'tool_calls',
      phase: 'search',
      calls: [{ name: 'web_search', arguments: JSON.stringify({ query: 'KOALA LOGISTICS PTY LTD' }) }],
    });
    const searched: ChatMessage[] = [
      user,
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'web_search', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: JSON.stringify({ untrusted: true, results: [lookalike, koala] }) },
    ];
    const submit = decideEnrichmentTurn(searched);
    expect(submit).toMatchObject({ kind: 'tool_calls', phase: 'submit', calls: [{ name: 'submit_profile' }] });
    if (submit.kind !== 'tool_calls') return;
    expect(JSON.parse(submit.calls[0]?.arguments ?? '')).toMatchObject({ country: 'Australia', naicsCodes: ['484110', '493120'] });
    const submitted: ChatMessage[] = [
      ...searched,
      { role: 'assistant', content: null, tool_calls: [{ id: 'c2', type: 'function', function: { name: 'submit_profile', arguments: '{}' } }] },
    ];
    expect(decideEnrichmentTurn(submitted)).toEqual({ kind: 'text', text: 'Profile submitted.' });
  });

  it('a failed search or no name gives a thin profile', () => {
    const user: ChatMessage = { role: 'user', content: 'phase: 1\nname: "ZEBRA FINCH MEDIA PTY LTD"' };
    const failed: ChatMessage[] = [
      user,
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'web_search', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: JSON.stringify({ untrusted: true, error: 'Web search is unavailable.', results: [] }) },
    ];
    const thin = JSON.stringify({ description: null, website: null, type: null });
    expect(decideEnrichmentTurn(failed)).toEqual({ kind: 'tool_calls', phase: 'submit', calls: [{ name: 'submit_profile', arguments: thin }] });
    expect(decideEnrichmentTurn([{ role: 'user', content: 'phase: 1' }])).toEqual({
      kind: 'tool_calls',
      phase: 'submit',
      calls: [{ name: 'submit_profile', arguments: thin }],
    });
  });
});
