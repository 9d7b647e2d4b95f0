'use client';
/**
 * The identify table and its sidebar. Opening a row records `?organisation=<id>` in the URL (replace,
 * no navigation); the sidebar is keyed by organisation so its add control's latch resets on a switch.
 * The table is the snapshot of the page load: after an add only the sidebar's store is patched, and the
 * table behind the open sidebar stays as it was until the next navigation (spec, surface refresh table),
 * even when Next.js sends a re-render of this page along with the action's answer.
 */
import { useState } from 'react';
import { isEnrichmentSettled, profileStatusLabel } from '../../core/profile-status';
import { IdentifySidebar } from './identify-sidebar';

export interface IdentifyRow {
  readonly id: string;
  readonly name: string;
  readonly countryIsoAlpha3: string | null;
  readonly websiteDomain: string | null;
  readonly profileStatus: string | null;
  readonly naicsCount: number;
  readonly aquila1Count: number;
}

/** Classified, Unclassified once enrichment settled, else the profile's status in the one vocabulary. */
function classificationLabel(row: IdentifyRow): string {
  if (row.aquila1Count > 0) return 'Classified';
  if (isEnrichmentSettled(row.profileStatus)) return 'Unclassified';
  return profileStatusLabel(row.profileStatus);
}

export function IdentifyWorkspace({ rows: loadedRows, flagEnabled, initialOrganisationId }: { rows: readonly IdentifyRow[]; flagEnabled: boolean; initialOrganisationId: string | null }) {
  const [rows] = useState(loadedRows);
  const [selected, setSelected] = useState<string | null>(initialOrganisationId);

  function open(organisationId: string | null) {
    setSelected(organisationId);
    const url = new URL(window.location.href);
    if (organisationId) url.searchParams.set('organisation', organisationId);
    else url.searchParams.delete('organisation');
    window.history.replaceState(window.history.state, '', url);
  }

  return (
    <div className={`identify-workspace${selected ? ' identify-workspace-open' : ''}`}>
      {rows.length === 0 ? (
        <p>Your account&apos;s list is empty. Select organisations from a search to add them.</p>
      ) : (
        <div className="identify-table-wrap">
          <table className="identify-table">
            <thead>
              <tr>
                <th scope="col">Organisation</th>
                <th scope="col">Country</th>
                <th scope="col">Website</th>
                <th scope="col">NAICS</th>
                <th scope="col">Classification</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-organisation-id={row.id} data-selected={row.id === selected || undefined}>
                  <td>
                    <button type="button" className="identify-row-open" onClick={() => open(row.id)} aria-controls="identify-sidebar">
                      {row.name}
                    </button>
                  </td>
                  <td>{row.countryIsoAlpha3 ?? 'Global'}</td>
                  <td>{row.websiteDomain ?? ''}</td>
                  <td>{row.naicsCount}</td>
                  <td data-column="classification">{classificationLabel(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {selected ? <IdentifySidebar key={selected} organisationId={selected} flagEnabled={flagEnabled} onClose={() => open(null)} /> : null}
    </div>
  );
}
