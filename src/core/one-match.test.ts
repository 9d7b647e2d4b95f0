import { describe, expect, it } from 'vitest';
import { MATCH_THRESHOLD, type Match } from './match';
import { atMostOneMatch } from './one-match';

const match = (score: number, decided = score >= MATCH_THRESHOLD): Match => ({
  score,
  match: decided,
  grades: { name: 'same', identifier: 'missing', website: 'missing', country: 'missing' },
  matchedOn: { name: null, nameKind: null, identifier: null, website: null, legalFormsIgnored: [], corrections: [] },
});
const candidate = (name: string, country: string | null, score: number, decided?: boolean) => ({ name, country, match: match(score, decided) });
const fields = { name: (c: { name: string }) => c.name, countryIsoAlpha3: (c: { country: string | null }) => c.country };
const decided = (list: { name: string; country: string | null; match: Match }[]) => list.filter((c) => c.match.match).map((c) => `${c.name}/${c.country}`);

describe('at most one match per query', () => {
  it('leaves a list with one match, or none, as it is', () => {
    const list = [candidate('Acme', 'AUS', 95), candidate('Acme Finance', 'AUS', 60)];
    expect(atMostOneMatch(list, fields)).toEqual(list);
  });

  it('keeps the match on the best-scored candidate only', () => {
    const list = [candidate('BHP Group Limited', 'AUS', 100), candidate('BHP Group Finance Pty Ltd', 'AUS', 87)];
    const out = atMostOneMatch(list, fields);
    expect(decided(out)).toEqual(['BHP Group Limited/AUS']);
    expect(out[1]?.match.ambiguity).toBeUndefined();
  });

  it('decides none when the best cannot be told apart, and says why on each of them', () => {
    const out = atMostOneMatch([candidate('Acme Widgets', 'USA', 100), candidate('Acme Widgets', 'AUS', 100), candidate('Acme Widgets Co', 'AUS', 80)], fields);
    expect(decided(out)).toEqual([]);
    expect(out.map((c) => c.match.ambiguity)).toEqual([
      'ambiguous: 2 organisations named Acme Widgets in AUS and USA',
      'ambiguous: 2 organisations named Acme Widgets in AUS and USA',
      undefined,
    ]);
  });

  it('names no place when the tied candidates have no country, and lists the names when they differ', () => {
    const out = atMostOneMatch([candidate('Acme', null, 90), candidate('ACME', 'GLO', 90)], fields);
    expect(out[0]?.match.ambiguity).toBe('ambiguous: 2 organisations equally like the query (Acme, ACME)');
  });

  it('keeps the order of the candidates and never turns a candidate into a match', () => {
    const list = [candidate('B', 'AUS', 50), candidate('A', 'AUS', 90, false), candidate('C', 'AUS', 80)];
    const out = atMostOneMatch(list, fields);
    expect(out.map((c) => c.name)).toEqual(['B', 'A', 'C']);
    expect(decided(out)).toEqual(['C/AUS']);
  });

  it('tells tied scores apart by the fields graded the same (an identifier that only one carries)', () => {
    const british = { name: 'Kookaburra Freight', country: 'GBR', match: { ...match(100), grades: { ...match(100).grades, identifier: 'same' as const } } };
    const out = atMostOneMatch([candidate('Kookaburra Freight', 'AUS', 100), british], fields);
    expect(decided(out)).toEqual(['Kookaburra Freight/GBR']);
    expect(out.every((c) => c.match.ambiguity === undefined)).toBe(true);
  });
});
