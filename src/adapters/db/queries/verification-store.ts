/**
 * The VerificationStore port over PostgreSQL: the organisation read (and row-locked) for a verdict, the global
 * twin found by registry identifier under transaction-scoped advisory locks, the manual classification's locks
 * held across a redirect, the redirect's moves as set-based statements, and the verdict's record. Every query is
 * `(db, params)`; `db` is the verdict's transaction.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Identifier } from '../../../core/identifiers';
import { ConflictError } from '../../../core/errors';
import { normaliseIdentifierValue } from '../../../core/identifiers';
import { verificationEvidenceSchema } from '../../../core/organisation-profile';
import { ORGANISATION_NAICS_LOCK_TTL_MS, organisationNaicsLockKey } from '../../../server/naics/add-organisation-naics';
import type { Lock, Log } from '../../../server/ports';
import type { VerificationRecord, VerificationStore, VerificationSubject, VerificationTx } from '../../../server/verification/ports';
import { createPostgresLock } from '../../lock/postgres-lock';
import type { Db } from '../client';
import {
  accountOrganisations,
  organisationAquila1,
  organisationAquila2,
  organisationIdentifiers,
  organisationNaics,
  organisationOwners,
  organisations,
  organisationVerifications,
  transactions,
} from '../schema';
import { createClassificationRepository, isUuid, listOrganisationNaicsCodes } from './classification';
import { addOrganisationNameWords, addOrganisationWords } from './organisations-write';
import { organisationIsGlobal } from './visibility';

export interface VerificationStoreOptions {
  /** AddOrganisationNAICS's lock; by default the same `locks` table it uses. */
  lock?: Lock;
  /** How long a redirect waits for a running NAICS add on either organisation. Default 10 s. */
  lockWaitMs?: number;
  /** Default AddOrganisationNAICS's 30 s; renewed every third of it while held. */
  lockTtlMs?: number;
  /** Where failures to renew or release those locks are reported (each lock then expires after its TTL). */
  log?: Pick<Log, 'warn'>;
}

const DEFAULT_LOCK_WAIT_MS = 10_000;

export function createVerificationStore(db: Db, options: VerificationStoreOptions = {}): VerificationStore {
  const lock = options.lock ?? createPostgresLock(db);
  return {
    findSubject: (organisationId) => findVerificationSubject(db, { organisationId }),
    async transaction(work) {
      const locks = classificationLocks(lock, options);
      try {
        return await db.transaction((tx) => work(verificationTx(tx, locks.hold)));
      } finally {
        // After the commit (or rollback), never before: an add waiting on the target must read the moved tags.
        await locks.releaseAll();
      }
    },
  };
}

export function verificationTx(tx: Db, holdClassificationLocks: VerificationTx['holdClassificationLocks']): VerificationTx {
  const classification = createClassificationRepository(tx);
  return {
    lockSubject: (organisationId) => findVerificationSubject(tx, { organisationId, forUpdate: true }),
    lockRegistryIdentifiers: (identifiers) => lockRegistryIdentifiers(tx, { identifiers }),
    findGlobalByRegistryIdentifier: (identifiers, exceptOrganisationId) => findGlobalByRegistryIdentifier(tx, { identifiers, exceptOrganisationId }),
    dropOwners: (organisationId) => dropOwners(tx, { organisationId }),
    holdClassificationLocks,
    setRedirect: (organisationId, targetId) => setRedirect(tx, { organisationId, targetId }),
    moveAccountLinks: (fromId, toId) => moveAccountLinks(tx, { fromId, toId }),
    moveNaics: (fromId, toId) => moveNaics(tx, { fromId, toId }),
    moveTransactions: (params) => moveTransactions(tx, params),
    classification: {
      findConcordanceBasket: classification.findConcordanceBasket,
      rewriteAquila1Basket: classification.rewriteAquila1Basket,
      setAquila1Weights: classification.setAquila1Weights,
      listOrganisationAquila1: classification.listOrganisationAquila1,
      backfillTransactions: classification.backfillTransactions,
    },
    recordVerdict: (record) => recordVerdict(tx, record),
  };
}

