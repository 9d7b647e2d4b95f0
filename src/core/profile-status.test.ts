import { describe, expect, it } from 'vitest';
import { PROFILE_STATUSES, isEnrichmentSettled, profileStateOf, profileStatusGlossary, profileStatusLabel, webResearchFound } from './profile-status';

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

describe('the status vocabulary', () => {
  it('names each state once: the pages, the identify filter and the counts use these words', () => {
    expect(PROFILE_STATUSES.map(profileStatusLabel)).toEqual(['Enriching', 'Enriched', 'Enrichment failed']);
    expect(profileStatusLabel(null)).toBe('Not enriched');
    expect(profileStatusLabel('bogus')).toBe('Not enriched');
    expect(profileStatusGlossary()).toContain('`PENDING` "Enriching"');
    expect(profileStatusGlossary()).toContain('`null` "Not enriched"');
  });
});

describe('profileStateOf', () => {
  const complete = { profileStatus: 'COMPLETED', webResearchFound: true, naicsCount: 1 };

  it('a complete profile is "Enriched"', () => {
    expect(profileStateOf(complete)).toMatchObject({ kind: 'enriched', label: 'Enriched', tone: 'success', detail: null, classifyByHand: false });
  });

  it('a profile with nothing beyond the registry says so, not the same green "Enriched"', () => {
    const state = profileStateOf({ ...complete, webResearchFound: false, naicsCount: 0 });
    expect(state).toMatchObject({ kind: 'registry-only', label: 'Registry data only', tone: 'warning', classifyByHand: true });
    expect(state.detail).toBe('Web research found no website or description.');
  });

  it("counts the description or website of web research, not the registry's description", () => {
    expect(
      webResearchFound([
        { field: 'description', source: 'registry' },
        { field: 'naics', source: 'agent' },
      ]),
    ).toBe(false);
    expect(webResearchFound([{ field: 'description', source: 'agent' }])).toBe(true);
    expect(webResearchFound([{ field: 'website', source: 'website' }])).toBe(true);
    expect(webResearchFound([{ field: 'description', source: 'company_data' }])).toBe(true);
    expect(webResearchFound([{ field: 'website', source: 'selection' }])).toBe(false);
  });

  it('points to manual classification when the enrichment found no NAICS code', () => {
    expect(profileStateOf({ ...complete, naicsCount: 0 }).classifyByHand).toBe(true);
    expect(profileStateOf({ ...complete, profileStatus: 'PENDING', naicsCount: 0 }).classifyByHand).toBe(false);
  });

  it('a failed profile carries its reason; a pending one and a never-enriched one say what they are', () => {
    expect(profileStateOf({ ...complete, profileStatus: 'FAILED', failureReason: 'The enrichment agent took too long to answer' })).toMatchObject({
      kind: 'failed',
      label: 'Enrichment failed',
      tone: 'error',
      detail: 'The enrichment agent took too long to answer',
    });
    expect(profileStateOf({ ...complete, profileStatus: 'FAILED' }).detail).toBe('The enrichment did not finish.');
    expect(profileStateOf({ ...complete, profileStatus: 'PENDING' })).toMatchObject({ kind: 'pending', label: 'Enriching' });
    expect(profileStateOf({ ...complete, profileStatus: null })).toMatchObject({ kind: 'none', label: 'Not enriched' });
  });
});
