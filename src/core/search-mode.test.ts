import { describe, expect, it } from 'vitest';
import { aggregatorCountryCode, effectiveSearchMode, modeRunsAgent, modeRunsRegistry, registryRoute } from './search-mode';

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
