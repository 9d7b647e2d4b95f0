import { describe, expect, it } from 'vitest';
import recorded from './__fixtures__/brave-web-search.json';
import { braveWebSearchPayloadSchema } from './schemas';
import { stripMarkup, transformBraveWebSearch } from './transform';

describe('transformBraveWebSearch', () => {
  const payload = braveWebSearchPayloadSchema.parse(recorded);

  it('maps results in order, strips markup and control characters, and drops non-http(s), URL-less and untitled results', () => {
    expect(transformBraveWebSearch(payload, 20)).toEqual([
      {
        title: 'Sunbright Solar Pty Ltd | Solar Installers in Melbourne',
        url: 'https://www.sunbrightsolar.com.au/',
        snippet:
          'Residential & commercial solar installers across Victoria since 2009. Call 1300 000 000. CEC-accredited installers with 25-year panel warranties.',
        source: 'brave',
      },
      {
        title: 'Best solar installers in Melbourne (2026) - Reviews',
        url: 'https://www.reviewsite.com.au/solar/melbourne',
        snippet: 'We compared 40 solar installers. Read reviews and ratings.',
        source: 'brave',
      },
      { title: 'Harbourline Solar Installations', url: 'https://harbourlinesolar.com.au/about', snippet: '', source: 'brave' },
    ]);
  });

  it('honours count', () => {
    expect(transformBraveWebSearch(payload, 1)).toHaveLength(1);
  });

  it('treats a payload without web results as empty', () => {
    expect(transformBraveWebSearch(braveWebSearchPayloadSchema.parse({ type: 'search', query: { original: 'x' } }), 10)).toEqual([]);
  });

  it('stripMarkup removes tags and decodes entities', () => {
    expect(stripMarkup('<strong>A</strong> &amp; <em>B</em>&#39;s\n\tC')).toBe("A & B's C");
  });
});
