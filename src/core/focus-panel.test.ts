import { describe, expect, it } from 'vitest';
import {
  effectiveToggles,
  externalSearchOptions,
  inScope,
  inStatusFilter,
  shownByPanel,
  initialFocusPanel,
  needsRefetch,
  skipsExternalSearch,
  withCountry,
  type FocusPanelState,
} from './focus-panel';

const aus = (overrides: Partial<FocusPanelState> = {}): FocusPanelState => ({ ...initialFocusPanel('AUS'), ...overrides });

describe('effectiveToggles: country is AUS and raw switch on', () => {
  it('is on only in AUS with the raw switch on', () => {
    expect(effectiveToggles(aus({ businessNames: true, soleTraders: true }))).toEqual({ businessNames: true, soleTraders: true });
    expect(effectiveToggles(aus())).toEqual({ businessNames: false, soleTraders: false });
    expect(effectiveToggles({ ...aus({ businessNames: true, soleTraders: true }), country: 'NZL' })).toEqual({ businessNames: false, soleTraders: false });
    expect(effectiveToggles({ ...aus({ businessNames: true }), country: 'GLO' })).toEqual({ businessNames: false, soleTraders: false });
  });
});

describe('withCountry: the raw switches reset whenever the country leaves AUS', () => {
  it('resets both raw switches on leaving AUS, and they stay off on coming back', () => {
    const away = withCountry(aus({ businessNames: true, soleTraders: true }), 'GBR');
    expect(away).toMatchObject({ country: 'GBR', businessNames: false, soleTraders: false });
    expect(withCountry(away, 'AUS')).toMatchObject({ country: 'AUS', businessNames: false, soleTraders: false });
  });
  it('keeps them when the country stays AUS, and keeps the scope', () => {
    expect(withCountry(aus({ businessNames: true, scope: 'new' }), 'AUS')).toMatchObject({ businessNames: true, scope: 'new' });
    expect(withCountry(aus({ scope: 'existing' }), 'GLO')).toMatchObject({ scope: 'existing' });
  });
});

describe('the scope filter on accountLinked', () => {
  it('All keeps everything, New keeps unlinked, Existing keeps linked', () => {
    expect([inScope('all', true), inScope('all', false)]).toEqual([true, true]);
    expect([inScope('new', true), inScope('new', false)]).toEqual([false, true]);
    expect([inScope('existing', true), inScope('existing', false)]).toEqual([true, false]);
  });
  it('only Existing skips the external request', () => {
    expect([skipsExternalSearch('all'), skipsExternalSearch('new'), skipsExternalSearch('existing')]).toEqual([false, false, true]);
  });
});

describe('needsRefetch: the spec table, row by row', () => {
  it('All to New does not refetch', () => {
    expect(needsRefetch(aus(), aus({ scope: 'new' }))).toBe(false);
  });
  it('New to All does not refetch', () => {
    expect(needsRefetch(aus({ scope: 'new' }), aus())).toBe(false);
  });
  it('a change of country refetches', () => {
    expect(needsRefetch(aus(), withCountry(aus(), 'NZL'))).toBe(true);
    expect(needsRefetch({ ...aus(), country: 'GBR' }, { ...aus(), country: 'GLO' })).toBe(true);
  });
  it('a change of the effective Business names toggle refetches', () => {
    expect(needsRefetch(aus(), aus({ businessNames: true }))).toBe(true);
    expect(needsRefetch(aus({ businessNames: true }), aus())).toBe(true);
  });
  it('a change of the effective Sole traders toggle refetches', () => {
    expect(needsRefetch(aus(), aus({ soleTraders: true }))).toBe(true);
    expect(needsRefetch(aus({ soleTraders: true }), aus())).toBe(true);
  });
  it('a raw switch change that leaves the effective value unchanged (outside AUS) does not refetch', () => {
    const nzl = { ...aus(), country: 'NZL' };
    expect(needsRefetch(nzl, { ...nzl, soleTraders: true })).toBe(false);
  });
  it('crossing into Existing refetches, from All or from New', () => {
    expect(needsRefetch(aus(), aus({ scope: 'existing' }))).toBe(true);
    expect(needsRefetch(aus({ scope: 'new' }), aus({ scope: 'existing' }))).toBe(true);
  });
  it('crossing out of Existing refetches, to All or to New', () => {
    expect(needsRefetch(aus({ scope: 'existing' }), aus())).toBe(true);
    expect(needsRefetch(aus({ scope: 'existing' }), aus({ scope: 'new' }))).toBe(true);
  });
  it('no change does not refetch', () => {
    expect(needsRefetch(aus({ businessNames: true }), aus({ businessNames: true }))).toBe(false);
  });
});

describe('externalSearchOptions: what the stream request carries', () => {
  it('maps Business names to the ABR preset and Sole traders to includeSoleTraders', () => {
    expect(externalSearchOptions(aus())).toEqual({ abrPreset: 'business-name-aware', includeSoleTraders: false });
    expect(externalSearchOptions(aus({ businessNames: true, soleTraders: true }))).toEqual({ abrPreset: 'with-business-names', includeSoleTraders: true });
  });
  it('sends the effective values: outside AUS the toggles are off whatever the raw switches say', () => {
    expect(externalSearchOptions({ ...aus({ businessNames: true, soleTraders: true }), country: 'USA' })).toEqual({
      abrPreset: 'business-name-aware',
      includeSoleTraders: false,
    });
  });
});

describe('Hide inactive', () => {
  const dissolved = { status: 'inactive' as const, wording: 'Dissolved', date: '2020-11-17' };
  it('is off by default, kept across countries, and never refetches', () => {
    expect(aus().hideInactive).toBe(false);
    expect(withCountry(aus({ hideInactive: true }), 'NZL').hideInactive).toBe(true);
    expect(needsRefetch(aus(), aus({ hideInactive: true }))).toBe(false);
  });
  it('drops the rows the register lists as inactive, keeps active and unknown ones, on top of the scope', () => {
    const on = aus({ hideInactive: true });
    expect(shownByPanel(on, { accountLinked: false, registryStatus: dissolved })).toBe(false);
    expect(shownByPanel(on, { accountLinked: false, registryStatus: { status: 'unknown', wording: null, date: null } })).toBe(true);
    expect(shownByPanel(aus(), { accountLinked: false, registryStatus: dissolved })).toBe(true);
    expect(shownByPanel(aus({ hideInactive: true, scope: 'existing' }), { accountLinked: false, registryStatus: null })).toBe(false);
    expect(inStatusFilter(true, dissolved)).toBe(false);
  });
});
