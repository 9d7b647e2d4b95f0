/**
 * The fake home pages' web: fictional companies' sites (names and domains invented; several match the
 * sandbox's ABN Lookup register and Brave results), each showing one way a real page states, hides or
 * fakes who runs it, plus the hostile cases the safe fetcher must refuse. Served by fake-websites-server.ts
 * by Host header.
 */

export type SiteAnswer =
  | { kind: 'html'; html: string; gzip?: boolean }
  | { kind: 'redirect'; status: 301 | 302 | 307 | 308; location: string }
  | { kind: 'file'; contentType: string; body: string }
  | { kind: 'hang' }
  /** Redirects (302) to the URL in the `to` query parameter. */
  | { kind: 'redirect-to-query' };

export interface FakeSite {
  host: string;
  /** The company the site belongs to (the name a validator is asked about), when there is one. */
  company: string | null;
  /** What the site demonstrates. */
  shows: string;
  /** Answers by path; `*` answers every other path. */
  paths: Readonly<Record<string, SiteAnswer>>;
}

const YEAR = 2026;

function page(parts: { title?: string; head?: string; body?: string; footer?: string }): string {
  return [
    '<!doctype html>',
    '<html lang="en-AU">',
    '<head>',
    '<meta charset="utf-8">',
    parts.title === undefined ? '' : `<title>${parts.title}</title>`,
    parts.head ?? '',
    '</head>',
    '<body>',
    '<header><nav><a href="/">Home</a> <a href="/about">About</a> <a href="/contact">Contact</a></nav></header>',
    `<main>${parts.body ?? '<h1>Welcome</h1><p>Quality work since 2009.</p>'}</main>`,
    `<footer>${parts.footer ?? ''}</footer>`,
    '</body>',
    '</html>',
  ].join('\n');
}

const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const html = (markup: string, gzip = false): SiteAnswer => ({ kind: 'html', html: markup, gzip });

