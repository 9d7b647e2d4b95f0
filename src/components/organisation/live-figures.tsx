'use client';
/**
 * Client figures that subscribe to the client caches: "organisation risk" (per organisation) and
 * "flag counts". An invalidation (the classification latch) refetches them; a newer server render
 * (the path refresh) replaces them too.
 */
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { useClientCacheVersion } from './client-caches';
import { FiguresView, FlagCountsView } from './figures-view';
import { flagCountsSchema, organisationFiguresSchema, type FlagCounts, type OrganisationFigures } from './organisation-figures';

export function organisationFiguresUrl(organisationId: string): string {
  return `/organisations/${encodeURIComponent(organisationId)}/figures`;
}
export const FLAG_COUNTS_URL = '/organisations/flag-counts';

async function fetchJson<T>(url: string, schema: z.ZodType<T>, signal: AbortSignal): Promise<T> {
  const response = await fetch(url, { cache: 'no-store', credentials: 'same-origin', signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return schema.parse(await response.json());
}

/** Fetches on mount when there is no initial value, and again on every invalidation; keeps the last good value. */
function useCachedFetch<T>(url: string, schema: z.ZodType<T>, version: number, initial: T | null) {
  const [value, setValue] = useState<T | null>(initial);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (initial !== null) setValue(initial);
  }, [initial]);
  useEffect(() => {
    if (version === 0 && initial !== null) return;
    const abort = new AbortController();
    fetchJson(url, schema, abort.signal).then(
      (next) => {
        setValue(next);
        setFailed(false);
      },
      (error: unknown) => {
        if (!abort.signal.aborted && !(error instanceof DOMException && error.name === 'AbortError')) setFailed(true);
      },
    );
    return () => abort.abort();
    // `initial` only decides whether the first fetch is needed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, schema, version]);
  return { value, failed };
}

export function LiveOrganisationFigures({ organisationId, initial = null }: { organisationId: string; initial?: OrganisationFigures | null }) {
  const version = useClientCacheVersion('organisation-risk', organisationId);
  const { value, failed } = useCachedFetch(organisationFiguresUrl(organisationId), organisationFiguresSchema, version, initial);
  return (
    <div className="live-figures" data-version={version}>
      {value ? <FiguresView figures={value} /> : <p className="figures-loading">{failed ? 'Figures are unavailable right now.' : 'Loading figures…'}</p>}
    </div>
  );
}

export function LiveFlagCounts({ initial = null }: { initial?: FlagCounts | null }) {
  const version = useClientCacheVersion('flag-counts');
  const { value, failed } = useCachedFetch(FLAG_COUNTS_URL, flagCountsSchema, version, initial);
  return (
    <div className="live-flag-counts" data-version={version}>
      {value ? <FlagCountsView counts={value} /> : <p className="figures-loading">{failed ? 'Counts are unavailable right now.' : 'Loading…'}</p>}
    </div>
  );
}
