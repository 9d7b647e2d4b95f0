import { z } from 'zod';
import { webhookTargetRefusal } from '../../adapters/webhooks/webhook-sender';
import { ValidationError } from '../../core/errors';
import { startWebhookReceiver } from '../../sandbox/webhooks/webhook-receiver';
import { createCreateWebhookEndpoint, deleteWebhookEndpoint } from '../../server/webhooks/webhook-endpoints';
import { OUTPUT_WRITTEN, defineCommand } from '../command';
import { accountIdFlag, requireAccountOrThrow } from './account-id';

export const sandboxWebhookReceiverCommand = defineCommand({
  usage: 'sandbox webhook-receiver --account ID [--port N]',
  description:
    'Starts a webhook receiver on 127.0.0.1 (port 4010 by default), registers it as a webhook endpoint of the account (every kind of change) and prints one JSON line per delivery it receives, with whether its Standard Webhooks signature verified; Ctrl-C removes the endpoint and stops. With the product running, `sandbox advance --days N` then `monitor run` makes deliveries arrive. Sandbox mode only.',
  options: { account: { type: 'string' }, port: { type: 'string' } },
  input: z.object({ account: accountIdFlag, port: z.coerce.number().int().min(0).max(65_535).default(4010) }),
  async run(context, input) {
    if (context.env.APP_ENV !== 'sandbox') {
      throw new ValidationError([{ field: 'APP_ENV', rule: 'sandbox_only', message: 'the webhook receiver runs in sandbox mode only' }]);
    }
    const database = await context.database();
    await requireAccountOrThrow(database.db, input.account);
    const line = (value: unknown) => context.stdout.write(`${JSON.stringify(value)}\n`);
    let secret = '';
    const receiver = await startWebhookReceiver({ port: input.port, secret: () => secret, onDelivery: (delivery) => line({ delivery }) });
    const url = `${receiver.url}/webhooks`;
    const created = await createCreateWebhookEndpoint({
      db: database.db,
      sender: { refusedTarget: (target) => webhookTargetRefusal(target, { sandbox: true }) },
    })(input.account, {
      url,
    });
    secret = created.secret;
    line({ listening: url, endpointId: created.id, accountId: input.account });
    await new Promise<void>((resolve) => {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
    });
    await deleteWebhookEndpoint(database.db, input.account, created.id).catch(() => undefined);
    await receiver.close();
    line({ stopped: url, endpointDeleted: created.id });
    return OUTPUT_WRITTEN;
  },
});
