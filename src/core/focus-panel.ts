/**
 * The focus panel of the search surface (spec: "Focus panel (only when flag `hybridSearch` is on)"):
 * the scope selector All / New / Existing, the Business names and Sole traders toggles, and the country.
 *
 * - Scope is a client-side filter on `accountLinked`; Existing also skips the external request entirely.
 * - Effective toggle value = country is AUS and raw switch on; the raw switches reset to off whenever the
 *   country leaves AUS.
 * - Refetch rule: All <-> New does not refetch; a change of country, of either effective toggle, or crossing
 *   into or out of Existing does.
 * - Hide inactive (issue 20, section 4; default off): a client-side filter like the scope, dropping the rows the
 *   register lists as inactive (dissolved, cancelled...); kept across countries; never refetches.
 */
import type { AbrPreset } from './national-registry';
import { isInactive, type RegistryStatus } from './registry-status';
import { NATIONAL_REGISTRY_COUNTRY } from './search-scope';

export const SEARCH_SCOPES = ['all', 'new', 'existing'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

/** The ABR presets the panel chooses between (the request schema accepts `entity-only` too). */
export type FocusPanelAbrPreset = Extract<AbrPreset, 'business-name-aware' | 'with-business-names'>;

export interface FocusPanelState {
  readonly scope: SearchScope;
  readonly country: string;
  /** Raw switch positions; what counts is `effectiveToggles`. */
  readonly businessNames: boolean;
  readonly soleTraders: boolean;
  /** Hide the organisations the register lists as inactive. */
  readonly hideInactive: boolean;
}

export const initialFocusPanel = (country: string): FocusPanelState => ({
  scope: 'all',
  country,
  businessNames: false,
  soleTraders: false,
  hideInactive: false,
});

/** The toggles apply to the national registry only: AUS. */
export const togglesApply = (country: string): boolean => country === NATIONAL_REGISTRY_COUNTRY;

/** Effective toggle value = country is AUS and raw switch on. */
export function effectiveToggles(panel: FocusPanelState): { businessNames: boolean; soleTraders: boolean } {
  const applies = togglesApply(panel.country);
  return { businessNames: applies && panel.businessNames, soleTraders: applies && panel.soleTraders };
}

/** A new country; the raw switches reset to off when it is not AUS. */
export function withCountry(panel: FocusPanelState, country: string): FocusPanelState {
  return togglesApply(country) ? { ...panel, country } : { ...panel, country, businessNames: false, soleTraders: false };
}

/** The scope filter on `accountLinked`: New keeps unlinked, Existing keeps linked, All keeps everything. */
export function inScope(scope: SearchScope, accountLinked: boolean): boolean {
  if (scope === 'new') return !accountLinked;
  if (scope === 'existing') return accountLinked;
  return true;
}

/** The status filter: with Hide inactive on, a row the register lists as inactive is not shown. */
export function inStatusFilter(hideInactive: boolean, status: RegistryStatus | null | undefined): boolean {
  return !hideInactive || !isInactive(status);
}

/** What the panel shows of a result: its scope (on `accountLinked`) and the status filter. */
export function shownByPanel(
  panel: Pick<FocusPanelState, 'scope' | 'hideInactive'>,
  result: { accountLinked: boolean; registryStatus?: RegistryStatus | null },
): boolean {
  return inScope(panel.scope, result.accountLinked) && inStatusFilter(panel.hideInactive, result.registryStatus);
}

/** Existing skips the external (registry plus agent) request entirely. */
export const skipsExternalSearch = (scope: SearchScope): boolean => scope === 'existing';

/** The refetch rule of the spec's table, as a function of the previous and the next panel state. */
export function needsRefetch(previous: FocusPanelState, next: FocusPanelState): boolean {
  if (previous.country !== next.country) return true;
  const before = effectiveToggles(previous);
  const after = effectiveToggles(next);
  if (before.businessNames !== after.businessNames || before.soleTraders !== after.soleTraders) return true;
  return skipsExternalSearch(previous.scope) !== skipsExternalSearch(next.scope);
}

/** What the external request carries for the toggles: Business names on = `with-business-names`, off = `business-name-aware`. */
export function externalSearchOptions(panel: FocusPanelState): { abrPreset: FocusPanelAbrPreset; includeSoleTraders: boolean } {
  const toggles = effectiveToggles(panel);
  return { abrPreset: toggles.businessNames ? 'with-business-names' : 'business-name-aware', includeSoleTraders: toggles.soleTraders };
}
