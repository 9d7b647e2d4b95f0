'use client';
/**
 * Selecting a result row: `selectOrganisationAction` with the row's payload, the country the search ran
 * with and the URL's `searchIntent`, then the destination (with the confirm request for a new
 * organisation). One selection at a time: while one is in flight (and while its navigation runs) every
 * other select is ignored. A rejected selection is kept per row for its inline error tile. `onSelected`
 * runs after a successful selection, just before the navigation (the surface closes search there).
 * A row the register lists as inactive is not selected at once: it waits in `confirming` until the user
 * confirms ("Select anyway") or dismisses the question (selectionNeedsConfirmation).
 */
import { useRouter } from 'next/navigation';
import { useCallback, useRef, useState } from 'react';
import type { ActionError } from '../../core/action-result';
import { useServerActions } from '../providers/server-actions';
import type { OrganisationResult } from './search-results-state';
import { searchIntentOf } from '../../core/selection';
import { selectionCandidateOf, selectionNeedsConfirmation, selectionTarget } from './selection';

export interface RowSelection {
  /** The row being selected (busy), if any. */
  readonly selecting: string | null;
  /** Rejections of this search run, by row key (a new run starts with none). */
  readonly errors: Readonly<Record<string, ActionError>>;
  select(result: OrganisationResult): void;
  /** An inactive row waiting for "Select it anyway?", if any. */
  readonly confirming: OrganisationResult | null;
  /** Selects the row waiting for confirmation. */
  confirm(): void;
  /** Drops the question: nothing is selected. */
  dismiss(): void;
}

const NO_ERRORS: Readonly<Record<string, ActionError>> = {};
const UNREACHABLE: ActionError = { name: 'UnavailableError', message: 'The selection could not be sent. Check your connection and try again.' };

export function useResultSelection(search: { runId: number; query: string; country: string; onSelected?: () => void }): RowSelection {
  const router = useRouter();
  const { selectOrganisation } = useServerActions();
  const [selecting, setSelecting] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<OrganisationResult | null>(null);
  const [rejections, setRejections] = useState<{ runId: number; byRow: Record<string, ActionError> }>({ runId: search.runId, byRow: {} });
  const inFlight = useRef(false);
  const { runId, onSelected } = search;

  const run = useCallback(
    (result: OrganisationResult) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setConfirming(null);
      setSelecting(result.rowKey);
      setRejections((known) => {
        if (known.runId !== runId || !(result.rowKey in known.byRow)) return known;
        const byRow = { ...known.byRow };
        delete byRow[result.rowKey];
        return { runId, byRow };
      });
      const intent = searchIntentOf(window.location.search);
      void (async () => {
        let failure: ActionError | null = null;
        try {
          const outcome = await selectOrganisation({
            candidate: selectionCandidateOf(result),
            countryIsoAlpha3: search.country,
            ...(intent ? { searchIntent: intent } : {}),
          });
          if (outcome.ok) {
            // Stays busy until the destination replaces this page.
            onSelected?.();
            router.push(selectionTarget(outcome.data, { intent, query: search.query, country: search.country }));
            return;
          }
          failure = outcome.error;
          if (outcome.error.name === 'UnauthorizedError') window.location.assign('/sign-in');
        } catch {
          failure = UNREACHABLE;
        }
        inFlight.current = false;
        setSelecting(null);
        const error = failure;
        setRejections((known) => ({ runId, byRow: { ...(known.runId === runId ? known.byRow : {}), [result.rowKey]: error } }));
      })();
    },
    [onSelected, router, runId, search.country, search.query, selectOrganisation],
  );

  const select = useCallback(
    (result: OrganisationResult) => {
      if (inFlight.current) return;
      if (selectionNeedsConfirmation(result)) setConfirming(result);
      else run(result);
    },
    [run],
  );
  const confirm = useCallback(() => {
    if (confirming) run(confirming);
  }, [confirming, run]);
  const dismiss = useCallback(() => setConfirming(null), []);

  return { selecting, errors: rejections.runId === runId ? rejections.byRow : NO_ERRORS, select, confirming, confirm, dismiss };
}
