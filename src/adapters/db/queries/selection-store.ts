/**
 * The SelectionStore port over PostgreSQL: one drizzle transaction per selection, transaction-scoped
 * advisory locks per match key (released at commit or rollback), and the organisation writes shared with
 * imports (`insertOrganisation`), so a selected organisation is indexed like every other one.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Identifier } from '../../../core/identifiers';
import { normaliseIdentifierValue } from '../../../core/identifiers';
import { toProfileStatus } from '../../../core/profile-status';
import type { RegistryStatus } from '../../../core/registry-status';
import type { FieldSource } from '../../../server/enrichment/ports';
import type { SelectedOrganisation, SelectionMatchKeys, SelectionStore, SelectionTx } from '../../../server/selection/ports';
import type { Db } from '../client';
import { organisationIdentifiers, organisations } from '../schema';
import { isUuid } from './classification';
import { recordFieldSources } from './field-sources';
import { addFormerNames, insertOrganisation, linkOrganisationToAccount } from './organisations-write';
import { ownedByAccount, visibleToAccount } from './visibility';

/** Redirect chains are short (a private duplicate points at a global organisation); this bounds a bad chain. */
const MAX_REDIRECTS = 5;

export function createSelectionStore(db: Db): SelectionStore {
  return {
    transaction: (work) => db.transaction((tx) => work(selectionTx(tx))),
  };
}

function selectedColumns(accountId: string) {
  return {
    id: organisations.id,
    countryIsoAlpha3: organisations.countryIsoAlpha3,
    type: organisations.type,
    website: organisations.website,
    profileStatus: organisations.profileStatus,
    profileCheckedAt: organisations.profileCheckedAt,
    redirectedTo: organisations.redirectedTo,
    ownedByAccount: sql<boolean>`${ownedByAccount(accountId, sql`${organisations.id}`)}`,
  };
}

interface SelectedRow {
  id: string;
  countryIsoAlpha3: string | null;
  type: string | null;
  website: string | null;
  profileStatus: string | null;
  profileCheckedAt: Date | null;
  redirectedTo: string | null;
  ownedByAccount: boolean;
}

function toSelected(row: SelectedRow): SelectedOrganisation {
  return {
    id: row.id,
    countryIsoAlpha3: row.countryIsoAlpha3,
    type: row.type,
    website: row.website,
    profileStatus: toProfileStatus(row.profileStatus),
    profileCheckedAt: row.profileCheckedAt,
    ownedByAccount: row.ownedByAccount,
  };
}

