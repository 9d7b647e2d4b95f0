/**
 * Imports an account's transactions from CSV lines (header first), streaming and in batches like the
 * organisations import. Each row's organisation must be visible to the account (the one visibility
 * predicate); a row that fails any rule is reported with its line number and skipped.
 */
import { inArray, and } from 'drizzle-orm';
import type { Db } from '../../client';
import { organisations, transactions } from '../../schema';
import { visibleToAccount } from '../visibility';
import { parseCsvLine } from './csv-line';
import { ImportTally, type ImportHooks, type ImportSummary } from './import-report';
import { parseTransactionRow, readTransactionHeader, type TransactionImportRow } from './transaction-import-row';

export const DEFAULT_TRANSACTION_BATCH_SIZE = 5_000;

export interface ImportTransactionsOptions extends ImportHooks {
  accountId: string;
  batchSize?: number;
}

export class InvalidCsvHeaderError extends Error {
  override readonly name = 'InvalidCsvHeaderError';
}

interface PendingRow {
  line: number;
  row: TransactionImportRow;
}

export async function importTransactions(db: Db, lines: AsyncIterable<string> | Iterable<string>, options: ImportTransactionsOptions): Promise<ImportSummary> {
  const batchSize = options.batchSize ?? DEFAULT_TRANSACTION_BATCH_SIZE;
  const tally = new ImportTally(options);
  let columns: ReturnType<typeof readTransactionHeader> | undefined;
  let batch: PendingRow[] = [];

  const flush = async () => {
    if (batch.length === 0) return;
    const pending = batch;
    batch = [];
    await db.transaction(async (tx) => {
      const ids = [...new Set(pending.map((p) => p.row.organisationId))];
      const visible = await tx
        .select({ id: organisations.id })
        .from(organisations)
        .where(and(inArray(organisations.id, ids), visibleToAccount(options.accountId)));
      const visibleIds = new Set(visible.map((v) => v.id));
      const accepted: PendingRow[] = [];
      for (const p of pending) {
        if (visibleIds.has(p.row.organisationId)) accepted.push(p);
        else tally.reject(p.line, 'organisationId: no organisation with this id is visible to the account');
      }
      if (accepted.length > 0) {
        await tx.insert(transactions).values(accepted.map(({ row }) => ({ accountId: options.accountId, ...row })));
      }
      tally.imported += accepted.length;
    });
    tally.progress();
  };

  for await (const line of lines) {
    tally.lines += 1;
    if (line.trim() === '') continue;
    const csv = parseCsvLine(line);
    if (columns === undefined) {
      columns = csv.ok ? readTransactionHeader(csv.fields) : { ok: false, reason: csv.reason };
      if (!columns.ok) throw new InvalidCsvHeaderError(`line ${tally.lines}: ${columns.reason}`);
      continue;
    }
    if (!columns.ok) continue;
    if (!csv.ok) {
      tally.reject(tally.lines, csv.reason);
      continue;
    }
    const parsed = parseTransactionRow(csv.fields, columns.columns);
    if (!parsed.ok) {
      tally.reject(tally.lines, parsed.reason);
      continue;
    }
    batch.push({ line: tally.lines, row: parsed.value });
    if (batch.length >= batchSize) await flush();
  }
  if (columns === undefined) throw new InvalidCsvHeaderError('the file is empty: a header line is required');
  await flush();
  tally.progress();
  return tally.summary();
}
