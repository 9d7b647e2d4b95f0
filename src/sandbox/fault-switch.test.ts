import { describe, expect, it } from 'vitest';
import { REGISTRY_LEAD_MS } from '../server/search/registry-lead';
import { faultFor, faultsOf, SANDBOX_LATE_MS, SANDBOX_SLOW_MS } from './fault-switch';

describe('the sandbox fault switch', () => {
  it('maps each kind to one fake fault', () => {
    expect(faultFor('slow')).toEqual({ kind: 'delay', ms: SANDBOX_SLOW_MS });
    expect(faultFor('late')).toEqual({ kind: 'delay', ms: SANDBOX_LATE_MS });
    expect(faultFor('failing')).toEqual({ kind: 'status', status: 500 });
    expect(faultFor('malformed')).toEqual({ kind: 'malformed' });
    expect(faultFor('hanging')).toEqual({ kind: 'hang' });
  });

  it('slow answers within the registry lead; late answers after it, within the search time limit (60 s by default)', () => {
    expect(SANDBOX_SLOW_MS).toBeLessThan(REGISTRY_LEAD_MS);
    expect(SANDBOX_LATE_MS).toBeGreaterThan(REGISTRY_LEAD_MS);
    expect(SANDBOX_LATE_MS).toBeLessThan(60_000 / 2);
  });

  it('gives each provider only its own faults', () => {
    const settings = [
      { provider: 'agent', kind: 'slow' },
      { provider: 'registry_au', kind: 'hanging' },
    ] as const;
    expect(faultsOf(settings, 'registry_au')).toEqual([{ kind: 'hang' }]);
    expect(faultsOf(settings, 'registry_global')).toEqual([]);
  });
});
