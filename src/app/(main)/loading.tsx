/** The main routes' loading placeholder while a page renders on the server (Next `loading.tsx`). */
export default function MainLoading() {
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
