/** Writes of the Aquila taxonomy and the NAICS to Aquila1 concordance (imports and the demo seed). */
import { inArray, like, sql } from 'drizzle-orm';
import type { BasketType } from '../../../core/naics';
import type { Db } from '../client';
import { aquila1, aquila2, naics, naicsAquila1 } from '../schema';

export interface Aquila1Row {
  code: string;
  name: string;
}
export interface Aquila2Row {
  code: string;
  name: string;
  aquila1Code: string;
}
export interface ConcordanceRow {
  naicsCode: string;
  aquila1Code: string;
  for: BasketType;
}

const BATCH = 1000;

export async function upsertAquila1(db: Db, rows: readonly Aquila1Row[]): Promise<void> {
  const unique = [...new Map(rows.map((r) => [r.code, r])).values()];
  for (let i = 0; i < unique.length; i += BATCH) {
    await db
      .insert(aquila1)
      .values(unique.slice(i, i + BATCH))
      .onConflictDoUpdate({ target: aquila1.code, set: { name: sql`excluded.name` } });
  }
}

export async function upsertAquila2(db: Db, rows: readonly Aquila2Row[]): Promise<void> {
  const unique = [...new Map(rows.map((r) => [r.code, r])).values()];
  for (let i = 0; i < unique.length; i += BATCH) {
    await db
      .insert(aquila2)
      .values(unique.slice(i, i + BATCH))
      .onConflictDoUpdate({ target: aquila2.code, set: { name: sql`excluded.name`, aquila1Code: sql`excluded.aquila1_code` } });
  }
}

/**
 * Replaces the concordance in one transaction: every edge (or, with `aquila1CodePrefix`, only the edges
 * into sectors with that prefix) is deleted and the given rows inserted.
 */
export async function replaceConcordance(db: Db, rows: readonly ConcordanceRow[], options: { aquila1CodePrefix?: string } = {}): Promise<number> {
  const unique = [...new Map(rows.map((r) => [`${r.naicsCode}|${r.aquila1Code}|${r.for}`, r])).values()];
  await db.transaction(async (tx) => {
    if (options.aquila1CodePrefix) await tx.delete(naicsAquila1).where(like(naicsAquila1.aquila1Code, `${options.aquila1CodePrefix}%`));
    else await tx.delete(naicsAquila1);
    for (let i = 0; i < unique.length; i += BATCH) await tx.insert(naicsAquila1).values(unique.slice(i, i + BATCH));
  });
  return unique.length;
}

/** Which of these codes exist in `naics` as leaves (level 5). */
export async function existingLeafCodes(db: Db, codes: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const unique = [...new Set(codes)];
  for (let i = 0; i < unique.length; i += BATCH) {
    const rows = await db
      .select({ code: naics.code, level: naics.level })
      .from(naics)
      .where(inArray(naics.code, unique.slice(i, i + BATCH)));
    for (const row of rows) if (row.level === 5) found.add(row.code);
  }
  return found;
}

export async function existingAquila1Codes(db: Db, codes: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return new Set();
  const rows = await db.select({ code: aquila1.code }).from(aquila1).where(inArray(aquila1.code, unique));
  return new Set(rows.map((r) => r.code));
}
