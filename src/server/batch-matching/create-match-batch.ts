/**
 * CreateMatchBatch (issue 13, section 2): an uploaded supplier file becomes a stored batch of the account,
 * every row kept in file order, and its `match-batch.run` job is sent in the same transaction (a batch exists
 * only with its job; a send that fails rolls the batch back). The file is bounded: at most MAX_BATCH_BYTES and
 * MAX_BATCH_ROWS data rows; a bad file is a ValidationError (400), nothing stored.
 *
 * `registryPass: true` opts in to the registry pass (run-match-batch.ts): rows left without an internal match are
 * looked up on their country's registry after the internal pass. It needs a country per row: the row's country
 * column, else `defaultCountry` (a country in any common form: "AU", "AUS", "Australia"); the batch records the
 * cap in force (MATCH_REGISTRY_MAX_ROWS) so a resumed batch keeps it.
 */
import { z } from 'zod';
import { columnMappingSchema, MAX_BATCH_BYTES, MAX_BATCH_ROWS, type BatchRowInput } from '../../core/batch-matching';
import { countryFromAnything, GLOBAL_SEARCH_SCOPE, isCountryAlpha3 } from '../../core/countries';
import { ValidationError } from '../../core/errors';
import type { JobQueue } from '../ports';
import type { Db } from '../../adapters/db/client';
import { insertMatchBatch } from '../../adapters/db/queries/match-batches';
import { readSupplierRows } from './supplier-file';

export const createMatchBatchInputSchema = z.object({
  fileName: z.string().trim().min(1).max(255),
  /** The file's text (CSV with a header line). */
  csv: z.string().min(1).max(MAX_BATCH_BYTES),
  columns: columnMappingSchema,
  /** Look up rows without an internal match on their country's registry (after the internal pass). */
  registryPass: z.boolean().default(false),
  /** The country of rows whose file names none, for the registry pass. */
  defaultCountry: z.string().trim().min(1).max(100).nullable().optional(),
});
export type CreateMatchBatchInput = z.input<typeof createMatchBatchInputSchema>;

export type CreateMatchBatch = (accountId: string, input: CreateMatchBatchInput) => Promise<{ batchId: string; totalRows: number }>;

export function createCreateMatchBatch(deps: {
  db: Db;
  jobs: JobQueue;
  assessor: 'calibrated' | 'uncalibrated';
  /** Rows of one batch that may go to a registry (MATCH_REGISTRY_MAX_ROWS). */
  registryCap: number;
}): CreateMatchBatch {
  return async (accountId, input) => {
    const defaultCountry = input.defaultCountry ? countryFromAnything(input.defaultCountry) : null;
    if (defaultCountry !== null && (defaultCountry === undefined || defaultCountry === GLOBAL_SEARCH_SCOPE || !isCountryAlpha3(defaultCountry))) {
      const message = `"${input.defaultCountry ?? ''}" is not a country`;
      throw new ValidationError([{ field: 'defaultCountry', rule: 'invalid_value', message }], message);
    }
    const rows: BatchRowInput[] = [];
    for await (const row of readSupplierRows(input.csv, input.columns, { maxRows: MAX_BATCH_ROWS })) rows.push(row.input);
    if (rows.length === 0)
      throw new ValidationError([{ field: 'csv', rule: 'too_small', message: 'The file has a header but no rows' }], 'The file has no rows');
    const batchId = await insertMatchBatch(
      deps.db,
      {
        accountId,
        fileName: input.fileName,
        columns: input.columns,
        assessor: deps.assessor,
        rows,
        registry: input.registryPass === true ? { defaultCountry, cap: deps.registryCap } : null,
      },
      async (tx, id) => {
        await deps.jobs.send('match-batch.run', { batchId: id, accountId }, { tx });
      },
    );
    return { batchId, totalRows: rows.length };
  };
}
