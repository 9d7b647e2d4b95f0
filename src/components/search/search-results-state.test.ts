import { describe, expect, it } from 'vitest';
import type {
  IdentifierSuggestion,
  InternalQuickSearchCandidate,
  SearchOrganisationsCandidate,
  SearchOrganisationsIdentifierPatch,
} from '../../core/candidates';
import { assessMatch } from '../../core/match-confidence';
import { initialSearchState, resultListOf, resultsOf, searchReducer, type SearchChannel, type SearchState } from './search-results-state';
import { UNKNOWN_REGISTRY_STATUS } from '../../core/registry-status';

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
    registryStatus: UNKNOWN_REGISTRY_STATUS,
    match: assessMatch({ name: 'Acme Widgets' }, { name: overrides.canonicalName ?? 'Acme Widgets Pty Ltd' }),
    ...overrides,
  };
}

function streamed(overrides: Partial<SearchOrganisationsCandidate> = {}): SearchOrganisationsCandidate {
  return {
    _type: 'candidate',
    ref: 'ref-acme',
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
    registryStatus: UNKNOWN_REGISTRY_STATUS,
    match: assessMatch({ name: 'Acme Widgets' }, { name: overrides.canonicalName ?? 'Acme Widgets Pty Ltd' }),
    ...overrides,
  };
}

const started = (state: SearchState, runId: number, channels: readonly SearchChannel[] = ['quick']) =>
  searchReducer(state, { type: 'started', runId, query: 'acme', country: 'AUS', channels });

