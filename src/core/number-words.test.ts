import { describe, expect, it } from 'vitest';
import { NUMBER_WORDS, numberInWords, ordinalInWords } from './number-words';

describe('numbers and ordinals as words', () => {
  it('writes 1 to 99 in words', () => {
    expect(numberInWords(7)).toBe('seven');
    expect(numberInWords(40)).toBe('forty');
    expect(numberInWords(44)).toBe('forty four');
  });

  it('writes 1st to 99th in words', () => {
    expect(ordinalInWords(1)).toBe('first');
    expect(ordinalInWords(12)).toBe('twelfth');
    expect(ordinalInWords(20)).toBe('twentieth');
    expect(ordinalInWords(21)).toBe('twenty first');
  });

  it('reads the English suffixes only ("11th", not "11st")', () => {
    expect(NUMBER_WORDS['11th']).toBe('eleventh');
    expect(NUMBER_WORDS['11st']).toBeUndefined();
    expect(NUMBER_WORDS['22nd']).toBe('twenty second');
    expect(NUMBER_WORDS['100']).toBeUndefined();
  });
});
