/**
 * Imports organisations from JSONL lines, streaming: lines are parsed one by one, valid ones are written
 * in batches (one transaction per batch, through insertOrganisations so every index column is filled the
 * same way as everywhere else), and the next lines are read only once the batch is written (back-pressure),
 * so a million-line file imports in bounded memory. A bad line is reported with its number and skipped.
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

  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await db.transaction(async (tx) => {
      await insertOrganisations(tx, rows, writeOptions);
    });
    tally.imported += rows.length;
    tally.progress();
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
  tally.progress();
  return tally.summary();
}