describe('searchReducer', () => {
  it('lists a batch in order and finishes', () => {
    let state = started(initialSearchState, 1);
    expect(state.status).toBe('searching');
    state = searchReducer(state, {
      type: 'candidates',
      runId: 1,
      candidates: [internal(), internal({ key: 'AUS:beta', existingOrgId: 'org-2', canonicalName: 'Beta' })],
    });
    state = searchReducer(state, { type: 'finished', runId: 1, channel: 'quick' });
    expect(state.status).toBe('done');
    expect(resultsOf(state).map((r) => r.canonicalName)).toEqual(['Acme Widgets Pty Ltd', 'Beta']);
  });

  describe('ranking across channels (decision 0007)', () => {
    const harbourline = (name: string) => assessMatch({ name: 'harbourline' }, { name });
    const looseInternal = (i: number) =>
      internal({
        key: `AUS|harbour ${i}`,
        existingOrgId: `loose-${i}`,
        canonicalName: `Harbour Marine ${i} Pty Ltd`,
        match: harbourline(`Harbour Marine ${i} Pty Ltd`),
      });
    const exactRegistry = (i: number) =>
      streamed({
        key: `AUS|harbourline ${i}`,
        canonicalName: 'HARBOURLINE PTY LTD',
        match: harbourline('HARBOURLINE PTY LTD'),
        identifiers: [{ type: 'ABN', value: `${i}` }],
      });

    it('puts exact registry rows above loose internal rows, whichever answered first', () => {
      let state = started(initialSearchState, 1, ['quick', 'stream']);
      state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [looseInternal(1), looseInternal(2)] });
      state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [exactRegistry(1), exactRegistry(2)] });
      expect(resultsOf(state).map((r) => r.key)).toEqual(['AUS|harbourline 1', 'AUS|harbourline 2', 'AUS|harbour 1', 'AUS|harbour 2']);
    });

    it('keeps quick first within a tier: an exact internal row above an exact registry row, a loose internal row above a loose registry row', () => {
      let state = started(initialSearchState, 1, ['quick', 'stream']);
      const looseRegistry = streamed({ key: 'AUS|harbour loose', canonicalName: 'HARBOUR TUGS PTY LTD', match: harbourline('HARBOUR TUGS PTY LTD') });
      const exactInternal = internal({
        key: 'AUS|harbourline',
        existingOrgId: 'exact',
        canonicalName: 'Harbourline Pty Ltd',
        match: harbourline('Harbourline Pty Ltd'),
      });
      state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [looseRegistry, exactRegistry(1)] });
      state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [exactInternal, looseInternal(1)] });
      expect(resultsOf(state).map((r) => r.key)).toEqual(['AUS|harbourline', 'AUS|harbourline 1', 'AUS|harbour 1', 'AUS|harbour loose']);
    });

    it('a loose internal row never sits above an exact one inside the internal section', () => {
      let state = started(initialSearchState, 1);
      const exactInternal = internal({ key: 'AUS|harbourline', existingOrgId: 'exact', canonicalName: 'Harbourline', match: harbourline('Harbourline') });
      state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [looseInternal(1), exactInternal] });
      expect(resultsOf(state).map((r) => r.existingOrgId)).toEqual(['exact', 'loose-1']);
    });

    it('a row found by both channels keeps the better match', () => {
      let state = started(initialSearchState, 1, ['quick', 'stream']);
      const weak = assessMatch({ name: 'acme widgets', countryIsoAlpha3: 'NZL' }, { name: 'Acme Widgets Pty Ltd', countryIsoAlpha3: 'AUS' });
      state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [internal({ match: weak })] });
      state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [streamed()] });
      expect(resultsOf(state)[0]?.match).toEqual(streamed().match);
    });
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
      patch: {
        _type: 'identifierPatch',
        key: 'AUS:acme widgets',
        ref: 'ref-acme',
        identifiers: [{ type: 'ACN', value: '824753556' }],
        existingOrgId: 'org-1',
        accountLinked: true,
      },
    });
    expect(resultsOf(state)[0]).toMatchObject({ identifiers: [{ type: 'ACN', value: '824753556' }], existingOrgId: 'org-1', accountLinked: true });
  });

  it("keeps the stream's candidate reference on a row the quick lookup found first (what selecting it sends)", () => {
    let state = started(initialSearchState, 1, ['quick', 'stream']);
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [internal()] });
    expect(resultsOf(state)[0]?.ref).toBeNull();
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [streamed({ existingOrgId: 'org-1' })] });
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [streamed({ existingOrgId: 'org-1', ref: 'ref-later' })] });
    expect(resultsOf(state).map((r) => r.ref)).toEqual(['ref-acme']);
  });

  it('ignores batches, completions and failures of an older run', () => {
    let state = started(initialSearchState, 1);
    state = started(state, 2);
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [internal()] });
    state = searchReducer(state, { type: 'finished', runId: 1, channel: 'quick' });
    state = searchReducer(state, { type: 'failed', runId: 1, channel: 'quick', message: 'old' });
    expect(state).toMatchObject({ runId: 2, status: 'searching', error: null });
    expect(resultsOf(state)).toEqual([]);
  });

  it('a new run starts from an empty list; a failure keeps the message', () => {
    let state = started(initialSearchState, 1);
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [internal()] });
    state = started(state, 2);
    expect(resultsOf(state)).toEqual([]);
    state = searchReducer(state, { type: 'failed', runId: 2, channel: 'quick', message: 'Search is temporarily unavailable.' });
    expect(state).toMatchObject({ status: 'failed', error: 'Search is temporarily unavailable.' });
  });

  it('puts quick rows first even when the stream answers before the quick lookup', () => {
    let state = started(initialSearchState, 1, ['quick', 'stream']);
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [streamed({ key: 'AUS:koala care', canonicalName: 'Koala Care' })] });
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [streamed({ existingOrgId: 'org-1' })] });
    state = searchReducer(state, {
      type: 'candidates',
      runId: 1,
      candidates: [internal(), internal({ key: 'AUS:beta', existingOrgId: 'org-2', canonicalName: 'Beta' })],
    });
    expect(resultsOf(state).map((r) => r.canonicalName)).toEqual(['Acme Widgets Pty Ltd', 'Beta', 'Koala Care']);
    expect(resultsOf(state)[0]).toMatchObject({ sources: ['registry_au', 'internal'], description: 'Widgets' });
  });

  it('unions identifiers, keeps the subtitle pair together, fills the website and flips New to Existing, never back', () => {
    let state = started(initialSearchState, 1, ['stream']);
    state = searchReducer(state, {
      type: 'candidates',
      runId: 1,
      candidates: [streamed({ source: 'agent', identifiers: [], matchedBusinessName: null, parentEntityName: 'Acme Group', website: null })],
    });
    state = searchReducer(state, {
      type: 'candidates',
      runId: 1,
      candidates: [
        streamed({
          existingOrgId: 'org-1',
          accountLinked: true,
          website: 'https://acme.example',
          websiteValidated: true,
          identifiers: [{ type: 'ABN', value: '51 824 753 556' }],
        }),
      ],
    });
    state = searchReducer(state, {
      type: 'candidates',
      runId: 1,
      candidates: [streamed({ existingOrgId: null, accountLinked: false, identifiers: [{ type: 'ABN', value: '51824753556' }] })],
    });
    const rows = resultsOf(state);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      existingOrgId: 'org-1',
      accountLinked: true,
      website: 'https://acme.example',
      websiteValidated: true,
      matchedBusinessName: null,
      parentEntityName: 'Acme Group',
      identifiers: [{ type: 'ABN', value: '51 824 753 556' }],
      sources: ['agent', 'registry_au'],
    });
  });

  it('keeps a streamed candidate of another organisation sharing the key as its own row', () => {
    let state = started(initialSearchState, 1, ['quick', 'stream']);
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [internal()] });
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [streamed({ existingOrgId: 'org-7' })] });
    expect(resultsOf(state).map((r) => r.existingOrgId)).toEqual(['org-1', 'org-7']);
  });

  it('adds patched identifiers to those known, patches the row of the same organisation, and drops a patch for an unknown key', () => {
    let state = started(initialSearchState, 1, ['quick', 'stream']);
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [internal({ existingOrgId: 'org-9' }), internal()] });
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [streamed({ existingOrgId: 'org-1' })] });
    const patch: SearchOrganisationsIdentifierPatch = {
      _type: 'identifierPatch',
      key: 'AUS:acme widgets',
      ref: 'ref-acme',
      identifiers: [{ type: 'ACN', value: '824753556' }],
      existingOrgId: 'org-1',
      accountLinked: true,
    };
    state = searchReducer(state, { type: 'identifierPatch', runId: 1, patch });
    const [other, patched] = resultsOf(state);
    expect(other).toMatchObject({ existingOrgId: 'org-9', identifiers: [], accountLinked: false });
    expect(patched).toMatchObject({
      existingOrgId: 'org-1',
      accountLinked: true,
      identifiers: [
        { type: 'ABN', value: '51824753556' },
        { type: 'ACN', value: '824753556' },
      ],
    });
    const before = state;
    state = searchReducer(state, { type: 'identifierPatch', runId: 1, patch: { ...patch, key: 'AUS:nobody' } });
    expect(state).toBe(before);
  });

  it('tracks each channel: searching until both settle, done when one of two failed, failed only when both did', () => {
    let state = started(initialSearchState, 1, ['quick', 'stream']);
    expect(state.channels).toEqual({ quick: 'running', stream: 'running' });
    state = searchReducer(state, { type: 'finished', runId: 1, channel: 'quick' });
    expect(state).toMatchObject({ status: 'searching', channels: { quick: 'done', stream: 'running' } });
    state = searchReducer(state, { type: 'failed', runId: 1, channel: 'stream', message: 'Too many searches; retry in 12 s.' });
    expect(state).toMatchObject({ status: 'done', error: null, channelErrors: { quick: null, stream: 'Too many searches; retry in 12 s.' } });

    let both = started(initialSearchState, 2, ['quick', 'stream']);
    both = searchReducer(both, { type: 'failed', runId: 2, channel: 'quick', message: 'Search is temporarily unavailable.' });
    both = searchReducer(both, { type: 'failed', runId: 2, channel: 'stream', message: 'later' });
    expect(both).toMatchObject({ status: 'failed', error: 'Search is temporarily unavailable.' });
  });

  it('records a degraded registry for the current run only', () => {
    let state = started(initialSearchState, 1, ['quick', 'stream']);
    state = started(state, 2, ['quick', 'stream']);
    state = searchReducer(state, { type: 'degraded', runId: 1 });
    expect(state.degraded).toBe(false);
    state = searchReducer(state, { type: 'degraded', runId: 2 });
    expect(state.degraded).toBe(true);
    state = started(state, 3, ['quick', 'stream']);
    expect(state.degraded).toBe(false);
  });
});

