'use client';
/**
 * The organisation search surface: query input, country picker and a search button. Enter or the button
 * runs a search; typing alone never does; a trimmed-empty query does nothing. A run writes `q` and
 * `country` to the URL; the initial values come from the URL and never auto-run. A result row selects
 * its organisation (use-result-selection.ts) with the country this run searched in.
 */
import { useId, useState, type FormEvent } from 'react';
import type { CountryOption } from '../../core/countries';
import { SearchResults, type CountryFlags } from './search-results';
import { urlWithSearch } from './search-url';
import { useOrganisationSearch } from './use-organisation-search';
import { useResultSelection } from './use-result-selection';

export interface CountryPicker {
  readonly pinned: readonly CountryOption[];
  readonly rest: readonly CountryOption[];
}

export interface OrganisationSearchProps {
  readonly initialQuery: string;
  readonly initialCountry: string;
  readonly countries: CountryPicker;
  readonly flags: CountryFlags;
  /** `engage` is the same search wrapped for the engage page. */
  readonly variant?: 'dashboard' | 'engage' | 'engage-sticky' | 'overlay';
  /** Flag `hybridSearch` (evaluated on the server): the focus panel. */
  readonly hybridSearch?: boolean;
  /** Flag `devMode` (evaluated on the server): rows also show existing/new, sources, raw key and registry score. */
  readonly devMode?: boolean;
}

export function OrganisationSearch({ initialQuery, initialCountry, countries, flags, variant = 'dashboard', devMode = false }: OrganisationSearchProps) {
  const [query, setQuery] = useState(initialQuery);
  const [country, setCountry] = useState(initialCountry);
  const { state, results, run } = useOrganisationSearch({ onUnauthorized: () => window.location.assign('/sign-in') });
  const selection = useResultSelection({ runId: state.runId, query: state.query, country: state.country });
  const id = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = query.trim();
    if (!trimmed || !country) return;
    window.history.replaceState(window.history.state, '', urlWithSearch(window.location.href, { query: trimmed, country }));
    void run(trimmed, country);
  }

  return (
    <div className={`organisation-search organisation-search-${variant}`}>
      <form role="search" className="search-form" onSubmit={onSubmit}>
        <label htmlFor={`${id}-q`} className="visually-hidden">
          Search organisations
        </label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Organisation name, ABN or website"
          autoComplete="off"
          maxLength={200}
        />
        <label htmlFor={`${id}-country`} className="visually-hidden">
          Country
        </label>
        <select id={`${id}-country`} name="country" value={country} onChange={(e) => setCountry(e.target.value)}>
          {countries.pinned.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
          <option disabled value="" aria-hidden="true">
            ──────────
          </option>
          {countries.rest.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        <button type="submit" className="button button-primary">
          Search
        </button>
      </form>
      <SearchResults state={state} results={results} flags={flags} devMode={devMode} selection={selection} />
    </div>
  );
}
