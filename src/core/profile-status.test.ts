import { describe, expect, it } from 'vitest';
import { isEnrichmentSettled } from './profile-status';

describe('isEnrichmentSettled', () => {
  it('settles at COMPLETED or FAILED, the two settled states', () => {
    expect(isEnrichmentSettled('COMPLETED')).toBe(true);
    expect(isEnrichmentSettled('FAILED')).toBe(true);
  });

  it('is not settled while enriching, never enriched, or in a state it does not know', () => {
    expect(isEnrichmentSettled('PENDING')).toBe(false);
    expect(isEnrichmentSettled(null)).toBe(false);
    expect(isEnrichmentSettled(undefined)).toBe(false);
    expect(isEnrichmentSettled('completed')).toBe(false);
    expect(isEnrichmentSettled('')).toBe(false);
  });
});
