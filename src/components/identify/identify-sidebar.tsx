'use client';
/**
 * The identify sidebar: the organisation record from the query cache (identify-sidebar-record.ts), its NAICS
 * tags with the add control in the same row, its Aquila1 classification and its figures. After an add: a
 * targeted patch of the cached record (the action's naics/aquila1/aquila2, then the record re-read and merged
 * the same way); no layout refresh.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useRef } from 'react';
import { NO_NAICS_DETAIL, profileStateOf } from '../../core/profile-status';
import { NaicsRow } from '../naics/naics-row';
import type { AddNaicsSuccess } from '../naics/add-naics-control-state';
import { Aquila1Classification } from '../organisation/classification-view';
import { EnrichNowButton } from '../organisation/enrich-now-button';
import { LiveOrganisationFigures } from '../organisation/live-figures';
import { ProfileStateBadge, profileStateFacts } from '../organisation/profile-state-badge';
import { mergeSidebarClassification, refreshSidebarClassification, reloadSidebarRecord, sidebarEntry, sidebarRecordQuery } from './identify-sidebar-record';

export interface IdentifySidebarProps {
  readonly id: string;
  readonly organisationId: string;
  readonly flagEnabled: boolean;
  /** Move the focus to the sidebar's heading on mount (opened from a row, not from a linked page load). */
  readonly takeFocus: boolean;
  readonly onClose: () => void;
}

export function IdentifySidebar({ id, organisationId, flagEnabled, takeFocus, onClose }: IdentifySidebarProps) {
  const client = useQueryClient();
  const entry = sidebarEntry(useQuery(sidebarRecordQuery(organisationId)));

  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) headingRef.current?.focus();
  }, [takeFocus]);

  function afterAdd(result: AddNaicsSuccess) {
    mergeSidebarClassification(client, organisationId, result);
    void refreshSidebarClassification(client, organisationId);
  }

  const record = entry.record;
  const state = record ? profileStateOf(profileStateFacts(record)) : null;
  return (
    <aside id={id} className="identify-sidebar" aria-label="Organisation details">
      <div className="identify-sidebar-head">
        <h2 ref={headingRef} tabIndex={-1}>
          {record?.name ?? 'Organisation'}
        </h2>
        <button type="button" className="button button-quiet" onClick={onClose} aria-keyshortcuts="Escape">
          Close
        </button>
      </div>
      {record ? (
        <>
          <p className="organisation-meta">{[record.countryIsoAlpha3 ?? 'Global', record.websiteDomain].filter(Boolean).join(' · ')}</p>
          {state ? (
            <section className="identify-sidebar-status" aria-label="Profile status" data-profile-state={state.kind}>
              <p>
                <ProfileStateBadge state={state} />
              </p>
              {state.detail ? <p className="identify-sidebar-status-detail">{state.detail}</p> : null}
              {state.classifyByHand ? <p className="identify-sidebar-status-detail">{NO_NAICS_DETAIL}</p> : null}
              {state.kind === 'failed' || state.kind === 'none' ? (
                <EnrichNowButton organisationId={record.id} onRequested={() => void reloadSidebarRecord(client, organisationId)} />
              ) : null}
            </section>
          ) : null}
          <section className="surface-section" aria-label="Classification">
            <h3>NAICS</h3>
            <NaicsRow record={record} flagEnabled={flagEnabled} onAdded={afterAdd} />
            <Aquila1Classification aquila1={record.aquila1} />
          </section>
          <section className="surface-section" aria-label="Figures">
            <h3>Figures</h3>
            <LiveOrganisationFigures organisationId={record.id} />
          </section>
          <p className="identify-sidebar-links">
            <Link href={`/organisations/${encodeURIComponent(record.id)}`}>Profile</Link>
            {' · '}
            <Link href={`/organisations/${encodeURIComponent(record.id)}/analyst`}>Analyst page</Link>
            {' · '}
            <Link href={`/organisations/${encodeURIComponent(record.id)}/spotlight`}>Spotlight</Link>
          </p>
        </>
      ) : (
        <p role={entry.error ? 'alert' : undefined}>{entry.error ?? 'Loading…'}</p>
      )}
    </aside>
  );
}
