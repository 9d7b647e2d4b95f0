/**
 * Writing organisations with everything the lookups index: search name, composite key, normalised
 * website host, normalised identifier values, alias search values, owners and account links.
 * Used by imports, the demo seed, selection and test factories alike, so every row is indexed the same way.
 */
import { canonicalName, searchName } from '../../../core/canonical-name';
import { compositeKey } from '../../../core/composite-key';
import { isCountryAlpha3 } from '../../../core/countries';
import { normaliseIdentifierValue } from '../../../core/identifiers';
import { normaliseWebsiteHost, toWebsiteUrl } from '../../../core/website';
import type { Db } from '../client';
import {
  accountOrganisations,
  organisationAliases,
  organisationIdentifiers,
  organisationOwners,
  organisations,
} from '../schema';

export interface NewOrganisation {
  name: string;
  website?: string | null;
  countryIsoAlpha3?: string | null;
  description?: string | null;
  type?: string | null;
  identifiers?: { type: string; value: string }[];
  aliases?: string[];
  profileStatus?: string | null;
}

export interface InsertOrganisationsOptions {
  /** Makes every organisation private to this account. */
  ownerAccountId?: string;
  /** Adds every organisation to this account's organisations (accountLinked). */
  linkAccountId?: string;
}

/** Inserts a batch in a few statements (one per table) and returns the new ids in input order. */
export async function insertOrganisations(db: Db, batch: NewOrganisation[], options: InsertOrganisationsOptions = {}): Promise<string[]> {
  if (batch.length === 0) return [];
  const rows = batch.map((o) => {
    const name = canonicalName(o.name);
    const country = o.countryIsoAlpha3 && isCountryAlpha3(o.countryIsoAlpha3) ? o.countryIsoAlpha3 : null;
    const website = o.website ? (toWebsiteUrl(o.website) ?? null) : null;
    return {
      name,
      searchName: searchName(name),
      key: country ? compositeKey(country, name) : null,
      description: o.description ?? null,
      type: o.type ?? null,
      countryIsoAlpha3: country,
      website,
      websiteDomain: website ? (normaliseWebsiteHost(website) ?? null) : null,
      profileStatus: o.profileStatus ?? null,
    };
  });
  const inserted = await db.insert(organisations).values(rows).returning({ id: organisations.id });
  const ids = inserted.map((r) => r.id);

  const identifierRows = batch.flatMap((o, i) =>
    (o.identifiers ?? []).map((identifier) => ({
      organisationId: ids[i] as string,
      type: identifier.type,
      value: identifier.value,
      valueNormalised: normaliseIdentifierValue(identifier.value),
    })),
  );
  if (identifierRows.length > 0) await db.insert(organisationIdentifiers).values(identifierRows).onConflictDoNothing();

  const aliasRows = batch.flatMap((o, i) =>
    (o.aliases ?? []).map((alias) => ({ organisationId: ids[i] as string, value: canonicalName(alias), searchValue: searchName(alias) })),
  );
  if (aliasRows.length > 0) await db.insert(organisationAliases).values(aliasRows);

  if (options.ownerAccountId) {
    const owner = options.ownerAccountId;
    await db.insert(organisationOwners).values(ids.map((organisationId) => ({ organisationId, accountId: owner })));
  }
  if (options.linkAccountId) {
    const account = options.linkAccountId;
    await db
      .insert(accountOrganisations)
      .values(ids.map((organisationId) => ({ organisationId, accountId: account })))
      .onConflictDoNothing();
  }
  return ids;
}

export async function insertOrganisation(db: Db, organisation: NewOrganisation, options: InsertOrganisationsOptions = {}): Promise<string> {
  const [id] = await insertOrganisations(db, [organisation], options);
  if (!id) throw new Error('insertOrganisations returned no id');
  return id;
}

export async function linkOrganisationToAccount(db: Db, params: { accountId: string; organisationId: string }): Promise<void> {
  await db.insert(accountOrganisations).values(params).onConflictDoNothing();
}

export async function addOrganisationOwner(db: Db, params: { accountId: string; organisationId: string }): Promise<void> {
  await db.insert(organisationOwners).values(params).onConflictDoNothing();
}
