/**
 * The kind of a statement the quick lookup or batch matching sends, recognised from its SQL text (the benchmarks
 * count round trips per query or per row by kind: bench/quick-search-profile.ts, bench/batch-matching.ts).
 */
export function statementKind(text: string): string {
  if (text.includes('a.search_value = q.name')) return 'exact names (chunk)';
  if (text.includes('with ordinality') && text.includes('value_normalised')) return 'identifiers (chunk)';
  if (text.includes('with ordinality') && text.includes('website_domain')) return 'websites (chunk)';
  if (text.includes('organisation_name_words') && text.includes('jsonb_array_elements')) return 'word overlap (chunk)';
  if (text.includes('organisation_name_words')) return 'word overlap';
  if (text.includes('letters as') && text.includes('jsonb_array_elements')) return 'typo: word corrections (chunk)';
  if (text.includes('letters as')) return 'typo: word corrections';
  if (text.includes('with prefix as')) return 'name (exact step)';
  if (text.includes('value_normalised')) return 'identifier';
  if (text.includes('website_domain')) return 'website';
  if (text.includes('account_organisations')) return 'membership';
  if (text.includes('query_key')) return 'remembered decisions';
  if (text.includes('~>=~') || text.includes(' like ')) return 'typo: corrected names';
  return 'other';
}
