/**
 * Transaction backfill, one set-based statement per transaction type: every transaction of the account,
 * of the type, linked to the organisation and without an Aquila1 edge for the type gets one edge per
 * basket entry at the basket's weight. Already-classified transactions are not touched.
 */
import { sql } from 'drizzle-orm';
import type { BasketWeight } from '../../../core/basket-weights';
import type { BasketType } from '../../../core/naics';
import type { Db } from '../client';
import { transactionIsClassifiedFor } from './derived-rules';

export async function backfillTransactions(
  db: Db,
  params: { accountId: string; organisationId: string; for: BasketType; basket: readonly BasketWeight[] },
): Promise<{ classifiedCount: number }> {
  if (params.basket.length === 0) return { classifiedCount: 0 };
  const basket = JSON.stringify(params.basket.map((b) => ({ aquila1_code: b.aquila1Code, weight: b.weight })));
  const result = await db.execute<{ classified: string }>(sql`
    with unclassified as (
      select t.id from transactions t
      where t.account_id = ${params.accountId}::uuid
        and t.organisation_id = ${params.organisationId}::uuid
        and t.type = ${params.for}
        and not ${transactionIsClassifiedFor(sql`t.id`, sql`${params.for}`)}
    ),
    basket as (select * from jsonb_to_recordset(${basket}::jsonb) as b(aquila1_code text, weight float8)),
    inserted as (
      insert into transaction_aquila1 (transaction_id, aquila1_code, "for", weight)
      select u.id, b.aquila1_code, ${params.for}, b.weight from unclassified u cross join basket b
      -- The sort is blocking: the anti-join reads transaction_aquila1 in full before the first row is
      -- inserted into it (interleaving them made the scan quadratic), and rows arrive in key order.
      order by u.id, b.aquila1_code
      on conflict do nothing
      returning transaction_id
    )
    select count(distinct transaction_id)::text as classified from inserted`);
  return { classifiedCount: Number(result.rows[0]?.classified ?? 0) };
}
