'use client';
/**
 * The account told of a disabled webhook (issue 23, section 3: "an endpoint failing for a day is disabled and the
 * account is told"), on the `/changes` page: each disabled endpoint's URL, since when every attempt failed, when and
 * why it was disabled, and what to do. "Enable again" replays its latest failed delivery (the replay use case of the
 * API, which enables the endpoint and sends what it missed). In words in an alert region, not colour alone; after
 * enabling, a status message says so and the focus goes to the page's heading, since the pressed button is gone.
 */
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import type { DisabledWebhookEndpoint } from '../../core/webhooks';
import { useServerActions } from '../providers/server-actions';
import { ActionOutcome } from '../shell/action-outcome';

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{WHEN.format(new Date(iso))} UTC</time>;
}

export function DisabledWebhookNotice({ endpoints, focusAfterId }: { endpoints: readonly DisabledWebhookEndpoint[]; focusAfterId: string }) {
  const { replayWebhookDelivery } = useServerActions();
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const [pending, setPending] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const focusHeading = useRef(false);

  useEffect(() => {
    if (!focusHeading.current || refreshing) return;
    focusHeading.current = false;
    document.getElementById(focusAfterId)?.focus();
  }, [endpoints, refreshing, focusAfterId]);

  async function enable(endpoint: DisabledWebhookEndpoint, deliveryId: string) {
    if (pending !== null) return;
    setPending(endpoint.id);
    setError(null);
    try {
      const outcome = await replayWebhookDelivery({ endpointId: endpoint.id, deliveryId });
      if (!outcome.ok) {
        setError(outcome.error.message);
        return;
      }
      setStatus(`Webhook enabled again: ${endpoint.url}. Its latest failed delivery is being sent again, then the changes it missed.`);
      focusHeading.current = true;
      startRefresh(() => router.refresh());
    } catch {
      setError('The webhook could not be enabled. Check your connection and try again.');
    } finally {
      setPending(null);
    }
  }

  return (
    <>
      <ActionOutcome status={status} error={error} />
      {endpoints.length > 0 ? (
        <section className="webhook-notice" aria-labelledby="webhook-notice-heading">
          <h2 id="webhook-notice-heading">{endpoints.length === 1 ? 'A webhook is disabled' : `${endpoints.length} webhooks are disabled`}</h2>
          <div role="alert">
            <ul className="webhook-notice-list">
              {endpoints.map((endpoint) => {
                const describedBy = `webhook-notice-${endpoint.id}`;
                const replayId = endpoint.replayDeliveryId;
                return (
                  <li key={endpoint.id} className="webhook-notice-item">
                    <div id={describedBy}>
                      <p className="webhook-notice-url">
                        <strong>Disabled:</strong> <code>{endpoint.url}</code> receives no changes.
                      </p>
                      <p>
                        {endpoint.failingSince !== null ? (
                          <>
                            Every delivery attempt failed since <When iso={endpoint.failingSince} />;{' '}
                          </>
                        ) : null}
                        disabled at <When iso={endpoint.disabledAt} />. Why: {endpoint.disabledReason}.
                      </p>
                      <p>
                        {replayId !== null
                          ? 'What to do: make the receiver answer with a 2xx status, then enable it again here (or replay a delivery through the API). Its latest failed delivery is sent again, then the changes it missed while disabled.'
                          : 'What to do: make the receiver answer with a 2xx status, then delete the webhook and add it again through the API (no delivery is left to replay).'}
                      </p>
                    </div>
                    {replayId !== null ? (
                      <button
                        type="button"
                        className="button"
                        aria-describedby={describedBy}
                        aria-label={`Enable again: ${endpoint.url}`}
                        aria-disabled={pending !== null || undefined}
                        onClick={() => void enable(endpoint, replayId)}
                      >
                        {pending === endpoint.id ? 'Enabling…' : 'Enable again'}
                      </button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </div>
        </section>
      ) : null}
    </>
  );
}
