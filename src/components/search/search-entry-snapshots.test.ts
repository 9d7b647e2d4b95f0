import { describe, expect, it } from 'vitest';
import { initialFocusPanel } from '../../core/focus-panel';
import {
  createSnapshotStore,
  noteTakenOffList,
  restorableState,
  searchEntryOf,
  takeTakenOffListNote,
  takenOffListMessage,
  withSearchEntry,
  type SearchSnapshot,
} from './search-entry-snapshots';
import { initialSearchState, searchReducer, type SearchState } from './search-results-state';

const started = (channels: ('quick' | 'stream')[] = ['quick', 'stream']): SearchState =>
  searchReducer(initialSearchState, { type: 'started', runId: 3, query: 'murray', country: 'AUS', channels });

const snapshot = (state: SearchState, query = 'murray'): SearchSnapshot => ({ query, panel: initialFocusPanel('AUS'), expanded: true, state });

describe('the search entry id in history.state', () => {
  it('is read back from the state it was written into, every other field kept (Next.js keeps its own there)', () => {
    const next = { __NA: true, __PRIVATE_NEXTJS_INTERNALS_TREE: ['tree'] };
    const written = withSearchEntry(next, 'e1');
    expect(written).toEqual({ ...next, searchEntry: 'e1' });
    expect(searchEntryOf(written)).toBe('e1');
  });
  it('is null for an entry no search ran in', () => {
    expect(searchEntryOf(null)).toBeNull();
    expect(searchEntryOf({ __NA: true })).toBeNull();
    expect(searchEntryOf({ searchEntry: 42 })).toBeNull();
    expect(searchEntryOf({ searchEntry: '' })).toBeNull();
  });
});

describe('the kept searches', () => {
  it('show an entry again as it was kept: query box, focus panel, results', () => {
    const store = createSnapshotStore();
    const done = searchReducer(searchReducer(started(), { type: 'finished', runId: 3, channel: 'quick' }), { type: 'finished', runId: 3, channel: 'stream' });
    const kept = { ...snapshot(done, 'murray river'), panel: { ...initialFocusPanel('AUS'), scope: 'new' as const, businessNames: true } };
    store.keep('e1', kept);
    expect(store.find('e1')).toEqual(kept);
    expect(store.find('e2')).toBeNull();
    expect(store.find(null)).toBeNull();
  });

  it('never claim to be searching: a run left while streaming comes back with its running channels stopped', () => {
    const store = createSnapshotStore();
    store.keep('e1', snapshot(searchReducer(started(), { type: 'finished', runId: 3, channel: 'quick' })));
    const found = store.find('e1');
    expect(found?.state.status).toBe('done');
    expect(found?.state.channels).toEqual({ quick: 'done', stream: 'stopped' });
    expect(restorableState(started()).status).toBe('done');
  });

  it('keep the most recent entries only, and forget a cleared one', () => {
    const store = createSnapshotStore(2);
    store.keep('e1', snapshot(started()));
    store.keep('e2', snapshot(started()));
    store.keep('e1', snapshot(started())); // kept again: now the most recent
    store.keep('e3', snapshot(started()));
    expect(store.find('e2')).toBeNull();
    expect(store.find('e1')).not.toBeNull();
    store.forget('e1');
    expect(store.find('e1')).toBeNull();
    expect(store.find('e3')).not.toBeNull();
  });
});

describe('"No" on the confirm header', () => {
  it('leaves a note that the search it came from takes once', () => {
    noteTakenOffList({ query: 'murray', country: 'AUS', organisationName: 'Murray River Wines Limited' });
    expect(takeTakenOffListNote({ query: 'murray', country: 'AUS' })).toEqual({
      query: 'murray',
      country: 'AUS',
      organisationName: 'Murray River Wines Limited',
    });
    expect(takeTakenOffListNote({ query: 'murray', country: 'AUS' })).toBeNull();
  });
  it('is dropped by another search, and never runs an empty query', () => {
    noteTakenOffList({ query: 'murray', country: 'AUS', organisationName: 'X' });
    expect(takeTakenOffListNote({ query: 'murray', country: 'NZL' })).toBeNull();
    expect(takeTakenOffListNote({ query: 'murray', country: 'AUS' })).toBeNull();
    noteTakenOffList({ query: '', country: 'AUS', organisationName: 'X' });
    expect(takeTakenOffListNote({ query: '', country: 'AUS' })).toBeNull();
  });
  it('says which company was taken off the list', () => {
    expect(takenOffListMessage('Murray River Wines Limited')).toBe('Murray River Wines Limited was taken off your list. Here is your search again.');
  });
});