describe('identifier suggestions ("Did you mean 51 824 753 556?")', () => {
  const fromQuick: IdentifierSuggestion = { type: 'ABN', value: '51824753556', formatted: '51 824 753 556', name: 'Acme Pty Ltd', foundIn: 'internal' };
  const fromRegistry: IdentifierSuggestion = { ...fromQuick, name: 'ACME PTY LTD', foundIn: 'registry' };
  const another: IdentifierSuggestion = { type: 'ABN', value: '53004085616', formatted: '53 004 085 616', name: 'Other Pty Ltd', foundIn: 'registry' };

  it("collects both channels' suggestions once each, in arrival order, the first name kept", () => {
    let state = started(initialSearchState, 1, ['quick', 'stream']);
    state = searchReducer(state, { type: 'identifierSuggestions', runId: 1, issue: null, suggestions: [fromQuick] });
    state = searchReducer(state, { type: 'identifierSuggestions', runId: 1, issue: null, suggestions: [fromRegistry, another] });
    expect(state.suggestions).toEqual([fromQuick, another]);
  });

  it("takes the stream's item kind through the same action, ignores an older run, and starts each run without any", () => {
    let state = started(initialSearchState, 1, ['quick', 'stream']);
    state = started(state, 2, ['quick', 'stream']);
    state = searchReducer(state, { type: 'identifierSuggestions', runId: 1, issue: null, suggestions: [fromQuick] });
    expect(state.suggestions).toEqual([]);
    state = searchReducer(state, { type: 'identifierSuggestions', runId: 2, issue: null, suggestions: [another] });
    expect(state.suggestions).toEqual([another]);
    expect(started(state, 3).suggestions).toEqual([]);
    expect(searchReducer(state, { type: 'cleared' }).suggestions).toEqual([]);
  });
});

