import { describe, expect, it } from 'vitest';
import type { Match } from './match';
import {
  UNKNOWN_REGISTRY_STATUS,
  activeBeforeInactiveNamesakes,
  registryStatusBadge,
  registryStatusOf,
  statusOfWording,
  toRegistryStatus,
  undecidedWhenInactive,
  type RegistryStatus,
} from './registry-status';

const dissolved = registryStatusOf('inactive', 'Dissolved', '2020-11-17');
const active = registryStatusOf('active', 'Active', null);

const match = (score: number, decided: boolean): Match => ({
  score,
  match: decided,
  grades: { name: 'same', identifier: 'missing', website: 'missing', country: 'same' },
  matchedOn: { name: 'acme', nameKind: 'name', identifier: null, website: null, legalFormsIgnored: [], corrections: [] },
});

describe('registry status', () => {
  it("the badge is the register's own word and the year it took effect; none for active or unknown", () => {
    expect(registryStatusBadge(dissolved)).toBe('Dissolved 2020');
    expect(registryStatusBadge(registryStatusOf('inactive', 'Cancelled', null))).toBe('Cancelled');
    expect(registryStatusBadge(registryStatusOf('inactive', null, null))).toBe('Inactive');
    expect(registryStatusBadge(active)).toBeNull();
    expect(registryStatusBadge(UNKNOWN_REGISTRY_STATUS)).toBeNull();
  });

  it('reads register words: dissolved, deregistered, cancelled, struck off are inactive; never guesses active', () => {
    for (const word of ['Dissolved', 'Deregistered', 'Cancelled', 'Struck off', 'Strike-off', 'Merged Out', 'Converted / Closed']) {
      expect(statusOfWording(word)).toBe('inactive');
    }
    expect(statusOfWording('Active')).toBe('active');
    expect(statusOfWording('Registered')).toBe('active');
    expect(statusOfWording('In Liquidation pending')).toBe('unknown');
    expect(statusOfWording('')).toBe('unknown');
    expect(statusOfWording(null)).toBe('unknown');
  });

  it('reads stored columns; unknown values and malformed dates are dropped', () => {
    expect(toRegistryStatus('inactive', 'Dissolved', '2020-11-17')).toEqual(dissolved);
    expect(toRegistryStatus('nonsense', ' ', 'yesterday')).toEqual(UNKNOWN_REGISTRY_STATUS);
    expect(toRegistryStatus('inactive', 'Cancelled', new Date('2023-06-30T00:00:00Z'))).toEqual(registryStatusOf('inactive', 'Cancelled', '2023-06-30'));
  });

  it('an inactive organisation is never decided a match; its score stays', () => {
    expect(undecidedWhenInactive(match(100, true), dissolved)).toMatchObject({ score: 100, match: false });
    expect(undecidedWhenInactive(match(100, true), active).match).toBe(true);
    expect(undecidedWhenInactive(match(100, true), UNKNOWN_REGISTRY_STATUS).match).toBe(true);
  });

  it('an inactive organisation ranks right after its active namesake, and keeps its place among other names', () => {
    type Row = { name: string; status: RegistryStatus };
    const rows: Row[] = [
      { name: 'Meridian Ridge Limited', status: dissolved },
      { name: 'Meridian Ridgeway Ltd', status: active },
      { name: 'MERIDIAN RIDGE LTD', status: active },
      { name: 'Meridian Holdings', status: dissolved },
      { name: 'Meridian Other', status: UNKNOWN_REGISTRY_STATUS },
    ];
    const ordered = activeBeforeInactiveNamesakes(
      rows,
      (r) => r.name,
      (r) => r.status,
    );
    expect(ordered.map((r) => r.name)).toEqual([
      'Meridian Ridgeway Ltd',
      'MERIDIAN RIDGE LTD',
      'Meridian Ridge Limited',
      'Meridian Holdings',
      'Meridian Other',
    ]);
  });

  it('leaves a list without inactive organisations, or without active namesakes, as it was', () => {
    const rows = [
      { name: 'A', status: dissolved },
      { name: 'B', status: active },
    ];
    expect(
      activeBeforeInactiveNamesakes(
        rows,
        (r) => r.name,
        (r) => r.status,
      ),
    ).toEqual(rows);
  });
});
