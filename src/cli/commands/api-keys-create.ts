import { z } from 'zod';
import { createApiKey } from '../../adapters/auth/api-keys';
import { defineCommand } from '../command';
import { accountIdFlag, requireAccountOrThrow } from './account-id';

export const apiKeysCreate = defineCommand({
  usage: 'api-keys create --account ID [--name NAME]',
  description: 'Creates an API key for the account; prints {"apiKey"} (shown once, only its hash is stored).',
  options: { account: { type: 'string' }, name: { type: 'string' } },
  input: z.object({ account: accountIdFlag, name: z.string().trim().min(1).max(200).optional() }),
  async run(context, input) {
    const { db } = await context.database();
    await requireAccountOrThrow(db, input.account);
    const { apiKey } = await createApiKey(db, { accountId: input.account, name: input.name });
    return { apiKey };
  },
});
