import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next-path';

describe('safeNextPath', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeNextPath('/engage')).toBe('/engage');
    expect(safeNextPath('/dashboard?q=acme&country=AUS')).toBe('/dashboard?q=acme&country=AUS');
  });
  it('falls back to the dashboard for anything else', () => {
    for (const raw of [undefined, '', 'https://evil.example', '//evil.example', '/\\evil.example', '/sign-in', '/api/auth/sign-out']) {
      expect(safeNextPath(raw)).toBe('/dashboard');
    }
    expect(safeNextPath(['/engage', '/x'])).toBe('/engage');
  });
});
