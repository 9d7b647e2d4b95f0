import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Page not found' };

/** Any unknown address: says so and offers the way back (the main pages ask for a session themselves). */
export default function NotFound() {
  return (
    <main id="content" className="not-found not-found-standalone">
      <p className="not-found-code">404</p>
      <h1>Page not found</h1>
      <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <nav aria-label="Ways back" className="not-found-links">
        <Link href="/dashboard" className="button button-primary">
          Go to the dashboard
        </Link>
        <Link href="/identify" className="button">
          Your organisations
        </Link>
      </nav>
    </main>
  );
}
