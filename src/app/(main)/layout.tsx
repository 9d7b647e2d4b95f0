import { Suspense, type ReactNode } from 'react';
import { QueryProvider } from '../../components/providers/query-provider';
import { ServerActionsProvider, type ServerActions } from '../../components/providers/server-actions';
import { searchPageProps } from '../../components/search/search-page-props';
import { SearchIntentArrival } from '../../components/search-mode/search-intent-arrival';
import { SearchModeProvider } from '../../components/search-mode/search-mode-provider';
import { AppHeader } from '../../components/shell/app-header';
import { CommandKOverlayProvider } from '../../components/shell/command-k-overlay';
import { MAIN_CONTENT_ID } from '../../components/shell/main-content';
import '../../components/shell/shell.css';
import {
  addOrganisationNAICSAction,
  markChangesReadAction,
  rejectSelectionAction,
  replayWebhookDeliveryAction,
  selectOrganisationAction,
  triggerEnrichmentAction,
  undoDecisionAction,
} from '../actions/server-actions';
import { getContainer } from '../../composition-root';
import { requireSession } from './require-session';
import { countUnreadChanges } from '../../server/monitoring/account-changes';
import { searchSurfaceFlags } from './search-surface-flags';

/** Pages behind a session are always rendered per request. */
export const dynamic = 'force-dynamic';

/** The server actions the interface calls (components read them from the provider, never from src/app). */
const SERVER_ACTIONS: ServerActions = {
  selectOrganisation: selectOrganisationAction,
  triggerEnrichment: triggerEnrichmentAction,
  rejectSelection: rejectSelectionAction,
  undoDecision: undoDecisionAction,
  addOrganisationNaics: addOrganisationNAICSAction,
  markChangesRead: markChangesReadAction,
  replayWebhookDelivery: replayWebhookDeliveryAction,
};

/**
 * Every main route: a session is required (checked here and by each page), a header, and the content,
 * under the one client query cache and the one search-mode state of the session. With `commandKSearch`
 * on, the command-K overlay (with its own search surface, no initial query) is mounted here too.
 */
export default async function MainLayout({ children }: { children: ReactNode }) {
  const session = await requireSession();
  const { hybridSearch, commandKSearch, devMode } = await searchSurfaceFlags(session.accountId);
  const unreadChanges = await countUnreadChanges((await getContainer()).database.db, { accountId: session.accountId });
  const overlaySearch = commandKSearch ? { ...searchPageProps({}), hybridSearch, devMode } : null;
  return (
    <QueryProvider>
      <ServerActionsProvider actions={SERVER_ACTIONS}>
        <SearchModeProvider commandKSearch={commandKSearch}>
          <CommandKOverlayProvider search={overlaySearch}>
            <div className="app-shell">
              <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
                Skip to content
              </a>
              <AppHeader userEmail={session.user.email} unreadChanges={unreadChanges} />
              <main id={MAIN_CONTENT_ID} className="app-main" tabIndex={-1}>
                {children}
              </main>
            </div>
            <Suspense fallback={null}>
              <SearchIntentArrival />
            </Suspense>
          </CommandKOverlayProvider>
        </SearchModeProvider>
      </ServerActionsProvider>
    </QueryProvider>
  );
}
