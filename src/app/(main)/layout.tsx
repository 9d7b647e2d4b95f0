import type { ReactNode } from 'react';
import { QueryProvider } from '../../components/providers/query-provider';
import { SearchModeProvider } from '../../components/search-mode/search-mode-provider';
import { AppHeader } from '../../components/shell/app-header';
import { requireSession } from './require-session';

/** Pages behind a session are always rendered per request. */
export const dynamic = 'force-dynamic';

/**
 * Every main route: a session is required (checked here and by each page), a header, and the content,
 * under the one client query cache of the session.
 */
export default async function MainLayout({ children }: { children: ReactNode }) {
  const session = await requireSession();
  return (
    <QueryProvider>
      <SearchModeProvider>
      <div className="app-shell">
        <a className="skip-link" href="#content">
          Skip to content
        </a>
        <AppHeader userEmail={session.user.email} />
        <main id="content" className="app-main">
          {children}
        </main>
      </div>
      </SearchModeProvider>
    </QueryProvider>
  );
}
