/**
 * Writing organisations with everything the lookups index: search name, composite key, normalised
 * website host, normalised identifier values, alias and former-name search values, name words, owners and account links.
 * Used by imports, the demo seed, selection and test factories alike, so every row is indexed the same way.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { canonicalName, searchName } from '../../../core/canonical-name';
import { compositeKey } from '../../../core/composite-key';
import { isCountryAlpha3 } from '../../../core/countries';
import { normaliseIdentifierValue } from '../../../core/identifiers';
import { UNKNOWN_REGISTRY_STATUS, type RegistryStatus } from '../../../core/registry-status';
import { normaliseWebsiteHost, toWebsiteUrl } from '../../../core/website';
import type { Db } from '../client';
import {
  accountOrganisations,
  organisationAliases,
  organisationIdentifiers,
  organisationNameWords,
  organisationOwners,
  organisations,
  searchWords,
} from '../schema';

export interface NewOrganisation {
  name: string;
  website?: string | null;
  countryIsoAlpha3?: string | null;
  description?: string | null;
  type?: string | null;
  identifiers?: { type: string; value: string }[];
  aliases?: string[];
  /** Names the organisation bore before (registries' previous names, an import line's `formerNames`). */
  formerNames?: string[];
  profileStatus?: string | null;
  /** What a register says of it (import line, registry candidate); unknown when absent. */
  registryStatus?: RegistryStatus | null;
}

export interface InsertOrganisationsOptions {
  /** Makes every organisation private to this account. */
  ownerAccountId?: string;
  /** Adds every organisation to this account's organisations (accountLinked). */
  linkAccountId?: string;
}

/**
 * Inserts a batch in a few statements (one per table) and returns the new ids in input order.
 * Also adds the distinct words of the batch's search names and alias search values to `search_words`
 * (quick search's typo-correction vocabulary, scoped to the owner when there is one): one statement, deduplicated here, inserted in sorted order
 * so that concurrent batches sharing words take their row locks in the same order and cannot deadlock.
 * Each statement sends one array per column and expands it with `unnest` on the server: a 2,000-row batch is
 * ten parameters rather than 20,000, which keeps the client's CPU out of the way of bulk imports. Ids are
 * generated here, so the returned order never depends on the order of RETURNING.
 */
