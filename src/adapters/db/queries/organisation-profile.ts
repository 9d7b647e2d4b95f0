/**
 * The organisation page's read model: the account-scoped record plus provenance, family and the latest
 * verification verdict. Redirects are followed (a merged private duplicate answers with its global target).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { organisationProfileSchema, verificationEvidenceSchema, type OrganisationProfile } from '../../../core/organisation-profile';
import { toProfileStatus } from '../../../core/profile-status';
import type { Db } from '../client';
import { organisationRelations, organisations, organisationVerifications } from '../schema';
import { isUuid } from './classification';
import { listFieldSources } from './field-sources';
import { findOrganisationRecordForAccount } from './organisation-read';
import { visibleToAccount } from './visibility';

const MAX_REDIRECTS = 5;

export async function findOrganisationProfileForAccount(db: Db, params: { accountId: string; organisationId: string }): Promise<OrganisationProfile | null> {
  // One snapshot for the record and its parts: read piecewise, a verification committed in between showed its
  // verdict next to the ownership from before it (verified, yet still owned).
  return db.transaction((tx) => readProfile(tx, params), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

async function readProfile(db: Db, params: { accountId: string; organisationId: string }): Promise<OrganisationProfile | null> {
  let organisationId = params.organisationId;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    if (!isUuid(organisationId)) return null;
    const record = await findOrganisationRecordForAccount(db, { accountId: params.accountId, organisationId });
    if (!record) return null;
    if (record.redirectedTo !== null) {
      organisationId = record.redirectedTo;
      continue;
    }
    // One after another: a transaction is one connection (several queries at once would only queue there,
    // and pg warns about it).
    const state = await db
      .select({ profileSource: organisations.profileSource, profileFailureReason: organisations.profileFailureReason })
      .from(organisations)
      .where(eq(organisations.id, record.id));
    const sources = await listFieldSources(db, record.id);
    const parents = await related(db, params.accountId, 'parent', record.id);
    const subsidiaries = await related(db, params.accountId, 'subsidiary', record.id);
    const verifications = await db
      .select()
      .from(organisationVerifications)
      .where(eq(organisationVerifications.organisationId, record.id))
      .orderBy(desc(organisationVerifications.createdAt))
      .limit(1);
    const verification = verifications[0];
    const evidence = verification ? verificationEvidenceSchema.safeParse(verification.evidence) : undefined;
    const profileSource = state[0]?.profileSource;
    return organisationProfileSchema.parse({
      ...record,
      profileStatus: toProfileStatus(record.profileStatus),
      profileSource: profileSource === 'direct' || profileSource === 'agentic' ? profileSource : null,
      sources,
      parent: parents[0] ?? null,
      subsidiaries,
      verification:
        verification && evidence?.success ? { verdict: verification.verdict, createdAt: verification.createdAt.toISOString(), evidence: evidence.data } : null,
    });
  }
  return null;
}

/** The visible parents (`parent`) or subsidiaries (`subsidiary`) of an organisation. */
async function related(db: Db, accountId: string, which: 'parent' | 'subsidiary', organisationId: string) {
  const [self, other] =
    which === 'parent'
      ? [organisationRelations.subsidiaryId, organisationRelations.parentId]
      : [organisationRelations.parentId, organisationRelations.subsidiaryId];
  return db
    .select({ id: organisations.id, name: organisations.name, countryIsoAlpha3: organisations.countryIsoAlpha3 })
    .from(organisationRelations)
    .innerJoin(organisations, eq(organisations.id, other))
    .where(and(eq(self, organisationId), visibleToAccount(accountId, sql`${organisations.id}`)))
    .orderBy(organisations.name)
    .limit(100);
}
