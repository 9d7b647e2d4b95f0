/**
 * Import of the NAICS to Aquila1 concordance from CSV (header: naicsCode, aquila1Code, aquila1Name, for;
 * any column order). All or nothing: every bad row is reported with its line number and, if there is any,
 * nothing is written. A good file replaces the whole concordance (and upserts the Aquila1 sectors it names).
 */
import { z } from 'zod';
import { BASKET_TYPES, naicsCodeSchema } from '../../../core/naics';
import type { Db } from '../client';
import { parseCsvLine } from './imports/csv-line';
import { existingLeafCodes, replaceConcordance, upsertAquila1, type ConcordanceRow } from './classification-import';

export const CONCORDANCE_COLUMNS = ['naicsCode', 'aquila1Code', 'aquila1Name', 'for'] as const;

const rowSchema = z.object({
  naicsCode: z.string().trim().pipe(naicsCodeSchema),
  aquila1Code: z.string().trim().min(1, 'is required').max(64, 'is at most 64 characters'),
  aquila1Name: z.string().trim().min(1, 'is required').max(300, 'is at most 300 characters'),
  for: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(BASKET_TYPES, { error: 'must be SPENT or INVESTED' })),
});

export interface RejectedLine {
  line: number;
  reason: string;
}

export type ConcordanceImportResult = { ok: true; rows: number; aquila1: number; naicsCodes: number } | { ok: false; rejected: RejectedLine[] };

export async function importConcordance(db: Db, lines: AsyncIterable<string>): Promise<ConcordanceImportResult> {
  const rejected: RejectedLine[] = [];
  const parsed: { line: number; row: z.output<typeof rowSchema> }[] = [];
  let columns: number[] | undefined;
  let lineNumber = 0;
  for await (const raw of lines) {
    lineNumber += 1;
    if (raw.trim() === '') continue;
    const csv = parseCsvLine(raw);
    if (!csv.ok) {
      rejected.push({ line: lineNumber, reason: csv.reason });
      if (!columns) return { ok: false, rejected };
      continue;
    }
    if (!columns) {
      const names = csv.fields.map((f) =>
        f
          .trim()
          .replace(/^\uFEFF/, '')
          .toLowerCase(),
      );
      const missing = CONCORDANCE_COLUMNS.filter((c) => !names.includes(c.toLowerCase()));
      if (missing.length > 0) {
        return {
          ok: false,
          rejected: [{ line: lineNumber, reason: `the header must name ${CONCORDANCE_COLUMNS.join(', ')}; missing: ${missing.join(', ')}` }],
        };
      }
      columns = CONCORDANCE_COLUMNS.map((c) => names.indexOf(c.toLowerCase()));
      continue;
    }
    const fields = csv.fields;
    const record = Object.fromEntries(CONCORDANCE_COLUMNS.map((c, i) => [c, fields[columns?.[i] ?? -1] ?? '']));
    const result = rowSchema.safeParse(record);
    if (!result.success) {
      rejected.push({ line: lineNumber, reason: result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ') });
      continue;
    }
    parsed.push({ line: lineNumber, row: result.data });
  }
  if (!columns) return { ok: false, rejected: [{ line: 1, reason: 'the file is empty: a header line is required' }] };

  const leaves = await existingLeafCodes(
    db,
    parsed.map((p) => p.row.naicsCode),
  );
  const names = new Map<string, { name: string; line: number }>();
  for (const { line, row } of parsed) {
    if (!leaves.has(row.naicsCode)) rejected.push({ line, reason: `naicsCode ${row.naicsCode} is not a six-digit NAICS code of the loaded edition` });
    const seen = names.get(row.aquila1Code);
    if (seen && seen.name !== row.aquila1Name) {
      rejected.push({ line, reason: `aquila1Code ${row.aquila1Code} is named "${row.aquila1Name}" here but "${seen.name}" on line ${seen.line}` });
    } else if (!seen) names.set(row.aquila1Code, { name: row.aquila1Name, line });
  }
  if (rejected.length > 0) return { ok: false, rejected: rejected.sort((a, b) => a.line - b.line) };

  await upsertAquila1(
    db,
    [...names.entries()].map(([code, { name }]) => ({ code, name })),
  );
  const rows: ConcordanceRow[] = parsed.map(({ row }) => ({ naicsCode: row.naicsCode, aquila1Code: row.aquila1Code, for: row.for }));
  const written = await replaceConcordance(db, rows);
  return { ok: true, rows: written, aquila1: names.size, naicsCodes: new Set(rows.map((r) => r.naicsCode)).size };
}
