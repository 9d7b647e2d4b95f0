import { z } from 'zod';
import { ValidationError } from '../../core/errors';
import { advanceSandboxClock, sandboxClockPath } from '../../sandbox/sandbox-clock';
import { defineCommand } from '../command';

export const sandboxAdvanceCommand = defineCommand({
  usage: 'sandbox advance --days N',
  description:
    "Moves the sandbox's clock N days forward: the contract fakes of the running product (same DATA_DIR) apply the scripted register changes of those days within a second (a company dissolved, one renamed, an LEI lapsed, a business name added), and the next monitoring pass finds them. Sandbox mode only.",
  options: { days: { type: 'string' } },
  input: z.object({ days: z.coerce.number({ error: 'is required' }).int().min(1).max(3650) }),
  async run(context, input) {
    if (context.env.APP_ENV !== 'sandbox') {
      throw new ValidationError([{ field: 'APP_ENV', rule: 'sandbox_only', message: 'the sandbox clock exists in sandbox mode only' }]);
    }
    const { clock, changes } = advanceSandboxClock(sandboxClockPath(context.env.DATA_DIR), input.days);
    return { days: clock.days, changes };
  },
});
