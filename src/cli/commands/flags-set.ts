import { z } from 'zod';
import { setFlagValue } from '../../adapters/db/queries/feature-flags';
import { FLAGS, FLAG_NAMES, resolveFlagName } from '../../core/flags';
import { defineCommand } from '../command';
import { accountIdFlag, requireAccountOrThrow } from './account-id';

const flagList = FLAG_NAMES.map((name) => FLAGS[name].key).join(', ');

export const flagsSet = defineCommand({
  usage: 'flags set --flag KEY --value true|false [--account ID]',
  description: `Sets a feature flag for one account, or without --account the default for all accounts (${flagList}; names like hybridSearch work too).`,
  options: { flag: { type: 'string' }, value: { type: 'string' }, account: { type: 'string' } },
  input: z.object({
    flag: z.string({ error: 'is required' }).transform((value, ctx) => {
      const name = resolveFlagName(value.trim());
      if (name === undefined) {
        ctx.addIssue({ code: 'custom', message: `unknown flag ${JSON.stringify(value)}; one of ${flagList}` });
        return z.NEVER;
      }
      return name;
    }),
    value: z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true'),
    account: accountIdFlag.optional(),
  }),
  async run(context, input) {
    const { db } = await context.database();
    if (input.account) await requireAccountOrThrow(db, input.account);
    const flagKey = FLAGS[input.flag].key;
    await setFlagValue(db, { flagKey, accountId: input.account ?? null, value: input.value });
    return { flag: flagKey, value: input.value, scope: input.account ?? 'all accounts' };
  },
});
