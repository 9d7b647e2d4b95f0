import { describe, expect, it } from 'vitest';
import { RunLedger, type ReportCandidateInput } from './candidate-guard';

const hit = (title: string, url: string, snippet = '') => ({ title, url, snippet, source: 'test' });
const report = (overrides: Partial<ReportCandidateInput>): ReportCandidateInput => ({
  name: 'Sunbright Solar Pty Ltd',
  website: 'https://www.sunbrightsolar.com.au/about',
  country: 'AUS',
  description: 'Solar <b>installers</b>.',
  identifiers: [],
  ...overrides,
});

function ledger(country: string, limit = 10) {
  const l = new RunLedger({ query: 'solar', countryIsoAlpha3: country, limit });
  l.recordHits([
    hit('Sunbright Solar Pty Ltd', 'https://www.sunbrightsolar.com.au/'),
    hit('Directory', 'https://dir.com.au/', 'Koala Freight Pty Ltd is listed'),
  ]);
  return l;
}

describe('RunLedger.review', () => {
  it('accepts a grounded candidate and normalises website, country and text', () => {
    expect(
      ledger('AUS').review(
        report({
          country: 'au',
          identifiers: [
            { type: 'abn', value: '51 824 753 556' },
            { type: 'ABN', value: '123' },
          ],
        }),
      ),
    ).toEqual({
      accepted: true,
      candidate: {
        name: 'Sunbright Solar Pty Ltd',
        countryIsoAlpha3: 'AUS',
        website: 'https://sunbrightsolar.com.au',
        description: 'Solar installers .',
        identifiers: [{ type: 'ABN', value: '51824753556' }],
      },
    });
  });

  it('country mode: a null country means the requested one; another country is dropped (guard repeated in code)', () => {
    expect(ledger('AUS').review(report({ country: null }))).toMatchObject({ accepted: true, candidate: { countryIsoAlpha3: 'AUS' } });
    expect(ledger('AUS').review(report({ country: 'New Zealand' }))).toMatchObject({ accepted: false, reason: 'wrong_country' });
  });

  it('GLO: the headquarters country is required and normalised; unmappable and sentinel values are dropped', () => {
    expect(ledger('GLO').review(report({ country: 'Australia' }))).toMatchObject({ accepted: true, candidate: { countryIsoAlpha3: 'AUS' } });
    expect(ledger('GLO').review(report({ country: null }))).toMatchObject({ accepted: false, reason: 'country_missing' });
    for (const country of ['Atlantis', 'GLO', 'XXX', 'EU']) {
      expect(ledger('GLO').review(report({ country }))).toMatchObject({ accepted: false, reason: 'country_unmappable' });
    }
  });

  it('provenance: a website never returned by web_search, or not a public http(s) site, is rejected', () => {
    expect(ledger('GLO').review(report({ country: 'USA', website: 'https://totally-legit-holdings.com' }))).toMatchObject({ reason: 'website_not_in_results' });
    for (const website of ['https://evil.example', 'javascript:alert(1)', 'http://127.0.0.1/', 'http://localhost']) {
      expect(ledger('AUS').review(report({ website }))).toMatchObject({ accepted: false, reason: 'website_invalid' });
    }
  });

  it('without a website the name must appear in the results', () => {
    expect(ledger('AUS').review(report({ name: 'Koala Freight Pty Ltd', website: null }))).toMatchObject({ accepted: true, candidate: { website: null } });
    expect(ledger('AUS').review(report({ name: 'Invented Holdings', website: null }))).toMatchObject({ reason: 'name_not_in_results' });
  });

  it('de-duplicates by domain and by name, and enforces the limit', () => {
    const l = ledger('AUS', 2);
    expect(l.review(report({}))).toMatchObject({ accepted: true });
    expect(l.review(report({ name: 'Sunbright' }))).toMatchObject({ reason: 'duplicate' });
    expect(l.review(report({ website: null }))).toMatchObject({ reason: 'duplicate' });
    expect(l.review(report({ name: 'Koala Freight Pty Ltd', website: 'https://dir.com.au' }))).toMatchObject({ accepted: true });
    expect(l.review(report({ name: 'Anything' }))).toMatchObject({ reason: 'limit_reached' });
    expect(l.acceptedCount).toBe(2);
  });

  it('rejects empty names', () => {
    expect(ledger('AUS').review(report({ name: ' <b></b> ' }))).toMatchObject({ reason: 'invalid_name' });
  });
});
