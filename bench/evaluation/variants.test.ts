import { describe, expect, it } from 'vitest';
import { keyName } from '../../src/core/canonical-name';
import { seededRandom } from '../support/stats';
import { evaluationSetSchema, loadEvaluationSet, type EvaluationSet } from './evaluation-set';
import { applyTypo, brandOf, editDistance, generateQueries, neighbourKeys, TYPO_KINDS, VARIANT_KINDS, withoutAccents } from './variants';

const tiny: EvaluationSet = evaluationSetSchema.parse({
  version: 1,
  description: 'test',
  organisations: [
    { id: 'a', name: 'Kwik-Fit (GB) Limited', country: 'GBR', legalForm: 'Limited', aliases: ['Kwik Fit'] },
    { id: 'b', name: 'The Procter & Gamble Company', country: 'USA', legalForm: 'Company', aliases: ['P&G'] },
    { id: 'c', name: 'Société Générale S.A.', country: 'FRA', legalForm: 'S.A.', identifiers: [{ type: 'CH', value: '00445790' }] },
    { id: 'd', name: 'Mitsubishi Heavy Industries, Ltd.', country: 'JPN', legalForm: 'Ltd.', aliases: ['MHI'] },
    { id: 'e', name: 'Mitsubishi Motors Corporation', country: 'JPN', legalForm: 'Corporation', aliases: ['MHI'] },
  ],
  noOrganisationQueries: ['qzxv nonexistent widgets'],
});

describe('generateQueries', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const set = loadEvaluationSet();
    expect(generateQueries(set, 7)).toEqual(generateQueries(set, 7));
    expect(generateQueries(set, 7)).not.toEqual(generateQueries(set, 8));
  });

  it('makes one typo of the named edit type, never in the first letter of a word nor in the legal form', () => {
    const queries = generateQueries(loadEvaluationSet(), 3);
    const set = loadEvaluationSet();
    const byId = new Map(set.organisations.map((o) => [o.id, o]));
    for (const q of queries.filter((x) => (TYPO_KINDS as readonly string[]).includes(x.kind))) {
      const target = byId.get(q.targetIds[0] ?? '');
      if (target === undefined) throw new Error('typo without target');
      expect(editDistance(q.query, target.name)).toBe(1);
      expect(q.query.endsWith(target.name.slice(brandOf(target).length))).toBe(true);
      const lengthDelta = q.query.length - target.name.length;
      expect(lengthDelta).toBe(q.kind === 'typo-deletion' ? -1 : q.kind === 'typo-insertion' ? 1 : 0);
      // First letters of words are kept.
      const initials = (s: string) =>
        s
          .split(/\s+/)
          .map((w) => w[0])
          .join('');
      expect(initials(q.query)).toBe(initials(target.name));
    }
    for (const q of queries.filter((x) => x.kind === 'two-typos')) {
      const target = byId.get(q.targetIds[0] ?? '');
      expect(editDistance(q.query, target?.name ?? '')).toBe(2);
    }
  });

  it('derives each kind from the name as a user would type it', () => {
    const queries = generateQueries(tiny, 1);
    const of = (kind: string, id: string) => queries.filter((q) => q.kind === kind && q.targetIds.includes(id)).map((q) => q.query);
    expect(of('exact', 'a')).toEqual(['Kwik-Fit (GB) Limited']);
    expect(of('punctuation-dropped', 'a')).toEqual(['KwikFit GB Limited']);
    expect(of('legal-form-dropped', 'a')).toEqual(['Kwik-Fit (GB)']);
    expect(of('legal-form-abbreviated', 'a')).toEqual(['Kwik-Fit (GB) Ltd']);
    expect(of('legal-form-expanded', 'a')).toEqual([]);
    expect(of('leading-the', 'a')).toEqual(['The Kwik-Fit (GB) Limited']);
    expect(of('leading-the', 'b')).toEqual(['Procter & Gamble Company']);
    expect(of('ampersand-and', 'b')).toEqual(['The Procter and Gamble Company']);
    expect(of('legal-form-abbreviated', 'b')).toEqual(['The Procter & Gamble Co.']);
    expect(of('accents-dropped', 'c')).toEqual(['Societe Generale S.A.']);
    expect(of('legal-form-expanded', 'c')).toEqual(['Société Générale Société Anonyme']);
    expect(of('identifier', 'c')).toHaveLength(1);
    expect(normalised(of('identifier', 'c')[0])).toBe('00445790');
    // First words: the shortest leading run that no other organisation of the set starts with.
    expect(of('first-words', 'd')).toEqual(['Mitsubishi Heavy']);
    // "Mitsubishi Motors": its one shorter prefix, "Mitsubishi", starts another name, so no query.
    expect(of('first-words', 'e')).toEqual([]);
    expect(of('no-organisation', '')).toEqual([]);
    expect(queries.filter((q) => q.kind === 'no-organisation')).toEqual([{ kind: 'no-organisation', query: 'qzxv nonexistent widgets', targetIds: [] }]);
  });

  it('gives an alias that several organisations carry all of them as targets', () => {
    const mhi = generateQueries(tiny, 1).filter((q) => q.kind === 'alias' && q.query === 'MHI');
    expect(mhi).toHaveLength(2);
    for (const q of mhi) expect(q.targetIds.sort()).toEqual(['d', 'e']);
  });

  it('covers every kind over the versioned set, with real names in several countries', () => {
    const set = loadEvaluationSet();
    const queries = generateQueries(set, 1);
    for (const kind of VARIANT_KINDS)
      expect(
        queries.some((q) => q.kind === kind),
        kind,
      ).toBe(true);
    expect(set.organisations.length).toBeGreaterThanOrEqual(300);
    expect(new Set(set.organisations.map((o) => o.country)).size).toBeGreaterThanOrEqual(8);
    // Every name has letters or digits (it imports) and every namesake group has two members or more.
    for (const o of set.organisations) expect(keyName(o.name)).not.toBe('');
    const groups = new Map<string, number>();
    for (const o of set.organisations) if (o.group) groups.set(o.group, (groups.get(o.group) ?? 0) + 1);
    for (const [group, n] of groups) expect(n, group).toBeGreaterThanOrEqual(2);
  });
});

describe('applyTypo and helpers', () => {
  it('measures edits as a user makes them', () => {
    expect(editDistance('vodafone', 'vodafnoe')).toBe(1);
    expect(editDistance('greenfield', 'greenfeld')).toBe(1);
    expect(editDistance('the', 'thhe')).toBe(1);
    expect(editDistance('kwik fit', 'kwikfit')).toBe(1);
    expect(editDistance('abc', 'xyz')).toBe(3);
  });

  it('transposes two different neighbouring letters', () => {
    const typo = applyTypo('Vodafone', 'typo-transposition', seededRandom(5));
    expect(typo).toBeDefined();
    expect(editDistance(typo?.text ?? '', 'Vodafone')).toBe(1);
    expect(typo?.text).not.toBe('Vodafone');
  });

  it('has no position to edit in a name of short words', () => {
    expect(applyTypo('BP', 'typo-substitution', seededRandom(1))).toBeUndefined();
  });

  it('uses neighbouring keys and folds accents and special letters', () => {
    expect(neighbourKeys('s')).toContain('a');
    expect(neighbourKeys('s')).toContain('d');
    expect(neighbourKeys('s')).not.toContain('s');
    expect(withoutAccents('Ørsted Mærsk Müller Straße Hermès')).toBe('Orsted Maersk Muller Strasse Hermes');
  });
});

function normalised(value: string | undefined): string {
  return (value ?? '').replace(/\s/g, '');
}