/**
 * AddOrganisationNAICS's per-organisation locks for one verdict's transaction. The lock is non-blocking, so a
 * running add is waited for by polling (25 ms doubling to 250 ms) up to the wait limit; keys are taken in sorted
 * order so two redirects onto one target cannot wait on each other. Held locks are renewed while the
 * transaction runs (a large transaction move can outlast the TTL).
 */
function classificationLocks(lock: Lock, options: VerificationStoreOptions) {
  const waitMs = options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS;
  const ttlMs = options.lockTtlMs ?? ORGANISATION_NAICS_LOCK_TTL_MS;
  const held: { key: string; token: string }[] = [];
  let heartbeat: ReturnType<typeof setInterval> | undefined;

  async function acquireWaiting(key: string): Promise<string> {
    const deadline = Date.now() + waitMs;
    for (let delayMs = 25; ; delayMs = Math.min(delayMs * 2, 250)) {
      const token = await lock.tryAcquire(key, ttlMs);
      if (token !== null) return token;
      if (Date.now() + delayMs > deadline) {
        throw new ConflictError(`${key} stayed locked for ${waitMs} ms during a verification`, 'The organisation is being classified; try again shortly');
      }
      await sleep(delayMs);
    }
  }

  return {
    async hold(organisationIds: readonly string[]): Promise<void> {
      for (const key of [...new Set(organisationIds.map(organisationNaicsLockKey))].sort()) {
        if (held.some((h) => h.key === key)) continue;
        held.push({ key, token: await acquireWaiting(key) });
      }
      heartbeat ??= setInterval(
        () => {
          for (const { key, token } of held) {
            lock
              .renew(key, token, ttlMs)
              .catch((error: unknown) => options.log?.warn({ err: error, lockKey: key }, 'failed to renew the organisation NAICS lock'));
          }
        },
        Math.max(10, Math.floor(ttlMs / 3)),
      );
    },
    async releaseAll(): Promise<void> {
      if (heartbeat !== undefined) clearInterval(heartbeat);
      for (const { key, token } of held.splice(0)) {
        try {
          await lock.release(key, token);
        } catch (error) {
          // The verdict stands; the organisation stays locked for NAICS adds until the lock expires.
          options.log?.warn({ err: error, lockKey: key }, 'failed to release the organisation NAICS lock');
        }
      }
    },
  };
}

/** The organisation, its identifiers and owners; `forUpdate` locks its row until the transaction ends. */
export async function findVerificationSubject(db: Db, params: { organisationId: string; forUpdate?: boolean }): Promise<VerificationSubject | null> {
  if (!isUuid(params.organisationId)) return null;
  const query = db
    .select({ id: organisations.id, name: organisations.name, redirectedTo: organisations.redirectedTo })
    .from(organisations)
    .where(eq(organisations.id, params.organisationId));
  // NO KEY UPDATE serialises verdicts on the row without blocking inserts that reference it (their foreign-key
  // check takes KEY SHARE): a NAICS add on the organisation proceeds while a redirect waits for it to finish.
  const [row] = params.forUpdate ? await query.for('no key update') : await query;
  if (!row) return null;
  // One after another: with `forUpdate` this runs in the verification's transaction, one connection.
  const identifiers = await db
    .select({ type: organisationIdentifiers.type, value: organisationIdentifiers.value })
    .from(organisationIdentifiers)
    .where(eq(organisationIdentifiers.organisationId, row.id))
    .orderBy(asc(organisationIdentifiers.type), asc(organisationIdentifiers.valueNormalised));
  const owners = await db
    .select({ accountId: organisationOwners.accountId })
    .from(organisationOwners)
    .where(eq(organisationOwners.organisationId, row.id))
    .orderBy(asc(organisationOwners.createdAt), asc(organisationOwners.accountId));
  return { ...row, identifiers, ownerAccountIds: owners.map((o) => o.accountId) };
}

/** One transaction-scoped advisory lock per identifier (type + normalised value), taken in sorted order. */
export async function lockRegistryIdentifiers(db: Db, params: { identifiers: readonly Identifier[] }): Promise<void> {
  const keys = new Set(params.identifiers.map((i) => `verification:id:${i.type}:${normaliseIdentifierValue(i.value)}`));
  for (const key of [...keys].sort()) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
}

