/**
 * The launchers' URL parameters (spec "URL parameters"): a launcher sets `searchIntent` (spotlight, analyst
 * or engage) and `returnTo` (where the back arrow goes); both are stripped when search closes without a
 * selection. Pure: used by the launcher link, the arrival on the search, the dark header and the overlay.
 */
import { SEARCH_INTENT_PARAM, searchIntentOf, type SearchIntent } from '../../core/selection';

export { SEARCH_INTENT_PARAM, searchIntentOf };
export const RETURN_TO_PARAM = 'returnTo';

/** The page that owns search when the command-K overlay does not. */
export const SEARCH_PAGE_PATH = '/dashboard';

const ORIGIN = 'http://return-to.invalid';

/**
 * `returnTo` when it is a same-origin relative path (`/…`, not `//host`, no backslash, no scheme);
 * anything else is null, so the back arrow can never leave the product.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a "Find an organisation" launcher leads. Without the command-K overlay: the search page with the
 * intent and `returnTo` (the launching page). With it: the launching page itself with the intent, which
 * opens the overlay there (its `returnTo` is the page, so closing leaves the user where they were).
 */
export function launcherHref(launch: { intent: SearchIntent; from: string; commandKSearch: boolean }): string {
  const from = safeReturnTo(launch.from) ?? SEARCH_PAGE_PATH;
  const target = new URL(launch.commandKSearch ? from : SEARCH_PAGE_PATH, ORIGIN);
  target.searchParams.set(SEARCH_INTENT_PARAM, launch.intent);
  target.searchParams.set(RETURN_TO_PARAM, withoutLauncherParams(from));
  return `${target.pathname}${target.search}`;
}

/** A relative href without `searchIntent` and `returnTo`, every other parameter (q, country…) kept. */
export function withoutLauncherParams(href: string): string {
  const url = new URL(href, ORIGIN);
  url.searchParams.delete(SEARCH_INTENT_PARAM);
  url.searchParams.delete(RETURN_TO_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}
