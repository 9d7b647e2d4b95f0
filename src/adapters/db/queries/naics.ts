/** NAICS reference reads: the typeahead over leaf codes and the single-code lookup. */
import { and, eq } from 'drizzle-orm';
import { sql, type SQL } from 'drizzle-orm';
import { NAICS_LEAF_LEVEL, type NaicsCode, type NaicsSearchResult } from '../../../core/naics';
import type { Db } from '../client';
import { naics } from '../schema';

/** Words of a term: runs of letters or digits, lower-cased. */
export function termWords(term: string): string[] {
  return term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/**
 * Codes of one level where every word of the term starts a word of the title, or (a word of digits) starts the
 * code. Sorted by name then code.
 */
export async function searchNaicsCodes(db: Db, params: { term: string; level: number; limit: number }): Promise<NaicsSearchResult[]> {
  const words = termWords(params.term);
  if (words.length === 0) return [];
  const conditions: SQL[] = words.map((word) => {
    const titleWord = sql`lower(${naics.name}) ~ ${`\\m${word}`}`;
    return /^\d+$/.test(word) ? sql`(${naics.code} like ${`${word}%`} or ${titleWord})` : titleWord;
  });
  return db
    .select({ name: naics.name, code: naics.code })
    .from(naics)
    .where(and(eq(naics.level, params.level), ...conditions))
    .orderBy(naics.name, naics.code)
    .limit(params.limit);
}

export async function findLeafNaics(db: Db, params: { code: NaicsCode }): Promise<{ code: string; name: string } | null> {
  const [row] = await db
    .select({ code: naics.code, name: naics.name })
    .from(naics)
    .where(and(eq(naics.code, params.code), eq(naics.level, NAICS_LEAF_LEVEL)));
  return row ?? null;
}
