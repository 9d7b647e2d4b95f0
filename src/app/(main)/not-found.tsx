import Link from 'next/link';

/**
 * A main page that found nothing to show (an unknown or invisible organisation): rendered inside the shell,
 * so the header's navigation stays, with links back.
 */
export default function MainNotFound() {
  return (
    <div className="page not-found">
      <p className="not-found-code">404</p>
      <h1>Not found</h1>
      <p>This page does not exist, or the organisation is not visible to your account.</p>
      <nav aria-label="Ways back" className="not-found-links">
        <Link href="/dashboard" className="button button-primary">
          Go to the dashboard
        </Link>
        <Link href="/identify" className="button">
          Your organisations
        </Link>
      </nav>
    </div>
  );
}
