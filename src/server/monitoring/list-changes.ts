/**
 * GET /api/changes (issue 23, section 2): the account's change records, oldest first, a page at a time. A cursor
 * this API did not give out is a 400, never a 500. Over PostgreSQL: the query of queries/organisation-changes.ts.
 */
import { ValidationError } from '../../core/errors';
import { changeKindSchema, registrySourceSchema } from '../../core/registry-observation';
import type { Db } from '../../adapters/db/client';
import { listAccountChanges } from '../../adapters/db/queries/organisation-changes';
import { decodeChangesCursor, encodeChangesCursor, type ChangesPage, type ChangesQuery } from '../../core/organisation-changes';

export async function listChanges(db: Db, accountId: string, query: ChangesQuery): Promise<ChangesPage> {
  const after = query.cursor === undefined ? null : decodeChangesCursor(query.cursor);
  if (after === undefined) throw new ValidationError([{ field: 'cursor', rule: 'cursor', message: 'is not a cursor this API gave out' }]);
  // One more than the page: whether a next page exists, without a count.
  const rows = await listAccountChanges(db, { accountId, since: query.since === undefined ? null : new Date(query.since), after, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    changes: page.map((r) => ({
      id: r.id,
      organisationId: r.organisationId,
      kind: changeKindSchema.parse(r.kind),
      field: r.field,
      before: r.before ?? null,
      after: r.after ?? null,
      source: registrySourceSchema.parse(r.source),
      observedAt: r.observedAt.toISOString(),
      unread: r.unread,
    })),
    nextCursor: rows.length > query.limit && last !== undefined ? encodeChangesCursor(last) : null,
  };
}
