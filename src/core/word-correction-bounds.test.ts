import { describe, expect, it } from 'vitest';
import {
  correctableWords,
  correctionAlphabet,
  MAX_CORRECTED_WORD_LENGTH,
  MAX_CORRECTED_WORDS,
  MAX_LOOKED_UP_WORDS,
  variantCount,
} from './word-correction-bounds';

describe('word correction bounds', () => {
  it('looks up words of 3 to 20 characters that have a letter, each once, and the first of 21 to 30 (trigram corrections only)', () => {
    expect(correctableWords(['ab', 'acme', '1234', 'acme', 'x'.repeat(20), 'y'.repeat(30), 'w'.repeat(25), 'z'.repeat(31)])).toEqual([
      'acme',
      'x'.repeat(20),
      'y'.repeat(30),
    ]);
  });

  it('looks up at most the first eight words (the database corrects four of them, unknown ones first)', () => {
    const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliett'];
    expect(correctableWords(words)).toEqual(words.slice(0, MAX_LOOKED_UP_WORDS));
    expect(MAX_CORRECTED_WORDS).toBe(4);
  });

  it('never corrects a 200-character word (the CJK query of the issue)', () => {
    const cjk = Array.from({ length: 200 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join('');
    expect(correctableWords([cjk])).toEqual([]);
  });

  it("adds at most eight of the query's own characters to a-z and 0-9", () => {
    expect(correctionAlphabet(['café'])).toHaveLength(37);
    const many = Array.from({ length: 30 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join('');
    expect(correctionAlphabet([many])).toHaveLength(36 + 8);
  });

  it('bounds the variants of any query to about 7,000', () => {
    const worst = Array.from({ length: 4 }, (_, w) => Array.from({ length: 20 }, (_, i) => String.fromCodePoint(0x4e00 + w * 20 + i)).join(''));
    // The database makes variants of at most four of the looked-up words, each of at most 20 characters.
    const words = correctableWords([...worst, ...worst, ...worst.map((w) => `${w}x`)])
      .filter((w) => [...w].length <= MAX_CORRECTED_WORD_LENGTH)
      .slice(0, MAX_CORRECTED_WORDS);
    expect(words).toHaveLength(4);
    expect(variantCount(words, correctionAlphabet(words).length)).toBeLessThan(7_500);
  });
});
