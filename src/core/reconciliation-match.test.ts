import { describe, expect, it } from 'vitest';
import { matchConditionsOf } from './reconciliation';
import { contradictsConditions, featuresOf, matchOfCandidate } from './reconciliation-match';

const SUBJECT = {
  name: 'Acme Widgets Pty Ltd',
  aliases: ['Acme'],
  countryIsoAlpha3: 'AUS',
  website: 'https://acme-widgets.com.au',
  identifiers: [{ type: 'ABN', value: '51824753556' }],
};
const conditions = (properties: { pid: string; v: string | string[] }[]) => matchConditionsOf({ query: 'x', properties }).conditions;

describe('a candidate against the query', () => {
  it('compares the country or website the candidate has when the query names several', () => {
    const match = matchOfCandidate(
      'Acme Widgets',
      conditions([
        { pid: 'country', v: ['NZ', 'AU'] },
        { pid: 'website', v: ['other.com', 'acme-widgets.com.au'] },
      ]),
      SUBJECT,
    );
    expect(match.grades).toMatchObject({ country: 'same', website: 'same', name: 'same' });
    expect(match.match).toBe(true);
  });

  it('is contradicted by a different country, identifier of the same type or website, never by a missing one', () => {
    expect(contradictsConditions(matchOfCandidate('Acme', conditions([{ pid: 'country', v: 'NZ' }]), SUBJECT).grades)).toBe(true);
    expect(contradictsConditions(matchOfCandidate('Acme', conditions([{ pid: 'ABN', v: '53004085616' }]), SUBJECT).grades)).toBe(true);
    expect(contradictsConditions(matchOfCandidate('Acme', conditions([{ pid: 'website', v: 'elsewhere.org' }]), SUBJECT).grades)).toBe(true);
    expect(contradictsConditions(matchOfCandidate('Acme', conditions([{ pid: 'CH', v: '01234567' }]), SUBJECT).grades)).toBe(false);
    expect(contradictsConditions(matchOfCandidate('Acme', conditions([{ pid: 'country', v: 'NZ' }]), { ...SUBJECT, countryIsoAlpha3: null }).grades)).toBe(
      false,
    );
  });
});

describe('matching features', () => {
  it('carry one value per graded field: same 1, similar 0.5, different 0, missing left out', () => {
    expect(featuresOf({ name: 'similar', identifier: 'missing', website: 'same', country: 'different' })).toEqual([
      { id: 'name', value: 0.5 },
      { id: 'website', value: 1 },
      { id: 'country', value: 0 },
    ]);
  });

  it('an organisation the register lists as inactive keeps its score but is never a match (OpenRefine must not auto-match it)', () => {
    const dissolved = { ...SUBJECT, registryStatus: { status: 'inactive' as const, wording: 'Deregistered', date: '2019-02-01' } };
    const active = matchOfCandidate('Acme Widgets', conditions([{ pid: 'ABN', v: '51824753556' }]), SUBJECT);
    const inactive = matchOfCandidate('Acme Widgets', conditions([{ pid: 'ABN', v: '51824753556' }]), dissolved);
    expect(active.match).toBe(true);
    expect(inactive.score).toBe(active.score);
    expect(inactive.match).toBe(false);
  });
});
