import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next-path';

const BASE_URL = 'https://search.example.com';

describe('safeNextPath', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeNextPath('/engage', BASE_URL)).toBe('/engage');
    expect(safeNextPath('/dashboard?q=acme&country=AUS', BASE_URL)).toBe('/dashboard?q=acme&country=AUS');
    expect(safeNextPath('/organisations/1/analyst#naics', BASE_URL)).toBe('/organisations/1/analyst#naics');
    expect(safeNextPath(['/engage', '/x'], BASE_URL)).toBe('/engage');
  });

  it('gives the path as resolved against BASE_URL (dot segments removed)', () => {
    expect(safeNextPath('/a/../engage', BASE_URL)).toBe('/engage');
    expect(safeNextPath('/%2e%2e/engage', BASE_URL)).toBe('/engage');
  });

  // Each of these either leaves the origin in some browser or is a page we never go back to.
  const nasty: [string, string | undefined][] = [
    ['missing', undefined],
    ['empty', ''],
    ['absolute URL', 'https://evil.example'],
    ['scheme-relative', '//evil.example'],
    ['scheme-relative with path', '//evil.example/x'],
    ['backslash after slash', '/\\evil.example'],
    ['backslash later', '/x\\..\\\\evil.example'],
    ['tab between slashes (the reported bypass)', '/\t/evil.example/x'],
    ['newline between slashes', '/\n/evil.example'],
    ['carriage return', '/\r/evil.example'],
    ['NUL', '/\u0000/evil.example'],
    ['DEL', '/\u007f/evil.example'],
    ['leading space', ' /engage'],
    ['javascript URL', 'javascript:alert(1)'],
    ['data URL', 'data:text/html,<script>alert(1)</script>'],
    ['relative path', 'engage'],
    ['dot segments up to a scheme-relative path', '/.//evil.example'],
    ['dot segment that climbs to //', '/a/..//evil.example'],
    ['sign-in itself', '/sign-in'],
    ['sign-in with a query', '/sign-in?next=//evil.example'],
    ['an API path', '/api/auth/sign-out'],
  ];
  it.each(nasty)('falls back to the dashboard for %s', (_name, raw) => {
    expect(safeNextPath(raw, BASE_URL)).toBe('/dashboard');
  });

  it('never answers anything that a browser resolves off the origin', () => {
    for (const [, raw] of nasty) {
      const target = new URL(safeNextPath(raw, BASE_URL), BASE_URL);
      expect(target.origin).toBe(BASE_URL);
    }
  });
});
