import { z } from 'zod';
import type { Database } from '../../adapters/db/client';
import { DEFAULT_ORGANISATION_BATCH_SIZE, importOrganisations } from '../../adapters/db/queries/imports/import-organisations';
import { createPgBossJobQueue, jobQueuePoliciesFromEnv, type PgBossJobQueue } from '../../adapters/queue/pg-boss-queue';
import { defineCommand } from '../command';
import { createProgress } from '../progress';
import { openFileLines } from '../read-lines';
import { accountIdFlag, requireAccountOrThrow } from './account-id';
import { batchSizeFlag } from './batch-size';

export const importOrganisationsCommand = defineCommand({
  usage: 'import organisations FILE.jsonl [--owner ACCOUNT_ID] [--link ACCOUNT_ID] [--enrich] [--batch-size N]',
  description:
    'Streams JSONL organisations into the database in batches; --owner makes them private to the account, --link adds them to its organisations, --enrich queues enrichment for every organisation created (needs --owner or --link). Bad lines are reported and skipped.',
  options: { owner: { type: 'string' }, link: { type: 'string' }, enrich: { type: 'boolean' }, 'batch-size': { type: 'string' } },
  positionals: ['file'],
  input: z
    .object({
      file: z.string({ error: 'is required' }).min(1),
      owner: accountIdFlag.optional(),
      link: accountIdFlag.optional(),
      enrich: z.boolean().optional(),
      'batch-size': batchSizeFlag(DEFAULT_ORGANISATION_BATCH_SIZE),
    })
    // A job names the account that asked for the enrichment; an import for no account has none to name.
    .refine((input) => !input.enrich || input.owner !== undefined || input.link !== undefined, {
      path: ['enrich'],
      message: 'needs --owner or --link (the account the enrichment is queued for)',
    }),
  async run(context, input) {
    const file = await openFileLines(input.file);
    const database = await context.database();
    const { db } = database;
    if (input.owner) await requireAccountOrThrow(db, input.owner);
    if (input.link && input.link !== input.owner) await requireAccountOrThrow(db, input.link);
    const enrichFor = input.enrich ? (input.owner ?? input.link) : undefined;
    context.log.info({ file: input.file, bytes: file.size, owner: input.owner, link: input.link, enrich: enrichFor !== undefined }, 'importing organisations');
    // pg-boss keeps its own pool on the same database; opened only when jobs are to be sent. It updates every queue's
    // policy on start: the environment's, as the product's own, not pg-boss's defaults.
    const queue: PgBossJobQueue | undefined =
      enrichFor === undefined
        ? undefined
        : createPgBossJobQueue({
            connectionString: connectionStringOf(database),
            log: context.log,
            ...jobQueuePoliciesFromEnv(context.env),
            ownsQueuePolicies: false,
          });
    const progress = createProgress(context.stderr, { label: 'organisations', total: file.size, unit: 'bytes' });
    try {
      return await importOrganisations(db, file.lines(), {
        ownerAccountId: input.owner,
        linkAccountId: input.link,
        batchSize: input['batch-size'],
        enrich: queue && enrichFor ? { queue, accountId: enrichFor } : undefined,
        onRejected: ({ line, reason }) => context.stderr.write(`line ${line}: ${reason}\n`),
        onProgress: ({ imported, rejected }) => progress.update(file.bytesRead(), { imported, rejected }),
      });
    } finally {
      progress.stop();
      await queue?.close();
    }
  },
});

/** The URL the command's database was opened with (DATABASE_URL or the embedded server's). */
function connectionStringOf(database: Database): string {
  const url = database.pool.options.connectionString;
  if (url === undefined) throw new Error('the database pool was opened without a connection string');
  return url;
}
