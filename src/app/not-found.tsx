import type { Metadata } from 'next';
import { NotFoundView } from '../components/shell/not-found-view';

export const metadata: Metadata = { title: 'Page not found' };

/** Any unknown address: says so and offers the way back (the main pages ask for a session themselves). */
export default function NotFound() {
  return (
    <main id="content" className="not-found not-found-standalone">
      <NotFoundView title="Page not found" explanation="There is no page at this address. It may have moved, or the link may be mistyped." />
    </main>
  );
}
