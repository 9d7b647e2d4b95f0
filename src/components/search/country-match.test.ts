import { describe, expect, it } from 'vitest';
import { countryMatches } from './country-match';

describe('countryMatches', () => {
  const uk = { code: 'GBR', name: 'United Kingdom' };
  it('matches a part of the name in any case, or the start of the code', () => {
    expect(countryMatches(uk, 'kingdom')).toBe(true);
    expect(countryMatches(uk, 'gb')).toBe(true);
    expect(countryMatches(uk, ' GBR ')).toBe(true);
    expect(countryMatches(uk, '')).toBe(true);
  });
  it('does not match a code in the middle or another name', () => {
    expect(countryMatches(uk, 'br')).toBe(false);
    expect(countryMatches(uk, 'france')).toBe(false);
  });
});
