/**
 * The account's changes as its analysts read them (issue 23, section 2): the `/changes` page (unread first, then
 * newest first, filtered by kind and organisation), the header's unread count, an organisation's History, and the
 * read state (`change_reads`, per account). Every query is scoped to the organisations on the account's list
 * (linked or owned), counts and the organisation filter included: an account learns nothing of other changes.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ChangesFilter } from '../../../core/change-view';
import type { AccountChangeRecord } from '../../../server/monitoring/ports';
import type { Db } from '../client';
import { isUuid } from './classification';

/** On the account's list: linked to it, or owned by it (the organisations monitoring watches for it). */
export function onAccountList(accountId: string, organisationId: SQL): SQL {
  return sql`(exists (select 1 from account_organisations ao where ao.organisation_id = ${organisationId} and ao.account_id = ${accountId}::uuid)
    or exists (select 1 from organisation_owners oo where oo.organisation_id = ${organisationId} and oo.account_id = ${accountId}::uuid))`;
}

/** Unread by the account: no read row of its own. */
export function unreadBy(accountId: string, changeId: SQL): SQL {
  return sql`not exists (select 1 from change_reads cr where cr.change_id = ${changeId} and cr.account_id = ${accountId}::uuid)`;
}

function matching(accountId: string, filter: ChangesFilter): SQL {
  const conditions: SQL[] = [onAccountList(accountId, sql`c.organisation_id`)];
  if (filter.kind) conditions.push(sql`c.kind = ${filter.kind}`);
  if (filter.organisationId) conditions.push(sql`c.organisation_id = ${filter.organisationId}::uuid`);
  return sql.join(conditions, sql` and `);
}

/** The columns `selectAccountChange` selects. */
export interface AccountChangeColumns extends Record<string, unknown> {
  id: string;
  organisation_id: string;
  organisation_name: string;
  kind: string;
  field: string;
  before: unknown;
  after: unknown;
  source: string;
  observed_at: Date | string;
  unread: boolean;
}

/** A selected change row as every change read answers it (the `/changes` page, History, GET /api/changes, webhooks). */
export const toAccountChangeRecord = (r: AccountChangeColumns): AccountChangeRecord => ({
  id: r.id,
  organisationId: r.organisation_id,
  organisationName: r.organisation_name,
  kind: r.kind,
  field: r.field,
  before: r.before,
  after: r.after,
  source: r.source,
  observedAt: r.observed_at instanceof Date ? r.observed_at : new Date(r.observed_at),
  unread: Boolean(r.unread),
});

/** The columns `toAccountChangeRecord` maps: a change, its organisation's name and whether the account has read it (`c`, `o`). */
export const selectAccountChange = (accountId: string) => sql`
  select c.id, c.organisation_id, o.name as organisation_name, c.kind, c.field, c.before, c.after, c.source, c.observed_at,
         ${unreadBy(accountId, sql`c.id`)} as unread
    from organisation_changes c
    join organisations o on o.id = c.organisation_id`;

/** One page of the account's changes: unread first, then newest first. */
export async function listAccountChangesPage(
  db: Db,
  params: { accountId: string; filter: ChangesFilter; offset: number; limit: number },
): Promise<AccountChangeRecord[]> {
  if (!isUuid(params.accountId)) return [];
  const result = await db.execute<AccountChangeColumns>(sql`
    ${selectAccountChange(params.accountId)}
     where ${matching(params.accountId, params.filter)}
     order by unread desc, c.observed_at desc, c.id desc
     offset ${params.offset}
     limit ${params.limit}`);
  return result.rows.map(toAccountChangeRecord);
}

