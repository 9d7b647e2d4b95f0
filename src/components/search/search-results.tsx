'use client';
import { useState } from 'react';
import type { OrganisationResult, SearchState } from './search-results-state';

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

function ResultItem({ result, flags }: { result: OrganisationResult; flags: CountryFlags }) {
  const domain = websiteDomain(result.website);
  const subtitle = result.matchedBusinessName
    ? `Trading as: ${result.matchedBusinessName}`
    : result.parentEntityName
      ? `Trading entity of: ${result.parentEntityName}`
      : null;
  return (
    <li className="result" data-key={result.key}>
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
      </div>
    </li>
  );
}

/** The merged result list with its searching / empty / failed states, announced politely to screen readers. */
export function SearchResults({ state, results, flags }: { state: SearchState; results: readonly OrganisationResult[]; flags: CountryFlags }) {
  if (state.status === 'idle') return null;
  return (
    <section className="search-results" aria-label="Search results" aria-busy={state.status === 'searching'}>
      <p className="search-status" aria-live="polite">
        {state.status === 'searching' && results.length === 0
          ? 'Searching…'
          : state.status === 'done' && results.length === 0
            ? `No organisations found for “${state.query}”.`
            : results.length > 0
              ? `${results.length} ${results.length === 1 ? 'organisation' : 'organisations'}`
              : ''}
      </p>
      {state.status === 'failed' && state.error ? (
        <p role="alert" className="form-error">
          {state.error}
        </p>
      ) : null}
      {results.length > 0 ? (
        <ul className="result-list">
          {results.map((result) => (
            <ResultItem key={result.rowKey} result={result} flags={flags} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
