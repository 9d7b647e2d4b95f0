'use client';
import { useId, useState } from 'react';
import type { ActionError } from '../../app/actions/action-result';
import './result-selection.css';
import styles from './search-results.module.css';
import type { ChannelStatus, OrganisationResult, SearchChannel, SearchState } from './search-results-state';
import type { RowSelection } from './use-result-selection';

/** alpha-3 -> alpha-2, provided by the server (the country table stays out of the browser bundle). */
export type CountryFlags = Readonly<Record<string, string>>;

function flagEmoji(alpha2: string | undefined): string {
  if (!alpha2 || !/^[A-Z]{2}$/.test(alpha2)) return '';
  return String.fromCodePoint(...[...alpha2].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

export function websiteDomain(website: string | null): string | null {
  if (!website) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(website) ? website : `https://${website}`);
    return url.hostname.replace(/^www\./i, '') || null;
  } catch {
    return null;
  }
}

function Logo({ result }: { result: OrganisationResult }) {
  const [failed, setFailed] = useState(false);
  if (result.logo && !failed) {
    return <img className="result-logo" src={result.logo} alt="" width={40} height={40} loading="lazy" onError={() => setFailed(true)} />;
  }
  return (
    <span className="result-logo result-lettermark" aria-hidden="true">
      {result.canonicalName.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

const ISSUE_FIELDS: Record<string, string> = { countryIsoAlpha3: 'Country', 'candidate.type': 'Organisation type', 'candidate.countryIsoAlpha3': 'Country' };

/** A rejected selection, inline on its row: the message and the field issues that add to it. */
function SelectionErrorTile({ error }: { error: ActionError }) {
  const issues = (error.issues ?? []).filter((issue) => issue.message !== error.message);
  return (
    <div role="alert" className="result-error">
      <p className="result-error-title">This organisation could not be selected.</p>
      <p className="result-error-message">{error.message}</p>
      {issues.length > 0 ? (
        <ul className="result-error-issues">
          {issues.map((issue) => (
            <li key={`${issue.field}-${issue.rule}`}>
              {ISSUE_FIELDS[issue.field] ?? issue.field}: {issue.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

interface RowState {
  /** This row is being selected. */
  readonly busy: boolean;
  /** Another row is being selected: this one does not submit. */
  readonly blocked: boolean;
  readonly error: ActionError | undefined;
}

/**
 * One result. The name is a real button (Tab reaches it, Enter or a click selects); its hit area is
 * stretched over the whole row, so a click anywhere on the row selects it too.
 */
function ResultItem({
  result,
  flags,
  devMode,
  row,
  onSelect,
}: {
  result: OrganisationResult;
  flags: CountryFlags;
  devMode: boolean;
  row: RowState | null;
  onSelect: ((result: OrganisationResult) => void) | null;
}) {
  const id = useId();
  const domain = websiteDomain(result.website);
  const subtitle = result.matchedBusinessName
    ? `Trading as: ${result.matchedBusinessName}`
    : result.parentEntityName
      ? `Trading entity of: ${result.parentEntityName}`
      : null;
  const selectable = onSelect !== null;
  return (
    <li
      className={`result${selectable ? ' result-selectable' : ''}`}
      data-key={result.key}
      data-sources={result.sources.join(' ')}
      data-state={row?.busy ? 'selecting' : row?.error ? 'rejected' : undefined}
      aria-busy={row?.busy || undefined}
    >
      <Logo result={result} />
      <div className="result-body">
        <div className="result-title">
          <h3 className="result-name">
            {onSelect ? (
              <button
                type="button"
                className="result-select"
                aria-describedby={`${id}-meta`}
                aria-disabled={row?.busy || row?.blocked || undefined}
                onClick={() => {
                  if (!row?.busy && !row?.blocked) onSelect(result);
                }}
              >
                {result.canonicalName}
              </button>
            ) : (
              result.canonicalName
            )}
          </h3>
          {result.accountLinked ? <span className="badge badge-existing">Existing</span> : null}
          {row?.busy ? (
            <span className="result-busy" aria-hidden="true">
              Selecting…
            </span>
          ) : null}
        </div>
        <div id={`${id}-meta`}>
          {subtitle ? <p className="result-subtitle">{subtitle}</p> : null}
          <p className="result-meta">
            {result.countryIsoAlpha3 ? (
              <span className="result-country" title={result.countryIsoAlpha3}>
                <span aria-hidden="true">{flagEmoji(flags[result.countryIsoAlpha3])} </span>
                {result.countryIsoAlpha3}
              </span>
            ) : null}
            {domain ? <span className="result-domain">{domain}</span> : null}
          </p>
        </div>
        {result.description ? <p className="result-description">{result.description}</p> : null}
        {devMode ? <DevDetails result={result} /> : null}
        {row?.error ? <SelectionErrorTile error={row.error} /> : null}
      </div>
    </li>
  );
}

/** devMode only: existing/new tag, the channels that found the row, the raw composite key, the national-registry score. */
function DevDetails({ result }: { result: OrganisationResult }) {
  return (
    <p className={`result-dev ${styles.dev}`}>
      <span className="dev-tag">{result.existingOrgId ? 'existing' : 'new'}</span> <span className="dev-source">{result.sources.join(', ')}</span>{' '}
      <code className="dev-key">{result.key}</code>
      {result.sources.includes('registry_au') && result.score !== null ? <span className="dev-score"> score {result.score}</span> : null}
    </p>
  );
}

const CHANNEL_LABELS: Record<SearchChannel, string> = { quick: 'Internal', stream: 'Registry and web' };

function channelText(channel: SearchChannel, status: ChannelStatus): string {
  switch (status) {
    case 'idle':
      return 'not run';
    case 'running':
      return channel === 'quick' ? 'searching…' : 'streaming…';
    case 'done':
      return 'done';
    case 'failed':
      return 'failed';
  }
}

/** A small per-channel progress line: Internal done / Registry and web streaming… */
function ChannelProgress({ state }: { state: SearchState }) {
  const channels = (['quick', 'stream'] as const).filter((channel) => state.channels[channel] !== 'idle');
  if (channels.length === 0) return null;
  return (
    <ul className={`search-progress ${styles.progress}`} aria-label="Search progress">
      {channels.map((channel) => (
        <li key={channel} className={`search-progress-${channel}`} data-channel={channel} data-state={state.channels[channel]}>
          {CHANNEL_LABELS[channel]}: {channelText(channel, state.channels[channel])}
        </li>
      ))}
    </ul>
  );
}

function statusText(state: SearchState, count: number): string {
  if (count > 0) return `${count} ${count === 1 ? 'organisation' : 'organisations'}`;
  if (state.status === 'searching') return 'Searching…';
  // A degraded registry with no rows means "results may be incomplete", never "no matches".
  if (state.status === 'done' && !state.degraded) return `No organisations found for “${state.query}”.`;
  return '';
}

/**
 * The merged result list with its per-channel progress, searching / empty / failed states and notices
 * (degraded registry, a failed channel next to results), announced politely to screen readers.
 */
export function SearchResults({
  state,
  results,
  flags,
  devMode = false,
  selection,
}: {
  state: SearchState;
  results: readonly OrganisationResult[];
  flags: CountryFlags;
  devMode?: boolean;
  /** Rows are selectable when given. */
  selection?: RowSelection;
}) {
  if (state.status === 'idle') return null;
  const selectingName = selection?.selecting ? results.find((result) => result.rowKey === selection.selecting)?.canonicalName : undefined;
  const rowState = (result: OrganisationResult): RowState | null =>
    selection
      ? {
          busy: selection.selecting === result.rowKey,
          blocked: selection.selecting !== null && selection.selecting !== result.rowKey,
          error: selection.errors[result.rowKey],
        }
      : null;
  const channelNotices = state.status === 'failed' ? [] : (['quick', 'stream'] as const).flatMap((channel) => {
    const message = state.channelErrors[channel];
    return message ? [{ channel, message }] : [];
  });
  return (
    <section className="search-results" aria-label="Search results" aria-busy={state.status === 'searching'}>
      <ChannelProgress state={state} />
      <p className="search-status" aria-live="polite">
        {statusText(state, results.length)}
      </p>
      {state.degraded ? (
        <p className={`search-notice search-notice-degraded ${styles.notice}`} role="status">
          The registry could not be reached; results may be incomplete.
        </p>
      ) : null}
      {channelNotices.map(({ channel, message }) => (
        <p key={channel} className={`search-notice search-notice-${channel} ${styles.notice}`} role="status">
          {message}
        </p>
      ))}
      {state.status === 'failed' && state.error ? (
        <p role="alert" className="form-error">
          {state.error}
        </p>
      ) : null}
      {selection ? (
        <p className="visually-hidden" aria-live="polite">
          {selectingName ? `Selecting ${selectingName}…` : ''}
        </p>
      ) : null}
      {results.length > 0 ? (
        <ul className="result-list" aria-label="Organisations found">
          {results.map((result) => (
            <ResultItem
              key={result.rowKey}
              result={result}
              flags={flags}
              devMode={devMode}
              row={rowState(result)}
              onSelect={selection ? selection.select : null}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
