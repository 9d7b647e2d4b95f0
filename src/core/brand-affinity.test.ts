import { describe, expect, it } from 'vitest';
import { BRAND_AFFINITY_THRESHOLD, brandAffinity, brandForms, isNonOfficialDomain, nameMatchScore } from './brand-affinity';

describe('brandAffinity: accepted at tier 1 (strong grades, score >= threshold)', () => {
  it.each([
    ['Acme Widgets Pty Ltd', 'acmewidgets.com.au', 1],
    ['ACME WIDGETS PTY. LTD.', 'https://www.acme-widgets.com.au/about', 1],
    ['Acme Widgets Proprietary Limited', 'http://shop.acmewidgets.com.au', 1],
    ['BHP Group Limited', 'bhp.com', 0.95],
    ['Bunnings Group Limited', 'https://www.bunnings.com.au/', 0.95],
    ['Telstra Corporation Limited', 'telstra.com.au', 1],
    ['Woolworths Group Limited', 'woolworthsgroup.com.au', 1],
    ['Rio Tinto Limited', 'riotinto.com', 1],
    ['JB Hi-Fi Limited', 'jbhifi.com.au', 1],
    ['Australian Broadcasting Corporation', 'abc.net.au', 0.9],
    ['National Australia Bank Limited', 'nab.com.au', 0.9],
    ['The Trustee for Smith Family Trust', 'smithfamily.com.au', 0.95],
    ['Smith & Sons Plumbing Pty Ltd', 'smithsonsplumbing.com.au', 0.95],
    ['Smith & Sons Plumbing Pty Ltd', 'smithandsonsplumbing.com.au', 1],
    ["O'Brien Electrical Pty Ltd", 'obrienelectrical.com.au', 1],
    ['Müller GmbH', 'https://müller.de', 1],
    ['Müller GmbH', 'xn--mller-kva.de', 1],
    ['Jones Nominees Pty Ltd ATF Jones Family Trust', 'jonesfamily.com.au', 0.95],
    ['Koala Logistics Pty Ltd t/a Koala Express Freight', 'koalaexpressfreight.com.au', 1],
  ])('%j on %j scores %d', (name, url, score) => {
    const affinity = brandAffinity(name, url);
    expect(affinity.score).toBe(score);
    expect(affinity.grade).toBe('strong');
    expect(affinity.accepted).toBe(true);
  });
});

describe('brandAffinity: medium, left to content grounding', () => {
  it.each([
    ['Commonwealth Bank of Australia', 'commbank.com.au', 0.65, 'abbreviates'],
    ['Westpac Banking Corporation', 'westpac.com.au', 0.7, 'first word'],
    ['Qantas Airways Limited', 'qantas.com', 0.7, 'first word'],
    ['Outback Energy Systems Pty Ltd', 'outbackenergy.com.au', 0.7, 'first words'],
    ['Smith & Sons Plumbing Pty Ltd', 'smithandsons.com.au', 0.7, 'first words'],
    ['Acme Widgets Pty Ltd', 'acme.com', 0.7, 'first word'],
    ['Acme Widgets Pty Ltd', 'getacmewidgets.com', 0.75, 'affix'],
    ['Acme Widgets Pty Ltd', 'acmewidgetshq.com.au', 0.75, 'affix'],
    ['Acme Widgets Pty Ltd', 'acmewigdets.com.au', 0.6, 'spelled almost'],
    ['Acme Widgets Pty Ltd', 'acmewidgets.myshopify.com', 0.8, 'shared platform'],
  ])('%j on %j scores %d (%s)', (name, url, score, rule) => {
    const affinity = brandAffinity(name, url);
    expect(affinity.score).toBe(score);
    expect(affinity.grade).toBe('medium');
    expect(affinity.accepted).toBe(false);
    expect(affinity.rejectedOutright).toBe(false);
    expect(affinity.rule).toContain(rule);
  });
});

describe('brandAffinity: weak or none', () => {
  it.each([
    ['Acme Widgets Pty Ltd', 'koalafreight.com.au'],
    ['Acme Widgets Pty Ltd', 'widgetworld.com.au'],
    ['Acme Widgets Pty Ltd', 'acmewidgetsreviews.com'],
    ['Acme Industries Limited', 'acmeholdings.com.au'],
    ['Koala Logistics Pty Ltd', 'koalafreight.com.au'],
    ['Harbour City Financial Limited', 'harbourbridge.com.au'],
    ['Global Services Pty Ltd', 'globalservices.com.au'],
    ['Australian Holdings Group Pty Ltd', 'australianholdingsgroup.com.au'],
    ['Zebra Finch Media Pty Ltd', 'abc.net.au'],
  ])('%j on %j stays below the medium band', (name, url) => {
    const affinity = brandAffinity(name, url);
    expect(affinity.score).toBeLessThan(0.6);
    expect(['weak', 'none']).toContain(affinity.grade);
    expect(affinity.accepted).toBe(false);
  });

  it('caps an all-generic name at weak even when the label spells it exactly', () => {
    expect(brandAffinity('Global Services Pty Ltd', 'globalservices.com.au')).toMatchObject({ score: 0.5, grade: 'weak' });
  });
});

