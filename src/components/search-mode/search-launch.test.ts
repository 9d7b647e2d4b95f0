import { describe, expect, it } from 'vitest';
import { launcherHref, safeReturnTo, searchIntentOf, withoutLauncherParams } from './search-launch';

describe('safeReturnTo (the back arrow never leaves the product)', () => {
  it('keeps a same-origin relative path with its query', () => {
    expect(safeReturnTo('/organisations/abc/analyst')).toBe('/organisations/abc/analyst');
    expect(safeReturnTo('/identify?page=2#row')).toBe('/identify?page=2#row');
  });

  it('rejects absolute URLs, protocol-relative and backslash tricks, schemes and control characters', () => {
    for (const value of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'dashboard',
      '/a\nb',
      '/\tb',
    ]) {
      expect(safeReturnTo(value), value).toBeNull();
    }
  });

  it('is null when absent or empty', () => {
    expect(safeReturnTo(null)).toBeNull();
    expect(safeReturnTo(undefined)).toBeNull();
    expect(safeReturnTo('')).toBeNull();
  });
});

describe('searchIntentOf', () => {
  it('reads the three intents and nothing else', () => {
    expect(searchIntentOf(new URLSearchParams('searchIntent=analyst'))).toBe('analyst');
    expect(searchIntentOf(new URLSearchParams('searchIntent=spotlight'))).toBe('spotlight');
    expect(searchIntentOf(new URLSearchParams('searchIntent=engage'))).toBe('engage');
    expect(searchIntentOf(new URLSearchParams('searchIntent=admin'))).toBeNull();
    expect(searchIntentOf(new URLSearchParams(''))).toBeNull();
  });
});

describe('launcherHref', () => {
  it('without the overlay: the dashboard with the intent and the launching page as returnTo', () => {
    const href = launcherHref({ intent: 'analyst', from: '/organisations/o-1/analyst', commandKSearch: false });
    const url = new URL(href, 'http://x.invalid');
    expect(url.pathname).toBe('/dashboard');
    expect(url.searchParams.get('searchIntent')).toBe('analyst');
    expect(url.searchParams.get('returnTo')).toBe('/organisations/o-1/analyst');
  });

  it('with the overlay: the launching page itself carries the intent (the overlay opens there)', () => {
    const href = launcherHref({ intent: 'spotlight', from: '/organisations/o-1/spotlight', commandKSearch: true });
    expect(href).toBe('/organisations/o-1/spotlight?searchIntent=spotlight&returnTo=%2Forganisations%2Fo-1%2Fspotlight');
  });

  it('does not nest an earlier launch in returnTo, and ignores an unsafe launching page', () => {
    const href = launcherHref({ intent: 'engage', from: '/organisations/o-1/engage?searchIntent=engage&returnTo=%2Fx', commandKSearch: false });
    expect(new URL(href, 'http://x.invalid').searchParams.get('returnTo')).toBe('/organisations/o-1/engage');
    const unsafe = launcherHref({ intent: 'engage', from: 'https://evil.example/', commandKSearch: false });
    expect(new URL(unsafe, 'http://x.invalid').searchParams.get('returnTo')).toBe('/dashboard');
  });
});

describe('withoutLauncherParams (closing search without a selection)', () => {
  it('strips searchIntent and returnTo and keeps q, country and the hash', () => {
    expect(withoutLauncherParams('/dashboard?q=Acme&searchIntent=analyst&returnTo=%2Fx&country=AUS#r')).toBe('/dashboard?q=Acme&country=AUS#r');
    expect(withoutLauncherParams('/dashboard?searchIntent=analyst&returnTo=%2Fx')).toBe('/dashboard');
  });
});
