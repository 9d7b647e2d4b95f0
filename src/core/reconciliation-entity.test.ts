import { describe, expect, it } from 'vitest';
import { escapeHtml, extensionValues, previewHtml, type ReconciliationEntity } from './reconciliation-entity';

const ENTITY: ReconciliationEntity = {
  id: 'id-1',
  name: 'Tom & Jerry "Cheese" <Co>',
  description: '<script>alert(1)</script>',
  countryIsoAlpha3: 'GBR',
  website: 'https://www.tomandjerry.co.uk',
  profileStatus: 'FAILED',
  registryStatus: { status: 'inactive', wording: 'Dissolved', date: '2020-11-17' },
  identifiers: [
    { type: 'CH', value: '01234567' },
    { type: 'WEBSITE', value: 'tomandjerry.co.uk' },
  ],
  aliases: [],
  naics: [{ code: '311513', name: 'Cheese Manufacturing' }],
  aquila1: [],
};

describe('the preview card', () => {
  it('shows name, country, identifiers, website, description and NAICS, every value escaped', () => {
    const html = previewHtml(ENTITY);
    for (const text of [
      'Tom &amp; Jerry &quot;Cheese&quot; &lt;Co&gt;',
      'United Kingdom',
      '01234567',
      'tomandjerry.co.uk',
      '&lt;script&gt;',
      '311513 Cheese Manufacturing',
      'Dissolved 2020',
    ])
      expect(html).toContain(text);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('>WEBSITE<');
  });

  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('data extension values', () => {
  it('gives each property its values as strings, and an unknown property none', () => {
    expect(extensionValues(ENTITY, 'CH')).toEqual(['01234567']);
    expect(extensionValues(ENTITY, 'identifier')).toEqual(['CH 01234567']);
    expect(extensionValues(ENTITY, 'naicsTitle')).toEqual(['Cheese Manufacturing']);
    expect(extensionValues(ENTITY, 'profileStatus')).toEqual(['FAILED']);
    expect(extensionValues({ ...ENTITY, profileStatus: null }, 'profileStatus')).toEqual([]);
    expect(extensionValues(ENTITY, 'ABN')).toEqual([]);
    expect(extensionValues(ENTITY, 'favouriteColour')).toEqual([]);
  });
});
