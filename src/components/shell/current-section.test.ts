import { describe, expect, it } from 'vitest';
import { isCurrentSection } from './current-section';

describe('isCurrentSection', () => {
  it('is the section of the page and of the pages under it', () => {
    expect(isCurrentSection('/identify', '/identify')).toBe(true);
    expect(isCurrentSection('/organisations/1/analyst', '/organisations')).toBe(true);
  });
  it('is not a section whose name only starts the same way', () => {
    expect(isCurrentSection('/dashboards', '/dashboard')).toBe(false);
    expect(isCurrentSection('/match', '/dashboard')).toBe(false);
  });
});
