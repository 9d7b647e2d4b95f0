/**
 * GET /api/changes?since=&cursor=&limit= (issue 23, section 2): the account's registry change records, oldest first →
 * `{changes: [{id, organisationId, kind, field, before, after, source, observedAt}], nextCursor}`. Only the changes of
 * organisations on the account's list; 400 for a bad `since`, `limit` or a cursor this API did not give out.
 */
import { changesQuerySchema } from '../../../core/organisation-changes';
import { jsonResponse } from '../../http/error-response';
import { parseSearchParamsOrThrow } from '../../http/parse';
import { withAccount } from '../../http/with-account';
import { refuseOtherMethods } from '../../http/method-not-allowed';
import { listChanges } from '../../../server/monitoring/list-changes';

export const dynamic = 'force-dynamic';

export const GET = withAccount(async (request, { container, accountId }) => {
  const query = parseSearchParamsOrThrow(request, changesQuerySchema);
  return jsonResponse(await listChanges(container.database.db, accountId, query));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET']);
