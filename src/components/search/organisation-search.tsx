'use client';
/**
 * The organisation search surface, one component for every variant the spec names: `dashboard`, `engage`,
 * `engage-sticky` (compact: no scope selector, no toggles) and `overlay` (like dashboard).
 *
 * - Enter (with no option highlighted) or the button runs a search; typing alone never does; a
 *   trimmed-empty query does nothing. A run pushes `q` and `country` to the URL; the initial values come
 *   from the URL and never auto-run; Back and Forward hand the entry's values back to the form.
 * - The input is a WAI-ARIA combobox over the results listbox: ArrowDown/ArrowUp move the highlight
 *   (`aria-activedescendant`), Enter selects the highlighted row, Escape collapses the results or, when
 *   collapsed, clears the query, the results and `q`. A Stop control cancels a run in flight.
 * - With `hybridSearch`, the focus panel: scope filter, toggles, and the refetch rule (core/focus-panel.ts).
 * - Search-mode state: `activate()` on focus, `setHasSearchContent`, a registered cleanup, reset on
 *   unmount, `closeSearch()` after a successful selection.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  externalSearchOptions,
  initialFocusPanel,
  shownByPanel,
  needsRefetch,
  skipsExternalSearch,
  withCountry,
  type FocusPanelState,
} from '../../core/focus-panel';
import type { IdentifierSuggestion } from '../../core/candidates';
import { useSearchMode } from '../search-mode/search-mode-provider';
import { CountryPicker, type CountryPickerOptions } from './country-picker';
import { FocusPanel } from './focus-panel';
import { keptHighlight, movedHighlight } from './result-highlight';
import { SearchResults, type CountryFlags } from './search-results';
import { resultListOf, type OrganisationResult } from './search-results-state';
import { searchSnapshots, takeTakenOffListNote, takenOffListMessage, type SearchSnapshot } from './search-entry-snapshots';
import { clearSearchFromUrl, currentSearchEntry, pushSearchToUrl, useSearchUrlRestore } from './use-search-url';
import './search-surface.css';
import { useOrganisationSearch } from './use-organisation-search';
import { useResultSelection } from './use-result-selection';

export type SearchSurfaceVariant = 'dashboard' | 'engage' | 'engage-sticky' | 'overlay';

export interface OrganisationSearchProps {
  readonly initialQuery: string;
  readonly initialCountry: string;
  readonly countries: CountryPickerOptions;
  readonly flags: CountryFlags;
  /** `engage` is the search wrapped for the engage page; `engage-sticky` its compact header variant; `overlay` the command-K overlay. */
  readonly variant?: SearchSurfaceVariant;
  /** Flag `hybridSearch` (evaluated on the server): the focus panel and its options in the stream request. */
  readonly hybridSearch?: boolean;
  /** Flag `devMode` (evaluated on the server): rows also show existing/new, sources, raw key and registry score. */
  readonly devMode?: boolean;
}

const signIn = () => window.location.assign('/sign-in');

