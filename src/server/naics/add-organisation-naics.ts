/**
 * AddOrganisationNAICS: attaches a leaf NAICS code to an organisation, derives its Aquila1 baskets from
 * its full NAICS set through the concordance, and backfills the account's unclassified transactions.
 * The steps follow the spec (manual-naics-classification.md, "Use case AddOrganisationNAICS.execute"),
 * numbered as there. No shared transaction boundary spans them: each repository call commits on its own; the
 * per-organisation lock (step 1), not a transaction, keeps two adds of one organisation apart, and an add that
 * fails part-way is completed by running it again (every step is idempotent).
 */
import { isClassified } from '../../core/classification';
import { ConflictError, ForbiddenError, NotFoundError } from '../../core/errors';
import { BASKET_TYPES, parseNaicsCodeOrThrow, type BasketType } from '../../core/naics';
import type { FeatureFlags, Lock, Log } from '../ports';
import type { ClassificationRepository, NaicsTag, OrganisationAquila1Edge, OrganisationAquila2Edge } from './ports';
import { basketsOf, syncAquila1 } from './sync-aquila1';

export const ORGANISATION_NAICS_LOCK_TTL_MS = 30_000;

export const MANUAL_CLASSIFICATION_UNAVAILABLE = 'Manual classification is unavailable on this account';

export function organisationNaicsLockKey(organisationId: string): string {
  return `organisation-naics:${organisationId}`;
}

export interface AddOrganisationNaicsInput {
  accountId: string;
  organisationId: string;
  naicsCode: string;
}

export interface AddOrganisationNaicsResult {
  organisationId: string;
  naicsCode: string;
  /** False when the code was already attached (steps 4 to 6 ran anyway). */
  connected: boolean;
  /** True when at least one basket has a sector after the sync. */
  aquila1Synced: boolean;
  /** Transactions newly classified, all types together. */
  transactionsClassified: number;
  classifiedByType: Record<BasketType, number>;
  naics: NaicsTag[];
  aquila1: OrganisationAquila1Edge[];
  aquila2: OrganisationAquila2Edge[];
}

export interface AddOrganisationNaicsDeps {
  lock: Lock;
  /** The lock's time-to-live (30 s); the holder renews it every third of that while it works. */
  lockTtlMs?: number;
  flags: Pick<FeatureFlags, 'isEnabled'>;
  repository: ClassificationRepository;
  log: Pick<Log, 'info' | 'warn'>;
}

export class AddOrganisationNAICS {
  constructor(private readonly deps: AddOrganisationNaicsDeps) {}

  async execute(input: AddOrganisationNaicsInput): Promise<AddOrganisationNaicsResult> {
    const { lock, log } = this.deps;
    // 1. The per-organisation lock, before any read. Set-if-absent, non-blocking: the loser fails at once.
    const key = organisationNaicsLockKey(input.organisationId);
    const ttlMs = this.deps.lockTtlMs ?? ORGANISATION_NAICS_LOCK_TTL_MS;
    const token = await lock.tryAcquire(key, ttlMs);
    if (token === null) {
      throw new ConflictError(
        `organisation ${input.organisationId} is locked by another NAICS add`,
        'Another classification of this organisation is already in progress; try again shortly',
      );
    }
    // A backfill of a million transactions can outlast the TTL: renew while working so a second add cannot
    // take over an expired lock mid-run. A crashed holder stops renewing and the lock expires as specified.
    const heartbeat = setInterval(
      () => {
        lock.renew(key, token, ttlMs).catch((error: unknown) => log.warn({ err: error, lockKey: key }, 'failed to renew the organisation NAICS lock'));
      },
      Math.max(10, Math.floor(ttlMs / 3)),
    );
    try {
      return await this.run(input);
    } finally {
      clearInterval(heartbeat);
      try {
        await lock.release(key, token);
      } catch (error) {
        // The organisation stays locked until the lock expires; the add itself stands.
        log.warn({ err: error, lockKey: key }, 'failed to release the organisation NAICS lock');
      }
    }
  }

  private async run(input: AddOrganisationNaicsInput): Promise<AddOrganisationNaicsResult> {
    const { flags, repository } = this.deps;
    // 2. The flag (default false) and the code format, checked again here whatever the caller checked.
    if (!(await flags.isEnabled('manualNaicsClassification', input.accountId))) {
      throw new ForbiddenError(`manualNaicsClassification is off for account ${input.accountId}`, MANUAL_CLASSIFICATION_UNAVAILABLE);
    }
    const naicsCode = parseNaicsCodeOrThrow(input.naicsCode);

    // 3. Account-scoped reads, then the idempotent connect.
    const organisation = await repository.findVisibleOrganisation({ accountId: input.accountId, organisationId: input.organisationId });
    if (!organisation) throw new NotFoundError(`organisation ${input.organisationId} not visible to ${input.accountId}`, 'Organisation not found');
    const tag = await repository.findLeafNaics(naicsCode);
    if (!tag) throw new NotFoundError(`NAICS code ${naicsCode} is not a leaf code`, `NAICS code ${naicsCode} does not exist`);
    const existingCodes = await repository.listOrganisationNaicsCodes(organisation.id);
    const alreadyAttached = existingCodes.includes(naicsCode);
    if (!alreadyAttached) await repository.connectNaics({ organisationId: organisation.id, naicsCode });

    // 4. Sync Aquila1 from the full NAICS set (computed in memory), even when the code was already attached.
    const fullSet = alreadyAttached ? existingCodes : [...existingCodes, naicsCode];
    await syncAquila1(repository, organisation.id, fullSet);

    // 5. Both baskets after the sync.
    const aquila1 = await repository.listOrganisationAquila1(organisation.id);
    const baskets = basketsOf(aquila1);
    const aquila1Synced = isClassified(aquila1.length);

    // 6. Backfill of the account's not-yet-classified transactions, per type.
    const classifiedByType: Record<BasketType, number> = { SPENT: 0, INVESTED: 0 };
    for (const type of BASKET_TYPES) {
      const basket = baskets[type];
      if (basket.length === 0) continue;
      const { classifiedCount } = await repository.backfillTransactions({
        accountId: input.accountId,
        organisationId: organisation.id,
        for: type,
        basket,
      });
      classifiedByType[type] = classifiedCount;
    }

    const [naics, aquila2] = await Promise.all([repository.listOrganisationNaics(organisation.id), repository.listOrganisationAquila2(organisation.id)]);
    return {
      organisationId: organisation.id,
      naicsCode,
      connected: !alreadyAttached,
      aquila1Synced,
      transactionsClassified: classifiedByType.SPENT + classifiedByType.INVESTED,
      classifiedByType,
      naics,
      aquila1,
      aquila2,
    };
  }
}
