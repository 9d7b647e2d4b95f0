/**
 * The sandbox-only operator switch (`SANDBOX_FAULTS`): makes a contract fake slow, failing, malformed or
 * hanging for every request, so the degraded states can be shown in a demo and driven through the HTTP
 * stream in tests. Production never starts the fakes, and the environment refuses the switch there.
 *
 * `SANDBOX_FAULTS=registry_au:failing,agent:slow` -> the ABN Lookup fake answers 500 to everything, the
 * model fake answers 1.5 s late.
 *
 * The environment sets the faults a sandbox starts with; `SandboxFaultSwitch` changes them while it runs (the
 * loopback control `/__sandbox/faults`, src/sandbox/fault-control.ts), so a browser test sets a fault on the one
 * product under test, runs its case and clears it, instead of starting a second product with another SANDBOX_FAULTS.
 */
import type { SandboxFaultKind, SandboxFaultProvider, SandboxFaultSetting } from '../core/sandbox-faults';
import type { Fault, FaultPlan } from './faults';

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

/** A provider named in a fault setting that this sandbox does not fake (it has a real credential). */
export class NotFakedError extends Error {
  override readonly name = 'NotFakedError';
  constructor(readonly providers: readonly SandboxFaultProvider[]) {
    super(`not faked in this sandbox (a real provider is configured): ${providers.join(', ')}`);
  }
}

/**
 * The fault settings of one running sandbox: each fake's plan is attached under its provider; `set` replaces every
 * fake's switched faults at once (an empty list: every fake answers as usual), `reset` goes back to the start-up
 * setting (SANDBOX_FAULTS). Only the switch writes to the attached plans.
 */
export class SandboxFaultSwitch {
  private readonly plans = new Map<SandboxFaultProvider, FaultPlan>();
  private current: readonly SandboxFaultSetting[];

  constructor(private readonly startUp: readonly SandboxFaultSetting[]) {
    this.current = startUp;
  }

  /** The fake serving `provider` takes its switched faults from `plan` (the start-up setting is applied at once). */
  attach(provider: SandboxFaultProvider, plan: FaultPlan): void {
    this.plans.set(provider, plan);
    this.apply(provider, plan);
  }

  /** What is set now (the start-up setting until a `set`). */
  get settings(): readonly SandboxFaultSetting[] {
    return this.current;
  }

  /** The providers whose fakes run here. */
  get faked(): readonly SandboxFaultProvider[] {
    return [...this.plans.keys()];
  }

  /** Replaces the faults of every fake by `settings`; throws NotFakedError (changing nothing) for a provider not faked here. */
  set(settings: readonly SandboxFaultSetting[]): void {
    const missing = [...new Set(settings.map((setting) => setting.provider))].filter((provider) => !this.plans.has(provider));
    if (missing.length > 0) throw new NotFakedError(missing);
    this.current = [...settings];
    for (const [provider, plan] of this.plans) this.apply(provider, plan);
  }

  /** Back to the start-up setting (SANDBOX_FAULTS). */
  reset(): void {
    this.set(this.startUp.filter((setting) => this.plans.has(setting.provider)));
  }

  private apply(provider: SandboxFaultProvider, plan: FaultPlan): void {
    plan.clear();
    for (const fault of faultsOf(this.current, provider)) plan.inject(fault);
  }
}
