'use client';
/**
 * Client figures read through TanStack Query: "organisation risk" (an organisation's figures) and "flag
 * counts", under the keys of client-query-keys.ts. The server render hands its values in as initial data;
 * an invalidation (the classification latch) refetches them; a failed refetch keeps the last good value.
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { flagCountsKey, organisationFiguresKey } from './client-query-keys';
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

export function LiveOrganisationFigures({ organisationId, initial = null }: { organisationId: string; initial?: OrganisationFigures | null }) {
  const {
    data: value,
    isError: failed,
    isFetchedAfterMount,
  } = useQuery({
    queryKey: organisationFiguresKey(organisationId),
    queryFn: ({ signal }) => fetchJson(organisationFiguresUrl(organisationId), organisationFiguresSchema, signal),
    ...(initial ? { initialData: initial } : {}),
  });
  return (
    <div className="live-figures" data-refetched={isFetchedAfterMount || undefined}>
      {value ? <FiguresView figures={value} /> : <p className="figures-loading">{failed ? 'Figures are unavailable right now.' : 'Loading figures…'}</p>}
    </div>
  );
}

export function LiveFlagCounts({ initial = null }: { initial?: FlagCounts | null }) {
  const {
    data: value,
    isError: failed,
    isFetchedAfterMount,
  } = useQuery({
    queryKey: flagCountsKey,
    queryFn: ({ signal }) => fetchJson(FLAG_COUNTS_URL, flagCountsSchema, signal),
    ...(initial ? { initialData: initial } : {}),
  });
  return (
    <div className="live-flag-counts" data-refetched={isFetchedAfterMount || undefined}>
      {value ? <FlagCountsView counts={value} /> : <p className="figures-loading">{failed ? 'Counts are unavailable right now.' : 'Loading…'}</p>}
    </div>
  );
}
