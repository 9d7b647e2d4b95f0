/**
 * The demo a fresh sandbox starts with: the demo account and user, an API key, the NAICS reference data,
 * and a few hundred realistic organisations across AUS, NZL, GBR, USA and Global, some owned by the demo
 * account, some linked to it, their profiles settled as demo-profiles.ts describes (created settled, in the
 * same transaction). Idempotent: the demo account (found by name, under an advisory lock so two processes
 * starting together seed once) marks the seed as done; the user and NAICS steps check themselves.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ConflictError } from '../../../core/errors';
import { createApiKey } from '../../auth/api-keys';
import { addMembership, createUser, findUserIdByEmail, type UserDeps } from '../../auth/users';
import { syntheticOrganisations } from '../../data-generation/synthetic-organisations';
import type { Db } from '../client';
import { insertOrganisations, type InsertOrganisationsOptions, type NewOrganisation } from '../queries/organisations-write';
import { accounts, authUsers } from '../schema';
import { demoOrganisations } from './demo-organisations';
import { settleDemoProfiles } from './demo-profiles';
import { seedNaics } from './naics-seed';

export const DEMO_ACCOUNT_NAME = 'Demo Account';
export const DEMO_USER_EMAIL = 'demo@example.com';
export const DEMO_USER_PASSWORD = 'demo-password-123';
export const DEMO_USER_NAME = 'Demo User';

/** Synthetic organisations added to the hand-written ones (those outside AUS, NZL, GBR, USA, Global are skipped). */
const SYNTHETIC_DEMO_COUNT = 300;
const SYNTHETIC_DEMO_SEED = 2026;
const DEMO_REGIONS = new Set(['AUS', 'NZL', 'GBR', 'USA', undefined]);

export interface DemoSeedResult {
  accountId: string;
  email: string;
  password: string;
  /** The demo API key in clear, only on the run that created it (only its hash is stored). */
  apiKey: string | undefined;
  /** True when this run created the demo account and its organisations. */
  created: boolean;
  organisations: number;
  naicsCodes: number;
}

/** A demo organisation with its index in the demo list (which decides how its profile looks settled). */
interface IndexedOrganisation {
  index: number;
  organisation: NewOrganisation;
}

/** The demo's organisations split by who owns them and whether the demo account lists them. */
function demoBatches(): { global: IndexedOrganisation[]; globalLinked: IndexedOrganisation[]; owned: IndexedOrganisation[] } {
  const global: IndexedOrganisation[] = [];
  const globalLinked: IndexedOrganisation[] = [];
  const owned: IndexedOrganisation[] = [];
  let index = 0;
  const next = (organisation: NewOrganisation): IndexedOrganisation => ({ index: index++, organisation });
  for (const { owner, linked, ...organisation } of demoOrganisations()) {
    if (owner === 'demo') owned.push(next(organisation));
    else (linked ? globalLinked : global).push(next(organisation));
  }
  let i = 0;
  for (const synthetic of syntheticOrganisations({ count: SYNTHETIC_DEMO_COUNT, seed: SYNTHETIC_DEMO_SEED })) {
    i += 1;
    if (!DEMO_REGIONS.has(synthetic.countryIsoAlpha3)) continue;
    // One in ten is the demo account's own, one in eight is on its list, the rest are global.
    if (i % 10 === 0) owned.push(next(synthetic));
    else if (i % 8 === 0) globalLinked.push(next(synthetic));
    else global.push(next(synthetic));
  }
  return { global, globalLinked, owned };
}

/** Inserts one batch and settles its profiles (demo-profiles.ts), in the caller's transaction. */
async function insertSettled(db: Db, batch: IndexedOrganisation[], options: InsertOrganisationsOptions, seededAt: Date): Promise<void> {
  const ids = await insertOrganisations(
    db,
    batch.map((b) => b.organisation),
    options,
  );
  const rows = batch.map((b, i) => {
    const id = ids[i];
    if (id === undefined) throw new Error(`insertOrganisations returned ${ids.length} ids for ${batch.length} organisations`);
    return { id, index: b.index, organisation: b.organisation };
  });
  await settleDemoProfiles(db, rows, seededAt);
}

export async function seedDemo(deps: UserDeps, log: (message: string) => void): Promise<DemoSeedResult> {
  const { db } = deps.database;
  const naicsCodes = (await seedNaics(db)).codes;

  const account = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('organisation-search:demo-seed'))`);
    const [existing] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, DEMO_ACCOUNT_NAME)).orderBy(accounts.createdAt).limit(1);
    if (existing) return { id: existing.id, created: false, apiKey: undefined, organisations: 0 };
    const [row] = await tx.insert(accounts).values({ name: DEMO_ACCOUNT_NAME }).returning({ id: accounts.id });
    if (!row) throw new Error('insert into accounts returned no row');
    const batches = demoBatches();
    const seededAt = new Date();
    await insertSettled(tx, batches.global, {}, seededAt);
    await insertSettled(tx, batches.globalLinked, { linkAccountId: row.id }, seededAt);
    await insertSettled(tx, batches.owned, { ownerAccountId: row.id, linkAccountId: row.id }, seededAt);
    const { apiKey } = await createApiKey(tx, { accountId: row.id, name: 'demo' });
    const organisations = batches.global.length + batches.globalLinked.length + batches.owned.length;
    return { id: row.id, created: true, apiKey, organisations };
  });

  await ensureDemoUser(deps, account.id);

  if (account.created) {
    log(`Demo seeded: account "${DEMO_ACCOUNT_NAME}" (${account.id}) with ${account.organisations} organisations and ${naicsCodes} NAICS codes`);
    log(`Demo API key (shown once; create more with \`npm run cli -- api-keys create --account ${account.id}\`): ${account.apiKey ?? ''}`);
  } else {
    log(`Demo account "${DEMO_ACCOUNT_NAME}" (${account.id}) already seeded`);
  }
  log(`Demo sign-in: ${DEMO_USER_EMAIL} / ${DEMO_USER_PASSWORD}`);
  return {
    accountId: account.id,
    email: DEMO_USER_EMAIL,
    password: DEMO_USER_PASSWORD,
    apiKey: account.apiKey,
    created: account.created,
    organisations: account.organisations,
    naicsCodes,
  };
}

/** The demo user exists, is a member of the demo account, and works in it. */
async function ensureDemoUser(deps: UserDeps, accountId: string): Promise<void> {
  const { db } = deps.database;
  let existing = await findUserIdByEmail(db, DEMO_USER_EMAIL);
  if (existing === undefined) {
    try {
      await createUser(deps, { accountId, email: DEMO_USER_EMAIL, password: DEMO_USER_PASSWORD, name: DEMO_USER_NAME, role: 'owner' });
      return;
    } catch (error) {
      // Another process seeding at the same moment created the user first.
      if (!(error instanceof ConflictError)) throw error;
      existing = await findUserIdByEmail(db, DEMO_USER_EMAIL);
      if (existing === undefined) throw error;
    }
  }
  await addMembership(db, { accountId, userId: existing, role: 'owner' });
  await setActiveAccountIfNone(db, existing, accountId);
}

async function setActiveAccountIfNone(db: Db, userId: string, accountId: string): Promise<void> {
  await db
    .update(authUsers)
    .set({ activeAccountId: accountId })
    .where(and(eq(authUsers.id, userId), sql`${authUsers.activeAccountId} is null`));
}
