'use client';
import { useState } from 'react';
import styles from './search-results.module.css';
import type { ChannelStatus, OrganisationResult, SearchChannel, SearchState } from './search-results-state';

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

function ResultItem({ result, flags, devMode }: { result: OrganisationResult; flags: CountryFlags; devMode: boolean }) {
  const domain = websiteDomain(result.website);
  const subtitle = result.matchedBusinessName
    ? `Trading as: ${result.matchedBusinessName}`
    : result.parentEntityName
      ? `Trading entity of: ${result.parentEntityName}`
      : null;
  return (
    <li className="result" data-key={result.key} data-sources={result.sources.join(' ')}>
      <Logo result={result} />
      <div className="result-body">
        <div className="result-title">
          <h3 className="result-name">{result.canonicalName}</h3>
          {result.accountLinked ? <span className="badge badge-existing">Existing</span> : null}
        </div>
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
        {result.description ? <p className="result-description">{result.description}</p> : null}
        {devMode ? <DevDetails result={result} /> : null}
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
}: {
  state: SearchState;
  results: readonly OrganisationResult[];
  flags: CountryFlags;
  devMode?: boolean;
}) {
  if (state.status === 'idle') return null;
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
      {results.length > 0 ? (
        <ul className="result-list">
          {results.map((result) => (
            <ResultItem key={result.rowKey} result={result} flags={flags} devMode={devMode} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
