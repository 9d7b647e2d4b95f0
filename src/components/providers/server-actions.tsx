'use client';
/**
 * The server actions the interface calls, handed down by the main layout (`src/app`), so that components never
 * import `src/app` (dependency-cruiser rule components-not-into-app): the layout passes the actions, a component
 * reads the one it needs with `useServerActions()`. Server actions are references the client can call, so they
 * cross the server/client boundary as props.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { ActionResult } from '../../core/action-result';
import type { SelectionResult } from '../../core/selection';
import type { AddOrganisationNaicsActionResult } from '../../server/naics/add-organisation-naics-action-result';

export interface ServerActions {
  /** selectOrganisationAction: create-if-missing, mark PENDING, send `organisation.enrich`. */
  readonly selectOrganisation: (input: unknown) => Promise<ActionResult<SelectionResult>>;
  /** triggerEnrichmentAction: re-run the enrichment of an existing organisation. */
  readonly triggerEnrichment: (input: { organisationId: string }) => Promise<ActionResult<{ organisationId: string }>>;
  /** rejectSelectionAction: "No" in the confirm header. */
  readonly rejectSelection: (input: { organisationId: string; query?: string; country?: string }) => Promise<ActionResult<{ organisationId: string }>>;
  /** undoDecisionAction: forget one of the account's remembered decisions (the decisions page). */
  readonly undoDecision: (input: { decisionId: string }) => Promise<ActionResult<{ id: string }>>;
  /** addOrganisationNAICSAction: attach one leaf NAICS code. */
  readonly addOrganisationNaics: (input: { organisationId: string; naicsCode: string }) => Promise<AddOrganisationNaicsActionResult>;
  /** markChangesReadAction: some changes by id, or all the `/changes` filter shows, read for the account. */
  readonly markChangesRead: (input: unknown) => Promise<ActionResult<{ marked: number }>>;
  /** replayWebhookDeliveryAction: a disabled webhook's "Enable again" on `/changes` (a replay enables it again). */
  readonly replayWebhookDelivery: (input: unknown) => Promise<ActionResult<{ id: string; state: 'pending' }>>;
}

const ServerActionsContext = createContext<ServerActions | null>(null);

export function ServerActionsProvider({ actions, children }: { actions: ServerActions; children: ReactNode }) {
  return <ServerActionsContext.Provider value={actions}>{children}</ServerActionsContext.Provider>;
}

/** The server actions of the main layout; a component rendered outside it is a bug, and throws. */
export function useServerActions(): ServerActions {
  const actions = useContext(ServerActionsContext);
  if (actions === null) throw new Error('useServerActions outside ServerActionsProvider (the main layout mounts it)');
  return actions;
}
