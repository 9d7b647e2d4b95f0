import { describe, expect, it } from 'vitest';
import { keptHighlight, movedHighlight } from './result-highlight';

const rows = ['a', 'b', 'c'];

describe('movedHighlight', () => {
  it('ArrowDown from nothing highlights the first row, then moves down and stops at the last', () => {
    expect(movedHighlight(rows, null, 'next')).toBe('a');
    expect(movedHighlight(rows, 'a', 'next')).toBe('b');
    expect(movedHighlight(rows, 'c', 'next')).toBe('c');
  });
  it('ArrowUp from nothing highlights the last row; from the first it returns to the input', () => {
    expect(movedHighlight(rows, null, 'previous')).toBe('c');
    expect(movedHighlight(rows, 'b', 'previous')).toBe('a');
    expect(movedHighlight(rows, 'a', 'previous')).toBeNull();
  });
  it('Home and End go to the first and the last row', () => {
    expect(movedHighlight(rows, 'b', 'first')).toBe('a');
    expect(movedHighlight(rows, 'b', 'last')).toBe('c');
  });
  it('an empty list highlights nothing; a highlight no longer listed moves as if there were none', () => {
    expect(movedHighlight([], null, 'next')).toBeNull();
    expect(movedHighlight(rows, 'gone', 'next')).toBe('a');
  });
});

describe('keptHighlight', () => {
  it('keeps the same row when new rows arrive above or below it', () => {
    expect(keptHighlight(['x', 'a', 'b', 'y'], 'b')).toBe('b');
  });
  it('drops the highlight when its row left the list', () => {
    expect(keptHighlight(['a', 'c'], 'b')).toBeNull();
    expect(keptHighlight(rows, null)).toBeNull();
  });
});
