import { z } from 'zod';
import { listApiKeys } from '../../adapters/auth/api-keys';
import { defineCommand } from '../command';
import { accountIdFlag, requireAccountOrThrow } from './account-id';

export const apiKeysList = defineCommand({
  usage: 'api-keys list --account ID',
  description: 'Lists the account\'s API keys (id, name, prefix, createdAt, revokedAt; never the key): {"apiKeys": [...]}.',
  options: { account: { type: 'string' } },
  input: z.object({ account: accountIdFlag }),
  async run(context, input) {
    const { db } = await context.database();
    await requireAccountOrThrow(db, input.account);
    return { apiKeys: await listApiKeys(db, { accountId: input.account }) };
  },
});
