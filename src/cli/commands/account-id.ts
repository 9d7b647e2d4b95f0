import { z } from 'zod';
import type { Db } from '../../adapters/db/client';
import { findAccountById } from '../../adapters/db/queries/accounts';
import { NotFoundError } from '../../core/errors';

/** An `--account`/`--owner`/`--link` flag value: an account id (uuid). */
export const accountIdFlag = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .pipe(z.uuid({ error: 'must be an account id (uuid)' }));

export async function requireAccountOrThrow(db: Db, accountId: string): Promise<void> {
  if (!(await findAccountById(db, accountId))) throw new NotFoundError(`no account ${accountId}`, `No account with id ${accountId}`);
}
