/**
 * The query's words for the quick lookup's word-overlap stage (issue 20, section 1; decision 0021): which words of
 * the name query are weighed against the words of the stored names. The stage itself (the weights from the data,
 * the bounded postings) is src/adapters/db/queries/quick-search/word-overlap.ts.
 */

/** At most this many of the query's words are weighed (the first ones). */
export const MAX_OVERLAP_WORDS = 8;

/**
 * The distinct words of the name query's search forms (as typed, and without the legal-form words it ends with),
 * at least 2 characters each, the first MAX_OVERLAP_WORDS. The stage runs for two words or more: one word is the
 * exact step's prefix or whole word.
 */
export function overlapWords(forms: readonly (string | undefined)[]): string[] {
  const words = forms.flatMap((form) => (form ?? '').split(' ')).filter((w) => [...w].length >= 2);
  return [...new Set(words)].slice(0, MAX_OVERLAP_WORDS);
}
