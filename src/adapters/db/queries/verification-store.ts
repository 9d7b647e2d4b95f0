/**
 * Verification's statements (VerifyOrganisation, server/verification): the organisation read (and row-locked) for
 * a verdict, the global twin found by registry identifier under transaction-scoped advisory locks, the redirect's
 * moves as set-based statements, and the verdict's record. Every query is `(db, params)`; `db` is the verdict's
 * transaction.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Identifier } from '../../../core/identifiers';
import { normaliseIdentifierValue } from '../../../core/identifiers';
import { verificationEvidenceSchema, type VerificationEvidence, type VerificationVerdict } from '../../../core/organisation-profile';
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
import { isUuid, listOrganisationNaicsCodes } from './classification';
import { addOrganisationNameWords, addOrganisationWords } from './organisations-write';
import { organisationIsGlobal } from './visibility';

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
