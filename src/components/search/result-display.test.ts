import { describe, expect, it } from 'vitest';
import { lettermarkOf, subtitleOf } from './result-display';

describe('subtitleOf', () => {
  it('says "Trading as" for a matched business name and "Trading entity of" for a parent entity, never both', () => {
    expect(subtitleOf({ matchedBusinessName: 'Acme Hardware', parentEntityName: null })).toBe('Trading as: Acme Hardware');
    expect(subtitleOf({ matchedBusinessName: null, parentEntityName: 'ACME HOLDINGS PTY LTD' })).toBe('Trading entity of: ACME HOLDINGS PTY LTD');
    expect(subtitleOf({ matchedBusinessName: 'Acme Hardware', parentEntityName: 'ACME HOLDINGS PTY LTD' })).toBe('Trading as: Acme Hardware');
    expect(subtitleOf({ matchedBusinessName: null, parentEntityName: null })).toBeNull();
    expect(subtitleOf({ matchedBusinessName: '', parentEntityName: null })).toBeNull();
  });

  it('says "formerly" for a former name the quick lookup matched (issue 20)', () => {
    expect(subtitleOf({ matchedBusinessName: null, parentEntityName: null, formerName: 'Arrowhead Research Corporation' })).toBe(
      'formerly Arrowhead Research Corporation',
    );
  });
});

describe('lettermarkOf', () => {
  it('is the first letter or digit, upper-cased, or ? when the name has none', () => {
    expect(lettermarkOf('acme widgets')).toBe('A');
    expect(lettermarkOf('  "Zeta" Labs')).toBe('Z');
    expect(lettermarkOf('(1st) Choice')).toBe('1');
    expect(lettermarkOf('ōtautahi ltd')).toBe('Ō');
    expect(lettermarkOf('  ')).toBe('?');
  });
});
