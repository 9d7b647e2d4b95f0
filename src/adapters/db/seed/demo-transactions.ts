/**
 * The demo account's ledger: a year of invoices (SPENT) with the global organisations on its list, in each
 * supplier's currency, and a few investments (INVESTED) in already-classified ones, so the figures panels have
 * something to show and the classified share of spend moves when a NAICS code is added to an organisation.
 *
 * Made through the product's own paths: the rows go through the transactions import (`npm run cli -- import
 * transactions`, same rules and visibility check), then the organisations the demo seed already classified get
 * the backfill AddOrganisationNAICS runs (spec step 6), so their transactions are classified and the others'
 * are not. The account's own private organisations get none, so the confirm header's "No" can still delete
 * them (a rejected organisation is deleted only when nothing refers to it). The seed also turns manual
 * classification on for the demo account (what `npm run cli -- flags set` does), so the "+ Add NAICS code"
 * control shows in the demo.
 *
 * Idempotent: an account that already has transactions is left alone (under an advisory lock, so two processes
 * starting together seed once). Deterministic: the same organisations give the same ledger for the same day.
 */
import { sql } from 'drizzle-orm';
import { FLAGS } from '../../../core/flags';
import { BASKET_TYPES } from '../../../core/naics';
import { seededRandom } from '../../../core/seeded-random';
import { basketsOf } from '../../../server/naics/sync-aquila1';
import type { Db } from '../client';
import { listOrganisationAquila1 } from '../queries/classification';
import { setFlagValue } from '../queries/feature-flags';
import { importTransactions } from '../queries/imports/import-transactions';
import { backfillTransactions } from '../queries/transactions-backfill';
import { organisationIsClassified } from '../queries/derived-rules';

const DEMO_LEDGER_SEED = 21;
/** The currency the demo account pays a supplier in: the supplier's own (Global organisations invoice in USD). */
const CURRENCY_OF_COUNTRY: Readonly<Record<string, string>> = { AUS: 'AUD', NZL: 'NZD', GBR: 'GBP', USA: 'USD' };
const DEFAULT_CURRENCY = 'USD';

export interface DemoSupplier {
  id: string;
  countryIsoAlpha3: string | null;
  /** Classified when the ledger is made: some get an investment as well as invoices. */
  classified: boolean;
}

export interface DemoLedgerRow {
  organisationId: string;
  type: 'SPENT' | 'INVESTED';
  amount: string;
  currency: string;
  date: string;
}

function daysBefore(asOf: Date, days: number): string {
  return new Date(asOf.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Each supplier: 3 to 9 invoices over the year before `asOf`, around a typical invoice drawn between 400 and
 * 40,000 (log-uniform: many small suppliers, a few large ones), each within 40% of it. One classified supplier
 * in four also has one or two investments of 50,000 to 500,000.
 */
export function demoLedger(suppliers: readonly DemoSupplier[], asOf: Date): DemoLedgerRow[] {
  const random = seededRandom(DEMO_LEDGER_SEED);
  const rows: DemoLedgerRow[] = [];
  suppliers.forEach((supplier, index) => {
    const currency = CURRENCY_OF_COUNTRY[supplier.countryIsoAlpha3 ?? ''] ?? DEFAULT_CURRENCY;
    const typical = 400 * Math.pow(100, random());
    const invoices = 3 + Math.floor(random() * 7);
    for (let i = 0; i < invoices; i++) {
      const amount = typical * (0.6 + 0.8 * random());
      rows.push({ organisationId: supplier.id, type: 'SPENT', amount: amount.toFixed(2), currency, date: daysBefore(asOf, 1 + Math.floor(random() * 364)) });
    }
    if (supplier.classified && index % 4 === 0) {
      const investments = 1 + Math.floor(random() * 2);
      for (let i = 0; i < investments; i++) {
        const amount = Math.round((50_000 + random() * 450_000) / 1000) * 1000;
        rows.push({
          organisationId: supplier.id,
          type: 'INVESTED',
          amount: amount.toFixed(2),
          currency,
          date: daysBefore(asOf, 1 + Math.floor(random() * 364)),
        });
      }
    }
  });
  return rows;
}

/** The ledger as the transactions import reads it: a header line, then one CSV line per row. */
export function* demoLedgerCsv(rows: readonly DemoLedgerRow[]): Generator<string> {
  yield 'organisationId,type,amount,currency,date';
  for (const row of rows) yield [row.organisationId, row.type, row.amount, row.currency, row.date].join(',');
}

export interface DemoTransactionsResult {
  /** Transactions imported by this run (0 when the account already had some). */
  imported: number;
  /** Of those, classified by the backfill of the already-classified organisations. */
  classified: number;
  suppliers: number;
}

export async function seedDemoTransactions(db: Db, params: { accountId: string; asOf?: Date }): Promise<DemoTransactionsResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('organisation-search:demo-transactions'))`);
    const existing = await tx.execute<{ any: boolean }>(sql`select exists (select 1 from transactions where account_id = ${params.accountId}::uuid) as any`);
    if (existing.rows[0]?.any) return { imported: 0, classified: 0, suppliers: 0 };

    // The global organisations on the demo account's list (never its own private ones), in a stable order.
    const listed = await tx.execute<{ id: string; country_iso_alpha3: string | null; classified: boolean }>(sql`
      select o.id, o.country_iso_alpha3, ${organisationIsClassified(sql`o.id`)} as classified
      from account_organisations ao
      join organisations o on o.id = ao.organisation_id
      where ao.account_id = ${params.accountId}::uuid
        and o.redirected_to is null
        and not exists (select 1 from organisation_owners oo where oo.organisation_id = o.id)
      order by o.name, o.id`);
    const suppliers = listed.rows.map((r) => ({ id: r.id, countryIsoAlpha3: r.country_iso_alpha3, classified: r.classified }));
    const summary = await importTransactions(tx, demoLedgerCsv(demoLedger(suppliers, params.asOf ?? new Date())), { accountId: params.accountId });

    let classified = 0;
    for (const supplier of suppliers.filter((s) => s.classified)) {
      const baskets = basketsOf(await listOrganisationAquila1(tx, { organisationId: supplier.id }));
      for (const type of BASKET_TYPES) {
        const result = await backfillTransactions(tx, { accountId: params.accountId, organisationId: supplier.id, for: type, basket: baskets[type] });
        classified += result.classifiedCount;
      }
    }
    await setFlagValue(tx, { flagKey: FLAGS.manualNaicsClassification.key, accountId: params.accountId, value: true });
    return { imported: summary.imported, classified, suppliers: suppliers.length };
  });
}
