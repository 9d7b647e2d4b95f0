'use client';
/**
 * The confirm header (spec: "Selection destination"): a new selection arrives with `confirm=1` and asks
 * "Is this the company you were looking for?". Yes keeps the organisation and drops the request from the
 * URL (the header stays where it was, at its height, saying the organisation stays, so the page does not jump);
 * No rejects the selection (the organisation leaves the account's list) and returns to the search, which
 * runs again and says the organisation was taken off the list (search-entry-snapshots.ts).
 * Mounted by the organisation layout, so it shows on every destination (profile, analyst, spotlight, engage).
 */
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useRef, useState } from 'react';
import { useServerActions } from '../providers/server-actions';
import { noteTakenOffList } from '../search/search-entry-snapshots';
import { confirmRequestOf, returnToSearchUrl, urlWithoutConfirm } from './confirm-selection';

export const ORGANISATION_TITLE_ID = 'organisation-title';

export function ConfirmSelectionHeader({ organisationId, organisationName }: { organisationId: string; organisationName: string }) {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const { rejectSelection } = useServerActions();
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Yes was answered: the header stays, at its height, saying so (the page below does not jump up). */
  const [kept, setKept] = useState<{ height: number } | null>(null);
  const section = useRef<HTMLElement>(null);
  const request = confirmRequestOf(new URLSearchParams(searchParams.toString()));
  if (kept) {
    return (
      <section className="confirm-selection confirm-selection-kept" style={{ minHeight: kept.height }} aria-labelledby="confirm-selection-kept">
        <p id="confirm-selection-kept" className="confirm-selection-question" role="status">
          {organisationName} stays in your organisations.
        </p>
      </section>
    );
  }
  if (!request) return null;

  function keep() {
    setKept({ height: section.current?.getBoundingClientRect().height ?? 0 });
    router.replace(urlWithoutConfirm(pathname, new URLSearchParams(searchParams.toString())), { scroll: false });
    // The question goes away: the focus moves to the organisation's name rather than to the page's start.
    document.getElementById(ORGANISATION_TITLE_ID)?.focus();
  }

  // Never rejects (a failure becomes the error line), so the button calls it with `void`.
  async function reject() {
    if (rejecting || !request) return;
    setRejecting(true);
    setError(null);
    try {
      // The search it came from: the "No" is remembered for it (issue 20, section 6).
      const outcome = await rejectSelection({ organisationId, query: request.query, country: request.country });
      if (outcome.ok) {
        // The search comes back with its results and a line saying the company was taken off the list.
        noteTakenOffList({ query: request.query, country: request.country, organisationName });
        router.replace(returnToSearchUrl(request));
        return;
      }
      setError(outcome.error.message);
    } catch {
      setError('The selection could not be undone. Check your connection and try again.');
    }
    setRejecting(false);
  }

  return (
    <section ref={section} className="confirm-selection" aria-labelledby="confirm-selection-question" aria-busy={rejecting || undefined}>
      <div className="confirm-selection-text">
        <h2 id="confirm-selection-question" className="confirm-selection-question">
          Is this the company you were looking for?
        </h2>
        <p className="confirm-selection-detail">
          {organisationName} was added to your organisations{request.query ? ` from your search for “${request.query}”` : ''}.
        </p>
      </div>
      <div className="confirm-selection-actions">
        <button type="button" className="button button-primary" onClick={keep} aria-disabled={rejecting || undefined}>
          Yes
        </button>
        <button type="button" className="button" onClick={() => void reject()} aria-disabled={rejecting || undefined}>
          {rejecting ? 'Removing…' : 'No'}
        </button>
      </div>
      {error ? (
        <p role="alert" className="form-error confirm-selection-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