export const FAKE_SITES: readonly FakeSite[] = [
  {
    host: 'sunbrightsolar.com.au',
    company: 'SUNBRIGHT SOLAR PTY LTD',
    shows: 'every field: title, og:site_name, JSON-LD Organization, copyright (tier 1 accepts before any fetch)',
    paths: {
      '/': html(
        page({
          title: 'Sunbright Solar | Solar installers in Melbourne',
          head: [
            '<meta property="og:site_name" content="Sunbright Solar">',
            jsonLd({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Sunbright Solar', legalName: 'Sunbright Solar Pty Ltd' }),
          ].join('\n'),
          footer: `<p>&copy; ${YEAR} Sunbright Solar Pty Ltd. All rights reserved.</p>`,
        }),
      ),
    },
  },
  {
    host: 'outbackenergy.com.au',
    company: 'OUTBACK ENERGY SYSTEMS PTY LTD',
    shows: 'medium affinity confirmed by the copyright line alone',
    paths: {
      '/': html(
        page({
          title: 'Off-grid solar for remote properties',
          footer: `<p>Copyright © 2012–${YEAR} Outback Energy Systems Pty Ltd | ABN 51 824 753 556 | <a href="/privacy">Privacy</a></p>`,
        }),
      ),
    },
  },
  {
    host: 'koalafreight.com.au',
    company: 'KOALA LOGISTICS PTY LTD',
    shows: 'weak affinity (the site carries the business name) confirmed by JSON-LD @graph legalName',
    paths: {
      '/': html(
        page({
          title: 'Koala Express Freight - Interstate road freight',
          head: jsonLd({
            '@context': 'https://schema.org',
            '@graph': [
              { '@type': 'WebSite', name: 'Koala Express Freight', url: 'https://koalafreight.com.au/' },
              { '@type': ['Organization', 'LocalBusiness'], name: 'Koala Express Freight', legalName: 'Koala Logistics Pty Ltd' },
            ],
          }),
        }),
      ),
    },
  },
  // The profile pages' sites (src/sandbox/web-search/dataset.ts ENRICHMENT_PAGES) whose domain alone does not
  // confirm the registered name at tier 1.
  {
    host: 'koalalogistics.com.au',
    company: 'KOALA LOGISTICS PTY LTD',
    shows: 'the trading name on a domain that is the legal name: JSON-LD name and legalName',
    paths: {
      '/': html(
        page({
          title: 'Koala Express Freight | Refrigerated road freight, Cairns to Melbourne',
          head: jsonLd({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Koala Express Freight', legalName: 'Koala Logistics Pty Ltd' }),
          footer: `<p>© ${YEAR} Koala Logistics Pty Ltd</p>`,
        }),
      ),
    },
  },
  {
    host: 'platypay.com.au',
    company: 'PLATYPUS PAYMENTS PTY LTD',
    shows: 'a product-name domain (medium affinity) confirmed by JSON-LD legalName',
    paths: {
      '/': html(
        page({
          title: 'PlatyPay | Same-day settlement for small business',
          head: jsonLd({ '@context': 'https://schema.org', '@type': 'Organization', name: 'PlatyPay', legalName: 'Platypus Payments Pty Ltd' }),
        }),
      ),
    },
  },
  {
    host: 'saltbushcatering.com.au',
    company: 'PATEL, ANIL',
    shows: "a sole trader's business-name site whose copyright line names the person",
    paths: {
      '/': html(
        page({
          title: 'Saltbush Catering | Native-ingredient event catering, Melbourne',
          head: '<meta property="og:site_name" content="Saltbush Catering">',
          footer: `<p>© ${YEAR} Anil Patel trading as Saltbush Catering</p>`,
        }),
      ),
    },
  },
  {
    host: 'northgatetimber.co.uk',
    company: 'NORTHGATE TIMBER SUPPLIES LIMITED',
    shows: 'the first words of the name as the domain (medium affinity) confirmed by the copyright line',
    paths: {
      '/': html(
        page({
          title: 'Northgate Timber | Timber and sheet materials, Sheffield',
          footer: `<p>Copyright © 1998–${YEAR} Northgate Timber Supplies Limited | Company number 00445790</p>`,
        }),
      ),
    },
  },
  {
    host: 'wattle.com.au',
    company: 'WATTLE CONSULTING PTY LTD',
    shows: 'a redirect chain (apex -> www -> /au/home) to a page whose og:site_name confirms a medium-affinity domain',
    paths: { '*': { kind: 'redirect', status: 301, location: 'https://www.wattle.com.au/' } },
  },
  {
    host: 'www.wattle.com.au',
    company: 'WATTLE CONSULTING PTY LTD',
    shows: 'second hop of the redirect chain',
    paths: {
      '/': { kind: 'redirect', status: 302, location: '/au/home' },
      '/au/home': html(page({ title: 'Home | Wattle Consulting', head: '<meta property="og:site_name" content="Wattle Consulting">' })),
    },
  },
  {
    host: 'harbourcity.com.au',
    company: 'HARBOUR CITY FINANCIAL LIMITED',
    shows: 'a redirect to another registrable domain (refused even though that page names the company)',
    paths: { '*': { kind: 'redirect', status: 301, location: 'https://harbourcity-finance.com/' } },
  },
  {
    host: 'harbourcity-finance.com',
    company: 'HARBOUR CITY FINANCIAL LIMITED',
    shows: 'the other domain harbourcity.com.au redirects to',
    paths: { '/': html(page({ title: 'Harbour City Financial', footer: `<p>© ${YEAR} Harbour City Financial Limited</p>` })) },
  },
  {
    host: 'barramundi.com.au',
    company: 'BARRAMUNDI SYSTEMS LIMITED',
    shows: 'a parked domain',
    paths: {
      '/': html(page({ title: 'barramundi.com.au', body: '<h1>barramundi.com.au</h1><p>This domain is for sale! Make an offer today.</p>' })),
    },
  },
  {
    host: 'widgetwatch.com.au',
    company: 'ACME WIDGETS PTY LTD',
    shows: 'a review site whose title names the company but whose copyright is its own (weak evidence on an unrelated domain)',
    paths: {
      '/': html(
        page({
          title: 'Acme Widgets Pty Ltd | WidgetWatch reviews',
          head: '<meta property="og:site_name" content="WidgetWatch">',
          footer: `<p>© ${YEAR} WidgetWatch Media Pty Ltd</p>`,
        }),
      ),
    },
  },
  {
    host: 'wombat.com.au',
    company: 'WOMBAT WORKS PTY LTD',
    shows: 'a meta refresh to another domain (never followed; refused)',
    paths: {
      '/': html(
        page({
          title: 'Wombat Works',
          head: '<meta http-equiv="refresh" content="0; url=https://totally-unrelated.example.com/">',
          footer: `<p>© ${YEAR} Wombat Works Pty Ltd</p>`,
        }),
      ),
    },
  },
  {
    host: 'kookaburra.com.au',
    company: 'KOOKABURRA CAPITAL LIMITED',
    shows: 'a gzip-encoded page (decoded bytes are counted) confirmed by JSON-LD legalName',
    paths: {
      '/': html(
        page({
          title: 'Kookaburra | Investing in Australian growth',
          head: jsonLd({ '@context': 'https://schema.org', '@type': 'Corporation', name: 'Kookaburra', legalName: 'Kookaburra Capital Limited' }),
        }),
        true,
      ),
    },
  },
  {
    host: 'bigpage.com.au',
    company: 'BIGPAGE MEDIA PTY LTD',
    shows: 'a 3 MB page whose only confirming line sits after the byte budget',
    paths: {
      '/': html(
        page({
          title: 'Latest stories',
          body: `<p>${'Lorem ipsum dolor sit amet. '.repeat(110_000)}</p>`,
          footer: `<p>© ${YEAR} Bigpage Media Pty Ltd</p>`,
        }),
      ),
    },
  },
  {
    host: 'slowpoke.com.au',
    company: 'SLOWPOKE LOGISTICS PTY LTD',
    shows: 'a server that never answers (the time budget)',
    paths: { '*': { kind: 'hang' } },
  },
  {
    host: 'brochure.com.au',
    company: 'BROCHURE PRINTING PTY LTD',
    shows: 'a home page that is not HTML',
    paths: { '*': { kind: 'file', contentType: 'application/pdf', body: '%PDF-1.7 fake' } },
  },
  {
    host: 'redirect-loop.com.au',
    company: 'REDIRECT LOOP PTY LTD',
    shows: 'endless redirects (the redirect budget)',
    paths: { '*': { kind: 'redirect', status: 302, location: '/again' } },
  },
  {
    host: 'bounce.com.au',
    company: null,
    shows: 'redirects to whatever `?to=` names (redirects to metadata, private and loopback addresses in tests)',
    paths: { '*': { kind: 'redirect-to-query' } },
  },
];
