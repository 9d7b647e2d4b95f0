/**
 * What `npm start` seeds. Every step is idempotent, so it runs on every start and does work only the first time:
 * - always: the NAICS reference data (2017 edition);
 * - sandbox mode: the demo account, user, API key and organisations, the clearly labelled DEMO
 *   Aquila1/Aquila2 taxonomy and concordance (production loads the customer's with `import concordance`), then
 *   the Aquila1 baskets of the demo's NAICS-tagged organisations (they need the concordance, which comes second),
 *   then the demo account's ledger (demo-transactions.ts: imported, and backfilled where already classified).
 */
import type { Env } from '../../../config/env';
import type { UserDeps } from '../../auth/users';
import { seedDemoConcordance } from './demo-concordance';
import { syncDemoAquila1 } from './demo-profiles';
import { seedDemo, type DemoSeedResult } from './demo-seed';
import { seedDemoTransactions } from './demo-transactions';
import { seedNaics } from './naics-seed';

/** The demo seed's result in sandbox mode (the demo user, and the API key on the start that created it); else undefined. */
export async function seedOnFirstStart(deps: UserDeps, env: Pick<Env, 'APP_ENV'>, log: (message: string) => void): Promise<DemoSeedResult | undefined> {
  if (env.APP_ENV !== 'sandbox') {
    const { codes } = await seedNaics(deps.database.db);
    log(`NAICS reference data present (${codes} codes)`);
    return undefined;
  }
  const demo = await seedDemo(deps, log);
  const concordance = await seedDemoConcordance(deps.database.db);
  log(`Demo concordance present (${concordance.aquila1} Aquila1 sectors, ${concordance.concordance} NAICS links; DEMO data, not customer data)`);
  const synced = await syncDemoAquila1(deps.database.db);
  if (synced.organisations > 0) log(`Demo classification: Aquila1 baskets derived for ${synced.organisations} organisations`);
  const ledger = await seedDemoTransactions(deps.database.db, { accountId: demo.accountId });
  if (ledger.imported > 0) {
    log(
      `Demo transactions: ${ledger.imported} with ${ledger.suppliers} organisations on the demo account's list (${ledger.classified} classified); manual NAICS classification is on for the demo account`,
    );
  }
  return demo;
}
