/**
 * The literal-minded sandbox model reports what a search result's page says, as a real model reading it would: the
 * name from the title, the website, the headquarters, and the registration numbers written on the page (an ABN, a
 * Companies House "Company number"), so the stream's one-company-one-row rule meets agent rows that carry them.
 */
import { describe, expect, it } from 'vitest';
import { reportFor } from './policy';

describe('reportFor', () => {
  it('reports the ABN a page gives', () => {
    const report = reportFor(
      { title: 'Riverbend Cellars | Wines of the Murray', url: 'https://riverbendcellars.com.au/', snippet: 'Family winery. ABN 67 439 249 313.' },
      { query: 'riverbend cellars', country: 'AUS' },
    );
    expect(report).toMatchObject({
      name: 'Riverbend Cellars',
      website: 'https://riverbendcellars.com.au/',
      identifiers: [{ type: 'ABN', value: '67 439 249 313' }],
    });
  });

  it("reports a UK page's Companies House company number as CH, with its headquarters", () => {
    const report = reportFor(
      {
        title: 'Fernhollow Analytics - Data engineering for retailers and insurers',
        url: 'https://www.fernhollowanalytics.co.uk/',
        snippet: 'Legal name: Fernhollow Analytics Limited. Company type: Private limited company. Company number 09876543. Headquarters: United Kingdom.',
      },
      { query: 'fernhollow analytics', country: 'GBR' },
    );
    expect(report).toMatchObject({ name: 'Fernhollow Analytics', country: 'United Kingdom', identifiers: [{ type: 'CH', value: '09876543' }] });
  });

  it('reports no identifier when the page gives none', () => {
    const report = reportFor({ title: 'Acme Widgets', url: 'https://acme.example/', snippet: 'Widgets since 1950.' }, { query: 'acme', country: undefined });
    expect(report).toMatchObject({ identifiers: [] });
  });
});
