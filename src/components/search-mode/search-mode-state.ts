/**
 * Search-mode state of the interface (spec: "Search-mode state (interface)"), as a pure reducer.
 *
 * | Flag             | Set when                                                    | Cleared when                 |
 * |------------------|-------------------------------------------------------------|------------------------------|
 * | isSearchActive   | input focused, or a launcher arrives with searchIntent      | closeSearch(); unmount reset |
 * | hasSearchContent | query non-empty or a search has run                         | closeSearch(); unmount reset |
 *
 * inSearchMode = isSearchActive || hasSearchContent. Held in one provider above the header and the page
 * slots (search-mode-provider.tsx), so it survives client navigation; never derived from the URL.
 */
export interface SearchModeState {
  readonly isSearchActive: boolean;
  readonly hasSearchContent: boolean;
}

export type SearchModeAction =
  | { readonly type: 'activated' }
  | { readonly type: 'contentChanged'; readonly hasSearchContent: boolean }
  /** closeSearch() and the search surface's unmount: both flags reset. */
  | { readonly type: 'reset' };

export const initialSearchModeState: SearchModeState = { isSearchActive: false, hasSearchContent: false };

export function searchModeReducer(state: SearchModeState, action: SearchModeAction): SearchModeState {
  switch (action.type) {
    case 'activated':
      return state.isSearchActive ? state : { ...state, isSearchActive: true };
    case 'contentChanged':
      return state.hasSearchContent === action.hasSearchContent ? state : { ...state, hasSearchContent: action.hasSearchContent };
    case 'reset':
      return state.isSearchActive || state.hasSearchContent ? initialSearchModeState : state;
  }
}

export function inSearchMode(state: SearchModeState): boolean {
  return state.isSearchActive || state.hasSearchContent;
}
