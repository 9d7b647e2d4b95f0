import { z } from 'zod';
import { createUser } from '../../adapters/auth/users';
import { defineCommand } from '../command';
import { accountIdFlag } from './account-id';

export const usersCreate = defineCommand({
  usage: 'users create --account ID --email EMAIL --password PASSWORD [--name NAME]',
  description: 'Creates a user who can sign in, a member of the account with it active; prints {"userId", "email", "accountId"}.',
  options: { account: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  input: z.object({
    account: accountIdFlag,
    email: z.string({ error: 'is required' }),
    password: z.string({ error: 'is required' }),
    name: z.string().optional(),
  }),
  async run(context, input) {
    const database = await context.database();
    const auth = await context.auth();
    const user = await createUser({ auth, database }, { accountId: input.account, email: input.email, password: input.password, name: input.name });
    return { userId: user.id, email: user.email, accountId: user.accountId };
  },
});
