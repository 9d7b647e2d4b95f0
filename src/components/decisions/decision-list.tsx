'use client';
/**
 * The account's remembered decisions (issue 20, section 6): each says that a query (in a country) names an
 * organisation or does not, when and where it was taken; Undo forgets it (undoDecisionAction). After an undo the
 * row leaves the list, a status message says so, and the focus moves to the next row's Undo (else the heading).
 */
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { countryName } from '../../core/countries';
import { DECISION_SOURCE_LABELS, type MatchDecision } from '../../core/match-decision';
import { useServerActions } from '../providers/server-actions';
import { ActionOutcome } from '../shell/action-outcome';

export const DECISIONS_HEADING_ID = 'decisions-heading';

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

function countryLabel(alpha3: string | null): string {
  return alpha3 === null ? 'Any country' : (countryName(alpha3) ?? alpha3);
}

export function DecisionList({ decisions: initial }: { decisions: readonly MatchDecision[] }) {
  const { undoDecision } = useServerActions();
  const [decisions, setDecisions] = useState(initial);
  const [pending, setPending] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusAfterUndo = useRef<number | null>(null);

  // After an undo: the next row's Undo, else the previous one's, else the heading (the row's button is gone).
  useEffect(() => {
    const index = focusAfterUndo.current;
    if (index === null) return;
    focusAfterUndo.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-undo]');
    const next = buttons?.[Math.min(index, (buttons?.length ?? 0) - 1)];
    (next ?? document.getElementById(DECISIONS_HEADING_ID))?.focus();
  }, [decisions]);

  async function undo(decision: MatchDecision, index: number) {
    if (pending !== null) return;
    setPending(decision.id);
    setError(null);
    try {
      const outcome = await undoDecision({ decisionId: decision.id });
      if (!outcome.ok) {
        setError(outcome.error.message);
        return;
      }
      setDecisions((current) => current.filter((d) => d.id !== decision.id));
      setStatus(`Decision undone: “${decision.query}” and ${decision.organisationName}.`);
      // The focus goes where the row was once the list has re-rendered without it (the effect below).
      focusAfterUndo.current = index;
    } catch {
      setError('The decision could not be undone. Check your connection and try again.');
    } finally {
      setPending(null);
    }
  }

  return (
    <>
      <ActionOutcome status={status} error={error} />
      {decisions.length === 0 ? (
        <p className="decisions-empty">
          No decisions yet. Answering “No” to “Is this the company you were looking for?”, or choosing a candidate in a batch review, remembers your answer for
          that search.
        </p>
      ) : (
        <ul className="decisions-list" ref={listRef} aria-labelledby={DECISIONS_HEADING_ID}>
          {decisions.map((d, index) => (
            <li key={d.id} className="decisions-item">
              <div className="decisions-text">
                <p className="decisions-query">
                  <span className="decisions-quoted">“{d.query}”</span>{' '}
                  <span className={`decisions-verdict decisions-verdict-${d.verdict}`}>{d.verdict === 'same' ? 'is' : 'is not'}</span>{' '}
                  <Link href={`/organisations/${d.organisationId}`}>{d.organisationName}</Link>
                </p>
                <dl className="decisions-meta">
                  <div>
                    <dt>Country</dt>
                    <dd>{countryLabel(d.countryIsoAlpha3)}</dd>
                  </div>
                  <div>
                    <dt>Decided</dt>
                    <dd>
                      <time dateTime={d.decidedAt}>{WHEN.format(new Date(d.decidedAt))} UTC</time>
                    </dd>
                  </div>
                  <div>
                    <dt>From</dt>
                    <dd>{DECISION_SOURCE_LABELS[d.source]}</dd>
                  </div>
                </dl>
              </div>
              <button
                type="button"
                className="button"
                data-undo
                onClick={() => void undo(d, index)}
                aria-disabled={pending !== null || undefined}
                aria-label={`Undo: “${d.query}” ${d.verdict === 'same' ? 'is' : 'is not'} ${d.organisationName}`}
              >
                {pending === d.id ? 'Undoing…' : 'Undo'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
