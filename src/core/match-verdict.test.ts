import { describe, expect, it } from 'vitest';
import type { Match } from './match';
import { MATCH_THRESHOLD } from './match';
import { matchVerdict } from './match-verdict';

const base: Match = {
  score: 81,
  match: false,
  grades: { name: 'similar', identifier: 'missing', website: 'missing', country: 'same' },
  matchedOn: { name: 'Koala', nameKind: 'name', identifier: null, website: null, legalFormsIgnored: [], corrections: [] },
};

describe('matchVerdict agrees with the score and the decision', () => {
  it('a decided match reads "Match"', () => {
    expect(matchVerdict({ ...base, score: 97, match: true })).toBe('Match: 97 of 100');
  });

  it('a score at or above the threshold that is not decided never reads "Not a match"', () => {
    for (const score of [MATCH_THRESHOLD, 81, 99]) {
      const verdict = matchVerdict({ ...base, score });
      expect(verdict).toMatch(/^Not decided: /);
      expect(verdict).not.toMatch(/^Not a match/);
    }
    expect(matchVerdict(base)).toBe('Not decided: 81 of 100, another result is the match');
  });

  it('says why a high score is not decided: the name is another one, the register lists it inactive, a tie, the account', () => {
    expect(matchVerdict({ ...base, grades: { ...base.grades, name: 'different' } })).toBe(
      'Not decided: 81 of 100, but its name is another one than the one searched',
    );
    expect(matchVerdict(base, { registryStatus: { status: 'inactive', wording: 'Dissolved', date: '2020-01-01' } })).toBe(
      'Not decided: 81 of 100, but the register lists it as dissolved',
    );
    expect(matchVerdict({ ...base, ambiguity: 'ambiguous: 2 organisations named Koala in AUS and USA' })).toBe(
      'Not decided, ambiguous: 2 organisations named Koala in AUS and USA: 81 of 100',
    );
    expect(matchVerdict({ ...base, matchedOn: { ...base.matchedOn, decision: 'different' } })).toBe(
      'Not a match: 81 of 100, your account decided it is not this organisation',
    );
  });

  it('below the threshold it is not a match, and says so with the threshold', () => {
    expect(matchVerdict({ ...base, score: 79 })).toBe('Not a match: 79 of 100, below the 80 a match needs');
  });
});
