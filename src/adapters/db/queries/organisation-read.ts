/** The account-scoped read of one organisation record (visibility in the WHERE clause; null = not found). */
import { and, asc, eq, sql } from 'drizzle-orm';
import { isClassified } from '../../../core/classification';
import type { OrganisationRecord } from '../../../core/organisation-record';
import { isEnrichmentSettled } from '../../../core/profile-status';
import { toRegistryStatus } from '../../../core/registry-status';
import type { Db } from '../client';
import { organisationAliases, organisationIdentifiers, organisations } from '../schema';
import { inAccountList } from './account-membership';
import { webResearchFoundFor } from './derived-rules';
import { isUuid, listOrganisationAquila1, listOrganisationAquila2, listOrganisationNaics } from './classification';
import { organisationIsGlobal, visibleToAccount } from './visibility';

export async function findOrganisationRecordForAccount(db: Db, params: { accountId: string; organisationId: string }): Promise<OrganisationRecord | null> {
  if (!isUuid(params.organisationId) || !isUuid(params.accountId)) return null;
  const [row] = await db
    .select({
      id: organisations.id,
      name: organisations.name,
      businessName: organisations.businessName,
      key: organisations.key,
      description: organisations.description,
      type: organisations.type,
      countryIsoAlpha3: organisations.countryIsoAlpha3,
      website: organisations.website,
      websiteDomain: organisations.websiteDomain,
      profileStatus: organisations.profileStatus,
      profileCheckedAt: organisations.profileCheckedAt,
      profileFailureReason: organisations.profileFailureReason,
      redirectedTo: organisations.redirectedTo,
      registryStatusValue: organisations.registryStatus,
      registryStatusText: organisations.registryStatusText,
      registryStatusDate: organisations.registryStatusDate,
      owned: sql<boolean>`not ${organisationIsGlobal(sql`${organisations.id}`)}`,
      accountLinked: sql<boolean>`${inAccountList(params.accountId, sql`${organisations.id}`)}`,
      webResearchFound: sql<boolean>`${webResearchFoundFor(sql`${organisations.id}`)}`,
    })
    .from(organisations)
    .where(and(eq(organisations.id, params.organisationId), visibleToAccount(params.accountId, sql`${organisations.id}`)));
  if (!row) return null;
  // One after another: the profile reads this inside its snapshot transaction, one connection.
  const identifiers = await db
    .select({ type: organisationIdentifiers.type, value: organisationIdentifiers.value })
    .from(organisationIdentifiers)
    .where(eq(organisationIdentifiers.organisationId, row.id))
    .orderBy(asc(organisationIdentifiers.type), asc(organisationIdentifiers.value));
  const aliases = await db
    .select({ value: organisationAliases.value, kind: organisationAliases.kind })
    .from(organisationAliases)
    .where(eq(organisationAliases.organisationId, row.id))
    .orderBy(asc(organisationAliases.value));
  const naics = await listOrganisationNaics(db, { organisationId: row.id });
  const aquila1 = await listOrganisationAquila1(db, { organisationId: row.id });
  const aquila2 = await listOrganisationAquila2(db, { organisationId: row.id });
  const { registryStatusValue, registryStatusText, registryStatusDate, ...fields } = row;
  return {
    ...fields,
    registryStatus: toRegistryStatus(registryStatusValue, registryStatusText, registryStatusDate),
    profileCheckedAt: row.profileCheckedAt ? row.profileCheckedAt.toISOString() : null,
    enrichmentComplete: isEnrichmentSettled(row.profileStatus),
    identifiers,
    aliases: aliases.filter((a) => a.kind !== 'former_name').map((a) => a.value),
    formerNames: aliases.filter((a) => a.kind === 'former_name').map((a) => a.value),
    naics,
    aquila1,
    aquila2,
    classified: isClassified(aquila1.length),
  };
}
