/**
 * The add control's rules, free of React (spec "States and transitions"): its visibility, the latch
 * order, and the messages of the one status region.
 */
import type { AddOrganisationNaicsActionResult } from '../../server/naics/add-organisation-naics-action-result';
import type { ClientCacheName } from '../organisation/client-query-keys';

export type AddNaicsSuccess = Extract<AddOrganisationNaicsActionResult, { ok: true }>;
export type AddNaicsFailure = Extract<AddOrganisationNaicsActionResult, { ok: false }>['error'];

export interface AddControlGate {
  readonly flagEnabled: boolean;
  readonly enrichmentComplete: boolean;
  /** Required on the identify sidebar and the spotlight scorecard. */
  readonly organisationId: string | null | undefined;
  /** The organisation has at least one Aquila1 classification (as the surface currently knows it). */
  readonly classified: boolean;
  /** At least one add succeeded during this mount. */
  readonly latched: boolean;
}

export type AddControlVisibility = 'hidden' | 'visible';

/**
 * hidden: flag off, enrichment not settled, no organisation, or already classified without a latch;
 * visible: otherwise. Once latched, the control stays even though the organisation is now classified.
 */
export function addControlVisibility(gate: AddControlGate): AddControlVisibility {
  if (!gate.flagEnabled || !gate.enrichmentComplete || !gate.organisationId) return 'hidden';
  if (gate.latched) return 'visible';
  return gate.classified ? 'hidden' : 'visible';
}

export interface LatchSteps {
  setLatched(): void;
  invalidate(name: ClientCacheName, id?: string): void;
  afterAdd?: (result: AddNaicsSuccess) => void;
}

/**
 * The latch firing on a successful add, in the spec's order: set the latch; invalidate the client caches
 * for organisation risk and flag counts; call the surface's own after-add callback.
 */
export function fireLatch(steps: LatchSteps, organisationId: string, result: AddNaicsSuccess): void {
  steps.setLatched();
  steps.invalidate('organisation-risk', organisationId);
  steps.invalidate('flag-counts');
  steps.afterAdd?.(result);
}

export const CONFLICT_MESSAGE = 'A classification of this organisation is already in progress, try again shortly.';
export const UNSYNCED_NOTICE = 'NAICS code added, but it maps to no Aquila1 sector, so no figures can be derived from it yet.';

/** The text of the status region after an add: the error, the soft sync notice, or nothing. */
export function addOutcomeMessage(outcome: AddOrganisationNaicsActionResult): { kind: 'error' | 'notice'; text: string } | null {
  if (!outcome.ok) {
    if (outcome.error.name === 'ConflictError') return { kind: 'error', text: CONFLICT_MESSAGE };
    return { kind: 'error', text: outcome.error.message };
  }
  if (!outcome.aquila1Synced) return { kind: 'notice', text: UNSYNCED_NOTICE };
  return null;
}

/** A rejected action call (network down, server gone) as an action failure. */
export function unexpectedFailure(): AddNaicsFailure {
  return { name: 'InternalError', message: 'The NAICS code could not be added; check your connection and try again.' };
}
