import { describe, expect, it } from 'vitest';
import { assessMatch } from '../../core/match-confidence';
import { selectionReferenceSchema } from '../../core/selection';
import type { OrganisationResult } from './search-results-state';
import { searchIntentOf } from '../../core/selection';
import { selectionCandidateOf, selectionNeedsConfirmation, selectionTarget } from './selection';
import { UNKNOWN_REGISTRY_STATUS } from '../../core/registry-status';

const row = (overrides: Partial<OrganisationResult> = {}): OrganisationResult => ({
  rowKey: 'AUS|koala logistics pty ltd',
  key: 'AUS|koala logistics pty ltd',
  canonicalName: 'KOALA LOGISTICS PTY LTD',
  description: 'Freight',
  countryIsoAlpha3: 'AUS',
  website: null,
  logo: null,
  accountLinked: false,
  existingOrgId: null,
  ref: '6f1c1a52-8c1e-4d43-9d7e-3f5a1b2c4d5e',
  sources: ['registry_au'],
  matchedBusinessName: 'Koala Express Freight',
  parentEntityName: null,
  formerName: null,
  identifiers: [{ type: 'ABN', value: '51 824 753 556' }],
  websiteValidated: false,
  type: 'ProprietaryLimited',
  nameKind: 'business',
  score: 98,
  registryStatus: UNKNOWN_REGISTRY_STATUS,
  match: assessMatch({ name: 'Koala Logistics' }, { name: 'KOALA LOGISTICS PTY LTD' }),
  ...overrides,
});

describe('selectionCandidateOf', () => {
  it('sends a streamed row as its candidate reference only, valid for the action schema', () => {
    const candidate = selectionCandidateOf(row({ sources: ['internal', 'agent', 'registry_au'], existingOrgId: '0b6a3a62-5e0f-4a53-a1d4-0f1e2d3c4b5a' }));
    expect(candidate).toEqual({ _type: 'candidate', ref: '6f1c1a52-8c1e-4d43-9d7e-3f5a1b2c4d5e' });
    expect(selectionReferenceSchema.safeParse(candidate).success).toBe(true);
  });

  it('sends a row only the quick lookup found as its organisation id', () => {
    const candidate = selectionCandidateOf(
      row({ sources: ['internal'], ref: null, existingOrgId: '0b6a3a62-5e0f-4a53-a1d4-0f1e2d3c4b5a', accountLinked: true, type: null, identifiers: [] }),
    );
    expect(candidate).toEqual({ _type: 'internal', existingOrgId: '0b6a3a62-5e0f-4a53-a1d4-0f1e2d3c4b5a' });
    expect(selectionReferenceSchema.safeParse(candidate).success).toBe(true);
  });
});

describe('searchIntentOf', () => {
  it('reads spotlight, analyst and engage; anything else is none', () => {
    expect(searchIntentOf('?q=a&searchIntent=analyst')).toBe('analyst');
    expect(searchIntentOf(new URLSearchParams('searchIntent=engage'))).toBe('engage');
    expect(searchIntentOf('?searchIntent=spotlight')).toBe('spotlight');
    expect(searchIntentOf('?searchIntent=other')).toBeNull();
    expect(searchIntentOf('')).toBeNull();
  });
});

describe('selectionTarget', () => {
  const search = { intent: null, query: 'koala & co', country: 'AUS' };

  it('leads an existing organisation straight to its destination, without the confirm request', () => {
    expect(selectionTarget({ organisationId: 'org-1', created: false }, search)).toBe('/organisations/org-1?from=search');
    expect(selectionTarget({ organisationId: 'org-1', created: false }, { ...search, intent: 'analyst' })).toBe('/organisations/org-1/analyst');
  });

  it('adds confirm=1 with the search query and country for a new organisation', () => {
    expect(selectionTarget({ organisationId: 'org-9', created: true }, search)).toBe('/organisations/org-9?from=search&confirm=1&q=koala+%26+co&country=AUS');
    expect(selectionTarget({ organisationId: 'org-9', created: true }, { ...search, intent: 'spotlight' })).toBe(
      '/organisations/org-9/spotlight?confirm=1&q=koala+%26+co&country=AUS',
    );
    expect(selectionTarget({ organisationId: 'a/b', created: true }, { intent: 'engage', query: '', country: '' })).toBe(
      '/organisations/a%2Fb/engage?confirm=1',
    );
  });
});

describe('selectionNeedsConfirmation', () => {
  it('asks before selecting a row the register lists as inactive, and only then', () => {
    expect(selectionNeedsConfirmation(row({ registryStatus: { status: 'inactive', wording: 'Dissolved', date: '2020-11-17' } }))).toBe(true);
    expect(selectionNeedsConfirmation(row({ registryStatus: { status: 'active', wording: 'Active', date: null } }))).toBe(false);
    expect(selectionNeedsConfirmation(row())).toBe(false);
  });

  it('sends no status with the selection: the server keeps the one it recorded for the reference (decision 0017)', () => {
    const status = { status: 'inactive' as const, wording: 'Cancelled', date: '2023-06-30' };
    expect(selectionCandidateOf(row({ registryStatus: status }))).not.toHaveProperty('registryStatus');
  });
});
