/**
 * VerifyOrganisation (spec: "Organisation profile", verification agent verdict; issue "Selection and
 * enrichment, end to end", section 5): after enrichment, an account-owned organisation is checked against the
 * register named by its registry identifier.
 *
 * - verified (active record, name matches, identifiers consistent): OWNED_BY is dropped, it becomes global;
 * - redirected (verified, but a global organisation with the same registry identifier already exists): it points
 *   at that one (`redirectedTo`), and the owning account's list entry, its NAICS tags and the account's
 *   transactions move there; the target's Aquila1 baskets are recomputed from its full NAICS set and the moved
 *   unclassified transactions classified, as a manual NAICS add would;
 * - not_verified (no registry identifier, register unreachable, no such record, or the record disagrees): it
 *   stays private.
 * Every verdict is recorded with its evidence, all in one transaction. Nothing to verify (absent, global,
 * redirected) answers null, so a second run on a verified organisation does nothing.
 */
import type { Identifier } from '../../core/identifiers';
import { normaliseIdentifierValue } from '../../core/identifiers';
import { BASKET_TYPES } from '../../core/naics';
import type { VerificationEvidence, VerificationVerdict } from '../../core/organisation-profile';
import { isGlobal } from '../../core/ownership';
import {
  assessRegistryRecord,
  comparisonValue,
  noRegistryIdentifierEvidence,
  noSuchRecordEvidence,
  registerUnreachableEvidence,
  verificationIdentifier,
  VERIFICATION_IDENTIFIER_ORDER,
  type RegistryAssessment,
  type VerificationIdentifier,
} from '../../core/registry-verification';
import type { Db } from '../../adapters/db/client';
import { createClassificationRepository } from '../../adapters/db/queries/classification';
import {
  dropOwners,
  findGlobalByRegistryIdentifier,
  findVerificationSubject,
  lockRegistryIdentifiers,
  moveAccountLinks,
  moveNaics,
  moveTransactions,
  recordVerdict,
  setRedirect,
  type VerificationSubject,
} from '../../adapters/db/queries/verification-store';
import type { ProviderFailure, ProviderResult, RegistryLookups, RegistryRecord } from '../enrichment/ports';
import { basketsOf, syncAquila1 } from '../naics/sync-aquila1';
import type { Lock, Log } from '../ports';
import { holdClassificationLocks, type ClassificationLockOptions } from './hold-classification-locks';

export interface VerificationOutcome {
  organisationId: string;
  verdict: VerificationVerdict;
  /** The global organisation it now redirects to (verdict `redirected`); null otherwise. */
  redirectedTo: string | null;
  /** The account that owned it when the verdict was given. */
  accountId: string | null;
  evidence: VerificationEvidence;
}

/** null: nothing to verify (not found, already global, or redirected). */
export type VerifyOrganisation = (organisationId: string, options?: { signal?: AbortSignal }) => Promise<VerificationOutcome | null>;

export interface VerifyOrganisationDependencies extends Pick<ClassificationLockOptions, 'lockWaitMs' | 'lockTtlMs'> {
  db: Db;
  /** AddOrganisationNAICS's lock (the same `locks` table), held across a redirect. */
  lock: Lock;
  registry: RegistryLookups;
  log: Pick<Log, 'info' | 'warn'>;
}

