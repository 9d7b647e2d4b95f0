import { describe, expect, it } from 'vitest';
import { evidenceHost, formatRetrievedDate, provenanceOf, provenanceText, safeEvidenceUrl } from './field-provenance';

describe('field provenance', () => {
  const sources = [
    { field: 'description', source: 'agent', retrievedAt: '2026-11-20T10:00:00.000Z', evidenceUrl: null },
    { field: 'description', source: 'company_data', retrievedAt: '2026-11-23T23:30:00.000Z', evidenceUrl: 'https://example.com/about' },
    { field: 'identifier:ABN', source: 'registry', retrievedAt: '2026-11-22T00:00:00.000Z', evidenceUrl: null },
  ] as const;

  it('picks the newest record of a field', () => {
    expect(provenanceOf(sources, 'description')?.source).toBe('company_data');
    expect(provenanceOf(sources, 'identifier:ABN')?.source).toBe('registry');
    expect(provenanceOf(sources, 'website')).toBeNull();
  });

  it('says where and when: "from the company-data provider · 23 Nov 2026" (UTC)', () => {
    expect(provenanceText(sources[1])).toBe('from the company-data provider · 23 Nov 2026');
    expect(provenanceText({ ...sources[0], retrievedAt: 'not a date' })).toBe('from web research');
    expect(formatRetrievedDate('2026-01-05T00:00:00Z')).toBe('5 Jan 2026');
    expect(formatRetrievedDate('2026-09-30T23:59:59+10:00')).toBe('30 Sep 2026');
  });

  it('links http(s) evidence only', () => {
    expect(safeEvidenceUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safeEvidenceUrl('javascript:alert(1)')).toBeNull();
    expect(safeEvidenceUrl('not a url')).toBeNull();
    expect(safeEvidenceUrl(null)).toBeNull();
  });

  it('names where an evidence link goes by its host, without www. (issue 21, section 2)', () => {
    expect(evidenceHost('https://abr.business.gov.au/ABN/View?abn=64681029498')).toBe('abr.business.gov.au');
    expect(evidenceHost('https://WWW.Koalakids.com.au/about')).toBe('koalakids.com.au');
    expect(evidenceHost('http://find-and-update.company-information.service.gov.uk/company/04561230')).toBe(
      'find-and-update.company-information.service.gov.uk',
    );
    expect(evidenceHost('not a url')).toBeNull();
  });
});