/**
 * The oldest global (no OWNED_BY row), unredirected organisation other than `exceptOrganisationId` holding one
 * of the identifiers, tried in the order given. Another account's private organisation is never a target.
 */
export async function findGlobalByRegistryIdentifier(
  db: Db,
  params: { identifiers: readonly Identifier[]; exceptOrganisationId: string },
): Promise<string | null> {
  for (const identifier of params.identifiers) {
    const [row] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(
        and(
          sql`${organisations.id} <> ${params.exceptOrganisationId}::uuid`,
          sql`${organisations.redirectedTo} is null`,
          organisationIsGlobal(sql`${organisations.id}`),
          sql`exists (select 1 from organisation_identifiers oi where oi.organisation_id = ${organisations.id}
            and oi.type = ${identifier.type} and oi.value_normalised = ${normaliseIdentifierValue(identifier.value)})`,
        ),
      )
      .orderBy(asc(organisations.createdAt), asc(organisations.id))
      .limit(1);
    if (row) return row.id;
  }
  return null;
}

/** The organisation becomes global, and so do the words of its names in the typo-correction vocabulary and the word postings. */
export async function dropOwners(db: Db, params: { organisationId: string }): Promise<void> {
  await db.delete(organisationOwners).where(eq(organisationOwners.organisationId, params.organisationId));
  await addOrganisationWords(db, [params.organisationId]);
  await addOrganisationNameWords(db, [params.organisationId]);
}

export async function setRedirect(db: Db, params: { organisationId: string; targetId: string }): Promise<void> {
  await db.update(organisations).set({ redirectedTo: params.targetId, updatedAt: new Date() }).where(eq(organisations.id, params.organisationId));
}

/** Each list entry of `fromId` becomes one of `toId` with its original date; an entry the account already had stays. */
export async function moveAccountLinks(db: Db, params: { fromId: string; toId: string }): Promise<void> {
  await db.execute(sql`
    insert into ${accountOrganisations} (account_id, organisation_id, created_at)
    select account_id, ${params.toId}::uuid, created_at from ${accountOrganisations} where organisation_id = ${params.fromId}::uuid
    on conflict do nothing`);
  await db.delete(accountOrganisations).where(eq(accountOrganisations.organisationId, params.fromId));
}

/**
 * The NAICS tags of `fromId` move to `toId`; `fromId`'s baskets go with the tags they were derived from (a
 * redirected organisation keeps no classification that could be counted twice). Answers `toId`'s full set.
 */
export async function moveNaics(db: Db, params: { fromId: string; toId: string }): Promise<string[]> {
  await db.execute(sql`
    insert into ${organisationNaics} (organisation_id, naics_code, created_at)
    select ${params.toId}::uuid, naics_code, created_at from ${organisationNaics} where organisation_id = ${params.fromId}::uuid
    on conflict do nothing`);
  await db.delete(organisationNaics).where(eq(organisationNaics.organisationId, params.fromId));
  await db.delete(organisationAquila1).where(eq(organisationAquila1.organisationId, params.fromId));
  await db.delete(organisationAquila2).where(eq(organisationAquila2.organisationId, params.fromId));
  return listOrganisationNaicsCodes(db, { organisationId: params.toId });
}

/** One UPDATE: the transactions keep their ids, so their `transaction_aquila1` rows follow them. */
export async function moveTransactions(db: Db, params: { fromId: string; toId: string; accountIds: readonly string[] }): Promise<number> {
  if (params.accountIds.length === 0) return 0;
  const result = await db.execute(sql`
    update ${transactions} set organisation_id = ${params.toId}::uuid
    where organisation_id = ${params.fromId}::uuid and account_id = any(${sql.param([...params.accountIds])}::uuid[])`);
  return result.rowCount ?? 0;
}

export async function recordVerdict(db: Db, record: VerificationRecord): Promise<void> {
  await db.insert(organisationVerifications).values({
    organisationId: record.organisationId,
    accountId: record.accountId,
    verdict: record.verdict,
    redirectedTo: record.redirectedTo,
    // The page parses this column back with the same schema: nothing it would reject is written.
    evidence: verificationEvidenceSchema.parse(record.evidence),
  });
}