export function selectionTx(tx: Db): SelectionTx {
  async function firstVisible(accountId: string, where: SQL): Promise<SelectedRow | undefined> {
    const [row] = await tx
      .select(selectedColumns(accountId))
      .from(organisations)
      .where(and(where, visibleToAccount(accountId, sql`${organisations.id}`)))
      // Prefer the account's own row, then the oldest (the one others were matched to before).
      .orderBy(desc(ownedByAccount(accountId, sql`${organisations.id}`)), asc(organisations.createdAt))
      .limit(1);
    return row;
  }

  return {
    handle: tx,

    async lockMatchKeys(keys) {
      for (const key of [...new Set(keys)].sort()) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`selection:${key}`}, 0))`);
      }
    },

    async findVisible(accountId, organisationId) {
      let id = organisationId;
      for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
        if (!isUuid(id)) return null;
        const row = await firstVisible(accountId, eq(organisations.id, id));
        if (!row) return null;
        if (row.redirectedTo === null) return toSelected(row);
        id = row.redirectedTo;
      }
      return null;
    },

    async findMatch(accountId, keys: SelectionMatchKeys) {
      const live = isNull(organisations.redirectedTo);
      const byKey = await firstVisible(accountId, and(live, eq(organisations.key, keys.key)) ?? live);
      if (byKey) return toSelected(byKey);
      for (const identifier of keys.registryIdentifiers) {
        const byIdentifier = await firstVisible(
          accountId,
          and(
            live,
            inArray(
              organisations.id,
              tx
                .select({ id: organisationIdentifiers.organisationId })
                .from(organisationIdentifiers)
                .where(
                  and(
                    eq(organisationIdentifiers.valueNormalised, normaliseIdentifierValue(identifier.value)),
                    eq(organisationIdentifiers.type, identifier.type),
                  ),
                ),
            ),
          ) ?? live,
        );
        if (byIdentifier) return toSelected(byIdentifier);
      }
      if (keys.websiteDomain) {
        const byDomain = await firstVisible(accountId, and(live, eq(organisations.websiteDomain, keys.websiteDomain)) ?? live);
        if (byDomain) return toSelected(byDomain);
      }
      return null;
    },

    async create(accountId, organisation) {
      const id = await insertOrganisation(
        tx,
        {
          name: organisation.name,
          countryIsoAlpha3: organisation.countryIsoAlpha3,
          type: organisation.type,
          website: organisation.website,
          description: organisation.description,
          identifiers: organisation.identifiers,
          profileStatus: 'PENDING',
          registryStatus: organisation.registryStatus,
          formerNames: organisation.formerNames,
        },
        { ownerAccountId: accountId, linkAccountId: accountId },
      );
      await tx
        .update(organisations)
        .set({ profileSource: organisation.profileSource, businessName: organisation.businessName })
        .where(eq(organisations.id, id));
      const now = new Date();
      await recordFieldSources(tx, id, [
        { field: 'country', source: organisation.source, retrievedAt: now },
        ...(organisation.type ? [{ field: 'type', source: organisation.source, retrievedAt: now }] : []),
        ...(organisation.website ? [{ field: 'website', source: organisation.source, retrievedAt: now }] : []),
        ...(organisation.description ? [{ field: 'description', source: organisation.source, retrievedAt: now }] : []),
        ...(organisation.businessName ? [{ field: 'businessName', source: organisation.source, retrievedAt: now }] : []),
        ...(organisation.registryStatus.status !== 'unknown' ? [{ field: 'registryStatus', source: organisation.source, retrievedAt: now }] : []),
        ...identifierSources(organisation.identifiers, organisation.source, now),
      ]);
      return id;
    },

    async addIdentifiers(organisationId, identifiers, source) {
      if (identifiers.length === 0) return;
      const added = await tx
        .insert(organisationIdentifiers)
        .values(identifiers.map((i) => ({ organisationId, type: i.type, value: i.value, valueNormalised: normaliseIdentifierValue(i.value) })))
        .onConflictDoNothing()
        .returning({ type: organisationIdentifiers.type, value: organisationIdentifiers.value });
      await recordFieldSources(tx, organisationId, identifierSources(added, source, new Date()));
    },

    async backfillType(organisationId, type, source) {
      const updated = await tx
        .update(organisations)
        .set({ type, updatedAt: new Date() })
        .where(and(eq(organisations.id, organisationId), isNull(organisations.type)))
        .returning({ id: organisations.id });
      if (updated.length > 0) await recordFieldSources(tx, organisationId, [{ field: 'type', source, retrievedAt: new Date() }]);
    },

    async backfillBusinessName(organisationId, businessName, source) {
      const updated = await tx
        .update(organisations)
        .set({ businessName, updatedAt: new Date() })
        .where(and(eq(organisations.id, organisationId), isNull(organisations.businessName)))
        .returning({ id: organisations.id });
      if (updated.length > 0) await recordFieldSources(tx, organisationId, [{ field: 'businessName', source, retrievedAt: new Date() }]);
    },

    async recordRegistryStatus(organisationId, status, source) {
      await writeRegistryStatus(tx, organisationId, status, source);
    },

    async addFormerNames(organisationId, names) {
      await addFormerNames(tx, organisationId, names);
    },

    async linkToAccount(accountId, organisationId) {
      await linkOrganisationToAccount(tx, { accountId, organisationId });
    },

    async markPending(organisationId, { profileSource }) {
      await tx
        .update(organisations)
        .set({ profileStatus: 'PENDING', profileSource, profileFailureReason: null, updatedAt: new Date() })
        .where(eq(organisations.id, organisationId));
    },
  };
}

/** A register's known status over the stored one (unknown never erases what a register said). */
export async function writeRegistryStatus(tx: Db, organisationId: string, status: RegistryStatus, source: FieldSource): Promise<void> {
  if (status.status === 'unknown') return;
  await tx
    .update(organisations)
    .set({ registryStatus: status.status, registryStatusText: status.wording, registryStatusDate: status.date, updatedAt: new Date() })
    .where(eq(organisations.id, organisationId));
  await recordFieldSources(tx, organisationId, [{ field: 'registryStatus', source, retrievedAt: new Date() }]);
}

function identifierSources(identifiers: readonly Identifier[], source: FieldSource, retrievedAt: Date) {
  return identifiers.map((i) => ({ field: `identifier:${i.type}`, source, retrievedAt }));
}
