/**
 * DELETE /api/decisions/{id}: undo one of the account's decisions → `{data: {id}}`; 404 for an unknown id or
 * another account's decision (issue 20, section 6).
 */
import { z } from 'zod';
import { jsonResponse } from '../../../http/error-response';
import { parseOrThrow } from '../../../http/parse';
import { withAccount } from '../../../http/with-account';
import { refuseOtherMethods } from '../../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

const paramsSchema = z.object({ id: z.uuid({ error: 'must be a decision id' }) });

export const DELETE = withAccount(async (_request, { container, accountId, params }) => {
  const { id } = parseOrThrow(paramsSchema, params);
  return jsonResponse({ data: await container.decisions.undo(accountId, id) });
});

export const { GET, HEAD, POST, PUT, PATCH, OPTIONS } = refuseOtherMethods(['DELETE']);
