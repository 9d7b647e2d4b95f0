/**
 * Bounds on the quick lookup's typo step, so that no query costs much more than a typical one. The step
 * generates every one-edit variant of each query word over an alphabet (a-z, 0-9 and the query's own
 * characters) and probes the vocabulary with them: its work grows with the number of words, their length
 * and the alphabet. One 200-character word of distinct CJK characters made ~94,000 variants (~410 ms).
 *
 * - At most MAX_LOOKED_UP_WORDS words are looked up in the vocabulary (the first ones); the others are
 *   matched as typed. Of those, at most MAX_CORRECTED_WORDS are corrected, the unknown ones first (a typo in
 *   the fifth word of "Aston Martin Lagonda Global Hodlings" is corrected; known words fill what is left).
 * - A word longer than MAX_CORRECTED_WORD_LENGTH characters gets no one-edit variants; the first one up to
 *   MAX_SIMILAR_WORD_LENGTH is still corrected by trigram similarity ("PricewaterhouseCopers"), the others
 *   are matched as typed.
 * - The alphabet adds at most MAX_EXTRA_LETTERS of the query's own characters (first seen first).
 * So the variants of one query are at most MAX_CORRECTED_WORDS x (2 x length + 1) x alphabet, about 7,000.
 */
export const MAX_CORRECTED_WORDS = 4;
export const MAX_LOOKED_UP_WORDS = 8;
export const MAX_CORRECTED_WORD_LENGTH = 20;
export const MAX_SIMILAR_WORD_LENGTH = 30;
export const MAX_EXTRA_LETTERS = 8;
export const BASE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** Words shorter than this are matched as typed and never corrected. */
export const MIN_CORRECTED_WORD_LENGTH = 3;

/**
 * The words worth looking up: distinct, 3 to 20 characters with a letter (numbers are not misspelled names),
 * and at most one word of 21 to 30 (its trigram similarity is worked out against the vocabulary word by
 * word: four 39-letter words cost 16 ms), the first eight. The database corrects at most four of them
 * (unknown words first); only those of up to 20 characters get one-edit variants (variantCount).
 */
export function correctableWords(words: readonly string[]): string[] {
  let long = 0;
  const wanted = words.filter((w) => {
    const length = [...w].length;
    if (length < MIN_CORRECTED_WORD_LENGTH || length > MAX_SIMILAR_WORD_LENGTH || !/\p{L}/u.test(w)) return false;
    if (length <= MAX_CORRECTED_WORD_LENGTH) return true;
    long += 1;
    return long === 1;
  });
  return [...new Set(wanted)].slice(0, MAX_LOOKED_UP_WORDS);
}

/** The letters variants are made of: a-z, 0-9 and at most eight other characters of the words themselves. */
export function correctionAlphabet(words: readonly string[]): string[] {
  const base = new Set(BASE_ALPHABET);
  const extra = [...new Set(words.flatMap((w) => [...w]))].filter((c) => !base.has(c)).slice(0, MAX_EXTRA_LETTERS);
  return [...base, ...extra];
}

/** The number of one-edit variants the step generates for these words (deletions, transpositions, substitutions, insertions). */
export function variantCount(words: readonly string[], alphabetSize: number): number {
  return words.reduce((sum, w) => {
    const n = w.length;
    return sum + n + Math.max(0, n - 1) + n * alphabetSize + (n + 1) * alphabetSize;
  }, 0);
}
