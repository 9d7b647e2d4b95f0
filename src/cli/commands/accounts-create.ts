import { z } from 'zod';
import { insertAccount } from '../../adapters/db/queries/accounts';
import { defineCommand } from '../command';

export const accountsCreate = defineCommand({
  usage: 'accounts create --name NAME',
  description: 'Creates an account (tenant); prints {"accountId"}.',
  options: { name: { type: 'string' } },
  input: z.object({ name: z.string({ error: 'is required' }).trim().min(1).max(200) }),
  async run(context, input) {
    const { db } = await context.database();
    const account = await insertAccount(db, { name: input.name });
    return { accountId: account.id };
  },
});
