import { describe, expect, it } from 'vitest';
import { memoised } from './memoised';

describe('memoised', () => {
  it('answers a key it has seen without computing again, and forgets everything once it holds `size` answers', () => {
    const computed: string[] = [];
    const upper = memoised(
      (a: string, b: string) => `${a}|${b}`,
      (a: string, b: string) => (computed.push(`${a}|${b}`), `${a}${b}`.toUpperCase()),
      2,
    );
    expect([upper('a', 'b'), upper('a', 'b'), upper('c', 'd')]).toEqual(['AB', 'AB', 'CD']);
    expect(computed).toEqual(['a|b', 'c|d']);
    upper('e', 'f'); // full: emptied, then e|f kept
    upper('a', 'b');
    expect(computed).toEqual(['a|b', 'c|d', 'e|f', 'a|b']);
  });
});
