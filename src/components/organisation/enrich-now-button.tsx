'use client';
/** "Enrich now": triggerEnrichmentAction, then the profile is PENDING and followed live again. */
import { useState } from 'react';
import { useServerActions } from '../providers/server-actions';
import { useMarkProfilePending } from './use-organisation-profile';

export function EnrichNowButton({ organisationId }: { organisationId: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const markPending = useMarkProfilePending(organisationId);
  const { triggerEnrichment } = useServerActions();

  async function enrich() {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const outcome = await triggerEnrichment({ organisationId });
      if (outcome.ok) {
        markPending();
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
      <button type="button" className="button button-primary" onClick={enrich} aria-disabled={pending || undefined}>
        {pending ? 'Requesting…' : 'Enrich now'}
      </button>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