describe('an identifier whose check digit fails ("73 434 904 927 is not a valid ABN: its check digit fails")', () => {
  const issue = { type: 'ABN' as const, value: '73434904927', message: '73 434 904 927 is not a valid ABN: its check digit fails' };

  it('keeps the first channel’s issue, also without any suggestion, and starts each run without it', () => {
    let state = started(initialSearchState, 1, ['quick', 'stream']);
    expect(state.identifierIssue).toBeNull();
    state = searchReducer(state, { type: 'identifierSuggestions', runId: 1, issue, suggestions: [] });
    expect(state.identifierIssue).toEqual(issue);
    state = searchReducer(state, { type: 'identifierSuggestions', runId: 1, issue: { ...issue, message: 'other' }, suggestions: [] });
    expect(state.identifierIssue).toEqual(issue);
    state = searchReducer(state, { type: 'identifierSuggestions', runId: 1, issue: null, suggestions: [] });
    expect(state.identifierIssue).toEqual(issue);
    expect(searchReducer(state, { type: 'identifierSuggestions', runId: 0, issue: null, suggestions: [] })).toBe(state);
    expect(started(state, 2).identifierIssue).toBeNull();
    expect(searchReducer(state, { type: 'cleared' }).identifierIssue).toBeNull();
  });
});

describe('resultListOf: rows do not jump under the user', () => {
  it('holds the top with a placeholder while the quick lookup is out, and puts its rows there when it answers', () => {
    let state = started(initialSearchState, 1, ['quick', 'stream']);
    expect(resultListOf(state)).toEqual({ quickPending: true, rows: [] });
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [streamed({ key: 'AUS:koala care', canonicalName: 'Koala Care' })] });
    expect(resultListOf(state).quickPending).toBe(true);
    expect(resultListOf(state).rows.map((row) => row.result.canonicalName)).toEqual(['Koala Care']);
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [internal()] });
    state = searchReducer(state, { type: 'finished', runId: 1, channel: 'quick' });
    const list = resultListOf(state);
    expect(list.quickPending).toBe(false);
    expect(list.rows.map((row) => row.result.canonicalName)).toEqual(['Acme Widgets Pty Ltd', 'Koala Care']);
  });

  it('appends later stream rows below and updates a row in place, each row keeping its position (option id)', () => {
    let state = started(initialSearchState, 1, ['quick', 'stream']);
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [internal()] });
    state = searchReducer(state, { type: 'finished', runId: 1, channel: 'quick' });
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [streamed({ key: 'AUS:beta', canonicalName: 'Beta' })] });
    const before = resultListOf(state).rows.map((row) => [row.result.canonicalName, row.position]);
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [streamed(), streamed({ key: 'AUS:gamma', canonicalName: 'Gamma' })] });
    const after = resultListOf(state).rows;
    expect(after.map((row) => [row.result.canonicalName, row.position])).toEqual([...before, ['Gamma', 2]]);
    expect(after[0]?.result.sources).toEqual(['internal', 'registry_au']);
  });

  it('shows only the rows the scope keeps, in the same order and positions', () => {
    let state = started(initialSearchState, 1, ['quick']);
    state = searchReducer(state, {
      type: 'candidates',
      runId: 1,
      candidates: [internal({ accountLinked: true }), internal({ key: 'AUS:beta', existingOrgId: 'org-2', canonicalName: 'Beta' })],
    });
    const unlinked = resultListOf(state, (result) => !result.accountLinked).rows;
    expect(unlinked.map((row) => [row.result.canonicalName, row.position])).toEqual([['Beta', 1]]);
  });
});

describe('a quick row that answers after the stream', () => {
  it("reads as if it had come first: the organisation's own name, description and website, the row keeping its identity", () => {
    let state = started(initialSearchState, 1, ['quick', 'stream']);
    state = searchReducer(state, {
      type: 'candidates',
      runId: 1,
      candidates: [streamed({ canonicalName: 'ACME WIDGETS PTY LTD', description: 'Australian Private Company', website: null, existingOrgId: 'org-1' })],
    });
    const rowKey = resultsOf(state)[0]?.rowKey;
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [internal({ accountLinked: true })] });
    const rows = resultsOf(state);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      rowKey,
      canonicalName: 'Acme Widgets Pty Ltd',
      description: 'Widgets',
      website: 'https://acmewidgets.com.au',
      accountLinked: true,
      matchedBusinessName: 'Acme',
      identifiers: [{ type: 'ABN', value: '51824753556' }],
      sources: ['registry_au', 'internal'],
    });
    expect(resultListOf(state).rows[0]?.position).toBe(0);
  });
});

