/**
 * What the verification step needs from storage (issue "Selection and enrichment, end to end", section 5).
 * The registry evidence is gathered before any transaction opens (no transaction waits on a register); every
 * call of `VerificationTx` then runs in the one transaction `VerificationStore.transaction` opened, so a
 * verdict, its effects (owners dropped, or the redirect and everything it moves) and its record commit or roll
 * back together.
 */
import type { Identifier } from '../../core/identifiers';
import type { VerificationEvidence, VerificationVerdict } from '../../core/organisation-profile';
import type { ClassificationRepository } from '../naics/ports';
import type { Aquila1SyncRepository } from '../naics/sync-aquila1';

/** The organisation as verification reads it. */
export interface VerificationSubject {
  id: string;
  name: string;
  identifiers: Identifier[];
  /** OWNED_BY accounts, longest-standing first; empty for a global organisation. */
  ownerAccountIds: string[];
  redirectedTo: string | null;
}

/** One verdict as recorded in `organisation_verifications`. */
export interface VerificationRecord {
  organisationId: string;
  /** The account that owned the organisation when it was verified. */
  accountId: string | null;
  verdict: VerificationVerdict;
  /** The global organisation a redirected one now points to; null for the other verdicts. */
  redirectedTo: string | null;
  evidence: VerificationEvidence;
}

/** The classification writes the redirect repeats on the global organisation (the manual classification's own). */
export type VerificationClassification = Aquila1SyncRepository & Pick<ClassificationRepository, 'listOrganisationAquila1' | 'backfillTransactions'>;

export interface VerificationTx {
  /**
   * The organisation, its row locked until the transaction ends so two verdicts on it are taken one after the
   * other (the second then finds it global or redirected); null when it is gone. The lock still lets rows that
   * reference the organisation be written (a NAICS add on it is not blocked by it).
   */
  lockSubject(organisationId: string): Promise<VerificationSubject | null>;
  /** Serialises verdicts that could make the same registry identifier global twice (one lock per identifier). */
  lockRegistryIdentifiers(identifiers: readonly Identifier[]): Promise<void>;
  /**
   * A global (ownerless), unredirected organisation other than `exceptOrganisationId` holding one of the
   * identifiers (same type and normalised value), the identifiers tried in the order given and the oldest
   * organisation first; null when there is none.
   */
  findGlobalByRegistryIdentifier(identifiers: readonly Identifier[], exceptOrganisationId: string): Promise<string | null>;
  /** Drops every OWNED_BY row of the organisation: it becomes global. */
  dropOwners(organisationId: string): Promise<void>;
  /**
   * Holds the manual classification's per-organisation locks (AddOrganisationNAICS's key) until the transaction
   * has ended: a redirect rewrites the target's NAICS tags and baskets, which a concurrent manual add on either
   * organisation would otherwise compute from a stale NAICS set. Released after the commit, so an add that was
   * waiting reads the moved tags. Waits for a running add to finish; throws ConflictError when it does not in time.
   */
  holdClassificationLocks(organisationIds: readonly string[]): Promise<void>;
  /** Points the organisation at its global twin; reads of its id follow the pointer from now on. */
  setRedirect(organisationId: string, targetId: string): Promise<void>;
  /** Every account's list entry of `fromId` becomes an entry of `toId` (kept once when both were listed). */
  moveAccountLinks(fromId: string, toId: string): Promise<void>;
  /**
   * The NAICS tags of `fromId` move to `toId` (kept once when both had one); `fromId`'s Aquila1/Aquila2 baskets,
   * derived from tags it no longer has, are cleared. Answers `toId`'s full NAICS set afterwards.
   */
  moveNaics(fromId: string, toId: string): Promise<string[]>;
  /** The accounts' transactions of `fromId` move to `toId`, their Aquila1 edges with them. Answers how many moved. */
  moveTransactions(params: { fromId: string; toId: string; accountIds: readonly string[] }): Promise<number>;
  /** The classification repository over this transaction. */
  readonly classification: VerificationClassification;
  /** Records the verdict (the evidence is validated against verificationEvidenceSchema first). */
  recordVerdict(record: VerificationRecord): Promise<void>;
}

export interface VerificationStore {
  /** The organisation without a lock (read before the registry is asked); null when absent. */
  findSubject(organisationId: string): Promise<VerificationSubject | null>;
  transaction<T>(work: (tx: VerificationTx) => Promise<T>): Promise<T>;
}