export function createVerifyOrganisation({ db, lock, registry, log, lockWaitMs, lockTtlMs }: VerifyOrganisationDependencies): VerifyOrganisation {
  return async (organisationId, { signal } = {}) => {
    const subject = await findVerificationSubject(db, { organisationId });
    if (!isVerifiable(subject)) return null;

    // The register is asked outside any transaction: no row stays locked while a provider takes its time.
    const checked = verificationIdentifier(subject.identifiers);
    const answer = checked === null ? noRegistryIdentifier() : await consultRegister(subject, checked, signal);
    // A cancelled run (the job shutting down) is not a verdict: nothing is recorded and a later run decides.
    signal?.throwIfAborted();

    // One transaction: a verdict, its effects (owners dropped, or the redirect and everything it moves) and its
    // record commit or roll back together.
    const locks = holdClassificationLocks(lock, { lockWaitMs, lockTtlMs, log });
    const outcome = await db
      .transaction(async (tx): Promise<VerificationOutcome | null> => {
        // Re-read under the row lock: a concurrent run may have given the verdict since the first read.
        const current = await findVerificationSubject(tx, { organisationId, forUpdate: true });
        if (!isVerifiable(current)) return null;
        const accountId = current.ownerAccountIds[0] ?? null;
        if (!answer.verified) {
          return record(tx, { organisationId, accountId, verdict: 'not_verified', redirectedTo: null, evidence: answer.evidence });
        }

        await lockRegistryIdentifiers(tx, { identifiers: answer.registryIdentifiers });
        const targetId = await findGlobalByRegistryIdentifier(tx, { identifiers: answer.registryIdentifiers, exceptOrganisationId: organisationId });
        if (targetId === null) {
          await dropOwners(tx, { organisationId });
          return record(tx, { organisationId, accountId, verdict: 'verified', redirectedTo: null, evidence: answer.evidence });
        }

        await locks.hold([organisationId, targetId]);
        await redirect(tx, current, targetId);
        return record(tx, {
          organisationId,
          accountId,
          verdict: 'redirected',
          redirectedTo: targetId,
          evidence: {
            ...answer.evidence,
            summary: `${answer.evidence.summary}; a global organisation with the same registry identifier already existed, so this one now redirects to it`,
          },
        });
      })
      // After the commit (or rollback), never before: an add waiting on the target must read the moved tags.
      .finally(() => locks.releaseAll());
    if (outcome) log.info({ organisationId, verdict: outcome.verdict, redirectedTo: outcome.redirectedTo }, outcome.evidence.summary);
    return outcome;
  };

  /** The registry's answer for the identifier as a verdict's evidence; a failure is logged and not verified. */
  async function consultRegister(subject: VerificationSubject, checked: VerificationIdentifier, signal: AbortSignal | undefined): Promise<RegisterAnswer> {
    const result = await lookUp(registry, checked, signal);
    if (!result.ok) {
      log.warn({ organisationId: subject.id, identifierType: checked.type, failure: result.failure }, 'verification: the register could not be reached');
      return { verified: false, evidence: registerUnreachableEvidence(checked, failureWords(result.failure)), registryIdentifiers: [] };
    }
    if (result.value === null) return { verified: false, evidence: noSuchRecordEvidence(checked), registryIdentifiers: [] };
    const assessment = assessRegistryRecord(subject, checked, result.value);
    return { ...assessment, registryIdentifiers: assessment.verified ? sameEntityIdentifiers(checked, result.value) : [] };
  }

  /** Everything the private duplicate carried for its owners moves to the global organisation. */
  async function redirect(tx: Db, subject: VerificationSubject, targetId: string): Promise<void> {
    const classification = createClassificationRepository(tx);
    await setRedirect(tx, { organisationId: subject.id, targetId });
    await moveAccountLinks(tx, { fromId: subject.id, toId: targetId });
    const naicsCodes = await moveNaics(tx, { fromId: subject.id, toId: targetId });
    await syncAquila1(classification, targetId, naicsCodes);
    await moveTransactions(tx, { fromId: subject.id, toId: targetId, accountIds: subject.ownerAccountIds });
    // The moved transactions not classified yet get the target's baskets (AddOrganisationNAICS step 6); those
    // already classified keep their edges.
    const baskets = basketsOf(await classification.listOrganisationAquila1(targetId));
    for (const accountId of subject.ownerAccountIds) {
      for (const type of BASKET_TYPES) {
        const basket = baskets[type];
        if (basket.length > 0) await classification.backfillTransactions({ accountId, organisationId: targetId, for: type, basket });
      }
    }
  }
}

/** A verdict's grounds, gathered before the transaction. */
interface RegisterAnswer extends RegistryAssessment {
  /** The registry identifiers of the entity (what a global twin would hold); empty unless verified. */
  registryIdentifiers: Identifier[];
}

function noRegistryIdentifier(): RegisterAnswer {
  return { verified: false, evidence: noRegistryIdentifierEvidence(), registryIdentifiers: [] };
}

/** Only an account-owned, unredirected organisation is verified. */
function isVerifiable(subject: VerificationSubject | null): subject is VerificationSubject {
  return subject !== null && subject.redirectedTo === null && !isGlobal(subject.ownerAccountIds);
}

async function record(tx: Db, verdict: VerificationOutcome): Promise<VerificationOutcome> {
  await recordVerdict(tx, verdict);
  return verdict;
}

function lookUp(registry: RegistryLookups, checked: VerificationIdentifier, signal: AbortSignal | undefined): Promise<ProviderResult<RegistryRecord | null>> {
  const options = { signal };
  switch (checked.type) {
    case 'ABN':
      return registry.byAbn(normaliseIdentifierValue(checked.value), options);
    case 'ACN':
      return registry.byAcn(normaliseIdentifierValue(checked.value), options);
    case 'CH':
      return registry.byCompaniesHouseNumber(comparisonValue(checked), options);
    case 'OPENCORPORATES':
      // Kept as stored: the lookup normalisation would drop the slash of `gb/01234567`.
      return registry.byAggregatorId(checked.value.trim(), options);
  }
}

/**
 * The identifiers that name the verified entity: the one checked and the registry identifiers the register
 * gives with it (the ABR's ABN record carries the ACN). A global organisation holding any of them is the same
 * registered entity, whichever of its identifiers it was created with.
 */
function sameEntityIdentifiers(checked: VerificationIdentifier, record: RegistryRecord): Identifier[] {
  const seen = new Set<string>();
  const identifiers: Identifier[] = [];
  for (const identifier of [checked, ...record.identifiers]) {
    if (!(VERIFICATION_IDENTIFIER_ORDER as readonly string[]).includes(identifier.type)) continue;
    const key = `${identifier.type}:${comparisonValue(identifier)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    identifiers.push({ type: identifier.type, value: identifier.value });
  }
  return identifiers;
}

/** A few safe words for the evidence (shown on the page); the provider's own message only goes to the log. */
function failureWords(failure: ProviderFailure): string {
  switch (failure.kind) {
    case 'configuration':
      return 'not configured';
    case 'http':
      return failure.status === undefined ? 'HTTP error' : `HTTP ${failure.status}`;
    case 'timeout':
      return 'timed out';
    case 'network':
      return 'network error';
    case 'malformed':
      return 'unreadable answer';
    case 'aborted':
      return 'cancelled';
  }
}
