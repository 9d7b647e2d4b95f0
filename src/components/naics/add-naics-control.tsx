'use client';
/**
 * The manual NAICS classification control, shared by the three surfaces (spec "States and transitions"):
 * hidden, visible collapsed ('+ Add'), expanded (the lazily loaded search combobox), latched.
 * - The combobox module loads on the first expand and is prefetched on pointer-enter or focus of the trigger.
 * - An outside press or focus leaving the expanded control collapses it; Escape only closes the popup.
 * - Selecting an item runs addOrganisationNAICSAction; the combobox is disabled while it is pending and
 *   an error stays inline. A success collapses the control, fires the latch (set latch, invalidate the
 *   organisation-risk and flag-counts caches, the surface's callback) and refocuses the trigger once.
 * - One always-present polite status region carries the error or the soft sync notice.
 * The parent renders it at a stable position, gated only on enrichmentComplete, never on the live count.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useCallback, useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import type { AddOrganisationNaicsActionResult } from '../../server/naics/add-organisation-naics-action-result';
import { useServerActions } from '../providers/server-actions';
import type { NaicsSearchResult } from '../../core/naics';
import { invalidateClientCache } from '../organisation/client-query-keys';
import { addControlVisibility, addOutcomeMessage, fireLatch, unexpectedFailure, type AddNaicsSuccess } from './add-naics-control-state';

let comboboxModule: Promise<typeof import('./naics-combobox')> | undefined;
/** One import() shared by the prefetch and React.lazy, so the chunk is fetched once. */
export function loadNaicsCombobox(): Promise<typeof import('./naics-combobox')> {
  comboboxModule ??= import('./naics-combobox');
  return comboboxModule;
}
const NaicsCombobox = lazy(loadNaicsCombobox);

export interface AddNaicsControlProps {
  readonly organisationId: string | null | undefined;
  readonly flagEnabled: boolean;
  readonly enrichmentComplete: boolean;
  /** The organisation has at least one Aquila1 classification, as the surface currently knows it. */
  readonly classified: boolean;
  /** The surface's own after-add callback (called last by the latch). */
  readonly onAdded?: (result: AddNaicsSuccess) => void;
}

export function AddNaicsControl({ organisationId, flagEnabled, enrichmentComplete, classified, onAdded }: AddNaicsControlProps) {
  const { addOrganisationNaics } = useServerActions();
  const queryClient = useQueryClient();
  const [latched, setLatched] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'notice'; text: string } | null>(null);
  const pendingRef = useRef(false);
  const containerRef = useRef<HTMLDivElement | null>(null);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  /** Set by a successful add only: the trigger takes the focus once, never on an ordinary mount. */
  const refocusTrigger = useRef(false);
  /** Set by a failed add: the re-enabled input takes the focus back so the user can try again. */
  const refocusInput = useRef(false);
  const statusId = useId();

  const visibility = addControlVisibility({ flagEnabled, enrichmentComplete, organisationId, classified, latched });

  const collapse = useCallback(() => {
    if (pendingRef.current) return;
    setExpanded(false);
  }, []);

  // Outside press collapses.
  useEffect(() => {
    if (!expanded) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (target instanceof Node && containerRef.current?.contains(target)) return;
      collapse();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [expanded, collapse]);

  // After a successful add the trigger is back: focus it once. After a failure, the input again.
  useEffect(() => {
    if (!expanded && refocusTrigger.current && triggerRef.current) {
      refocusTrigger.current = false;
      triggerRef.current.focus();
    }
    if (expanded && !pending && refocusInput.current && inputRef.current) {
      refocusInput.current = false;
      inputRef.current.focus();
    }
  });

  if (visibility === 'hidden' || !organisationId) return null;
  const id: string = organisationId;

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    // Only the combobox's own focus-out counts (not the trigger leaving the document as the control expands).
    if (!(event.target instanceof Element) || !event.target.closest('.naics-combobox')) return;
    const next = event.relatedTarget;
    if (next instanceof Node && containerRef.current?.contains(next)) return;
    collapse();
  }

  async function onSelect(item: NaicsSearchResult) {
    if (pendingRef.current) return;
    pendingRef.current = true;
    setPending(true);
    setMessage(null);
    let outcome: AddOrganisationNaicsActionResult;
    try {
      outcome = await addOrganisationNaics({ organisationId: id, naicsCode: item.code });
    } catch {
      outcome = { ok: false, error: unexpectedFailure() };
    }
    pendingRef.current = false;
    setPending(false);
    setMessage(addOutcomeMessage(outcome));
    if (outcome.ok) {
      refocusTrigger.current = true;
      setExpanded(false);
      fireLatch(
        {
          setLatched: () => setLatched(true),
          invalidate: (name, organisationId) => invalidateClientCache(queryClient, name, organisationId),
          afterAdd: onAdded,
        },
        id,
        outcome,
      );
    } else {
      refocusInput.current = true;
    }
  }

  return (
    <div className="naics-add" ref={containerRef} onBlur={expanded ? onBlur : undefined} data-latched={latched || undefined}>
      {expanded ? (
        <Suspense fallback={<span className="naics-add-loading">Loading search…</span>}>
          <NaicsCombobox
            label="Add a NAICS code"
            variant="default-dark-popup"
            autoFocus
            inputRef={inputRef}
            disabled={pending}
            onSelect={(item) => void onSelect(item)}
          />
        </Suspense>
      ) : (
        <button
          type="button"
          ref={triggerRef}
          className="naics-add-trigger"
          aria-expanded={false}
          aria-describedby={statusId}
          onPointerEnter={() => void loadNaicsCombobox()}
          onFocus={() => void loadNaicsCombobox()}
          onClick={() => {
            setMessage(null);
            setExpanded(true);
          }}
        >
          + Add<span className="visually-hidden"> NAICS code</span>
        </button>
      )}
      <p id={statusId} role="status" aria-live="polite" className={`naics-add-status${message ? ` naics-add-status-${message.kind}` : ''}`}>
        {message?.text ?? ''}
      </p>
    </div>
  );
}
