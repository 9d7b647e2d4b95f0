/**
 * The main routes' loading placeholder while a page renders on the server (each route's `loading.tsx`).
 * Per route, not one for the whole group: a boundary above a page that redirects (/search) or calls
 * notFound() in its layout would turn the HTTP redirect or 404 into a streamed client-side one.
 */
export function PageLoading() {
  return (
    <div className="page page-loading" role="status" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
      <div className="loading-block loading-title" aria-hidden="true" />
      <div className="loading-block loading-line" aria-hidden="true" />
      <div className="loading-block loading-line loading-line-short" aria-hidden="true" />
      <div className="loading-block loading-panel" aria-hidden="true" />
    </div>
  );
}
