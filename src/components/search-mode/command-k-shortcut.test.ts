import { describe, expect, it } from 'vitest';
import { isCommandKShortcut } from './command-k-shortcut';

const key = (k: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...modifiers,
});

describe('isCommandKShortcut', () => {
  it('matches Ctrl+K and Cmd+K, whatever the letter case', () => {
    expect(isCommandKShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isCommandKShortcut(key('k', { metaKey: true }))).toBe(true);
    expect(isCommandKShortcut(key('K', { ctrlKey: true }))).toBe(true);
  });

  it('ignores K alone (typing in a field) and other letters', () => {
    expect(isCommandKShortcut(key('k'))).toBe(false);
    expect(isCommandKShortcut(key('j', { ctrlKey: true }))).toBe(false);
  });

  it('ignores K with Alt, Shift, or Ctrl and Cmd together', () => {
    expect(isCommandKShortcut(key('k', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isCommandKShortcut(key('K', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isCommandKShortcut(key('k', { ctrlKey: true, metaKey: true }))).toBe(false);
  });
});
