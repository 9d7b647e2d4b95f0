/**
 * The sandbox-only operator switch (`SANDBOX_FAULTS`): makes a contract fake slow, failing, malformed or
 * hanging for every request, so the degraded states can be shown in a demo and driven through the HTTP
 * stream in tests. Production never starts the fakes, and the environment refuses the switch there.
 *
 * `SANDBOX_FAULTS=registry_au:failing,agent:slow` -> the ABN Lookup fake answers 500 to everything, the
 * model fake answers 1.5 s late.
 */
import type { SandboxFaultKind, SandboxFaultProvider, SandboxFaultSetting } from '../core/sandbox-faults';
import type { Fault } from './faults';

/**
 * Slow: every answer this late, over the fakes' realistic latency, yet inside every adapter's timeout; a
 * registry search of a few records (a name search, then details 4 at a time) still answers within the
 * registry lead.
 */
export const SANDBOX_SLOW_MS = 1500;

/**
 * Late: every answer this late, a second over the search's registry lead (REGISTRY_LEAD_MS, 5 s) yet well within
 * the search's time limit (SEARCH_MAX_DURATION_SECONDS, 60 s by default) and the adapters' attempt timeouts: the
 * registry's late answer is folded in (issue 21, section 2), which a demo and the browser tests show with
 * `SANDBOX_FAULTS=registry_global:late`.
 */
export const SANDBOX_LATE_MS = 6000;

export function faultFor(kind: SandboxFaultKind): Fault {
  switch (kind) {
    case 'slow':
      return { kind: 'delay', ms: SANDBOX_SLOW_MS };
    case 'late':
      return { kind: 'delay', ms: SANDBOX_LATE_MS };
    case 'failing':
      return { kind: 'status', status: 500 };
    case 'malformed':
      return { kind: 'malformed' };
    case 'hanging':
      return { kind: 'hang' };
  }
}

/** The faults set for one provider (one kind per provider is meant; were several given, the first applies). */
export function faultsOf(settings: readonly SandboxFaultSetting[], provider: SandboxFaultProvider): Fault[] {
  return settings.filter((setting) => setting.provider === provider).map((setting) => faultFor(setting.kind));
}
