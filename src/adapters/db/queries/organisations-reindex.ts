/**
 * Re-indexing stored search forms (`npm run cli -- organisations reindex`, docs/cli.md): rows written before a change
 * of the name normalisation (core/canonical-name.ts: legal forms, numbers, transliteration) keep the search name,
 * composite key, alias and former-name search values and name-word postings the old code computed, and no SQL can
 * run the TypeScript canonicaliser. This recomputes them, organisation by organisation in id order, in bounded
 * batches of one short transaction each (rows locked `for update` while their batch is rewritten, so a concurrent
 * rename or enrichment either waits or is read after it), writing only what differs: a second run changes nothing.
 *
 * The composite key is what the stream and selection find an organisation by, one organisation a key: a row whose
 * new key another live organisation already holds (or an earlier row of the same run takes first) keeps its old key
 * and is reported as a collision (both ids), for an operator to merge or leave; its other forms are rewritten all
 * the same. Remembered decisions (match_decisions) are keyed by the query's search form too: their keys are
 * recomputed from the query as typed, and a decision whose new key would duplicate another of the same account,
 * country and organisation keeps its old key (counted).
 */
import { sql } from 'drizzle-orm';
import { canonicalName, keyName, searchName } from '../../../core/canonical-name';
import { compositeKey } from '../../../core/composite-key';
import { isCountryAlpha3 } from '../../../core/countries';
import { decisionQueryKey } from '../../../core/match-decision';
import type { Db } from '../client';
import { matchDecisions, organisationAliases, organisationNameWords, organisations } from '../schema';
import { addOrganisationNameWords, addOrganisationWords } from './organisations-write';

export interface KeyCollision {
  organisationId: string;
  /** The key the current normalisation gives it (kept: its old key). */
  key: string;
  /** The organisation that holds that key. */
  heldBy: string;
}

export interface ReindexFigures {
  organisations: number;
  searchNames: number;
  keys: number;
  aliases: number;
  postings: number;
  decisions: number;
  decisionCollisions: number;
  keyCollisions: KeyCollision[];
  batches: number;
}

type StoredOrganisation = {
  id: string;
  name: string;
  search_name: string;
  key: string | null;
  country_iso_alpha3: string | null;
};

type StoredAlias = {
  id: string;
  organisation_id: string;
  value: string;
  search_value: string;
};

const FIRST_ID = '00000000-0000-0000-0000-000000000000';

const uuids = (values: readonly string[]) => sql`${sql.param([...values])}::uuid[]`;
const texts = (values: readonly (string | null)[]) => sql`${sql.param([...values])}::text[]`;

function newKeyOf(row: StoredOrganisation): string | null {
  const country = row.country_iso_alpha3;
  if (!country || !isCountryAlpha3(country) || keyName(row.name) === '') return row.key;
  return compositeKey(country, canonicalName(row.name));
}

/** The words an organisation's postings should hold: those of its search name and of its aliases' search values. */
function wordsOf(searchForms: readonly string[]): Set<string> {
  return new Set(searchForms.flatMap((form) => form.split(' ')).filter((word) => word !== ''));
}

