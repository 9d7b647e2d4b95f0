import { describe, expect, it } from 'vitest';
import { brandAffinity } from '../../core/brand-affinity';
import { groundOnPage } from './content-grounding';
import { copyrightHolders, decodeEntities, extractPageEvidence, titleSegments, visibleText } from './page-evidence';

const HOME = `<!DOCTYPE html>
<html lang="en-AU"><head>
<meta charset="utf-8">
<title>Acme Widgets &amp; Co | Industrial widgets &ndash; Sydney</title>
<meta property="og:site_name" content="Acme Widgets">
<meta content="Acme Widgets - Home" property='og:title' />
<meta name=application-name content=AcmeApp>
<link rel="canonical" href="https://www.acmewidgets.com.au/">
<script type="application/ld+json">
{"@context":"https://schema.org","@graph":[
  {"@type":"WebSite","name":"Acme","publisher":{"@type":"Organization","name":"Acme Widgets","legalName":"Acme Widgets Pty Ltd"}},
  {"@type":["Corporation"],"name":"Acme Widgets","alternateName":["Acme","AW"]}
]}
</script>
<script type="application/ld+json">{ this is not json </script>
<script>document.title = "© 2026 Evil Corp"</script>
<style>.footer::after { content: "© 2026 Style Corp" }</style>
</head><body>
<!-- © 2026 Comment Corp -->
<main><h1>Welcome</h1></main>
<footer><div class="legal"><span>&copy;</span> 2009&ndash;2026 Acme Widgets Pty. Ltd. All rights reserved. ABN 51 824 753 556</div>
<p>Copyright 2026, Acme Widgets Pty Ltd | <a href="/privacy">Privacy</a></p></footer>
</body></html>`;

describe('extractPageEvidence', () => {
  const evidence = extractPageEvidence(HOME);

  it('reads the head fields, attributes in any order and quoting', () => {
    expect(evidence.title).toBe('Acme Widgets & Co | Industrial widgets – Sydney');
    expect(evidence.ogSiteName).toBe('Acme Widgets');
    expect(evidence.ogTitle).toBe('Acme Widgets - Home');
    expect(evidence.applicationName).toBe('AcmeApp');
    expect(evidence.canonicalUrl).toBe('https://www.acmewidgets.com.au/');
    expect(evidence.metaRefreshUrl).toBeNull();
  });

  it('keeps Organization nodes of JSON-LD (@graph, type arrays, a page publisher) and skips malformed blocks', () => {
    expect(evidence.organisations).toEqual([
      { name: 'Acme Widgets', legalName: 'Acme Widgets Pty Ltd', alternateNames: [] },
      { name: 'Acme Widgets', legalName: null, alternateNames: ['Acme', 'AW'] },
    ]);
  });

  it('reads copyright holders from visible text only (not scripts, styles or comments)', () => {
    expect(evidence.copyrightHolders).toEqual(['Acme Widgets Pty. Ltd', 'Acme Widgets Pty Ltd']);
    expect(evidence.parked).toBe(false);
  });

  it('finds a meta refresh target without following it, and parked pages', () => {
    const refresh = extractPageEvidence('<meta http-equiv="Refresh" content="0;URL=\'https://elsewhere.com/x\'"><title>x</title>');
    expect(refresh.metaRefreshUrl).toBe('https://elsewhere.com/x');
    expect(extractPageEvidence('<p>This domain is for sale!</p>').parked).toBe(true);
    expect(extractPageEvidence('<p>Buy this domain today</p>').parked).toBe(true);
  });

  it('gives nulls and empty lists for a page that states nothing', () => {
    expect(extractPageEvidence('<html><body>hello</body></html>')).toEqual({
      title: null,
      ogSiteName: null,
      ogTitle: null,
      applicationName: null,
      canonicalUrl: null,
      metaRefreshUrl: null,
      organisations: [],
      copyrightHolders: [],
      parked: false,
    });
  });
});

describe('page text helpers', () => {
  it('decodes named and numeric entities and leaves unknown ones', () => {
    expect(decodeEntities('&copy; &#169; &#xA9; &amp;amp; &bogus;')).toBe('© © © &amp; &bogus;');
  });

  it('cuts copyright lines at separators, rights notices, registry numbers and trailing years', () => {
    expect(
      copyrightHolders('© Acme Widgets 2026\n(c) 2026 - present, Acme Widgets Pty Ltd - Terms\nCopyright © 2026 Acme Widgets Pty Ltd ACN 123 456 789'),
    ).toEqual(['Acme Widgets', 'Acme Widgets Pty Ltd']);
    expect(copyrightHolders('© 2026')).toEqual([]);
  });

  it('turns block tags into line breaks so the footer line stands alone', () => {
    expect(visibleText('<div>© 2026 Acme</div><div>Menu</div>').split('\n').filter(Boolean)).toEqual(['© 2026 Acme', 'Menu']);
  });

  it('splits titles into brand-bearing segments', () => {
    expect(titleSegments('Home | Wattle Consulting - Canberra')).toEqual(['Home | Wattle Consulting - Canberra', 'Home', 'Wattle Consulting', 'Canberra']);
  });
});

describe('groundOnPage (tier 2 decision)', () => {
  const strongPage = extractPageEvidence('<title>Welcome</title><footer><p>© 2026 Outback Energy Systems Pty Ltd</p></footer>');
  const titleOnly = extractPageEvidence('<title>Acme Widgets Pty Ltd | WidgetWatch reviews</title><p>© 2026 WidgetWatch Media Pty Ltd</p>');

  it('accepts a copyright holder or Organization name whatever the domain affinity', () => {
    const verdict = groundOnPage('OUTBACK ENERGY SYSTEMS PTY LTD', strongPage, brandAffinity('Outback Energy Systems Pty Ltd', 'unrelated.com.au'));
    expect(verdict).toMatchObject({ accepted: true, score: 1 });
    expect(verdict.reason).toContain('copyright line');
  });

  it('accepts a title or og:site_name only when the domain affinity is at least medium', () => {
    const medium = brandAffinity('Acme Widgets Pty Ltd', 'acme.com.au');
    const weak = brandAffinity('Acme Widgets Pty Ltd', 'widgetwatch.com.au');
    expect(groundOnPage('Acme Widgets Pty Ltd', titleOnly, medium)).toMatchObject({ accepted: true });
    const refused = groundOnPage('Acme Widgets Pty Ltd', titleOnly, weak);
    expect(refused.accepted).toBe(false);
    expect(refused.reason).toContain('domain affinity is none');
  });

  it('refuses a parked page and a page naming someone else', () => {
    const parked = extractPageEvidence('<title>Acme Widgets</title><p>© Acme Widgets Pty Ltd</p><p>This domain is for sale</p>');
    expect(groundOnPage('Acme Widgets Pty Ltd', parked, brandAffinity('Acme Widgets', 'acme.com.au'))).toMatchObject({
      accepted: false,
      reason: 'the page is a parked domain',
    });
    const other = extractPageEvidence('<title>Koala Freight</title><p>© 2026 Koala Freight Pty Ltd</p>');
    expect(groundOnPage('Acme Widgets Pty Ltd', other, brandAffinity('Acme Widgets', 'acme.com.au'))).toMatchObject({
      accepted: false,
      reason: 'no name on the page matches the company name',
    });
  });
});
