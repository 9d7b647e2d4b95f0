import { z } from 'zod';
import { seedDemo } from '../../adapters/db/seed/demo-seed';
import { defineCommand } from '../command';

export const seedDemoCommand = defineCommand({
  usage: 'seed demo',
  description: 'Seeds the demo account, user, API key, NAICS reference data and demo organisations (idempotent; `npm start` does it in sandbox mode).',
  input: z.object({}),
  async run(context, _input) {
    const database = await context.database();
    const auth = await context.auth();
    return seedDemo({ auth, database }, (message) => context.log.info(message));
  },
});