async function reindexBatch(tx: Db, afterId: string, batchSize: number, figures: ReindexFigures): Promise<string | undefined> {
  const rows = (
    await tx.execute<StoredOrganisation>(sql`
      select id, name, search_name, key, country_iso_alpha3 from ${organisations}
       where id > ${afterId}::uuid order by id limit ${batchSize} for update`)
  ).rows;
  if (rows.length === 0) return undefined;
  figures.batches += 1;
  figures.organisations += rows.length;
  const ids = rows.map((row) => row.id);
  const aliases = (
    await tx.execute<StoredAlias>(sql`
      select id, organisation_id, value, search_value from ${organisationAliases} where organisation_id = any(${uuids(ids)}) order by id`)
  ).rows;
  const postings = (
    await tx.execute<{ word: string; organisation_id: string }>(sql`
      select word, organisation_id from ${organisationNameWords} where organisation_id = any(${uuids(ids)})`)
  ).rows;

  // Search names and aliases' search values.
  const searchNames = new Map(rows.map((row) => [row.id, searchName(row.name)]));
  const renamed = rows.filter((row) => searchNames.get(row.id) !== row.search_name);
  const aliasValues = new Map(aliases.map((alias) => [alias.id, searchName(alias.value)]));
  const changedAliases = aliases.filter((alias) => aliasValues.get(alias.id) !== alias.search_value);

  // Composite keys: taken only when no other live organisation holds the key, first come in id order.
  const rekeyed = rows.flatMap((row) => {
    const key = newKeyOf(row);
    return key !== null && key !== row.key ? [{ id: row.id, key }] : [];
  });
  const holders = new Map<string, string>();
  if (rekeyed.length > 0) {
    const held = await tx.execute<{ key: string; id: string }>(sql`
      select distinct on (key) key, id from ${organisations}
       where key = any(${texts(rekeyed.map((r) => r.key))}) and redirected_to is null order by key, id`);
    for (const row of held.rows) holders.set(row.key, row.id);
  }
  const keyed: { id: string; key: string }[] = [];
  for (const row of rekeyed) {
    const holder = holders.get(row.key);
    if (holder !== undefined && holder !== row.id) {
      figures.keyCollisions.push({ organisationId: row.id, key: row.key, heldBy: holder });
      continue;
    }
    holders.set(row.key, row.id);
    keyed.push(row);
  }

  if (renamed.length > 0) {
    await tx.execute(sql`
      update ${organisations} o set search_name = v.search_name, updated_at = now()
        from unnest(${uuids(renamed.map((r) => r.id))}, ${texts(renamed.map((r) => searchNames.get(r.id) ?? r.search_name))}) as v(id, search_name)
       where o.id = v.id`);
  }
  if (keyed.length > 0) {
    await tx.execute(sql`
      update ${organisations} o set key = v.key, updated_at = now()
        from unnest(${uuids(keyed.map((r) => r.id))}, ${texts(keyed.map((r) => r.key))}) as v(id, key)
       where o.id = v.id`);
  }
  if (changedAliases.length > 0) {
    await tx.execute(sql`
      update ${organisationAliases} a set search_value = v.search_value
        from unnest(${uuids(changedAliases.map((a) => a.id))}, ${texts(changedAliases.map((a) => aliasValues.get(a.id) ?? a.search_value))}) as v(id, search_value)
       where a.id = v.id`);
  }

  // Postings: an organisation whose stored words differ from its names' words gets its postings rewritten.
  const stored = new Map<string, Set<string>>();
  for (const posting of postings) stored.set(posting.organisation_id, (stored.get(posting.organisation_id) ?? new Set()).add(posting.word));
  const reposted = rows
    .filter((row) => {
      const expected = wordsOf([searchNames.get(row.id) ?? '', ...aliases.filter((a) => a.organisation_id === row.id).map((a) => aliasValues.get(a.id) ?? '')]);
      const current = stored.get(row.id) ?? new Set<string>();
      return expected.size !== current.size || [...expected].some((word) => !current.has(word));
    })
    .map((row) => row.id);
  if (reposted.length > 0) {
    await tx.execute(sql`delete from ${organisationNameWords} where organisation_id = any(${uuids(reposted)})`);
    await addOrganisationNameWords(tx, reposted);
  }
  const rewritten = [...new Set([...renamed.map((r) => r.id), ...changedAliases.map((a) => a.organisation_id)])];
  // New words join the typo-correction vocabulary (never pruned, docs/decisions/0021).
  await addOrganisationWords(tx, rewritten);

  figures.searchNames += renamed.length;
  figures.keys += keyed.length;
  figures.aliases += changedAliases.length;
  figures.postings += reposted.length;
  return rows.at(-1)?.id;
}

type StoredDecision = {
  id: string;
  account_id: string;
  query: string;
  query_key: string;
  country_iso_alpha3: string;
  organisation_id: string;
};

async function reindexDecisionBatch(tx: Db, afterId: string, batchSize: number, figures: ReindexFigures): Promise<string | undefined> {
  const rows = (
    await tx.execute<StoredDecision>(sql`
      select id, account_id, query, query_key, country_iso_alpha3, organisation_id from ${matchDecisions}
       where id > ${afterId}::uuid order by id limit ${batchSize} for update`)
  ).rows;
  if (rows.length === 0) return undefined;
  for (const row of rows) {
    const queryKey = decisionQueryKey(row.query);
    if (queryKey === row.query_key || queryKey === '') continue;
    // One decision per (account, query key, country, organisation): an existing one for the new key stays as it is.
    const moved = await tx.execute(sql`
      update ${matchDecisions} d set query_key = ${queryKey}
       where d.id = ${row.id}::uuid
         and not exists (select 1 from ${matchDecisions} o
                          where o.account_id = d.account_id and o.query_key = ${queryKey}
                            and o.country_iso_alpha3 = d.country_iso_alpha3 and o.organisation_id = d.organisation_id)`);
    if ((moved.rowCount ?? 0) > 0) figures.decisions += 1;
    else figures.decisionCollisions += 1;
  }
  return rows.at(-1)?.id;
}

/**
 * Recomputes every organisation's search forms and postings, then every remembered decision's query key, in batches
 * of `batchSize` rows (one transaction each). `onBatch` is told the running figures after each batch (progress).
 */
export async function reindexOrganisations(
  db: Db,
  options: { batchSize: number; onBatch?: (figures: Readonly<ReindexFigures>) => void },
): Promise<ReindexFigures> {
  const figures: ReindexFigures = {
    organisations: 0,
    searchNames: 0,
    keys: 0,
    aliases: 0,
    postings: 0,
    decisions: 0,
    decisionCollisions: 0,
    keyCollisions: [],
    batches: 0,
  };
  for (let after: string | undefined = FIRST_ID; after !== undefined;) {
    const from: string = after;
    after = await db.transaction((tx) => reindexBatch(tx, from, options.batchSize, figures));
    options.onBatch?.(figures);
  }
  for (let after: string | undefined = FIRST_ID; after !== undefined;) {
    const from: string = after;
    after = await db.transaction((tx) => reindexDecisionBatch(tx, from, options.batchSize, figures));
  }
  return figures;
}
