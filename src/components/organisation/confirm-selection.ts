/**
 * The confirm header's URL rules (spec: "Selection destination"). A new selection arrives with `confirm=1`
 * and the search's `q` and `country`. Yes keeps the organisation and drops those three parameters; No
 * rejects the selection and returns to the dashboard search it came from.
 */
import { CONFIRM_PARAM } from '../search/selection';

export interface ConfirmRequest {
  readonly query: string;
  readonly country: string;
}

/** The confirm header shows when the URL says `confirm=1`; it carries the search to return to. */
export function confirmRequestOf(params: URLSearchParams): ConfirmRequest | null {
  if (params.get(CONFIRM_PARAM) !== '1') return null;
  return { query: params.get('q') ?? '', country: params.get('country') ?? '' };
}

/** No: back to the dashboard search, with its query and country (each only when known). */
export function returnToSearchUrl(request: ConfirmRequest): string {
  const params = new URLSearchParams();
  if (request.query) params.set('q', request.query);
  if (request.country) params.set('country', request.country);
  const search = params.toString();
  return search ? `/dashboard?${search}` : '/dashboard';
}

/** Yes: the same page without the confirm request (`confirm`, `q`, `country`); other parameters stay. */
export function urlWithoutConfirm(pathname: string, params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  for (const name of [CONFIRM_PARAM, 'q', 'country']) kept.delete(name);
  const search = kept.toString();
  return search ? `${pathname}?${search}` : pathname;
}
