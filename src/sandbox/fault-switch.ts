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

export function faultFor(kind: SandboxFaultKind): Fault {
  switch (kind) {
    case 'slow':
      return { kind: 'delay', ms: SANDBOX_SLOW_MS };
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
