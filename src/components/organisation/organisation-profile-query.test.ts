import { describe, expect, it } from 'vitest';
import { PROFILE_POLL_INTERVAL_MS, profileJustSettled, profilePollInterval, redirectedOrganisationPath } from './organisation-profile-query';

describe('the polling stop rule', () => {
  it('polls while PENDING and stops once settled or never enriched', () => {
    expect(profilePollInterval({ profileStatus: 'PENDING' })).toBe(PROFILE_POLL_INTERVAL_MS);
    expect(profilePollInterval({ profileStatus: 'COMPLETED' })).toBe(false);
    expect(profilePollInterval({ profileStatus: 'FAILED' })).toBe(false);
    expect(profilePollInterval({ profileStatus: null })).toBe(false);
    expect(profilePollInterval(null)).toBe(false);
    expect(profilePollInterval(undefined)).toBe(false);
  });

  it('tells when the status has just settled', () => {
    expect(profileJustSettled('PENDING', 'COMPLETED')).toBe(true);
    expect(profileJustSettled('PENDING', 'FAILED')).toBe(true);
    expect(profileJustSettled(null, 'COMPLETED')).toBe(true);
    expect(profileJustSettled('COMPLETED', 'COMPLETED')).toBe(false);
    expect(profileJustSettled('FAILED', 'PENDING')).toBe(false);
    expect(profileJustSettled('PENDING', 'PENDING')).toBe(false);
  });
});

describe('redirectedOrganisationPath', () => {
  it('swaps the id segment for the target of a merge, keeping the page', () => {
    expect(redirectedOrganisationPath('/organisations/old', 'old', 'new')).toBe('/organisations/new');
    expect(redirectedOrganisationPath('/organisations/old/analyst', 'old', 'new')).toBe('/organisations/new/analyst');
    expect(redirectedOrganisationPath('/organisations/old', 'old', 'old')).toBeNull();
    expect(redirectedOrganisationPath('/organisations/older/analyst', 'old', 'new')).toBeNull();
  });
});
