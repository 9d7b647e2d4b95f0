/**
 * An account's change records (GET /api/changes): those of organisations on its list (linked or owned), oldest first
 * by (observed_at, id), from `since` and after a cursor's position. An account never sees the changes of an
 * organisation that is not on its list.
 */
import { sql } from 'drizzle-orm';
import type { ChangesPosition } from '../../../core/organisation-changes';
import type { Db } from '../client';
import { organisationChanges } from '../schema';
import { onAccountList, unreadBy } from './account-changes';

export interface ChangeRow {
  id: string;
  organisationId: string;
  kind: string;
  field: string;
  before: unknown;
  after: unknown;
  source: string;
  observedAt: Date;
  /** Not yet marked read by this account (`change_reads`). */
  unread: boolean;
}

interface Row extends Record<string, unknown> {
  id: string;
  organisation_id: string;
  kind: string;
  field: string;
  before: unknown;
  after: unknown;
  source: string;
  observed_at: Date | string;
  unread: boolean;
}

export async function listAccountChanges(
  db: Db,
  params: { accountId: string; since: Date | null; after: ChangesPosition | null; limit: number },
): Promise<ChangeRow[]> {
  const { accountId, since, after, limit } = params;
  const result = await db.execute<Row>(sql`
    select c.id, c.organisation_id, c.kind, c.field, c.before, c.after, c.source, c.observed_at, ${unreadBy(accountId, sql`c.id`)} as unread
      from ${organisationChanges} c
     where ${onAccountList(accountId, sql`c.organisation_id`)}
       ${since === null ? sql`` : sql`and c.observed_at >= ${since.toISOString()}::timestamptz`}
       ${after === null ? sql`` : sql`and (c.observed_at, c.id) > (${after.observedAt.toISOString()}::timestamptz, ${after.id}::uuid)`}
     order by c.observed_at, c.id
     limit ${limit}`);
  return result.rows.map((r) => ({
    id: r.id,
    organisationId: r.organisation_id,
    kind: r.kind,
    field: r.field,
    before: r.before,
    after: r.after,
    source: r.source,
    observedAt: r.observed_at instanceof Date ? r.observed_at : new Date(r.observed_at),
    unread: Boolean(r.unread),
  }));
}
