import { describe, expect, it } from 'vitest';
import { correctableWords, correctionAlphabet, MAX_CORRECTED_WORDS, variantCount } from './word-correction-bounds';

describe('word correction bounds', () => {
  it('corrects words of 3 to 20 characters that have a letter, each once', () => {
    expect(correctableWords(['ab', 'acme', '1234', 'acme', 'x'.repeat(20), 'y'.repeat(21)])).toEqual(['acme', 'x'.repeat(20)]);
  });

  it('corrects at most the first four words', () => {
    expect(correctableWords(['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'])).toHaveLength(MAX_CORRECTED_WORDS);
    expect(correctableWords(['alpha', 'bravo', 'charlie', 'delta', 'echo'])).not.toContain('echo');
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
    const words = correctableWords([...worst, ...worst]);
    expect(variantCount(words, correctionAlphabet(words).length)).toBeLessThan(7_500);
  });
});
