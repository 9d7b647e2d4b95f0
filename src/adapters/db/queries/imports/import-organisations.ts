/**
 * Imports organisations from JSONL lines, streaming: lines are parsed one by one, valid ones are written
 * in batches (one transaction per batch, through insertOrganisations so every index column is filled the
 * same way as everywhere else). While one batch is being written the next one is parsed, and reading stops
 * until that write is done (back-pressure: at most two batches in memory), so a million-line file imports
 * in bounded memory. A bad line is reported with its number and skipped.
 */
import type { Db } from '../../client';
import { insertOrganisations, type InsertOrganisationsOptions, type NewOrganisation } from '../organisations-write';
import { ImportTally, type ImportHooks, type ImportSummary } from './import-report';
import { parseOrganisationImportLine } from './organisation-import-line';

export const DEFAULT_ORGANISATION_BATCH_SIZE = 2_000;

export interface ImportOrganisationsOptions extends InsertOrganisationsOptions, ImportHooks {
  batchSize?: number;
}

export async function importOrganisations(
  db: Db,
  lines: AsyncIterable<string> | Iterable<string>,
  options: ImportOrganisationsOptions = {},
): Promise<ImportSummary> {
  const batchSize = options.batchSize ?? DEFAULT_ORGANISATION_BATCH_SIZE;
  const writeOptions: InsertOrganisationsOptions = { ownerAccountId: options.ownerAccountId, linkAccountId: options.linkAccountId };
  const tally = new ImportTally(options);
  let batch: NewOrganisation[] = [];
  let writing: Promise<void> = Promise.resolve();

  const write = async (rows: NewOrganisation[]) => {
    await db.transaction(async (tx) => {
      await insertOrganisations(tx, rows, writeOptions);
    });
    tally.imported += rows.length;
    tally.progress();
  };
  /** Waits for the batch being written, then starts writing this one and returns (parsing goes on). */
  const flush = async () => {
    await writing;
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    writing = write(rows);
    // A failed write is awaited (and thrown) by the next flush; keep it from counting as unhandled meanwhile.
    writing.catch(() => undefined);
  };

  for await (const line of lines) {
    tally.lines += 1;
    if (line.trim() === '') continue;
    const parsed = parseOrganisationImportLine(line);
    if (!parsed.ok) {
      tally.reject(tally.lines, parsed.reason);
      continue;
    }
    batch.push(parsed.value);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  await writing;
  tally.progress();
  return tally.summary();
}
