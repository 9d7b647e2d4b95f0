'use client';
/**
 * The results popup of the search combobox: per-channel progress, the status line, notices, a
 * placeholder where the quick lookup's rows will go while it is out, and the listbox of results. Each row
 * is an option (role option, `aria-selected` when highlighted, named by its content: the organisation's name
 * first, then what the row shows, so the name holds every visible word, WCAG 2.5.3 Label in Name); a click
 * selects it, the keyboard path lives in the surface (the input keeps DOM focus, `aria-activedescendant`
 * names the highlighted option). The listbox is focusable too, so Tab reaches the results.
 *
 * "Why these matches?" (a toggle button above the list, aria-expanded) shows each row's match explanation:
 * score and decision, field grades, what matched. Always shown with devMode. It is one control for the list,
 * not a button per row: an option may hold no interactive element (decision 0007).
 */
import { useEffect, useState, type KeyboardEvent, type Ref } from 'react';
import type { ActionError } from '../../core/action-result';
import type { IdentifierIssue, IdentifierSuggestion } from '../../core/candidates';
import { registryIdentifierLabels } from '../../core/registry-identifier-display';
import { registryStatusBadge } from '../../core/registry-status';
import { CountryFlag, type CountryFlags } from './country-flag';
import { explainMatch } from './match-explanation';
import { subtitleOf } from './result-display';
import { ResultLogo } from './result-logo';
import { retryNotice, secondsUntil } from './rate-limit-retry';
import './result-selection.css';
import type { ChannelStatus, OrganisationResult, ResultList, SearchChannel, SearchState } from './search-results-state';
import styles from './search-results.module.css';
import type { RowSelection } from './use-result-selection';
import { RegistryStatusBadge } from '../registry-status/registry-status-badge';

export type { CountryFlags } from './country-flag';

export function websiteDomain(website: string | null): string | null {
  if (!website) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(website) ? website : `https://${website}`);
    return url.hostname.replace(/^www\./i, '') || null;
  } catch {
    return null;
  }
}

const ISSUE_FIELDS: Record<string, string> = { countryIsoAlpha3: 'Country', 'candidate.type': 'Organisation type', 'candidate.countryIsoAlpha3': 'Country' };

