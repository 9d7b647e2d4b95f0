import { describe, expect, it } from 'vitest';
import type { SearchOrganisationsCandidate, StreamItem } from '../../core/candidates';
import { assessMatch } from '../../core/match-confidence';
import { handedOut, newCandidateReference } from './candidate-references';
import { UNKNOWN_REGISTRY_STATUS } from '../../core/registry-status';

const candidate = (ref: string, name: string): SearchOrganisationsCandidate => ({
  _type: 'candidate',
  ref,
  canonicalName: name,
  description: '',
  countryIsoAlpha3: 'AUS',
  key: `AUS|${name.toLowerCase()}`,
  existingOrgId: null,
  source: 'agent',
  website: null,
  logo: null,
  accountLinked: false,
  identifiers: [],
  websiteValidated: false,
  nameKind: null,
  matchedBusinessName: null,
  parentEntityName: null,
  registryStatus: UNKNOWN_REGISTRY_STATUS,
  type: null,
  match: assessMatch({ name }, { name }),
});

describe('handedOut', () => {
  it("records each candidate without its match and ref, applies a patch of the same batch to it, and keeps an earlier batch's patch as a patch", () => {
    const abn = { type: 'ABN', value: '51824753556' };
    const items: StreamItem[] = [
      candidate('ref-1', 'Acme Pty Ltd'),
      { _type: 'channel-degraded', channel: 'registry' },
      { _type: 'identifierPatch', key: 'AUS|acme pty ltd', ref: 'ref-1', identifiers: [abn], existingOrgId: 'org-1', accountLinked: true },
      { _type: 'identifierPatch', key: 'AUS|earlier', ref: 'ref-0', identifiers: [abn], existingOrgId: null, accountLinked: false },
    ];
    const out = handedOut(items);
    expect(out.candidates).toHaveLength(1);
    expect(out.candidates[0]?.ref).toBe('ref-1');
    expect(out.candidates[0]?.candidate).toMatchObject({ canonicalName: 'Acme Pty Ltd', identifiers: [abn], existingOrgId: 'org-1' });
    expect(out.candidates[0]?.candidate).not.toHaveProperty('match');
    expect(out.candidates[0]?.candidate).not.toHaveProperty('ref');
    expect(out.patches).toEqual([{ ref: 'ref-0', identifiers: [abn], existingOrgId: null }]);
  });

  it('hands out nothing for a batch without candidates or patches', () => {
    expect(handedOut([{ _type: 'channel-degraded', channel: 'registry' }])).toEqual({ candidates: [], patches: [] });
  });
});

describe('newCandidateReference', () => {
  it('is a fresh random uuid each time', () => {
    const refs = new Set(Array.from({ length: 100 }, newCandidateReference));
    expect(refs.size).toBe(100);
    for (const ref of refs) expect(ref).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
