import fs from 'node:fs';
import { once } from 'node:events';
import { z } from 'zod';
import { createChunkLookups } from '../../adapters/db/queries/chunk-lookups';
import { createQuickSearchLookups } from '../../adapters/db/queries/quick-search-lookups';
import { csvLine, RESULT_COLUMNS, resultRecord, type BatchDecision, type BatchRowInput } from '../../core/batch-matching';
import { ValidationError } from '../../core/errors';
import { BATCH_ASSESSOR, batchAssessMatch } from '../../server/batch-matching/assessor';
import { createMatchRows } from '../../server/batch-matching/match-rows';
import { readSupplierRows, type SupplierRow } from '../../server/batch-matching/supplier-file';
import { defineCommand } from '../command';
import { createProgress } from '../progress';
import { accountIdFlag, requireAccountOrThrow } from './account-id';
import { batchSizeFlag } from './batch-size';

/** Without --account, only global organisations are visible (no account owns this id). */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

const column = z.string().trim().min(1, { error: 'must name a column of the header' }).optional();

export const matchCommand = defineCommand({
  usage:
    'match FILE.csv --name-column C [--country-column C] [--identifier-column C] [--website-column C] --out RESULT.csv|RESULT.jsonl [--account ID] [--batch-size N]',
  description:
    "Matches every row of a supplier CSV to an organisation (internal lookups; the account's private organisations too with --account), streaming: each row's best candidate with score, decision (match, review, no_match), grades and explanation, and the runner-up when close. The output format follows --out's extension.",
  options: {
    'name-column': { type: 'string' },
    'country-column': { type: 'string' },
    'identifier-column': { type: 'string' },
    'website-column': { type: 'string' },
    out: { type: 'string' },
    account: { type: 'string' },
    'batch-size': { type: 'string' },
  },
  positionals: ['file'],
  input: z.object({
    file: z.string({ error: 'is required' }).min(1),
    'name-column': z.string({ error: 'is required' }).trim().min(1),
    'country-column': column,
    'identifier-column': column,
    'website-column': column,
    out: z.string({ error: 'is required' }).regex(/\.(csv|jsonl)$/i, { error: 'must end in .csv or .jsonl' }),
    account: accountIdFlag.optional(),
    'batch-size': batchSizeFlag(500),
  }),
  async run(context, input) {
    let size: number;
    try {
      size = (await fs.promises.stat(input.file)).size;
    } catch (error) {
      throw new ValidationError([
        { field: 'FILE', rule: 'readable_file', message: `cannot read ${input.file}: ${error instanceof Error ? error.message : String(error)}` },
      ]);
    }
    const { db } = await context.database();
    if (input.account) await requireAccountOrThrow(db, input.account);
    const accountId = input.account ?? NO_ACCOUNT;
    const matchRows = createMatchRows({ lookups: createQuickSearchLookups(db), chunk: createChunkLookups(db), assess: batchAssessMatch });
    const format = input.out.toLowerCase().endsWith('.jsonl') ? 'jsonl' : 'csv';
    const stream = fs.createReadStream(input.file);
    const out = fs.createWriteStream(input.out, { encoding: 'utf8' });
    const write = async (text: string) => {
      if (!out.write(text)) await once(out, 'drain');
    };
    context.log.info({ file: input.file, bytes: size, out: input.out, account: input.account, assessor: BATCH_ASSESSOR }, 'matching suppliers');
    const progress = createProgress(context.stderr, { label: 'suppliers', total: size, unit: 'bytes' });
    const counts: Record<BatchDecision, number> = { match: 0, review: 0, no_match: 0 };
    const started = Date.now();
    let rows = 0;
    const flush = async (chunk: SupplierRow[]) => {
      const results = await matchRows(
        accountId,
        chunk.map((r) => r.input),
      );
      for (const [i, row] of chunk.entries()) {
        const result = results[i];
        if (result === undefined) continue;
        counts[result.decision] += 1;
        await write(
          format === 'csv'
            ? csvLine(RESULT_COLUMNS.map((c) => resultRecord(row.index, row.input, result)[c]))
            : `${JSON.stringify(jsonLine(row.index, row.input, result))}\n`,
        );
      }
      rows += chunk.length;
      progress.update(stream.bytesRead, { rows, ...counts });
    };
    try {
      if (format === 'csv') await write(csvLine(RESULT_COLUMNS));
      let chunk: SupplierRow[] = [];
      for await (const row of readSupplierRows(stream, {
        name: input['name-column'],
        country: input['country-column'],
        identifier: input['identifier-column'],
        website: input['website-column'],
      })) {
        chunk.push(row);
        if (chunk.length >= input['batch-size']) {
          await flush(chunk);
          chunk = [];
        }
      }
      if (chunk.length > 0) await flush(chunk);
    } finally {
      progress.stop();
      out.end();
      await once(out, 'close');
    }
    const seconds = (Date.now() - started) / 1000;
    return {
      rows,
      ...counts,
      assessor: BATCH_ASSESSOR,
      out: input.out,
      seconds: Math.round(seconds * 10) / 10,
      rate: Math.round(rows / Math.max(seconds, 0.001)),
    };
  },
});

function jsonLine(index: number, input: BatchRowInput, result: Awaited<ReturnType<ReturnType<typeof createMatchRows>>>[number]) {
  return { row: index + 1, input, decision: result.decision, best: result.best, runnerUp: result.runnerUp, explanation: result.explanation };
}