export function OrganisationSearch({
  initialQuery,
  initialCountry,
  countries,
  flags,
  variant = 'dashboard',
  hybridSearch = false,
  devMode = false,
}: OrganisationSearchProps) {
  const { activate, setHasSearchContent, registerCleanup, closeSearch, resetOnUnmount } = useSearchMode();
  const [query, setQuery] = useState(initialQuery);
  const [panel, setPanel] = useState<FocusPanelState>(() => initialFocusPanel(initialCountry));
  const [expanded, setExpanded] = useState(false);
  const [highlight, setHighlight] = useState<{ runId: number; rowKey: string | null }>({ runId: 0, rowKey: null });
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** A selection succeeded and the page is leaving: closing search then only stops the stream. */
  const leaving = useRef(false);
  const { state, run, cancel, clear, restore } = useOrganisationSearch({ onUnauthorized: signIn });
  /** The search entry id of the history entry this surface's search belongs to (search-entry-snapshots.ts). */
  const entry = useRef<string | null>(null);
  /** "No" on the confirm header brought this search back: the organisation it took off the list. */
  const [takenOff, setTakenOff] = useState<string | null>(null);
  const onSelected = useCallback(() => {
    leaving.current = true;
    closeSearch();
  }, [closeSearch]);
  const selection = useResultSelection({ runId: state.runId, query: state.query, country: state.country, onSelected });
  const id = useId();
  const listboxId = `${id}-results`;
  const optionId = useCallback((position: number) => `${id}-option-${position}`, [id]);

  const showPanel = hybridSearch && variant !== 'engage-sticky';
  const list = resultListOf(state, (result) => shownByPanel(panel, result));
  const rowKeys = list.rows.map((row) => row.result.rowKey);
  const highlighted = highlight.runId === state.runId ? keptHighlight(rowKeys, highlight.rowKey) : null;
  const highlightedRow = list.rows.find((row) => row.result.rowKey === highlighted);
  const hasResults = state.status !== 'idle';
  const open = expanded && hasResults;
  const activeOption = open && highlightedRow ? optionId(highlightedRow.position) : undefined;

  const runSearch = useCallback(
    (text: string, next: FocusPanelState) => {
      setExpanded(true);
      setTakenOff(null);
      entry.current = pushSearchToUrl({ query: text, country: next.country });
      void run(text, next.country, { external: !skipsExternalSearch(next.scope), ...(hybridSearch ? externalSearchOptions(next) : {}) });
    },
    [hybridSearch, run],
  );

  const clearSearch = useCallback(() => {
    clear();
    setQuery('');
    setExpanded(false);
    setTakenOff(null);
    if (entry.current !== null) searchSnapshots.forget(entry.current);
    entry.current = null;
    clearSearchFromUrl();
  }, [clear]);

  /** A kept search shown again: the query box, the focus panel, the results and whether they were open. */
  const showKept = useCallback(
    (kept: SearchSnapshot) => {
      setQuery(kept.query);
      setPanel(kept.panel);
      setExpanded(kept.expanded);
      setTakenOff(null);
      restore(kept.state);
    },
    [restore],
  );

  // What this surface shows is kept under its history entry, for Back and Forward (not while idle). The query box
  // is kept as the query the results are for: text typed afterwards belongs to the next search and its own entry.
  useEffect(() => {
    if (entry.current !== null && state.status !== 'idle') searchSnapshots.keep(entry.current, { query: state.query, panel, expanded, state });
  }, [panel, expanded, state]);

  // Arriving on an entry a search ran in (Back or Forward from the page a selection opened) shows that search
  // again; arriving after "No" on the confirm header runs its search again and says what was taken off the list.
  // A fresh visit (a pasted URL, a new tab, a reload) has neither: `q` only seeds the form.
  const arrived = useRef(false);
  useLayoutEffect(() => {
    if (arrived.current) return;
    arrived.current = true;
    const id = currentSearchEntry();
    const kept = searchSnapshots.find(id);
    if (kept) {
      entry.current = id;
      showKept(kept);
      return;
    }
    const note = takeTakenOffListNote({ query: initialQuery, country: initialCountry });
    if (note) {
      runSearch(note.query, panel);
      setTakenOff(note.organisationName);
    }
  }, [initialCountry, initialQuery, panel, runSearch, showKept]);

  // Search-mode state: content reported, a cleanup registered for closeSearch(), flags reset on unmount.
  const hasSearchContent = query !== '' || hasResults;
  useEffect(() => setHasSearchContent(hasSearchContent), [hasSearchContent, setHasSearchContent]);
  useEffect(
    () =>
      registerCleanup(() => {
        if (!leaving.current) return clearSearch();
        // After a selection the page is leaving: only the stream stops (the rows stay until the destination
        // shows). A surface that stays mounted (the overlay) clears normally the next time search closes.
        leaving.current = false;
        cancel();
      }),
    [cancel, clearSearch, registerCleanup],
  );
  useEffect(() => () => resetOnUnmount(), [resetOnUnmount]);

  const knownCountry = useCallback((code: string) => [...countries.pinned, ...countries.rest].some((option) => option.code === code), [countries]);
  useSearchUrlRestore(
    useCallback(
      (values: { query: string; country: string | null; entry: string | null }) => {
        entry.current = values.entry;
        const kept = searchSnapshots.find(values.entry);
        if (kept) return showKept(kept);
        // An entry no search ran in (or one from before this tab's page was loaded): its values only.
        if (hasResults) clear();
        setExpanded(false);
        setTakenOff(null);
        setQuery(values.query);
        const country = values.country;
        if (country !== null && knownCountry(country)) setPanel((current) => withCountry(current, country));
      },
      [clear, hasResults, knownCountry, showKept],
    ),
  );

  useEffect(() => {
    if (activeOption) document.getElementById(activeOption)?.scrollIntoView({ block: 'nearest' });
  }, [activeOption]);

  function changePanel(next: FocusPanelState) {
    const previous = panel;
    setPanel(next);
    if (hasResults && state.query !== '' && needsRefetch(previous, next)) runSearch(state.query, next);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = query.trim();
    if (!trimmed || !panel.country) return;
    runSearch(trimmed, panel);
  }

  /** "Did you mean …?": the suggested identifier becomes the query and runs; focus goes back to the query box. */
  function pickSuggestion(suggestion: IdentifierSuggestion) {
    setQuery(suggestion.formatted);
    moveHighlight(null);
    runSearch(suggestion.formatted, panel);
    inputRef.current?.focus();
  }

  function moveHighlight(rowKey: string | null) {
    setHighlight({ runId: state.runId, rowKey });
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>, from: 'input' | 'list') {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (rowKeys.length === 0) return;
        event.preventDefault();
        if (!open) setExpanded(true);
        moveHighlight(movedHighlight(rowKeys, open ? highlighted : null, event.key === 'ArrowDown' ? 'next' : 'previous'));
        return;
      }
      case 'Home':
      case 'End': {
        if (from !== 'list' || !open || rowKeys.length === 0) return;
        event.preventDefault();
        moveHighlight(movedHighlight(rowKeys, highlighted, event.key === 'Home' ? 'first' : 'last'));
        return;
      }
      case 'Enter': {
        if (!open || !highlightedRow) return; // from the input, the form runs the search
        event.preventDefault();
        selection.select(highlightedRow.result);
        return;
      }
      case 'Escape': {
        // One layer per press: collapse the results, then clear the search; with nothing left to clear the key
        // goes on to whatever holds the surface (the command-K overlay closes).
        if (!open && !hasSearchContent) return;
        event.preventDefault();
        event.stopPropagation();
        if (open) {
          setExpanded(false);
          moveHighlight(null);
        } else {
          clearSearch();
        }
        if (from === 'list') inputRef.current?.focus();
        return;
      }
    }
  }

  const searching = state.status === 'searching';
  // The row being selected is the highlighted one (one focus ring, on that row), however it was chosen.
  const selectionWithHighlight = {
    ...selection,
    select: (result: OrganisationResult) => {
      setHighlight({ runId: state.runId, rowKey: result.rowKey });
      selection.select(result);
    },
  };
  return (
    <div className={`organisation-search organisation-search-${variant}`}>
      <form role="search" aria-label="Organisation search" className="search-form" onSubmit={onSubmit}>
        <label htmlFor={`${id}-q`} className="visually-hidden">
          Search organisations
        </label>
        <div className="search-query-field">
          <input
            ref={inputRef}
            id={`${id}-q`}
            name="q"
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open && rowKeys.length > 0}
            aria-controls={hasResults ? listboxId : undefined}
            aria-activedescendant={activeOption}
            className="search-input"
            value={query}
            onChange={(event) => {
              // Editing the query leaves the results: Enter then runs the new query rather than selecting a row.
              setQuery(event.target.value);
              moveHighlight(null);
            }}
            onFocus={activate}
            onKeyDown={(event) => onKeyDown(event, 'input')}
            placeholder="Organisation name, ABN or website"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={200}
          />
          {/* Always laid out inside the query box, shown only while a run is in flight: nothing moves as it comes and goes. */}
          <button type="button" className="button search-stop" onClick={cancel} data-idle={searching ? undefined : true} tabIndex={searching ? undefined : -1}>
            Stop
          </button>
        </div>
        <CountryPicker
          countries={countries}
          flags={flags}
          value={panel.country}
          onChange={(code) => changePanel(withCountry(panel, code))}
          compact={variant === 'engage-sticky'}
        />
        <div className="search-actions">
          <button type="submit" className="button button-primary">
            Search
          </button>
        </div>
      </form>
      {showPanel ? <FocusPanel panel={panel} onChange={changePanel} /> : null}
      {takenOff !== null ? (
        <p className="search-notice search-taken-off" role="status">
          {takenOffListMessage(takenOff)}
        </p>
      ) : null}
      {hasResults ? (
        <div className="search-popup" hidden={!open}>
          <SearchResults
            state={state}
            list={list}
            total={state.order.length}
            listboxId={listboxId}
            optionId={optionId}
            highlighted={highlighted}
            flags={flags}
            devMode={devMode}
            selection={selectionWithHighlight}
            listRef={listRef}
            onListKeyDown={(event) => onKeyDown(event, 'list')}
            onSuggestion={pickSuggestion}
            onListFocus={() => {
              if (highlighted === null && rowKeys.length > 0) moveHighlight(rowKeys[0] ?? null);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