export async function insertOrganisations(db: Db, batch: NewOrganisation[], options: InsertOrganisationsOptions = {}): Promise<string[]> {
  if (batch.length === 0) return [];
  const ids: string[] = [];
  const columns = {
    name: [] as string[],
    searchName: [] as string[],
    key: [] as (string | null)[],
    description: [] as (string | null)[],
    type: [] as (string | null)[],
    country: [] as (string | null)[],
    website: [] as (string | null)[],
    websiteDomain: [] as (string | null)[],
    profileStatus: [] as (string | null)[],
    registryStatus: [] as string[],
    registryStatusText: [] as (string | null)[],
    registryStatusDate: [] as (string | null)[],
  };
  const identifiers = { organisationId: [] as string[], type: [] as string[], value: [] as string[], valueNormalised: [] as string[] };
  const aliases = { organisationId: [] as string[], value: [] as string[], searchValue: [] as string[], kind: [] as string[] };
  const nameWords = { word: [] as string[], organisationId: [] as string[] };

  for (const o of batch) {
    const id = randomUUID();
    ids.push(id);
    const name = canonicalName(o.name);
    const country = o.countryIsoAlpha3 && isCountryAlpha3(o.countryIsoAlpha3) ? o.countryIsoAlpha3 : null;
    const website = o.website ? (toWebsiteUrl(o.website) ?? null) : null;
    columns.name.push(name);
    columns.searchName.push(searchName(name));
    columns.key.push(country ? compositeKey(country, name) : null);
    columns.description.push(o.description ?? null);
    columns.type.push(o.type ?? null);
    columns.country.push(country);
    columns.website.push(website);
    columns.websiteDomain.push(website ? (normaliseWebsiteHost(website) ?? null) : null);
    columns.profileStatus.push(o.profileStatus ?? null);
    const status = o.registryStatus ?? UNKNOWN_REGISTRY_STATUS;
    columns.registryStatus.push(status.status);
    columns.registryStatusText.push(status.wording);
    columns.registryStatusDate.push(status.date);
    for (const identifier of o.identifiers ?? []) {
      identifiers.organisationId.push(id);
      identifiers.type.push(identifier.type);
      identifiers.value.push(identifier.value);
      identifiers.valueNormalised.push(normaliseIdentifierValue(identifier.value));
    }
    const otherNames = [
      ...(o.aliases ?? []).map((value) => ({ value, kind: 'alias' })),
      ...(o.formerNames ?? []).map((value) => ({ value, kind: 'former_name' })),
    ];
    for (const other of otherNames) {
      if (canonicalName(other.value) === '') continue;
      aliases.organisationId.push(id);
      aliases.value.push(canonicalName(other.value));
      aliases.searchValue.push(searchName(other.value));
      aliases.kind.push(other.kind);
    }
    const words = new Set([searchName(name), ...otherNames.map((other) => searchName(other.value))].flatMap((value) => value.split(' ')));
    for (const word of words) {
      if (word === '') continue;
      nameWords.word.push(word);
      nameWords.organisationId.push(id);
    }
  }

  // sql.param keeps each array one parameter (a bare array would be spread into a list of parameters).
  const array = (values: readonly (string | null)[], type: 'uuid' | 'text' | 'date') => sql`${sql.param(values)}::${sql.raw(type)}[]`;
  await db.execute(sql`
    insert into ${organisations} (id, name, search_name, key, description, type, country_iso_alpha3, website, website_domain, profile_status,
      registry_status, registry_status_text, registry_status_date)
    select * from unnest(${array(ids, 'uuid')}, ${array(columns.name, 'text')}, ${array(columns.searchName, 'text')}, ${array(columns.key, 'text')},
      ${array(columns.description, 'text')}, ${array(columns.type, 'text')}, ${array(columns.country, 'text')}, ${array(columns.website, 'text')},
      ${array(columns.websiteDomain, 'text')}, ${array(columns.profileStatus, 'text')}, ${array(columns.registryStatus, 'text')},
      ${array(columns.registryStatusText, 'text')}, ${array(columns.registryStatusDate, 'date')})`);

  if (identifiers.organisationId.length > 0) {
    await db.execute(sql`
      insert into ${organisationIdentifiers} (organisation_id, type, value, value_normalised)
      select * from unnest(${array(identifiers.organisationId, 'uuid')}, ${array(identifiers.type, 'text')}, ${array(identifiers.value, 'text')},
        ${array(identifiers.valueNormalised, 'text')})
      on conflict do nothing`);
  }
  if (aliases.organisationId.length > 0) {
    await db.execute(sql`
      insert into ${organisationAliases} (organisation_id, value, search_value, kind)
      select * from unnest(${array(aliases.organisationId, 'uuid')}, ${array(aliases.value, 'text')}, ${array(aliases.searchValue, 'text')}, ${array(aliases.kind, 'text')})`);
  }
  if (nameWords.word.length > 0) {
    await db.execute(sql`
      insert into ${organisationNameWords} (word, organisation_id, account_id)
      select word, organisation_id, ${options.ownerAccountId ?? null}::uuid from unnest(${array(nameWords.word, 'text')}, ${array(nameWords.organisationId, 'uuid')}) as n(word, organisation_id)
      on conflict do nothing`);
  }
  const words = new Set<string>();
  for (const value of [...columns.searchName, ...aliases.searchValue]) for (const word of value.split(' ')) if (word !== '') words.add(word);
  await db.execute(sql`
    insert into ${searchWords} (word, account_id)
    select word, ${options.ownerAccountId ?? null}::uuid from unnest(${array([...words], 'text')}) as word order by word
    on conflict do nothing`);
  if (options.ownerAccountId) {
    await db.execute(sql`
      insert into ${organisationOwners} (organisation_id, account_id)
      select id, ${options.ownerAccountId}::uuid from unnest(${array(ids, 'uuid')}) as id`);
  }
  if (options.linkAccountId) {
    await db.execute(sql`
      insert into ${accountOrganisations} (organisation_id, account_id)
      select id, ${options.linkAccountId}::uuid from unnest(${array(ids, 'uuid')}) as id
      on conflict do nothing`);
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

/**
 * Adds the words of organisations' names and aliases to the typo-correction vocabulary with the scope the
 * organisations have now: each owning account's, or global when they have no owner (after verification
 * dropped the owners, for example). Sorted, like insertOrganisations, so concurrent writers lock in one order.
 */
export async function addOrganisationWords(db: Db, organisationIds: readonly string[]): Promise<void> {
  if (organisationIds.length === 0) return;
  const ids = sql`${sql.param([...organisationIds])}::uuid[]`;
  await db.execute(sql`
    insert into ${searchWords} (word, account_id)
    select distinct w.word, oo.account_id
      from (select o.id, o.search_name as value from ${organisations} o where o.id = any(${ids})
            union all
            select a.organisation_id, a.search_value from ${organisationAliases} a where a.organisation_id = any(${ids})) src
      cross join lateral string_to_table(src.value, ' ') as w(word)
      left join ${organisationOwners} oo on oo.organisation_id = src.id
     where w.word <> ''
     order by w.word, oo.account_id
    on conflict do nothing`);
}

/**
 * Adds the words of organisations' stored names and aliases to their word postings (organisation_name_words, the
 * word-overlap stage's) with the scope the organisations have now (an owning account, or global), after an alias or
 * former name was added to an existing organisation or its owners were dropped.
 */
export async function addOrganisationNameWords(db: Db, organisationIds: readonly string[]): Promise<void> {
  if (organisationIds.length === 0) return;
  const ids = sql`${sql.param([...organisationIds])}::uuid[]`;
  await db.execute(sql`
    insert into ${organisationNameWords} (word, organisation_id, account_id)
    select distinct on (w.word, src.id) w.word, src.id, oo.account_id
      from (select o.id, o.search_name as value from ${organisations} o where o.id = any(${ids})
            union all
            select a.organisation_id, a.search_value from ${organisationAliases} a where a.organisation_id = any(${ids})) src
      cross join lateral string_to_table(src.value, ' ') as w(word)
      left join ${organisationOwners} oo on oo.organisation_id = src.id
     where w.word <> ''
     order by w.word, src.id, oo.account_id
    on conflict (word, organisation_id) do update set account_id = excluded.account_id`);
}

/**
 * Keeps names an existing organisation bore before (a register's former names) as its former names
 * (`organisation_aliases` kind `former_name`): searchable by every step of the quick lookup and shown "formerly ...".
 * A name equal to the organisation's own, or to an alias or former name it holds (same search form), is skipped; the
 * words of those added join the vocabulary and the word postings. Answers how many were added.
 */
export async function addFormerNames(db: Db, organisationId: string, names: readonly string[]): Promise<number> {
  const wanted = new Map<string, string>();
  for (const name of names) {
    const value = canonicalName(name);
    const search = searchName(name);
    if (value === '' || search === '' || wanted.has(search)) continue;
    wanted.set(search, value);
  }
  if (wanted.size === 0) return 0;
  const searchValues = [...wanted.keys()];
  const added = await db.execute(sql`
    insert into ${organisationAliases} (organisation_id, value, search_value, kind)
    select ${organisationId}::uuid, v.value, v.search_value, 'former_name'
      from unnest(${sql.param(searchValues.map((s) => wanted.get(s) ?? s))}::text[], ${sql.param(searchValues)}::text[]) as v(value, search_value)
     where not exists (select 1 from ${organisations} o where o.id = ${organisationId}::uuid and o.search_name = v.search_value)
       and not exists (select 1 from ${organisationAliases} a where a.organisation_id = ${organisationId}::uuid and a.search_value = v.search_value)`);
  const count = added.rowCount ?? 0;
  if (count > 0) {
    await addOrganisationWords(db, [organisationId]);
    await addOrganisationNameWords(db, [organisationId]);
  }
  return count;
}

export async function addOrganisationOwner(db: Db, params: { accountId: string; organisationId: string }): Promise<void> {
  await db.insert(organisationOwners).values(params).onConflictDoNothing();
}
