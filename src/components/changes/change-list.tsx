'use client';
/**
 * The `/changes` page's list (issue 23, section 2): the account's changes, unread first; "Mark read" on an unread
 * one and "Mark all as read" for every change the filter shows (markChangesReadAction). After marking, the page
 * re-renders from the server (the header's count with it), a status message says what happened, and the focus goes to
 * the next "Mark read" (else the heading), since the pressed button is gone.
 */
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import { describeChange, type AccountChange, type ChangesFilter } from '../../core/change-view';
import { useServerActions } from '../providers/server-actions';
import { ChangeEntry } from './change-entry';
import { ActionOutcome } from '../shell/action-outcome';

export const CHANGES_HEADING_ID = 'changes-heading';

export function ChangeList({ changes, filter, unread }: { changes: readonly AccountChange[]; filter: ChangesFilter; unread: number }) {
  const { markChangesRead } = useServerActions();
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const [pending, setPending] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusAfter = useRef<number | null>(null);

  // Once the list shows the new state: the next "Mark read" from where the pressed one was, else the heading.
  useEffect(() => {
    const index = focusAfter.current;
    if (index === null || refreshing) return;
    focusAfter.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-mark-read]');
    const next = buttons && buttons.length > 0 ? buttons[Math.min(index, buttons.length - 1)] : undefined;
    (next ?? document.getElementById(CHANGES_HEADING_ID))?.focus();
  }, [changes, refreshing]);

  async function mark(input: unknown, done: string, focusIndex: number) {
    if (pending !== null) return;
    setPending(typeof input === 'object' && input !== null && 'all' in input ? 'all' : JSON.stringify(input));
    setError(null);
    try {
      const outcome = await markChangesRead(input);
      if (!outcome.ok) {
        setError(outcome.error.message);
        return;
      }
      setStatus(done);
      focusAfter.current = focusIndex;
      startRefresh(() => router.refresh());
    } catch {
      setError('The change could not be marked read. Check your connection and try again.');
    } finally {
      setPending(null);
    }
  }

  const unreadIds = changes.filter((c) => c.unread).map((c) => c.id);
  return (
    <>
      <ActionOutcome status={status} error={error} />
      {unread > 0 ? (
        <p className="changes-actions">
          <button
            type="button"
            className="button"
            onClick={() => void mark({ all: true, filter }, `${unread} ${unread === 1 ? 'change' : 'changes'} marked read.`, 0)}
            aria-disabled={pending !== null || undefined}
          >
            {pending === 'all' ? 'Marking…' : unread === 1 ? 'Mark 1 unread change as read' : `Mark all ${unread} unread as read`}
          </button>
        </p>
      ) : null}
      <ul className="changes-list" ref={listRef} aria-labelledby={CHANGES_HEADING_ID}>
        {changes.map((change) => {
          const unreadIndex = unreadIds.indexOf(change.id);
          return (
            <li key={change.id} className="changes-item" data-unread={change.unread || undefined}>
              <ChangeEntry change={change} showOrganisation />
              {change.unread ? (
                <button
                  type="button"
                  className="button"
                  data-mark-read
                  onClick={() =>
                    void mark({ changeIds: [change.id] }, `Marked read: ${change.organisationName}, ${describeChange(change).label}.`, unreadIndex)
                  }
                  aria-disabled={pending !== null || undefined}
                  aria-label={`Mark read: ${change.organisationName}, ${describeChange(change).sentence}`}
                >
                  {pending === JSON.stringify({ changeIds: [change.id] }) ? 'Marking…' : 'Mark read'}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}
