'use client';
/**
 * The identify table and its sidebar. Opening a row records `?organisation=<id>` in the URL (replace,
 * no navigation) and moves the focus into the sidebar; Escape or "Close" closes it and the focus returns
 * to the row that opened it. The sidebar is keyed by organisation so its add control's latch resets on a
 * switch. The table is the snapshot of the page load (the page keys this component by the view): after an
 * add only the sidebar's store is patched, and the table behind the open sidebar stays as it was until the
 * next navigation (spec, surface refresh table), even when Next.js sends a re-render of this page along
 * with the action's answer.
 */
import Link from 'next/link';
import { useRef, useState, type KeyboardEvent } from 'react';
import {
  identifyListSearch,
  identifyRowState,
  nextIdentifySort,
  type IdentifyListPage,
  type IdentifyOrganisationRow,
  type IdentifySortColumn,
} from '../../core/identify-list';
import { isClassified } from '../../core/classification';
import { isEnrichmentSettled, profileStatusLabel } from '../../core/profile-status';
import { IdentifySidebar } from './identify-sidebar';
import { RegistryStatusBadge } from '../registry-status/registry-status-badge';

/** Classified, Unclassified once enrichment settled, else the profile's status in the one vocabulary. */
function classificationLabel(row: IdentifyOrganisationRow): string {
  if (isClassified(row.aquila1Count)) return 'Classified';
  if (isEnrichmentSettled(row.profileStatus)) return 'Unclassified';
  return profileStatusLabel(row.profileStatus);
}

const SIDEBAR_ID = 'identify-sidebar';

export function IdentifyWorkspace({
  list,
  flagEnabled,
  initialOrganisationId,
}: {
  list: IdentifyListPage;
  flagEnabled: boolean;
  initialOrganisationId: string | null;
}) {
  const [rows] = useState(list.rows);
  const [selected, setSelected] = useState<string | null>(initialOrganisationId);
  /** Set when a row opened the sidebar (not on a linked page load): the sidebar then takes the focus. */
  const [openedFromRow, setOpenedFromRow] = useState(false);
  const tableRef = useRef<HTMLTableElement>(null);

  function record(organisationId: string | null) {
    setSelected(organisationId);
    const url = new URL(window.location.href);
    if (organisationId) url.searchParams.set('organisation', organisationId);
    else url.searchParams.delete('organisation');
    window.history.replaceState(window.history.state, '', url);
  }

  function open(organisationId: string) {
    setOpenedFromRow(true);
    record(organisationId);
  }

  /** Closes the sidebar; the focus goes back to the row that opened it (when it is on this page). */
  function close() {
    const closing = selected;
    record(null);
    const rowButton = closing
      ? tableRef.current?.querySelector<HTMLButtonElement>(`tr[data-organisation-id="${CSS.escape(closing)}"] .identify-row-open`)
      : null;
    rowButton?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Popups inside (the NAICS combobox) close themselves first and mark the event handled.
    if (event.key !== 'Escape' || !selected || event.defaultPrevented) return;
    event.preventDefault();
    close();
  }

  const sortHref = (column: IdentifySortColumn) =>
    `/identify${identifyListSearch({ ...list.query, sort: nextIdentifySort(list.query.sort, column), page: 1 })}`;
  const header = (column: IdentifySortColumn | null, label: string) => {
    if (!column) return <th scope="col">{label}</th>;
    const current = list.query.sort.column === column ? list.query.sort.direction : null;
    const next = nextIdentifySort(list.query.sort, column).direction;
    return (
      <th scope="col" aria-sort={current ?? undefined}>
        <Link href={sortHref(column)} className="identify-sort" data-sort={current ?? undefined}>
          {label}
          <span className="visually-hidden">{`, sort ${next}`}</span>
          <span className="identify-sort-icon" aria-hidden="true">
            {current === 'ascending' ? '▲' : current === 'descending' ? '▼' : '↕'}
          </span>
        </Link>
      </th>
    );
  };

  const filtered = list.query.filter !== '' || list.query.status !== null;
  return (
    <div className={`identify-workspace${selected ? ' identify-workspace-open' : ''}`} onKeyDown={onKeyDown}>
      {rows.length === 0 ? (
        <p className="identify-empty">
          {filtered ? 'No organisation in your list matches these filters.' : "Your account's list is empty. Select organisations from a search to add them."}
        </p>
      ) : (
        <div className="identify-table-wrap">
          <table className="identify-table" ref={tableRef} aria-label="Your organisations">
            <thead>
              <tr>
                {header('name', 'Organisation')}
                {header('country', 'Country')}
                {header(null, 'Website')}
                {header('status', 'Status')}
                {header('naics', 'NAICS')}
                {header(null, 'Classification')}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-organisation-id={row.id} data-selected={row.id === selected || undefined}>
                  <td data-label="Organisation">
                    <button
                      type="button"
                      className="identify-row-open"
                      onClick={() => open(row.id)}
                      aria-controls={row.id === selected ? SIDEBAR_ID : undefined}
                      aria-expanded={row.id === selected}
                    >
                      {row.name}
                    </button>{' '}
                    <RegistryStatusBadge status={row.registryStatus} />
                    {row.unreadChanges > 0 ? (
                      <>
                        {' '}
                        <Link
                          href={`/changes?organisation=${row.id}`}
                          className="badge badge-new identify-unread-changes"
                          data-unread-changes={row.unreadChanges}
                        >
                          {row.unreadChanges === 1 ? '1 unread change' : `${row.unreadChanges} unread changes`}
                          <span className="visually-hidden"> of {row.name}</span>
                        </Link>
                      </>
                    ) : null}
                  </td>
                  <td data-label="Country">{row.countryIsoAlpha3 ?? 'Global'}</td>
                  <td data-label="Website">{row.websiteDomain ?? ''}</td>
                  <td data-label="Status" data-profile-state={identifyRowState(row).kind}>
                    {identifyRowState(row).label}
                  </td>
                  <td data-label="NAICS">{row.naicsCount}</td>
                  <td data-label="Classification" data-column="classification">
                    {classificationLabel(row)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {selected ? (
        <IdentifySidebar key={selected} id={SIDEBAR_ID} organisationId={selected} flagEnabled={flagEnabled} takeFocus={openedFromRow} onClose={close} />
      ) : null}
    </div>
  );
}
