'use server';
/**
 * The server actions' one Next.js entry: each action is its body (the file named after it, free of Next.js) given
 * the session's account, the container, and Next.js's revalidation. A refreshed path re-renders with its layout,
 * so the page and everything under it show the new state from the server (the analyst page after an add).
 * Only async functions may be exported here: each export is callable from the browser.
 */
import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { getContainer } from '../../composition-root';
import type { SelectionResult } from '../../core/selection';
import type { ActionDeps } from './action-deps';
import type { ActionResult } from './action-result';
import { runAddOrganisationNaicsAction, type AddOrganisationNaicsActionResult } from './add-organisation-naics';
import { runRejectSelectionAction } from './reject-selection';
import { runUndoDecisionAction } from './undo-decision';
import { runMarkChangesReadAction } from './mark-changes-read';
import { runReplayWebhookDeliveryAction } from './replay-webhook-delivery';
import { runSelectOrganisationAction } from './select-organisation';
import { runTriggerEnrichmentAction } from './trigger-enrichment';

async function sessionDeps(): Promise<ActionDeps> {
  const container = await getContainer();
  const requestHeaders = await headers();
  return {
    account: () => container.accountResolver.resolve(requestHeaders),
    container,
    refreshPath: (path) => revalidatePath(path, 'layout'),
  };
}

export async function selectOrganisationAction(input: unknown): Promise<ActionResult<SelectionResult>> {
  return runSelectOrganisationAction(input, await sessionDeps());
}

export async function triggerEnrichmentAction(input: { organisationId: string }): Promise<ActionResult<{ organisationId: string }>> {
  return runTriggerEnrichmentAction(input, await sessionDeps());
}

export async function rejectSelectionAction(input: {
  organisationId: string;
  query?: string;
  country?: string;
}): Promise<ActionResult<{ organisationId: string }>> {
  return runRejectSelectionAction(input, await sessionDeps());
}

export async function undoDecisionAction(input: { decisionId: string }): Promise<ActionResult<{ id: string }>> {
  return runUndoDecisionAction(input, await sessionDeps());
}

export async function addOrganisationNAICSAction(input: { organisationId: string; naicsCode: string }): Promise<AddOrganisationNaicsActionResult> {
  return runAddOrganisationNaicsAction(input, await sessionDeps());
}

export async function markChangesReadAction(input: unknown): Promise<ActionResult<{ marked: number }>> {
  return runMarkChangesReadAction(input, await sessionDeps());
}

export async function replayWebhookDeliveryAction(input: unknown): Promise<ActionResult<{ id: string; state: 'pending' }>> {
  return runReplayWebhookDeliveryAction(input, await sessionDeps());
}