describe('brandAffinity: rejected outright', () => {
  it.each([
    ['https://www.facebook.com/acmewidgets'],
    ['https://au.linkedin.com/company/acme-widgets'],
    ['instagram.com/acmewidgets'],
    ['https://www.yellowpages.com.au/nsw/acme-widgets'],
    ['https://abr.business.gov.au/ABN/View?abn=51824753556'],
    ['https://opencorporates.com/companies/au/123'],
    ['https://en.wikipedia.org/wiki/Acme'],
  ])('social, marketplace, directory and registry hosts: %s', (url) => {
    const affinity = brandAffinity('Acme Widgets Pty Ltd', url);
    expect(affinity).toMatchObject({ score: 0, grade: 'none', accepted: false, rejectedOutright: true });
    expect(isNonOfficialDomain(url)).toBe(true);
  });

  it.each([['http://10.0.0.1/'], ['192.168.0.1'], ['http://[::1]/'], ['localhost'], ['acme.notatld'], ['intranet.local'], ['ftp://acme.com'], ['']])(
    'what is not a public website: %j',
    (url) => {
      expect(brandAffinity('Acme', url)).toMatchObject({ score: 0, accepted: false, rejectedOutright: true, domain: null });
    },
  );

  it('a name without letters or digits', () => {
    expect(brandAffinity('— · —', 'acme.com')).toMatchObject({ score: 0, rejectedOutright: true });
  });
});

describe('brandAffinity: threshold', () => {
  it('is 0.85 by default and can be changed', () => {
    expect(BRAND_AFFINITY_THRESHOLD).toBe(0.85);
    expect(brandAffinity('Westpac Banking Corporation', 'westpac.com.au').accepted).toBe(false);
    expect(brandAffinity('Westpac Banking Corporation', 'westpac.com.au', { threshold: 0.7 }).accepted).toBe(true);
  });

  it('reports the registrable domain and the folded label', () => {
    expect(brandAffinity('Acme', 'https://shop.acme-widgets.com.au/x')).toMatchObject({ domain: 'acme-widgets.com.au', label: 'acme widgets' });
  });
});

describe('brandForms', () => {
  it('splits register names into their brands and strips legal forms', () => {
    expect(brandForms('KOALA LOGISTICS PTY LTD t/a Koala Express Freight').map((f) => f.tokens.join(' '))).toEqual([
      'koala logistics',
      'koala express freight',
    ]);
    expect(brandForms('The Trustee for Smith Family Trust').map((f) => f.distinctive)).toEqual([['smith', 'family']]);
    expect(brandForms('Jones Pty Ltd as trustee for Jones Unit Trust').map((f) => f.tokens.join(' '))).toEqual(['jones', 'jones unit trust']);
  });
});

describe('nameMatchScore (content grounding)', () => {
  it.each([
    ['Acme Widgets Pty Ltd', 'ACME WIDGETS PTY. LTD.', 1],
    ['Acme Widgets Pty Ltd', 'Acme Widgets', 1],
    ['BHP Group Limited', 'BHP', 0.95],
    ['Koala Logistics Pty Ltd t/a Koala Express Freight', 'Koala Express Freight', 1],
  ])('%j is confirmed by %j (%d)', (name, stated, score) => {
    expect(nameMatchScore(name, stated)).toBe(score);
  });

  it.each([
    ['Acme Industries Limited', 'Acme Holdings'],
    ['Sunbright Solar Pty Ltd', 'Sunbright'],
    ['Acme Widgets', 'Acme Widgets Reviews'],
    ['Koala Logistics', 'Koala Freight'],
    ['Wombat Works', 'Wombat Technologies'],
    ['Global Services Pty Ltd', 'Global Solutions'],
    ['Commonwealth Bank of Australia', 'CommBank'],
  ])('%j is not confirmed by %j', (name, stated) => {
    expect(nameMatchScore(name, stated)).toBeLessThan(0.92);
  });
});
