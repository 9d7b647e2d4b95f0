/**
 * The organisation's classification: HAS_NAICS, the concordance, the Aquila1/Aquila2 baskets.
 * Each function is one statement or one short transaction (the use case spans no transaction over steps).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BasketWeight, ConcordanceEdge } from '../../../core/basket-weights';
import type { BasketType, NaicsCode } from '../../../core/naics';
import type { ClassificationRepository } from '../../../server/naics/ports';
import type { Db } from '../client';
import { aquila1, aquila2, naics, naicsAquila1, organisationAquila1, organisationAquila2, organisationNaics, organisations } from '../schema';
import { visibleToAccount } from './visibility';
import { findLeafNaics } from './naics';
import { backfillTransactions } from './transactions-backfill';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** The organisation when the account may see it; null for a malformed id, a missing or a private one. */
export async function findVisibleOrganisation(db: Db, params: { accountId: string; organisationId: string }): Promise<{ id: string } | null> {
  if (!isUuid(params.organisationId) || !isUuid(params.accountId)) return null;
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.id, params.organisationId), visibleToAccount(params.accountId, sql`${organisations.id}`)));
  return row ?? null;
}

export async function listOrganisationNaicsCodes(db: Db, params: { organisationId: string }): Promise<string[]> {
  const rows = await db
    .select({ code: organisationNaics.naicsCode })
    .from(organisationNaics)
    .where(eq(organisationNaics.organisationId, params.organisationId))
    .orderBy(asc(organisationNaics.naicsCode));
  return rows.map((r) => r.code);
}

export async function connectNaics(db: Db, params: { organisationId: string; naicsCode: NaicsCode }): Promise<void> {
  await db.insert(organisationNaics).values({ organisationId: params.organisationId, naicsCode: params.naicsCode }).onConflictDoNothing();
}

export async function findConcordanceBasket(db: Db, params: { naicsCodes: readonly string[]; for: BasketType }): Promise<ConcordanceEdge[]> {
  if (params.naicsCodes.length === 0) return [];
  return db
    .select({ naicsCode: naicsAquila1.naicsCode, aquila1Code: naicsAquila1.aquila1Code })
    .from(naicsAquila1)
    .where(and(inArray(naicsAquila1.naicsCode, [...params.naicsCodes]), eq(naicsAquila1.for, params.for)))
    .orderBy(asc(naicsAquila1.naicsCode), asc(naicsAquila1.aquila1Code));
}

/** Delete-then-rewrite of one basket, in one short transaction of its own (edges at weight 0). */
export async function rewriteAquila1Basket(
  db: Db,
  params: { organisationId: string; for: BasketType; aquila1Codes: readonly string[]; aquila2Codes: readonly string[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    const where = (table: typeof organisationAquila1 | typeof organisationAquila2) =>
      and(eq(table.organisationId, params.organisationId), eq(table.for, params.for));
    await tx.delete(organisationAquila1).where(where(organisationAquila1));
    await tx.delete(organisationAquila2).where(where(organisationAquila2));
    if (params.aquila1Codes.length > 0) {
      await tx
        .insert(organisationAquila1)
        .values(params.aquila1Codes.map((aquila1Code) => ({ organisationId: params.organisationId, aquila1Code, for: params.for, weight: 0 })));
    }
    if (params.aquila2Codes.length > 0) {
      await tx
        .insert(organisationAquila2)
        .values(params.aquila2Codes.map((aquila2Code) => ({ organisationId: params.organisationId, aquila2Code, for: params.for, weight: 0 })));
    }
  });
}

/** The weight recalculation of one basket: one UPDATE from the computed weights. */
export async function setAquila1Weights(db: Db, params: { organisationId: string; for: BasketType; weights: readonly BasketWeight[] }): Promise<void> {
  if (params.weights.length === 0) return;
  const weights = JSON.stringify(params.weights.map((w) => ({ aquila1_code: w.aquila1Code, weight: w.weight })));
  await db.execute(sql`
    update organisation_aquila1 oa set weight = w.weight
    from jsonb_to_recordset(${weights}::jsonb) as w(aquila1_code text, weight float8)
    where oa.organisation_id = ${params.organisationId}::uuid and oa."for" = ${params.for} and oa.aquila1_code = w.aquila1_code`);
}

export async function listOrganisationNaics(db: Db, params: { organisationId: string }) {
  return db
    .select({ code: naics.code, name: naics.name })
    .from(organisationNaics)
    .innerJoin(naics, eq(naics.code, organisationNaics.naicsCode))
    .where(eq(organisationNaics.organisationId, params.organisationId))
    .orderBy(asc(naics.code));
}

export async function listOrganisationAquila1(db: Db, params: { organisationId: string }) {
  return db
    .select({ code: aquila1.code, name: aquila1.name, weight: organisationAquila1.weight, for: organisationAquila1.for })
    .from(organisationAquila1)
    .innerJoin(aquila1, eq(aquila1.code, organisationAquila1.aquila1Code))
    .where(eq(organisationAquila1.organisationId, params.organisationId))
    .orderBy(asc(organisationAquila1.for), asc(aquila1.code));
}

export async function listOrganisationAquila2(db: Db, params: { organisationId: string }) {
  return db
    .select({
      code: aquila2.code,
      name: aquila2.name,
      aquila1Code: aquila2.aquila1Code,
      weight: organisationAquila2.weight,
      for: organisationAquila2.for,
    })
    .from(organisationAquila2)
    .innerJoin(aquila2, eq(aquila2.code, organisationAquila2.aquila2Code))
    .where(eq(organisationAquila2.organisationId, params.organisationId))
    .orderBy(asc(organisationAquila2.for), asc(aquila2.code));
}

/** The ClassificationRepository port over one database handle. */
export function createClassificationRepository(db: Db): ClassificationRepository {
  return {
    findVisibleOrganisation: (params) => findVisibleOrganisation(db, params),
    findLeafNaics: (code) => findLeafNaics(db, { code }),
    listOrganisationNaicsCodes: (organisationId) => listOrganisationNaicsCodes(db, { organisationId }),
    connectNaics: (params) => connectNaics(db, params),
    findConcordanceBasket: (params) => findConcordanceBasket(db, params),
    rewriteAquila1Basket: (params) => rewriteAquila1Basket(db, params),
    setAquila1Weights: (params) => setAquila1Weights(db, params),
    listOrganisationNaics: (organisationId) => listOrganisationNaics(db, { organisationId }),
    listOrganisationAquila1: (organisationId) => listOrganisationAquila1(db, { organisationId }),
    listOrganisationAquila2: (organisationId) => listOrganisationAquila2(db, { organisationId }),
    backfillTransactions: (params) => backfillTransactions(db, params),
  };
}
