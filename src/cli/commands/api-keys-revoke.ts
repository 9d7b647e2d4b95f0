import { z } from 'zod';
import { revokeApiKey } from '../../adapters/auth/api-keys';
import { NotFoundError } from '../../core/errors';
import { defineCommand } from '../command';

export const apiKeysRevoke = defineCommand({
  usage: 'api-keys revoke KEY_ID',
  description:
    'Revokes an API key (its id from `api-keys list`); every running instance stops accepting it within a second. Prints {"id", "accountId", "revokedAt"}.',
  positionals: ['keyId'],
  input: z.object({ keyId: z.uuid({ error: 'must be a key id (a UUID from `api-keys list`)' }) }),
  async run(context, input) {
    const { db } = await context.database();
    const revoked = await revokeApiKey(db, { id: input.keyId });
    if (!revoked) throw new NotFoundError(`no API key ${input.keyId}`, `No API key with id ${input.keyId}`);
    return revoked;
  },
});
