/**
 * A search kept per history entry while the tab is open (issue 21, section 1): "open a result, go back, open the
 * next". A run marks its history entry with an id (`searchEntry` in `history.state`, beside Next.js's own state);
 * the surface keeps a snapshot of what it shows under that id (the query the results are for, the focus panel,
 * whether the results were open, the merged results). Back or Forward to that entry, from the same page or from the page a
 * selection opened, shows the snapshot again; nothing is searched.
 *
 * Kept in memory (the page's JavaScript lives as long as the tab's client-side navigation does): a fresh tab, a
 * pasted URL or a reload has no snapshot, so the spec's "a deep-linked q does not auto-run" holds for them.
 * A run still streaming when its page was left is kept with its running channels marked stopped, so the restored
 * list never claims to be searching.
 */
import type { FocusPanelState } from '../../core/focus-panel';
import { searchReducer, type SearchState } from './search-results-state';

export interface SearchSnapshot {
  /** The query box as it is shown again: the query the results are for. */
  readonly query: string;
  readonly panel: FocusPanelState;
  /** The results popup was open. */
  readonly expanded: boolean;
  readonly state: SearchState;
}

/** Entries kept at most; past it, the oldest is dropped. */
export const MAX_KEPT_SEARCHES = 50;

const ENTRY_FIELD = 'searchEntry';

/** The search entry id a history state carries, if any. */
export function searchEntryOf(historyState: unknown): string | null {
  if (typeof historyState !== 'object' || historyState === null || !(ENTRY_FIELD in historyState)) return null;
  const id: unknown = (historyState as Record<string, unknown>)[ENTRY_FIELD];
  return typeof id === 'string' && id !== '' ? id : null;
}

/** A history state carrying `id`, every other field kept (Next.js keeps its own there). */
export function withSearchEntry(historyState: unknown, id: string): Record<string, unknown> {
  const base = typeof historyState === 'object' && historyState !== null ? (historyState as Record<string, unknown>) : {};
  return { ...base, [ENTRY_FIELD]: id };
}

let counter = 0;
/** A fresh entry id (unique within the tab). */
export function newSearchEntryId(): string {
  counter += 1;
  return `${Date.now().toString(36)}-${counter}`;
}

/** The state to show again: channels still running when it was kept read as stopped (nothing streams into it). */
export function restorableState(state: SearchState): SearchState {
  return searchReducer(state, { type: 'cancelled', runId: state.runId });
}

/** Snapshots by entry id, the most recently kept last. */
export function createSnapshotStore(limit = MAX_KEPT_SEARCHES) {
  const snapshots = new Map<string, SearchSnapshot>();
  return {
    keep(id: string, snapshot: SearchSnapshot): void {
      snapshots.delete(id);
      snapshots.set(id, snapshot);
      while (snapshots.size > limit) {
        const oldest = snapshots.keys().next().value;
        if (oldest === undefined) break;
        snapshots.delete(oldest);
      }
    },
    /** The snapshot of an entry, ready to show (see restorableState), or null. */
    find(id: string | null): SearchSnapshot | null {
      const snapshot = id === null ? undefined : snapshots.get(id);
      return snapshot ? { ...snapshot, state: restorableState(snapshot.state) } : null;
    },
    forget(id: string): void {
      snapshots.delete(id);
    },
  };
}

/** The tab's one store. */
export const searchSnapshots = createSnapshotStore();

/**
 * "No" on the confirm header: the search it came from comes back with its results, and a line says the company was
 * taken off the list. The header leaves a note; the search surface of the URL's `q` and `country` takes it once.
 */
export interface TakenOffListNote {
  readonly query: string;
  readonly country: string;
  readonly organisationName: string;
}

let pendingNote: TakenOffListNote | null = null;

export function noteTakenOffList(note: TakenOffListNote): void {
  pendingNote = note;
}

/** The note for this search, once; a note for another search is dropped. */
export function takeTakenOffListNote(search: { query: string; country: string }): TakenOffListNote | null {
  const note = pendingNote;
  pendingNote = null;
  if (note === null || note.query.trim() === '' || note.query !== search.query || note.country !== search.country) return null;
  return note;
}

/** The line the search shows after "No". */
export function takenOffListMessage(organisationName: string): string {
  return `${organisationName} was taken off your list. Here is your search again.`;
}
