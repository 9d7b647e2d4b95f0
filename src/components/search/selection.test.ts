import { describe, expect, it } from 'vitest';
import { assessMatch } from '../../core/match-confidence';
import { selectionCandidateSchema } from '../../core/selection';
import type { OrganisationResult } from './search-results-state';
import { searchIntentOf } from '../../core/selection';
import { selectionCandidateOf, selectionTarget } from './selection';

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
  sources: ['registry_au'],
  matchedBusinessName: 'Koala Express Freight',
  parentEntityName: null,
  formerName: null,
  identifiers: [{ type: 'ABN', value: '51 824 753 556' }],
  websiteValidated: false,
  type: 'ProprietaryLimited',
  nameKind: 'business',
  score: 98,
  match: assessMatch({ name: 'Koala Logistics' }, { name: 'KOALA LOGISTICS PTY LTD' }),
  ...overrides,
});

describe('selectionCandidateOf', () => {
  it('sends a streamed row as a stream candidate of its first streamed channel, valid for the action schema', () => {
    const candidate = selectionCandidateOf(row({ sources: ['internal', 'agent', 'registry_au'], existingOrgId: 'org-1', accountLinked: true }));
    expect(candidate).toMatchObject({
      _type: 'candidate',
      source: 'agent',
      existingOrgId: 'org-1',
      identifiers: [{ type: 'ABN', value: '51 824 753 556' }],
      nameKind: 'business',
    });
    expect(selectionCandidateSchema.safeParse(candidate).success).toBe(true);
  });

  it('sends a row only the quick lookup found as the internal candidate', () => {
    const candidate = selectionCandidateOf(
      row({ sources: ['internal'], existingOrgId: 'org-2', accountLinked: true, type: null, identifiers: [], nameKind: null }),
    );
    expect(candidate).toMatchObject({ _type: 'internal', source: 'internal', existingOrgId: 'org-2', accountLinked: true });
    expect(selectionCandidateSchema.safeParse(candidate).success).toBe(true);
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
