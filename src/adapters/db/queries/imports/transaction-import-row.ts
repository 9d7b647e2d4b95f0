/**
 * One row of a transactions import (CSV with a header: organisationId, type, amount, currency, date, in any
 * order). Pure: whether the organisation is visible to the account is checked by the import, in batches.
 */
import { z } from 'zod';
import { describeIssues, type ParsedLine } from './organisation-import-line';

export const TRANSACTION_TYPES = ['SPENT', 'INVESTED', 'RECEIVED'] as const;
export const TRANSACTION_COLUMNS = ['organisationId', 'type', 'amount', 'currency', 'date'] as const;
type TransactionColumn = (typeof TRANSACTION_COLUMNS)[number];

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const transactionImportRowSchema = z.object({
  organisationId: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.uuid({ error: 'must be an organisation id (uuid)' })),
  type: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(TRANSACTION_TYPES, { error: 'must be SPENT, INVESTED or RECEIVED' })),
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,16}(\.\d{1,2})?$/, { message: 'must be a non-negative decimal with at most 16 integer digits and 2 decimals' }),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { message: 'must be a 3-letter currency code' }),
  date: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date YYYY-MM-DD' })
    .refine(isCalendarDate, { message: 'is not a calendar date' }),
});

export type TransactionImportRow = z.infer<typeof transactionImportRowSchema>;

/** Column positions from the header line; an error names the missing or repeated columns. */
export function readTransactionHeader(fields: string[]): { ok: true; columns: Record<TransactionColumn, number> } | { ok: false; reason: string } {
  const names = fields.map((f) =>
    f
      .trim()
      .replace(/^\uFEFF/, '')
      .toLowerCase(),
  );
  const indexOf = (column: TransactionColumn) => names.indexOf(column.toLowerCase());
  const missing = TRANSACTION_COLUMNS.filter((column) => indexOf(column) === -1);
  if (missing.length > 0) {
    return { ok: false, reason: `the header must name the columns ${TRANSACTION_COLUMNS.join(', ')}; missing: ${missing.join(', ')}` };
  }
  return {
    ok: true,
    columns: {
      organisationId: indexOf('organisationId'),
      type: indexOf('type'),
      amount: indexOf('amount'),
      currency: indexOf('currency'),
      date: indexOf('date'),
    },
  };
}

export function parseTransactionRow(fields: string[], columns: Record<TransactionColumn, number>): ParsedLine<TransactionImportRow> {
  const record: Record<string, string | undefined> = {};
  for (const column of TRANSACTION_COLUMNS) record[column] = fields[columns[column]];
  const parsed = transactionImportRowSchema.safeParse(record);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: describeIssues(parsed.error) };
}
