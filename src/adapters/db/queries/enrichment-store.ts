/**
 * The EnrichmentStore port over PostgreSQL. `savePhase1` writes the agentic enrichment's phase 1 (description,
 * website, type) while the profile stays PENDING. `complete` writes one enrichment in one transaction: fields,
 * identifiers, aliases, NAICS tags, parent/subsidiary stubs and their relations, each with its provenance,
 * and the profile COMPLETED. Re-running it with the same values changes nothing but the timestamps.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { canonicalName, searchName } from '../../../core/canonical-name';
import { organisationTypeSchema } from '../../../core/candidates';
import { compositeKey } from '../../../core/composite-key';
import { isCountryAlpha3 } from '../../../core/countries';
import { normaliseIdentifierValue } from '../../../core/identifiers';
import { normaliseWebsiteHost, toWebsiteUrl } from '../../../core/website';
import type { EnrichmentStore, EnrichmentTarget, RelatedCompany, Sourced } from '../../../server/enrichment/ports';
import type { Db } from '../client';
import { naics, organisationAliases, organisationIdentifiers, organisationNaics, organisationOwners, organisationRelations, organisations } from '../schema';
import { isUuid } from './classification';
import { recordFieldSources, type FieldSourceWrite } from './field-sources';
import { addFormerNames, addOrganisationNameWords, addOrganisationWords, insertOrganisation } from './organisations-write';
import { organisationIsGlobal, visibleToAccount } from './visibility';

export function createEnrichmentStore(db: Db): EnrichmentStore {
  return {
    async load(organisationId) {
      if (!isUuid(organisationId)) return null;
      const [row] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
      if (!row) return null;
      const [identifiers, owners] = await Promise.all([
        db
          .select({ type: organisationIdentifiers.type, value: organisationIdentifiers.value })
          .from(organisationIdentifiers)
          .where(eq(organisationIdentifiers.organisationId, row.id)),
        db.select({ accountId: organisationOwners.accountId }).from(organisationOwners).where(eq(organisationOwners.organisationId, row.id)),
      ]);
      const type = organisationTypeSchema.safeParse(row.type);
      const target: EnrichmentTarget = {
        id: row.id,
        name: row.name,
        countryIsoAlpha3: row.countryIsoAlpha3,
        website: row.website,
        description: row.description,
        type: type.success ? type.data : null,
        identifiers,
        profileStatus: row.profileStatus,
        redirectedTo: row.redirectedTo,
        ownerAccountIds: owners.map((o) => o.accountId),
      };
      return target;
    },

    async existingLeafNaics(codes) {
      const wanted = [...new Set(codes.filter((c) => /^\d{6}$/.test(c)))];
      if (wanted.length === 0) return [];
      const rows = await db
        .select({ code: naics.code })
        .from(naics)
        .where(and(inArray(naics.code, wanted), eq(naics.level, 5)));
      const found = new Set(rows.map((r) => r.code));
      return wanted.filter((c) => found.has(c));
    },

    async savePhase1(organisationId, write, at) {
      const website = write.website ? toWebsiteUrl(write.website.value) : undefined;
      if (!write.description && !website && !write.type) return;
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(organisations)
          .set({
            ...(write.description ? { description: write.description.value } : {}),
            ...(website ? { website, websiteDomain: normaliseWebsiteHost(website) ?? null } : {}),
            ...(write.type ? { type: write.type.value } : {}),
            updatedAt: at,
          })
          .where(eq(organisations.id, organisationId))
          .returning({ id: organisations.id });
        if (updated.length === 0) return; // deleted while the job ran
        const sources: FieldSourceWrite[] = [];
        for (const [field, value] of [
          ['description', write.description],
          ['website', website ? write.website : undefined],
          ['type', write.type],
        ] as const) {
          if (value) sources.push({ field, source: value.source, retrievedAt: value.retrievedAt, evidenceUrl: value.evidenceUrl });
        }
        await recordFieldSources(tx, organisationId, sources);
      });
    },

    async complete(organisationId, write, at) {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ name: organisations.name, country: organisations.countryIsoAlpha3 })
          .from(organisations)
          .where(eq(organisations.id, organisationId))
          .for('update');
        if (!current) return; // deleted while the job ran (the confirm header's "No")
        const sources: FieldSourceWrite[] = [];
        const source = <T>(field: string, value: Sourced<T> | undefined) => {
          if (value) sources.push({ field, source: value.source, retrievedAt: value.retrievedAt, evidenceUrl: value.evidenceUrl });
        };
        const website = write.website ? toWebsiteUrl(write.website.value) : undefined;
        const country = !current.country && write.country && isCountryAlpha3(write.country.value) ? write.country.value : undefined;
        await tx
          .update(organisations)
          .set({
            ...(write.description ? { description: write.description.value } : {}),
            ...(website ? { website, websiteDomain: normaliseWebsiteHost(website) ?? null } : {}),
            ...(write.type ? { type: write.type.value } : {}),
            ...(country ? { countryIsoAlpha3: country, key: compositeKey(country, current.name) } : {}),
            ...(write.registryStatus
              ? {
                  registryStatus: write.registryStatus.value.status,
                  registryStatusText: write.registryStatus.value.wording,
                  registryStatusDate: write.registryStatus.value.date,
                }
              : {}),
            profileStatus: 'COMPLETED',
            profileCheckedAt: at,
            profileFailureReason: null,
            updatedAt: at,
          })
          .where(eq(organisations.id, organisationId));
        source('description', write.description);
        if (website) source('website', write.website);
        source('type', write.type);
        if (country) source('country', write.country);
        source('registryStatus', write.registryStatus);

        for (const identifier of write.identifiers) {
          await tx
            .insert(organisationIdentifiers)
            .values({
              organisationId,
              type: identifier.value.type,
              value: identifier.value.value,
              valueNormalised: normaliseIdentifierValue(identifier.value.value),
            })
            .onConflictDoNothing();
          source(`identifier:${identifier.value.type}`, identifier);
        }

        const aliasWords = new Set<string>();
        for (const alias of write.aliases) {
          const value = canonicalName(alias.value);
          const search = searchName(alias.value);
          if (search === '' || value.toLowerCase() === current.name.toLowerCase()) continue;
          await tx.execute(sql`
            insert into ${organisationAliases} (organisation_id, value, search_value)
            select ${organisationId}::uuid, ${value}, ${search}
            where not exists (select 1 from ${organisationAliases} where organisation_id = ${organisationId}::uuid and search_value = ${search})`);
          for (const word of search.split(' ')) if (word !== '') aliasWords.add(word);
          source('legalName', alias);
        }
        if (aliasWords.size > 0) {
          await addOrganisationWords(tx, [organisationId]);
          await addOrganisationNameWords(tx, [organisationId]);
        }
        // A register's former names (issue 20, section 1): searchable, shown "formerly ...".
        if (write.formerNames && write.formerNames.length > 0) {
          await addFormerNames(
            tx,
            organisationId,
            write.formerNames.map((f) => f.value),
          );
          source('formerNames', write.formerNames[0]);
        }

        if (write.naics && write.naics.value.length > 0) {
          await tx
            .insert(organisationNaics)
            .values(write.naics.value.map((naicsCode) => ({ organisationId, naicsCode })))
            .onConflictDoNothing();
          source('naics', write.naics);
        }

        const owners = await tx
          .select({ accountId: organisationOwners.accountId })
          .from(organisationOwners)
          .where(eq(organisationOwners.organisationId, organisationId));
        const ownerAccountId = owners[0]?.accountId;
        const familyCountry = country ?? current.country;
        if (write.parent) {
          const parentId = await findOrCreateStub(tx, write.parent.value, familyCountry, ownerAccountId);
          if (parentId && parentId !== organisationId) {
            await tx.insert(organisationRelations).values({ parentId, subsidiaryId: organisationId }).onConflictDoNothing();
            source('parent', write.parent);
          }
        }
        if (write.subsidiaries) {
          for (const subsidiary of write.subsidiaries.value.slice(0, 50)) {
            const subsidiaryId = await findOrCreateStub(tx, subsidiary, familyCountry, ownerAccountId);
            if (subsidiaryId && subsidiaryId !== organisationId) {
              await tx.insert(organisationRelations).values({ parentId: organisationId, subsidiaryId }).onConflictDoNothing();
            }
          }
          source('subsidiaries', write.subsidiaries);
        }
        await recordFieldSources(tx, organisationId, sources);
      });
    },

    async fail(organisationId, reason, at) {
      await db
        .update(organisations)
        .set({ profileStatus: 'FAILED', profileFailureReason: reason.slice(0, 500), profileCheckedAt: at, updatedAt: at })
        .where(eq(organisations.id, organisationId));
    },
  };
}

/**
 * A parent or subsidiary stub by composite key: an organisation with the key visible to the owner (its own,
 * else a global one) is reused; otherwise a stub is created, owned like the organisation it hangs off (a private
 * organisation's family stays private). Without a country there is no key: nothing is created.
 */
async function findOrCreateStub(tx: Db, company: RelatedCompany, fallbackCountry: string | null, ownerAccountId: string | undefined): Promise<string | null> {
  const country = company.countryIsoAlpha3 && isCountryAlpha3(company.countryIsoAlpha3) ? company.countryIsoAlpha3 : fallbackCountry;
  const name = canonicalName(company.name);
  if (!country || name === '') return null;
  const key = compositeKey(country, name);
  const owner = ownerAccountId ?? null;
  const existing = await tx.execute<{ id: string }>(sql`
    select o.id from ${organisations} o
    where o.key = ${key} and o.redirected_to is null
      and ${visibleToAccount(owner, sql`o.id`)}
    order by not ${organisationIsGlobal(sql`o.id`)} desc, o.created_at
    limit 1`);
  const found = existing.rows[0]?.id;
  if (found) return found;
  return insertOrganisation(tx, { name, countryIsoAlpha3: country, website: company.website }, ownerAccountId ? { ownerAccountId } : {});
}
