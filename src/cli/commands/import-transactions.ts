import { z } from 'zod';
import { DEFAULT_TRANSACTION_BATCH_SIZE, importTransactions, InvalidCsvHeaderError } from '../../adapters/db/queries/imports/import-transactions';
import { ValidationError } from '../../core/errors';
import { defineCommand } from '../command';
import { createProgress } from '../progress';
import { openFileLines } from '../read-lines';
import { accountIdFlag, requireAccountOrThrow } from './account-id';
import { batchSizeFlag } from './batch-size';

export const importTransactionsCommand = defineCommand({
  usage: 'import transactions FILE.csv --account ID [--batch-size N]',
  description:
    "Streams the account's transactions from CSV (header: organisationId,type,amount,currency,date; type SPENT|INVESTED|RECEIVED; date YYYY-MM-DD). Bad rows are reported and skipped.",
  options: { account: { type: 'string' }, 'batch-size': { type: 'string' } },
  positionals: ['file'],
  input: z.object({
    file: z.string({ error: 'is required' }).min(1),
    account: accountIdFlag,
    'batch-size': batchSizeFlag(DEFAULT_TRANSACTION_BATCH_SIZE),
  }),
  async run(context, input) {
    const file = await openFileLines(input.file);
    const { db } = await context.database();
    await requireAccountOrThrow(db, input.account);
    context.log.info({ file: input.file, bytes: file.size, account: input.account }, 'importing transactions');
    const progress = createProgress(context.stderr, { label: 'transactions', total: file.size, unit: 'bytes' });
    try {
      return await importTransactions(db, file.lines(), {
        accountId: input.account,
        batchSize: input['batch-size'],
        onRejected: ({ line, reason }) => context.stderr.write(`line ${line}: ${reason}\n`),
        onProgress: ({ imported, rejected }) => progress.update(file.bytesRead(), { imported, rejected }),
      });
    } catch (error) {
      if (error instanceof InvalidCsvHeaderError) {
        throw new ValidationError([{ field: 'FILE', rule: 'csv_header', message: error.message }], 'Invalid CSV header');
      }
      throw error;
    } finally {
      progress.stop();
    }
  },
});
