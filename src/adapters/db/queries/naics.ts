/** NAICS reference reads: the typeahead over leaf codes (titles, index entries, descriptions) and the single-code lookup. */
import { and, eq, inArray, or } from 'drizzle-orm';
import { sql, type SQL } from 'drizzle-orm';
import { NAICS_LEAF_LEVEL, type NaicsCode, type NaicsSearchResult } from '../../../core/naics';
import type { Db } from '../client';
import { naics, naicsIndexEntries } from '../schema';

/** Words of a term: runs of letters or digits, lower-cased. */
export function termWords(term: string): string[] {
  return term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/**
 * Codes of one level that the term names (issue 21 section 4), sorted by name then code:
 * - every word of the term starts a word of the title, or (a word of digits) starts the code; or
 * - the title, or one of the code's official index entries, holds every word of the term as a prefix of an
 *   English stem ("fasteners" and "fastener" both read as fasten*, "screws" as screw*); only when no code is named
 *   so, the code's search document with its description (seedNaics).
 * A result found by an index entry whose words the title lacks says which entry (`matchedPhrase`).
 */
export async function searchNaicsCodes(db: Db, params: { term: string; level: number; limit: number }): Promise<NaicsSearchResult[]> {
  const words = termWords(params.term);
  if (words.length === 0) return [];
  const titleConditions: SQL[] = words.map((word) => {
    const titleWord = sql`lower(${naics.name}) ~ ${`\\m${word}`}`;
    return /^\d+$/.test(word) ? sql`(${naics.code} like ${`${word}%`} or ${titleWord})` : titleWord;
  });
  const inTitle = and(...titleConditions) ?? sql`false`;
  const query = termQuery(words);
  const named = sql`(to_tsvector('english', ${naics.name}) @@ ${query} or exists (
    select 1 from ${naicsIndexEntries} where ${naicsIndexEntries.naicsCode} = ${naics.code} and ${phraseDocument} @@ ${query}))`;
  const find = (condition: SQL) =>
    db
      .select({ name: naics.name, code: naics.code, inTitle: sql<boolean>`${inTitle}` })
      .from(naics)
      .where(and(eq(naics.level, params.level), or(inTitle, condition)))
      .orderBy(naics.name, naics.code)
      .limit(params.limit);
  // Titles and index entries first; the descriptions only when neither names the term (a description mentions
  // many things a code is not about, and the order is by name, not relevance).
  let rows = await find(named);
  if (rows.length === 0) rows = await find(sql`${naics.searchDocument} @@ ${query}`);
  const needPhrase = rows.filter((r) => !r.inTitle).map((r) => r.code);
  const phrases = needPhrase.length === 0 ? new Map<string, string>() : await matchedPhrases(db, needPhrase, query);
  return rows.map(({ name, code }) => {
    const matchedPhrase = phrases.get(code);
    return matchedPhrase === undefined ? { name, code } : { name, code, matchedPhrase };
  });
}

/** The term as a tsquery: each word English-stemmed, as a prefix, all required (a stop word drops out). */
function termQuery(words: readonly string[]): SQL {
  const parts = words.map((word) => sql`to_tsquery('english', ${`${word}:*`})`);
  return sql`(${sql.join(parts, sql` && `)})`;
}

/** An index entry's words, as its expression index has them (migration 0009). */
const phraseDocument = sql`to_tsvector('english', ${naicsIndexEntries.phrase})`;

/** For each code, its shortest index entry that holds the query's words. */
async function matchedPhrases(db: Db, codes: readonly string[], query: SQL): Promise<Map<string, string>> {
  const rows = await db
    .selectDistinctOn([naicsIndexEntries.naicsCode], { code: naicsIndexEntries.naicsCode, phrase: naicsIndexEntries.phrase })
    .from(naicsIndexEntries)
    .where(and(inArray(naicsIndexEntries.naicsCode, [...codes]), sql`${phraseDocument} @@ ${query}`))
    .orderBy(naicsIndexEntries.naicsCode, sql`length(${naicsIndexEntries.phrase})`, naicsIndexEntries.phrase);
  return new Map(rows.map((r) => [r.code, r.phrase]));
}

export async function findLeafNaics(db: Db, params: { code: NaicsCode }): Promise<{ code: string; name: string } | null> {
  const [row] = await db
    .select({ code: naics.code, name: naics.name })
    .from(naics)
    .where(and(eq(naics.code, params.code), eq(naics.level, NAICS_LEAF_LEVEL)));
  return row ?? null;
}
