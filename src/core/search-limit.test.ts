import { describe, expect, it } from 'vitest';
import { countsAgainstSearchLimit } from './search-limit';

describe('countsAgainstSearchLimit', () => {
  it('does not count a query that is only a mistyped identifier: it reaches no search provider', () => {
    expect(countsAgainstSearchLimit('73 434 904 927')).toBe(false);
    expect(countsAgainstSearchLimit('ABN: 73 434 904 927')).toBe(false);
  });
  it('counts a name, a valid identifier, and a mistyped identifier with a name beside it (the name is searched)', () => {
    expect(countsAgainstSearchLimit('murray')).toBe(true);
    expect(countsAgainstSearchLimit('73 434 904 926')).toBe(true);
    expect(countsAgainstSearchLimit('Telstra ABN 33 051 775 557')).toBe(true);
  });
});
