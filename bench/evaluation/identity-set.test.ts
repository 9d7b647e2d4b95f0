import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isValidLei } from '../../src/core/identifiers';
import { SEARCH_QUERY_MAX_LENGTH } from '../../src/server/search/search-request';
import { loadEvaluationSet } from './evaluation-set';
import { IDENTITY_KINDS, IDENTITY_PAIR_KINDS, IDENTITY_SET_VERSION, identitySetFile, loadIdentitySet, toIdentityImportLine } from './identity-set';

const set = loadIdentitySet(IDENTITY_SET_VERSION);
const fold = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

describe(`identity.v${IDENTITY_SET_VERSION}.json`, () => {
  it('has queries of every kind and stays small', () => {
    const kinds = new Set(set.queries.map((q) => q.kind));
    expect([...IDENTITY_KINDS].filter((k) => !kinds.has(k))).toEqual([]);
    expect(fs.statSync(identitySetFile(IDENTITY_SET_VERSION)).size).toBeLessThan(2_000_000);
    expect(set.pairs.some((p) => p.same) && set.pairs.some((p) => !p.same)).toBe(true);
    const pairKinds = new Set(set.pairs.map((p) => p.kind));
    expect([...IDENTITY_PAIR_KINDS].filter((k) => !pairKinds.has(k))).toEqual([]);
  });

  it('labels pairs of different organisations only with the kinds that relate different organisations', () => {
    const differentKinds = new Set(['namesake', 'parent-subsidiary', 'shared-word']);
    expect(set.pairs.filter((p) => p.same === differentKinds.has(p.kind))).toEqual([]);
  });

  it('asks the former names of organisations that store them as former-name-stored, and only those', () => {
    const storing = new Map(set.organisations.filter((o) => (o.formerNames ?? []).length > 0).map((o) => [o.id, o.formerNames ?? []]));
    expect(storing.size).toBeGreaterThan(0);
    const stored = set.queries.filter((q) => q.kind === 'former-name-stored');
    expect(stored.filter((q) => !q.targetIds.some((id) => storing.get(id)?.includes(q.query)))).toEqual([]);
    const first = [...storing.keys()][0] ?? '';
    const organisation = set.organisations.find((o) => o.id === first);
    expect(organisation && toIdentityImportLine(organisation, IDENTITY_SET_VERSION).formerNames).toEqual(storing.get(first));
  });

  it('stores no name of the quick lookup tuning set (organisations.v1.json)', () => {
    const tuning = new Set(loadEvaluationSet(1).organisations.flatMap((o) => [o.name, ...o.aliases].map(fold)));
    expect(set.organisations.filter((o) => tuning.has(fold(o.name))).map((o) => o.name)).toEqual([]);
  });

  it('asks only what a user can type, and no-organisation queries name no stored organisation', () => {
    expect(set.queries.filter((q) => q.query.length > SEARCH_QUERY_MAX_LENGTH)).toEqual([]);
    const stored = new Set(set.organisations.map((o) => fold(o.name)));
    expect(set.queries.filter((q) => q.kind === 'no-organisation' && (q.targetIds.length > 0 || stored.has(fold(q.query))))).toEqual([]);
    expect(set.queries.filter((q) => q.kind !== 'no-organisation' && q.targetIds.length === 0)).toEqual([]);
  });

  it('stores LEIs that pass their check digits, and only the name and identifiers of an organisation', () => {
    const leis = set.organisations.flatMap((o) => o.identifiers.filter((i) => i.type === 'LEI').map((i) => i.value));
    expect(leis.length).toBeGreaterThan(0);
    expect(leis.filter((lei) => !isValidLei(lei))).toEqual([]);
    const organisation = set.organisations.find((o) => o.identifiers.length > 0 && o.formerNames === undefined);
    expect(organisation && Object.keys(toIdentityImportLine(organisation, IDENTITY_SET_VERSION)).sort()).toEqual([
      'countryIsoAlpha3',
      'description',
      'identifiers',
      'name',
    ]);
  });

  it('names, for a namesake query, longer names that are not the target', () => {
    const namesakes = set.queries.filter((q) => q.kind === 'namesake');
    expect(namesakes.length).toBeGreaterThan(0);
    for (const q of namesakes) {
      expect(q.namesakeIds?.length).toBeGreaterThan(0);
      expect(q.namesakeIds?.filter((id) => q.targetIds.includes(id))).toEqual([]);
    }
  });
});
