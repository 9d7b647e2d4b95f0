import { describe, expect, it } from 'vitest';
import { faultFor, faultsOf, SANDBOX_SLOW_MS } from './fault-switch';

describe('the sandbox fault switch', () => {
  it('maps each kind to one fake fault', () => {
    expect(faultFor('slow')).toEqual({ kind: 'delay', ms: SANDBOX_SLOW_MS });
    expect(faultFor('failing')).toEqual({ kind: 'status', status: 500 });
    expect(faultFor('malformed')).toEqual({ kind: 'malformed' });
    expect(faultFor('hanging')).toEqual({ kind: 'hang' });
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
