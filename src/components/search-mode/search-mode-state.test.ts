import { describe, expect, it } from 'vitest';
import { initialSearchModeState, inSearchMode, searchModeReducer } from './search-mode-state';

describe('search-mode state', () => {
  it('starts outside search mode', () => {
    expect(inSearchMode(initialSearchModeState)).toBe(false);
  });

  it('is in search mode while search is active (input focused, or a launcher arrived with searchIntent)', () => {
    const state = searchModeReducer(initialSearchModeState, { type: 'activated' });
    expect(state.isSearchActive).toBe(true);
    expect(inSearchMode(state)).toBe(true);
  });

  it('is in search mode while there is search content (query non-empty or a search has run)', () => {
    const state = searchModeReducer(initialSearchModeState, { type: 'contentChanged', hasSearchContent: true });
    expect(inSearchMode(state)).toBe(true);
    expect(inSearchMode(searchModeReducer(state, { type: 'contentChanged', hasSearchContent: false }))).toBe(false);
  });

  it('closeSearch() and unmount reset both flags', () => {
    const active = searchModeReducer(searchModeReducer(initialSearchModeState, { type: 'activated' }), { type: 'contentChanged', hasSearchContent: true });
    expect(searchModeReducer(active, { type: 'reset' })).toEqual(initialSearchModeState);
  });

  it('keeps the same object when nothing changes (no re-render)', () => {
    expect(searchModeReducer(initialSearchModeState, { type: 'reset' })).toBe(initialSearchModeState);
    const active = searchModeReducer(initialSearchModeState, { type: 'activated' });
    expect(searchModeReducer(active, { type: 'activated' })).toBe(active);
  });
});
