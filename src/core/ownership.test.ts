import { describe, expect, it } from 'vitest';
import { isGlobal } from './ownership';

describe('isGlobal', () => {
  it('is global when no account owns it (ownedBy empty)', () => {
    expect(isGlobal([])).toBe(true);
  });

  it('is not global (private) while one or more accounts own it', () => {
    expect(isGlobal(['0b6f5a3e-1d1c-4a53-9a51-2a3f1c1d2e01'])).toBe(false);
    expect(isGlobal(['0b6f5a3e-1d1c-4a53-9a51-2a3f1c1d2e01', '7d3c1b2a-5e4f-4a3b-8c2d-1e0f9a8b7c6d'])).toBe(false);
  });
});
