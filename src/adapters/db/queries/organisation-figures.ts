/**
 * Reads behind the figures manual classification unlocks: the account's transactions with one
 * organisation (totals and classified totals per type and currency, amounts per Aquila1 sector), and the
 * account's "flag counts" (organisations in its list awaiting classification). Account-scoped: the
 * account's own transactions, organisations visible to it.
 */
import { sql } from 'drizzle-orm';
import type { FlagCounts, OrganisationFigures, SectorAmount, TransactionTotals } from '../../../core/organisation-figures';
import type { Db } from '../client';
import { isUuid } from './classification';
import { organisationIsClassified, profileIsSettled, profileStatusIs, transactionIsClassifiedFor } from './derived-rules';
import { visibleToAccount } from './visibility';

export type TransactionTotalsRow = TransactionTotals;
export type SectorAmountRow = SectorAmount;
export type OrganisationFiguresRow = OrganisationFigures;

/** Null when the organisation is not visible to the account (or the id is malformed). */
export async function findOrganisationFiguresForAccount(db: Db, params: { accountId: string; organisationId: string }): Promise<OrganisationFiguresRow | null> {
  if (!isUuid(params.organisationId) || !isUuid(params.accountId)) return null;
  const visible = await db.execute<{ id: string }>(sql`
    select o.id from organisations o
    where o.id = ${params.organisationId}::uuid and ${visibleToAccount(params.accountId, sql`o.id`)}`);
  if (visible.rows.length === 0) return null;
  const [totals, sectors] = await Promise.all([
    db.execute<{ type: string; currency: string; transaction_count: number; total_amount: number; classified_count: number; classified_amount: number }>(sql`
      select t.type, t.currency,
        count(*)::int as transaction_count,
        coalesce(sum(t.amount), 0)::float8 as total_amount,
        count(*) filter (where c.classified)::int as classified_count,
        coalesce(sum(t.amount) filter (where c.classified), 0)::float8 as classified_amount
      from transactions t
      cross join lateral (select ${transactionIsClassifiedFor(sql`t.id`, sql`t.type`)} as classified) c
      where t.account_id = ${params.accountId}::uuid and t.organisation_id = ${params.organisationId}::uuid
      group by t.type, t.currency
      order by t.type, t.currency`),
    db.execute<{ type: string; currency: string; aquila1_code: string; aquila1_name: string; amount: number }>(sql`
      select t.type, t.currency, ta.aquila1_code, a.name as aquila1_name, sum(t.amount * ta.weight)::float8 as amount
      from transactions t
      join transaction_aquila1 ta on ta.transaction_id = t.id and ta."for" = t.type
      join aquila1 a on a.code = ta.aquila1_code
      where t.account_id = ${params.accountId}::uuid and t.organisation_id = ${params.organisationId}::uuid
      group by t.type, t.currency, ta.aquila1_code, a.name
      order by t.type, t.currency, amount desc, ta.aquila1_code`),
  ]);
  return {
    organisationId: params.organisationId,
    totals: totals.rows.map((r) => ({
      type: r.type,
      currency: r.currency,
      transactionCount: Number(r.transaction_count),
      totalAmount: Number(r.total_amount),
      classifiedCount: Number(r.classified_count),
      classifiedAmount: Number(r.classified_amount),
    })),
    sectors: sectors.rows.map((r) => ({
      type: r.type,
      currency: r.currency,
      aquila1Code: r.aquila1_code,
      aquila1Name: r.aquila1_name,
      amount: Number(r.amount),
    })),
  };
}

export type FlagCountsRow = FlagCounts;

/** The account's list: how many organisations, how many settled without classification, how many enriching (PENDING), how many never enriched. */
export async function countOrganisationFlagsForAccount(db: Db, params: { accountId: string }): Promise<FlagCountsRow> {
  if (!isUuid(params.accountId)) return { listed: 0, unclassified: 0, enriching: 0, notEnriched: 0 };
  const result = await db.execute<{ listed: number; unclassified: number; enriching: number; not_enriched: number }>(sql`
    select count(*)::int as listed,
      count(*) filter (where ${profileIsSettled(sql`o.profile_status`)} and not ${organisationIsClassified(sql`o.id`)})::int as unclassified,
      count(*) filter (where ${profileStatusIs(sql`o.profile_status`, 'PENDING')})::int as enriching,
      count(*) filter (where ${profileStatusIs(sql`o.profile_status`, 'NONE')})::int as not_enriched
    from account_organisations ao
    join organisations o on o.id = ao.organisation_id
    where ao.account_id = ${params.accountId}::uuid and ${visibleToAccount(params.accountId, sql`o.id`)}`);
  const row = result.rows[0];
  return {
    listed: Number(row?.listed ?? 0),
    unclassified: Number(row?.unclassified ?? 0),
    enriching: Number(row?.enriching ?? 0),
    notEnriched: Number(row?.not_enriched ?? 0),
  };
}
