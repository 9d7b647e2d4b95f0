import { describe, expect, it } from 'vitest';
import { assessMatch } from '../../core/match-confidence';
import { explainMatch } from './match-explanation';

describe('explainMatch', () => {
  it("says the score, the decision, each field's grade and what matched: the alias, the legal forms, the typo read", () => {
    const match = assessMatch(
      { name: 'Harbuorline Pty Ltd', countryIsoAlpha3: 'AUS' },
      { name: 'Quill Holdings', otherNames: [{ value: 'Harbourline', kind: 'alias' }], countryIsoAlpha3: 'AUS' },
    );
    const lines = explainMatch(match, { countryIsoAlpha3: 'AUS', website: null, identifiers: [] });
    expect(lines.verdict).toMatch(match.match ? /^Match: \d+ of 100$/ : /^Not a match: \d+ of 100, below the 80 a match needs$/);
    expect(lines.grades).toEqual([
      { field: 'Name', grade: 'similar', text: 'similar to your search' },
      { field: 'Identifier', grade: 'missing', text: 'not on this result' },
      { field: 'Website', grade: 'missing', text: 'not on this result' },
      { field: 'Country', grade: 'same', text: 'same as your search' },
    ]);
    expect(lines.matchedOn).toEqual(['Matched the alias “Harbourline”', 'Ignored legal forms: pty, ltd', 'Read “harbuorline” as “harbourline”']);
  });

  it('says "not a match" below the decision and lists nothing when nothing matched', () => {
    const lines = explainMatch(assessMatch({ name: 'qzxv nonexistent widgets' }, { name: 'Acme Widgets' }));
    expect(lines.verdict).toMatch(/^Not a match: \d+ of 100, below the 80 a match needs$/);
    expect(lines.matchedOn).toEqual([]);
  });

  it('names the identifier and the website that matched', () => {
    const match = assessMatch(
      { name: '', identifiers: [{ type: 'ABN', value: '51824753556' }], website: 'acme.com.au' },
      { name: 'Acme', identifiers: [{ type: 'ABN', value: '51824753556' }], website: 'https://www.acme.com.au' },
    );
    expect(explainMatch(match).matchedOn).toEqual(['Same ABN 51824753556', 'Same website acme.com.au']);
  });

  it('says a candidate is not decided when it cannot be told apart from another, and why', () => {
    const match = {
      ...assessMatch({ name: 'Acme Widgets' }, { name: 'Acme Widgets' }),
      match: false,
      ambiguity: 'ambiguous: 2 organisations named Acme Widgets in AUS and USA',
    };
    expect(explainMatch(match).verdict).toBe(`Not decided, ambiguous: 2 organisations named Acme Widgets in AUS and USA: ${match.score} of 100`);
  });

  it("says first when the account's own decision made or unmade the match", () => {
    const assessed = assessMatch({ name: 'Acme Widgets' }, { name: 'Acme Widgets' });
    const same = { ...assessed, matchedOn: { ...assessed.matchedOn, decision: 'same' as const } };
    const different = { ...assessed, match: false, matchedOn: { ...assessed.matchedOn, decision: 'different' as const } };
    expect(explainMatch(same).matchedOn[0]).toBe('Your account decided this is the organisation for this search');
    expect(explainMatch(different).matchedOn[0]).toBe('Your account decided this is not the organisation for this search');
    expect(explainMatch(different).verdict).toBe(`Not a match: ${assessed.score} of 100, your account decided it is not this organisation`);
  });

  it('a missing grade says which side lacks the field: "not in your search" beside a row that shows a website', () => {
    const match = assessMatch(
      { name: 'Koala Logistics', countryIsoAlpha3: 'AUS' },
      { name: 'Koala Logistics Pty Ltd', website: 'https://koalafreight.com.au' },
    );
    const lines = explainMatch(match, {
      website: 'https://koalafreight.com.au',
      identifiers: [{ type: 'ABN', value: '73434904926' }],
      countryIsoAlpha3: 'AUS',
    });
    expect(lines.grades.find((g) => g.field === 'Website')).toEqual({ field: 'Website', grade: 'missing', text: 'not in your search' });
    expect(lines.grades.find((g) => g.field === 'Identifier')).toEqual({ field: 'Identifier', grade: 'missing', text: 'not in your search' });
    expect(lines.grades.map((g) => g.text)).not.toContain('missing');
  });
});