/** How many changes the filter shows, and how many of them are unread. */
export async function countAccountChanges(db: Db, params: { accountId: string; filter: ChangesFilter }): Promise<{ total: number; unread: number }> {
  if (!isUuid(params.accountId)) return { total: 0, unread: 0 };
  const result = await db.execute<{ total: number; unread: number }>(sql`
    select count(*)::int as total, count(*) filter (where ${unreadBy(params.accountId, sql`c.id`)})::int as unread
      from organisation_changes c
     where ${matching(params.accountId, params.filter)}`);
  return { total: Number(result.rows[0]?.total ?? 0), unread: Number(result.rows[0]?.unread ?? 0) };
}

/** The header's count: the account's unread changes. */
export async function countUnreadChanges(db: Db, params: { accountId: string }): Promise<number> {
  return (await countAccountChanges(db, { accountId: params.accountId, filter: {} })).unread;
}

/** The organisations on the account's list that have changes (the page's organisation filter), by name. */
export async function listChangedOrganisations(db: Db, params: { accountId: string }): Promise<{ id: string; name: string; unread: number }[]> {
  if (!isUuid(params.accountId)) return [];
  const result = await db.execute<{ id: string; name: string; unread: number }>(sql`
    select o.id, o.name, count(*) filter (where ${unreadBy(params.accountId, sql`c.id`)})::int as unread
      from organisation_changes c
      join organisations o on o.id = c.organisation_id
     where ${onAccountList(params.accountId, sql`c.organisation_id`)}
     group by o.id, o.name
     order by lower(o.name), o.id`);
  return result.rows.map((r) => ({ id: r.id, name: r.name, unread: Number(r.unread) }));
}

/** An organisation's changes, newest first, when it is on the account's list (else none: they are not the account's). */
export async function listOrganisationHistory(db: Db, params: { accountId: string; organisationId: string; limit: number }): Promise<AccountChangeRecord[]> {
  if (!isUuid(params.accountId) || !isUuid(params.organisationId)) return [];
  const result = await db.execute<AccountChangeColumns>(sql`
    ${selectAccountChange(params.accountId)}
     where c.organisation_id = ${params.organisationId}::uuid and ${onAccountList(params.accountId, sql`c.organisation_id`)}
     order by c.observed_at desc, c.id desc
     limit ${params.limit}`);
  return result.rows.map(toAccountChangeRecord);
}

/** Whether the organisation is on the account's list. */
export async function isOnAccountList(db: Db, params: { accountId: string; organisationId: string }): Promise<boolean> {
  if (!isUuid(params.accountId) || !isUuid(params.organisationId)) return false;
  const result = await db.execute<{ on: boolean }>(sql`select ${onAccountList(params.accountId, sql`${params.organisationId}::uuid`)} as on`);
  return Boolean(result.rows[0]?.on);
}

/**
 * Marks changes read for the account: `changeIds`, all of them or none (when one is not the account's: not on its list,
 * or no such change), or every change the filter shows. Answers how many of the asked changes are the account's.
 */
export async function markChangesRead(
  db: Db,
  params: { accountId: string; readAt: Date } & ({ changeIds: readonly string[] } | { filter: ChangesFilter }),
): Promise<number> {
  if (!isUuid(params.accountId)) return 0;
  const byIds = 'changeIds' in params;
  const which = byIds
    ? sql`c.id = any(${`{${params.changeIds.filter(isUuid).join(',')}}`}::uuid[]) and ${onAccountList(params.accountId, sql`c.organisation_id`)}`
    : matching(params.accountId, params.filter);
  const allAsked = byIds ? sql`where (select count(*) from mine) = ${params.changeIds.length}` : sql``;
  const result = await db.execute<{ mine: number }>(sql`
    with mine as (select c.id from organisation_changes c where ${which}),
         marked as (
           insert into change_reads (account_id, change_id, read_at)
           select ${params.accountId}::uuid, mine.id, ${params.readAt.toISOString()}::timestamptz from mine ${allAsked}
           on conflict (account_id, change_id) do nothing
           returning 1)
    select (select count(*) from mine)::int as mine`);
  return Number(result.rows[0]?.mine ?? 0);
}
