/**
 * Which requests are pages: what is not an API or JSON route (those answer JSON for themselves, their 401s
 * and 503s included) and not one of Next.js's own files (assets).
 */

/** API routes and the JSON routes under /organisations (figures, flag counts). */
export const JSON_ROUTE = /^\/(?:api\/|organisations\/flag-counts\/?$|organisations\/[^/]+\/figures\/?$)/;
/** What the proxy's matcher leaves out (src/proxy.ts `config`): Next's build assets and the root's static files. */
const OUTSIDE_PROXY = /^\/(?:_next\/|favicon\.ico|robots\.txt)/;
/** Those, and the icon route. */
const ASSET = /^\/(?:_next\/|favicon\.ico|robots\.txt|icon\.svg$)/;

export function isPagePath(pathname: string): boolean {
  return !JSON_ROUTE.test(pathname) && !ASSET.test(pathname);
}

/** Next.js's own files, which answer GET and HEAD only (Next refuses another method with its HTML 405 or 404 page). */
export function isAssetPath(pathname: string): boolean {
  return ASSET.test(pathname);
}

/** Paths the proxy never sees, so its path check does not run for them. */
export function isOutsideProxy(pathname: string): boolean {
  return OUTSIDE_PROXY.test(pathname);
}
