import { describe, expect, it } from 'vitest';
import { aggregatorCountryCode, effectiveSearchMode, identifierLookups, modeRunsAgent, modeRunsRegistry, registryRoute } from './search-mode';

describe('effectiveSearchMode', () => {
  it('defaults to auto', () => {
    expect(effectiveSearchMode(undefined, { hybridSearch: true })).toBe('auto');
  });
  it.each(['agentic', 'auto', 'direct'] as const)('keeps %s when hybridSearch is on', (mode) => {
    expect(effectiveSearchMode(mode, { hybridSearch: true })).toBe(mode);
  });
  it.each(['agentic', 'auto', 'direct', undefined] as const)('downgrades %s to agentic when hybridSearch is off', (mode) => {
    expect(effectiveSearchMode(mode, { hybridSearch: false })).toBe('agentic');
  });
});

describe('channels per mode', () => {
  it('agentic: agent only; auto: both; direct: registry only', () => {
    expect([modeRunsRegistry('agentic'), modeRunsAgent('agentic')]).toEqual([false, true]);
    expect([modeRunsRegistry('auto'), modeRunsAgent('auto')]).toEqual([true, true]);
    expect([modeRunsRegistry('direct'), modeRunsAgent('direct')]).toEqual([true, false]);
  });
});

describe('registryRoute', () => {
  it('sends AUS to the national registry and every other scope, GBR and GLO included, to the aggregator', () => {
    expect(registryRoute('AUS')).toBe('national');
    expect(registryRoute('GBR')).toBe('global');
    expect(registryRoute('NZL')).toBe('global');
    expect(registryRoute('GLO')).toBe('global');
  });
  it('passes no country code to the aggregator under GLO', () => {
    expect(aggregatorCountryCode('GLO')).toBeUndefined();
    expect(aggregatorCountryCode('GBR')).toBe('GBR');
  });
});

describe('identifierLookups: an identifier goes to its register by number', () => {
  it('sends an ABN or ACN to ABN Lookup under AUS and GLO', () => {
    expect(identifierLookups('ABN 51 824 753 556', 'AUS')).toEqual([{ type: 'ABN', value: '51824753556', register: 'national' }]);
    expect(identifierLookups('005 749 986', 'GLO')).toEqual([{ type: 'ACN', value: '005749986', register: 'national' }]);
  });

  it('sends a Companies House number to the aggregator under GBR and GLO, padded', () => {
    expect(identifierLookups('SC123456', 'GBR')).toEqual([{ type: 'CH', value: 'SC123456', register: 'global' }]);
    expect(identifierLookups('123456', 'GLO')).toEqual([{ type: 'CH', value: '00123456', register: 'global' }]);
  });

  it('asks nothing where the country guard would drop the answer', () => {
    expect(identifierLookups('51 824 753 556', 'GBR')).toEqual([]);
    expect(identifierLookups('01234567', 'AUS')).toEqual([]);
  });

  it('asks nothing for names, mistyped numbers and NZBN', () => {
    for (const query of ['Acme Pty Ltd', '51 824 753 557', '5493001KJTIIGC8Y1R17', '9429041525746']) expect(identifierLookups(query, 'GLO')).toEqual([]);
  });

  it('asks GLEIF for a valid LEI in every scope (the LEI register is worldwide)', () => {
    for (const scope of ['GLO', 'GBR', 'AUS']) {
      expect(identifierLookups('LEI 5493001KJTIIGC8Y1R12', scope)).toEqual([{ type: 'LEI', value: '5493001KJTIIGC8Y1R12', register: 'global' }]);
    }
  });
});