/** A rejected selection, inline on its row: the message and the field issues that add to it. */
function SelectionErrorTile({ error }: { error: ActionError }) {
  const issues = (error.issues ?? []).filter((issue) => issue.message !== error.message);
  return (
    <div role="alert" className="result-error" onClick={(event) => event.stopPropagation()}>
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

/** One result: an option of the listbox. */
function ResultOption({
  result,
  id,
  highlighted,
  flags,
  devMode,
  explained,
  row,
  onSelect,
}: {
  result: OrganisationResult;
  id: string;
  highlighted: boolean;
  flags: CountryFlags;
  devMode: boolean;
  explained: boolean;
  row: RowState | null;
  onSelect: ((result: OrganisationResult) => void) | null;
}) {
  const domain = websiteDomain(result.website);
  const subtitle = subtitleOf(result);
  const identifiers = registryIdentifierLabels(result.identifiers);
  const unavailable = row?.busy || row?.blocked || false;
  return (
    <li
      role="option"
      id={id}
      aria-selected={highlighted}
      aria-disabled={unavailable || undefined}
      aria-busy={row?.busy || undefined}
      className={`result${onSelect ? ' result-selectable' : ''}`}
      data-key={result.key}
      data-sources={result.sources.join(' ')}
      data-highlighted={highlighted || undefined}
      data-state={row?.busy ? 'selecting' : row?.error ? 'rejected' : undefined}
      onClick={() => {
        if (onSelect && !unavailable) onSelect(result);
      }}
    >
      <ResultLogo name={result.canonicalName} logo={result.logo} />
      <div className="result-body">
        <div className="result-title">
          <span className="result-name" id={`${id}-name`}>
            {result.canonicalName}
          </span>
          {result.accountLinked ? <span className="badge badge-existing">Existing</span> : null}
          <RegistryStatusBadge status={result.registryStatus} />
          {row?.busy ? <span className="result-busy">Selecting…</span> : null}
        </div>
        <div id={`${id}-meta`}>
          {subtitle ? <p className="result-subtitle">{subtitle}</p> : null}
          <p className="result-meta">
            {result.countryIsoAlpha3 ? (
              <span className="result-country">
                <CountryFlag code={result.countryIsoAlpha3} flags={flags} />
                {result.countryIsoAlpha3}
              </span>
            ) : null}
            {domain ? <span className="result-domain">{domain}</span> : null}
            {identifiers.map((identifier) => (
              <span key={`${identifier.type}-${identifier.value}`} className="result-identifier" data-identifier={identifier.type}>
                {identifier.type} {identifier.value}
              </span>
            ))}
          </p>
          {result.description ? <p className="result-description">{result.description}</p> : null}
        </div>
        {explained ? <MatchExplanation result={result} id={`${id}-why`} /> : null}
        {devMode ? <DevDetails result={result} /> : null}
        {row?.error ? <SelectionErrorTile error={row.error} /> : null}
      </div>
    </li>
  );
}

/** Why this row matched: the score and decision, each field's grade, and what matched. */
function MatchExplanation({ result, id }: { result: OrganisationResult; id: string }) {
  const lines = explainMatch(result.match, result);
  return (
    <div className="result-why" id={id} data-testid="match-explanation" data-match={result.match.match} data-score={result.match.score}>
      <p className="result-why-verdict">{lines.verdict}</p>
      <ul className="result-why-grades" aria-label="Field grades">
        {lines.grades.map(({ field, grade, text }) => (
          <li key={field} data-grade={grade}>
            {field}: {text}
          </li>
        ))}
      </ul>
      {lines.matchedOn.length > 0 ? (
        <ul className="result-why-matched" aria-label="What matched">
          {lines.matchedOn.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
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

function channelText(channel: SearchChannel, status: ChannelStatus, waiting: boolean): string {
  switch (status) {
    case 'idle':
      return 'not run';
    case 'running':
      if (waiting) return 'waiting to retry…';
      return channel === 'quick' ? 'searching…' : 'streaming…';
    case 'done':
      return 'done';
    case 'failed':
      return 'failed';
    case 'stopped':
      return 'stopped';
  }
}

/**
 * A refused stream (429) waiting to be asked again: the seconds count down, then it retries by itself. The
 * sentence is announced once; the changing number is not (it would be read out every second).
 */
function RateLimitCountdown({ retryAt }: { retryAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = secondsUntil(retryAt, now);
  const [before, after] = retryNotice(Math.max(1, seconds)).split(/\d+ s\./);
  return (
    <p className={`search-notice search-notice-retry ${styles.notice}`} role="status" data-seconds={seconds}>
      {before}
      <span aria-live="off">{Math.max(1, seconds)}</span> s.{after}
    </p>
  );
}

/** A small per-channel progress line: Internal done / Registry and web streaming… */
function ChannelProgress({ state }: { state: SearchState }) {
  const channels = (['quick', 'stream'] as const).filter((channel) => state.channels[channel] !== 'idle');
  if (channels.length === 0) return null;
  return (
    <ul className={`search-progress ${styles.progress}`} aria-label="Search progress">
      {channels.map((channel) => (
        <li key={channel} className={`search-progress-${channel}`} data-channel={channel} data-state={state.channels[channel]}>
          {CHANNEL_LABELS[channel]}: {channelText(channel, state.channels[channel], channel === 'stream' && state.streamRetryAt !== null)}
        </li>
      ))}
    </ul>
  );
}

function statusText(state: SearchState, shown: number, hidden: number): string {
  const hiddenText = hidden > 0 ? ` (${hidden} more outside this scope)` : '';
  if (shown > 0) return `${shown} ${shown === 1 ? 'organisation' : 'organisations'}${hiddenText}`;
  if (state.status === 'searching') return 'Searching…';
  // A mistyped identifier is said to be not valid (IdentifierIssueNotice), never "no organisations found".
  if (state.identifierIssue !== null) return '';
  // A degraded registry with no rows means "results may be incomplete", never "no matches".
  if (state.status === 'done' && !state.degraded) return `No organisations found for “${state.query}”${hiddenText}.`;
  return '';
}

/**
 * "Did you mean 51 824 753 556?" for a query written like an identifier whose check digit fails: one button per
 * valid identifier one digit-edit away that an organisation visible to the account or the registry carries;
 * the button runs that search. The organisation's name is the button's description.
 */
function IdentifierSuggestions({
  suggestions,
  onPick,
  idPrefix,
}: {
  suggestions: readonly IdentifierSuggestion[];
  onPick: (suggestion: IdentifierSuggestion) => void;
  idPrefix: string;
}) {
  if (suggestions.length === 0) return null;
  return (
    <ul className={`search-suggestions ${styles.suggestions}`} aria-label="Identifier suggestions">
      {suggestions.map((suggestion) => {
        const id = `${idPrefix}-suggestion-${suggestion.type}-${suggestion.value}`;
        return (
          <li key={`${suggestion.type}-${suggestion.value}`} data-identifier={suggestion.type} data-found-in={suggestion.foundIn}>
            <button type="button" className={`search-suggestion ${styles.suggestion}`} aria-describedby={id} onClick={() => onPick(suggestion)}>
              Did you mean {suggestion.formatted}?
            </button>{' '}
            <span id={id} className={styles.suggestionName}>
              {suggestion.type} of {suggestion.name}
              {suggestion.foundIn === 'registry' ? ' (registry)' : ''}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * "73 434 904 927 is not a valid ABN: its check digit fails": the query's identifier whose check digit fails, said
 * as a status (announced politely, the search went on), above the did-you-mean suggestions.
 */
function IdentifierIssueNotice({ issue }: { issue: IdentifierIssue | null }) {
  if (issue === null) return null;
  return (
    <p className={`search-notice search-identifier-issue ${styles.notice}`} role="status" data-identifier={issue.type}>
      {issue.message}.
    </p>
  );
}

/**
 * "Select it anyway?" for a row the register lists as inactive: its name and the register's words, then Select
 * anyway (focused, so Enter confirms) or Cancel (Escape too). Outside the listbox: an option holds no buttons.
 */
function InactiveSelectionQuestion({ result, onConfirm, onDismiss }: { result: OrganisationResult; onConfirm: () => void; onDismiss: () => void }) {
  const badge = registryStatusBadge(result.registryStatus) ?? 'Inactive';
  return (
    <div
      role="alertdialog"
      aria-labelledby="inactive-selection-question"
      aria-describedby="inactive-selection-detail"
      className={`search-notice inactive-selection ${styles.notice}`}
      data-testid="inactive-selection-question"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Escape answers the question only; it does not also close the search.
        event.stopPropagation();
        onDismiss();
      }}
    >
      <p id="inactive-selection-question">
        <strong>{result.canonicalName}</strong> is {badge} on the register. Select it anyway?
      </p>
      <p id="inactive-selection-detail">The register no longer lists it as trading; an active company with the same name may be the one you want.</p>
      <button type="button" className="button button-primary" onClick={onConfirm} autoFocus>
        Select anyway
      </button>{' '}
      <button type="button" className="button" onClick={onDismiss}>
        Cancel
      </button>
    </div>
  );
}

/** Grey rows holding the top of the list while the quick lookup is out. */
function QuickPlaceholder() {
  return (
    <div className="result-placeholder" aria-hidden="true" data-testid="quick-placeholder">
      <div className="result-skeleton" />
      <div className="result-skeleton" />
    </div>
  );
}

export interface SearchResultsProps {
  readonly state: SearchState;
  readonly list: ResultList;
  /** Rows before the scope filter (to say how many it hides). */
  readonly total: number;
  readonly listboxId: string;
  readonly optionId: (position: number) => string;
  readonly highlighted: string | null;
  readonly flags: CountryFlags;
  readonly devMode: boolean;
  readonly selection: RowSelection;
  readonly onListKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  readonly onListFocus: () => void;
  readonly listRef: Ref<HTMLUListElement>;
  /** Runs the search for a picked identifier suggestion. */
  readonly onSuggestion: (suggestion: IdentifierSuggestion) => void;
}

/** The merged result list with its progress, status, notices and failures, announced politely. */
export function SearchResults({
  state,
  list,
  total,
  listboxId,
  optionId,
  highlighted,
  flags,
  devMode,
  selection,
  onListKeyDown,
  onListFocus,
  listRef,
  onSuggestion,
}: SearchResultsProps) {
  const selectingName = selection.selecting ? list.rows.find((row) => row.result.rowKey === selection.selecting)?.result.canonicalName : undefined;
  const rowState = (result: OrganisationResult): RowState => ({
    busy: selection.selecting === result.rowKey,
    blocked: selection.selecting !== null && selection.selecting !== result.rowKey,
    error: selection.errors[result.rowKey],
  });
  const channelNotices =
    state.status === 'failed'
      ? []
      : (['quick', 'stream'] as const).flatMap((channel) => {
          const message = state.channelErrors[channel];
          return message ? [{ channel, message }] : [];
        });
  const highlightedRow = list.rows.find((row) => row.result.rowKey === highlighted);
  const [explainRequested, setExplainRequested] = useState(false);
  const explained = devMode || explainRequested;
  return (
    <section className="search-results" aria-label="Search results" aria-busy={state.status === 'searching'}>
      <ChannelProgress state={state} />
      <p className="search-status" aria-live="polite">
        {statusText(state, list.rows.length, total - list.rows.length)}
      </p>
      <IdentifierIssueNotice issue={state.identifierIssue} />
      <IdentifierSuggestions suggestions={state.suggestions} onPick={onSuggestion} idPrefix={listboxId} />
      {state.streamRetryAt !== null ? <RateLimitCountdown key={state.streamRetryAt} retryAt={state.streamRetryAt} /> : null}
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
      <p className="visually-hidden" aria-live="polite">
        {selectingName ? `Selecting ${selectingName}…` : ''}
      </p>
      {list.rows.length > 0 && !devMode ? (
        <button
          type="button"
          className="result-why-toggle"
          aria-expanded={explainRequested}
          aria-controls={listboxId}
          onClick={() => setExplainRequested((shown) => !shown)}
        >
          {explainRequested ? 'Hide why these match' : 'Why these matches?'}
        </button>
      ) : null}
      {selection.confirming ? <InactiveSelectionQuestion result={selection.confirming} onConfirm={selection.confirm} onDismiss={selection.dismiss} /> : null}
      {list.quickPending ? <QuickPlaceholder /> : null}
      <ul
        ref={listRef}
        id={listboxId}
        role="listbox"
        aria-label="Organisations found"
        className="result-list"
        tabIndex={list.rows.length > 0 ? 0 : -1}
        hidden={list.rows.length === 0}
        aria-activedescendant={highlightedRow ? optionId(highlightedRow.position) : undefined}
        onKeyDown={onListKeyDown}
        onFocus={onListFocus}
      >
        {list.rows.map(({ result, position }) => (
          <ResultOption
            key={result.rowKey}
            id={optionId(position)}
            result={result}
            highlighted={result.rowKey === highlighted}
            flags={flags}
            devMode={devMode}
            explained={explained}
            row={rowState(result)}
            onSelect={selection.select}
          />
        ))}
      </ul>
    </section>
  );
}
