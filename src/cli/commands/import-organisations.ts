import { z } from 'zod';
import { DEFAULT_ORGANISATION_BATCH_SIZE, importOrganisations } from '../../adapters/db/queries/imports/import-organisations';
import { defineCommand } from '../command';
import { createProgress } from '../progress';
import { openFileLines } from '../read-lines';
import { accountIdFlag, requireAccountOrThrow } from './account-id';
import { batchSizeFlag } from './batch-size';

export const importOrganisationsCommand = defineCommand({
  usage: 'import organisations FILE.jsonl [--owner ACCOUNT_ID] [--link ACCOUNT_ID] [--batch-size N]',
  description:
    'Streams JSONL organisations into the database in batches; --owner makes them private to the account, --link adds them to its organisations. Bad lines are reported and skipped.',
  options: { owner: { type: 'string' }, link: { type: 'string' }, 'batch-size': { type: 'string' } },
  positionals: ['file'],
  input: z.object({
    file: z.string({ error: 'is required' }).min(1),
    owner: accountIdFlag.optional(),
    link: accountIdFlag.optional(),
    'batch-size': batchSizeFlag(DEFAULT_ORGANISATION_BATCH_SIZE),
  }),
  async run(context, input) {
    const file = await openFileLines(input.file);
    const { db } = await context.database();
    if (input.owner) await requireAccountOrThrow(db, input.owner);
    if (input.link && input.link !== input.owner) await requireAccountOrThrow(db, input.link);
    context.log.info({ file: input.file, bytes: file.size, owner: input.owner, link: input.link }, 'importing organisations');
    const progress = createProgress(context.stderr, { label: 'organisations', total: file.size, unit: 'bytes' });
    try {
      return await importOrganisations(db, file.lines(), {
        ownerAccountId: input.owner,
        linkAccountId: input.link,
        batchSize: input['batch-size'],
        onRejected: ({ line, reason }) => context.stderr.write(`line ${line}: ${reason}\n`),
        onProgress: ({ imported, rejected }) => progress.update(file.bytesRead(), { imported, rejected }),
      });
    } finally {
      progress.stop();
    }
  },
});
