import { describe, expect, it } from 'vitest';
import { MATCH_THRESHOLD, type Match } from './match';
import { applyJudgements, decisionCountryKey, decisionQueryKey, decisionRequestSchema, type Judgement } from './match-decision';

const match = (score: number, decided = score >= MATCH_THRESHOLD): Match => ({
  score,
  match: decided,
  grades: { name: 'same', identifier: 'missing', website: 'missing', country: 'missing' },
  matchedOn: { name: null, nameKind: null, identifier: null, website: null, legalFormsIgnored: [], corrections: [] },
});
const candidate = (id: string | null, score: number, decided?: boolean) => ({ id, match: match(score, decided) });
const idOf = (c: { id: string | null }) => c.id;
const summary = (list: { id: string | null; match: Match }[]) =>
  list.map((c) => `${c.id}:${c.match.match ? 'match' : '-'}:${c.match.matchedOn.decision ?? ''}`);

describe('applying remembered decisions to a candidate list', () => {
  it('leaves the list as it is without judgements, or with judgements about organisations not in it', () => {
    const list = [candidate('a', 95), candidate('b', 60)];
    expect(applyJudgements(list, [], idOf)).toEqual(list);
    expect(applyJudgements(list, [{ organisationId: 'z', verdict: 'different' }], idOf)).toEqual(list);
  });

  it('never marks one judged different a match, and says so', () => {
    const out = applyJudgements([candidate('a', 100), candidate('b', 60)], [{ organisationId: 'a', verdict: 'different' }], idOf);
    expect(summary(out)).toEqual(['a:-:different', 'b:-:']);
  });

  it('ranks one judged same first as the only match, whatever its score', () => {
    const out = applyJudgements([candidate('a', 100), candidate('b', 30), candidate('c', 20)], [{ organisationId: 'c', verdict: 'same' }], idOf);
    expect(summary(out)).toEqual(['c:match:same', 'a:-:', 'b:-:']);
    expect(out[0]?.match.score).toBe(20);
  });

  it('clears an ambiguity it resolves', () => {
    const tied = { id: 'a', match: { ...match(100, false), ambiguity: 'ambiguous: 2 organisations named Acme in AUS and USA' } };
    const out = applyJudgements([tied, { ...tied, id: 'b' }], [{ organisationId: 'b', verdict: 'same' }], idOf);
    expect(summary(out)).toEqual(['b:match:same', 'a:-:']);
    expect(out.map((c) => c.match.ambiguity)).toEqual([undefined, 'ambiguous: 2 organisations named Acme in AUS and USA']);
  });

  it('takes the latest judgement of an organisation, and the latest same as the match when there are several', () => {
    const judgements: Judgement[] = [
      { organisationId: 'b', verdict: 'same' },
      { organisationId: 'a', verdict: 'same' },
      { organisationId: 'b', verdict: 'different' },
    ];
    expect(summary(applyJudgements([candidate('a', 90), candidate('b', 50)], judgements, idOf))).toEqual(['b:match:same', 'a:-:same']);
  });

  it('reads no judgement on a candidate that is not an organisation yet', () => {
    const out = applyJudgements([candidate(null, 90), candidate('a', 40)], [{ organisationId: 'a', verdict: 'same' }], idOf);
    expect(summary(out)).toEqual(['a:match:same', 'null:-:']);
  });
});

describe('what a decision is about', () => {
  it('is the query as the product normalises names: case, accents, punctuation and trailing legal forms do not count', () => {
    expect(decisionQueryKey('  Acmé Widgets Pty. Ltd. ')).toBe(decisionQueryKey('acme widgets'));
    expect(decisionQueryKey('Acme Widgets')).not.toBe(decisionQueryKey('Acme Gadgets'));
  });

  it('is the country, GLO and none being the same', () => {
    expect(decisionCountryKey('GLO')).toBe('');
    expect(decisionCountryKey(null)).toBe('');
    expect(decisionCountryKey('aus')).toBe('AUS');
  });

  it('validates the API body', () => {
    const organisationId = '00000000-0000-4000-8000-000000000001';
    expect(decisionRequestSchema.parse({ query: ' Acme ', countryIsoAlpha3: 'aus', organisationId, verdict: 'same' })).toEqual({
      query: 'Acme',
      countryIsoAlpha3: 'AUS',
      organisationId,
      verdict: 'same',
    });
    expect(decisionRequestSchema.safeParse({ query: '', organisationId, verdict: 'same' }).success).toBe(false);
    expect(decisionRequestSchema.safeParse({ query: 'Acme', organisationId, verdict: 'maybe' }).success).toBe(false);
    expect(decisionRequestSchema.safeParse({ query: 'Acme', countryIsoAlpha3: 'Australia', organisationId, verdict: 'same' }).success).toBe(false);
  });
});
