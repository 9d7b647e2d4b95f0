import { describe, expect, it } from 'vitest';
import type { InternalQuickSearchCandidate, SearchOrganisationsCandidate } from '../../core/candidates';
import { initialSearchState, resultsOf, searchReducer, type SearchState } from './search-results-state';

function internal(overrides: Partial<InternalQuickSearchCandidate> = {}): InternalQuickSearchCandidate {
  return {
    _type: 'internal',
    canonicalName: 'Acme Widgets Pty Ltd',
    description: 'Widgets',
    countryIsoAlpha3: 'AUS',
    key: 'AUS:acme widgets',
    existingOrgId: 'org-1',
    source: 'internal',
    logo: null,
    website: 'https://acmewidgets.com.au',
    accountLinked: false,
    ...overrides,
  };
}

function streamed(overrides: Partial<SearchOrganisationsCandidate> = {}): SearchOrganisationsCandidate {
  return {
    _type: 'candidate',
    canonicalName: 'Acme Widgets Pty Ltd',
    description: '',
    countryIsoAlpha3: 'AUS',
    key: 'AUS:acme widgets',
    existingOrgId: null,
    source: 'registry_au',
    website: null,
    logo: null,
    accountLinked: false,
    identifiers: [{ type: 'ABN', value: '51824753556' }],
    websiteValidated: false,
    nameKind: 'entity',
    matchedBusinessName: 'Acme',
    parentEntityName: null,
    type: 'ProprietaryLimited',
    ...overrides,
  };
}

const started = (state: SearchState, runId: number) => searchReducer(state, { type: 'started', runId, query: 'acme', country: 'AUS' });

describe('searchReducer', () => {
  it('lists a batch in order and finishes', () => {
    let state = started(initialSearchState, 1);
    expect(state.status).toBe('searching');
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [internal(), internal({ key: 'AUS:beta', existingOrgId: 'org-2', canonicalName: 'Beta' })] });
    state = searchReducer(state, { type: 'finished', runId: 1 });
    expect(state.status).toBe('done');
    expect(resultsOf(state).map((r) => r.canonicalName)).toEqual(['Acme Widgets Pty Ltd', 'Beta']);
  });

  it('keeps two existing organisations that share a composite key apart', () => {
    let state = started(initialSearchState, 1);
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [internal(), internal({ existingOrgId: 'org-9' })] });
    expect(resultsOf(state)).toHaveLength(2);
  });

  it('merges a later streamed candidate into the row with the same key without losing what is known', () => {
    let state = started(initialSearchState, 1);
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [internal({ accountLinked: true })] });
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [streamed()] });
    const [row, ...others] = resultsOf(state);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      existingOrgId: 'org-1',
      accountLinked: true,
      website: 'https://acmewidgets.com.au',
      description: 'Widgets',
      matchedBusinessName: 'Acme',
      sources: ['internal', 'registry_au'],
      identifiers: [{ type: 'ABN', value: '51824753556' }],
    });
  });

  it('applies an identifier patch to the row with that key', () => {
    let state = started(initialSearchState, 1);
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [streamed({ identifiers: [] })] });
    state = searchReducer(state, {
      type: 'identifierPatch',
      runId: 1,
      patch: { _type: 'identifierPatch', key: 'AUS:acme widgets', identifiers: [{ type: 'ACN', value: '824753556' }], existingOrgId: 'org-1', accountLinked: true },
    });
    expect(resultsOf(state)[0]).toMatchObject({ identifiers: [{ type: 'ACN', value: '824753556' }], existingOrgId: 'org-1', accountLinked: true });
  });

  it('ignores batches, completions and failures of an older run', () => {
    let state = started(initialSearchState, 1);
    state = started(state, 2);
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [internal()] });
    state = searchReducer(state, { type: 'finished', runId: 1 });
    state = searchReducer(state, { type: 'failed', runId: 1, message: 'old' });
    expect(state).toMatchObject({ runId: 2, status: 'searching', error: null });
    expect(resultsOf(state)).toEqual([]);
  });

  it('a new run starts from an empty list; a failure keeps the message', () => {
    let state = started(initialSearchState, 1);
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [internal()] });
    state = started(state, 2);
    expect(resultsOf(state)).toEqual([]);
    state = searchReducer(state, { type: 'failed', runId: 2, message: 'Search is temporarily unavailable.' });
    expect(state).toMatchObject({ status: 'failed', error: 'Search is temporarily unavailable.' });
  });
});
