import { describe, expect, it } from 'vitest';
import { MAX_OVERLAP_WORDS, overlapWords } from './word-overlap';

describe('overlapWords', () => {
  it('takes the distinct words of both forms, dropping single characters', () => {
    expect(overlapWords(['emami infrastructure', 'emami'])).toEqual(['emami', 'infrastructure']);
    expect(overlapWords(['a b acme', undefined])).toEqual(['acme']);
  });

  it('weighs at most MAX_OVERLAP_WORDS words, the first ones', () => {
    const many = Array.from({ length: 12 }, (_, i) => `word${i}`).join(' ');
    expect(overlapWords([many])).toHaveLength(MAX_OVERLAP_WORDS);
    expect(overlapWords([many])[0]).toBe('word0');
  });
});
