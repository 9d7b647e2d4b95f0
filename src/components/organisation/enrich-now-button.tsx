'use client';
/**
 * "Enrich now": triggerEnrichmentAction, then the profile is PENDING and followed live again (also when the request
 * joined an enrichment already pending). A refusal (the account's re-enrichment limit, a shared profile that is
 * still fresh, an organisation that is gone) is shown under the button in words, announced (role="alert") and
 * tied to the button (aria-describedby), so the reason is read out when the button is reached again.
 */
import { useId, useState } from 'react';
import { useServerActions } from '../providers/server-actions';
import { useMarkProfilePending } from './use-organisation-profile';

/** `onRequested`: what else follows the accepted request (the identify sidebar re-reads its record). */
export function EnrichNowButton({ organisationId, onRequested }: { organisationId: string; onRequested?: () => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const markPending = useMarkProfilePending(organisationId);
  const { triggerEnrichment } = useServerActions();

  // Never rejects (a failure becomes the error line), so the button calls it with `void`.
  async function enrich() {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const outcome = await triggerEnrichment({ organisationId });
      if (outcome.ok) {
        markPending();
        onRequested?.();
      } else {
        setError(outcome.error.message);
      }
    } catch {
      setError('Enrichment could not be requested. Check your connection and try again.');
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="enrich-now">
      <button
        type="button"
        className="button button-primary"
        onClick={() => void enrich()}
        aria-disabled={pending || undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {pending ? 'Requesting…' : 'Enrich now'}
      </button>
      {error ? (
        <p id={errorId} role="alert" className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