describe('cancelled', () => {
  it('stops the channels still running and leaves the finished ones done; the run is no longer searching', () => {
    let state = started(initialSearchState, 1, ['quick', 'stream']);
    state = searchReducer(state, { type: 'finished', runId: 1, channel: 'quick' });
    state = searchReducer(state, { type: 'cancelled', runId: 1 });
    expect(state.channels).toEqual({ quick: 'done', stream: 'stopped' });
    expect(state.status).toBe('done');
    expect(searchReducer(state, { type: 'cancelled', runId: 0 })).toBe(state);
  });
});

describe('registry status in the merged list (issue 20)', () => {
  const dissolved = { status: 'inactive' as const, wording: 'Dissolved', date: '2020-11-17' };
  it('a streamed dissolved company that arrives first ranks after an active namesake the stream sends later', () => {
    let state = started(initialSearchState, 1, ['stream']);
    state = searchReducer(state, {
      type: 'candidates',
      runId: 1,
      candidates: [
        streamed({
          key: 'GBR|meridian ridge',
          canonicalName: 'MERIDIAN RIDGE LIMITED',
          registryStatus: dissolved,
          identifiers: [{ type: 'CH', value: '10987654' }],
        }),
        streamed({ key: 'GBR|meridian ridge#2', canonicalName: 'MERIDIAN RIDGE LTD', identifiers: [{ type: 'CH', value: '11111111' }] }),
      ],
    });
    expect(resultsOf(state).map((r) => [r.canonicalName, r.registryStatus.status])).toEqual([
      ['MERIDIAN RIDGE LTD', 'unknown'],
      ['MERIDIAN RIDGE LIMITED', 'inactive'],
    ]);
  });

  it("a registry's known status wins over the stored unknown one when rows merge, and the merged row is never a match", () => {
    let state = started(initialSearchState, 1, ['quick', 'stream']);
    state = searchReducer(state, { type: 'candidates', runId: 1, candidates: [internal({ key: 'AUS|acme', existingOrgId: 'org-1' })] });
    expect(resultsOf(state)[0]?.match.match).toBe(true);
    state = searchReducer(state, {
      type: 'candidates',
      runId: 1,
      candidates: [streamed({ key: 'AUS|acme', existingOrgId: 'org-1', registryStatus: { status: 'inactive', wording: 'Cancelled', date: null } })],
    });
    const [row] = resultsOf(state);
    expect(row?.registryStatus).toEqual({ status: 'inactive', wording: 'Cancelled', date: null });
    expect(row?.match.match).toBe(false);
  });
});

describe('a kept search shown again and a stream waiting out a 429', () => {
  const begin = () => searchReducer(initialSearchState, { type: 'started', runId: 1, query: 'murray', country: 'AUS', channels: ['quick', 'stream'] });

  it('restored: the kept state under the new run id, so nothing of an older run reaches it', () => {
    const kept = searchReducer(begin(), { type: 'finished', runId: 1, channel: 'quick' });
    const restored = searchReducer(begin(), { type: 'restored', runId: 7, state: kept });
    expect(restored).toEqual({ ...kept, runId: 7 });
    expect(searchReducer(restored, { type: 'finished', runId: 1, channel: 'stream' })).toBe(restored);
  });

  it('streamRetry: the stream keeps running while it waits; the wait ends with the stream', () => {
    let state = searchReducer(begin(), { type: 'streamRetry', runId: 1, retryAt: 5_000 });
    expect(state).toMatchObject({ status: 'searching', streamRetryAt: 5_000, channels: { stream: 'running' } });
    expect(searchReducer(state, { type: 'streamRetry', runId: 2, retryAt: 9_000 })).toBe(state);
    state = searchReducer(state, { type: 'streamRetry', runId: 1, retryAt: null });
    expect(state.streamRetryAt).toBeNull();
    state = searchReducer(searchReducer(state, { type: 'streamRetry', runId: 1, retryAt: 6_000 }), { type: 'cancelled', runId: 1 });
    expect(state).toMatchObject({ streamRetryAt: null, channels: { stream: 'stopped' } });
    expect(searchReducer(state, { type: 'streamRetry', runId: 1, retryAt: 7_000 }).streamRetryAt).toBeNull();
  });
});
