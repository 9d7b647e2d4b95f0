import { describe, expect, it } from 'vitest';
import { reEnrichmentRefusal } from './re-enrichment';

const now = new Date('2026-11-26T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
const global = { ownedByAccount: false } as const;

describe('reEnrichmentRefusal', () => {
  it('refuses a global organisation whose COMPLETED profile is younger than the minimum age, saying from when it may', () => {
    const refusal = reEnrichmentRefusal({ ...global, profileStatus: 'COMPLETED', profileCheckedAt: hoursAgo(1) }, now, 24);
    expect(refusal).toMatch(/shared by every account/);
    expect(refusal).toContain('2026-11-27 11:00 UTC');
  });

  it('allows a global organisation once its profile is as old as the minimum age', () => {
    expect(reEnrichmentRefusal({ ...global, profileStatus: 'COMPLETED', profileCheckedAt: hoursAgo(24) }, now, 24)).toBeNull();
  });

  it('allows a global organisation that failed, was never enriched, is PENDING with nothing running, or has no check date', () => {
    expect(reEnrichmentRefusal({ ...global, profileStatus: 'FAILED', profileCheckedAt: hoursAgo(0) }, now, 24)).toBeNull();
    expect(reEnrichmentRefusal({ ...global, profileStatus: null, profileCheckedAt: null }, now, 24)).toBeNull();
    expect(reEnrichmentRefusal({ ...global, profileStatus: 'PENDING', profileCheckedAt: hoursAgo(0) }, now, 24)).toBeNull();
    expect(reEnrichmentRefusal({ ...global, profileStatus: 'COMPLETED', profileCheckedAt: null }, now, 24)).toBeNull();
  });

  it("allows the account's own organisation whatever its profile", () => {
    expect(reEnrichmentRefusal({ ownedByAccount: true, profileStatus: 'COMPLETED', profileCheckedAt: hoursAgo(0) }, now, 24)).toBeNull();
  });
});
