/**
 * Derives bench/evaluation/identity.v1.json (the identity evaluation set, issue 20 section 7) from the public
 * sources listed in SOURCES.md, read from local git copies of their repositories:
 *
 *   npx tsx bench/evaluation/derive-identity-set.ts \
 *     --opensanctions /work/.mirror/opensanctions+opensanctions/repo \
 *     --lei-rdf /work/.mirror/GLEIF-IT+lei-rdf/repo
 *
 * Deterministic: the same source commits give the same file (the commits are recorded in its description).
 *
 * What is stored and what is asked:
 * - stored: each organisation's name as its source spells it (and its LEI when it has one); never its aliases,
 *   former names or other-script names, so every such name is a query the lookup must resolve on its own;
 * - queries, by kind: `exact` (the stored name), `identifier` (the LEI as is), `identifier-typed` ("LEI: ...",
 *   "lei ...", the name followed by "LEI ..."), `partial` (a source alias whose words are some of the name's:
 *   "Hikvision"), `former-name` (the source's previous names), `other-name` (other Latin aliases: acronyms,
 *   transliterated Russian names), `foreign-legal-form` (an alias that is the name with another country's legal
 *   form, per the GLEIF ISO 20275 list: "AO Kompel" for "JSC Kompel"), `transliteration` (a Cyrillic or Greek
 *   alias of a Latin name), `namesake` (the name of an organisation another stored organisation extends with
 *   words: "China Mobile Limited" beside "China Mobile Communications Group Co., Ltd."), `no-organisation` (real
 *   organisations of the sources held out of the store: they exist nowhere in it);
 * - pairs: same (a name and its alias, former name or other-script name) and different (parent and subsidiary,
 *   namesakes, organisations sharing a word), all from the sources' own records.
 *
 * Legal forms are recognised with the GLEIF Entity Legal Forms list (ISO 20275), all countries, abbreviations
 * and full names in local and transliterated spelling. Disjoint from organisations.v1.json by core name.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { isValidLei } from '../../src/core/identifiers';
import { SEARCH_QUERY_MAX_LENGTH } from '../../src/server/search/search-request';
import { seededRandom } from '../support/stats';
import { loadEvaluationSet } from './evaluation-set';
import {
  IDENTITY_SET_VERSION,
  identitySetFile,
  identitySetSchema,
  type IdentityKind,
  type IdentityOrganisation,
  type IdentityPair,
  type IdentityQuery,
} from './identity-set';

const args = parseArgs({
  options: {
    opensanctions: { type: 'string' },
    'lei-rdf': { type: 'string' },
    'hold-out': { type: 'string', default: '0.08' },
  },
}).values;
if (!args.opensanctions || !args['lei-rdf']) throw new Error('give --opensanctions <git dir> and --lei-rdf <git dir>');

const git = (dir: string, ...rest: string[]) => execFileSync('git', ['-C', dir, ...rest], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const show = (dir: string, file: string) => git(dir, 'show', `HEAD:${file}`);
const headOf = (dir: string) => git(dir, 'rev-parse', 'HEAD').trim();

const OS = args.opensanctions;
const LEI_RDF = args['lei-rdf'];
const EU_DIR = 'datasets/eu/journal_sanctions/data/consolidated';
const DOD_FILE = 'datasets/us/dod_chinese_milcorps/sanctions.csv';
const ELF_FILE = 'datasets/_global/gleif/ref/elf-codes-1.4.1.csv';
const LEI_FILE = 'ontology/sample/L1Data.ttl';

type Row = Record<string, string>;
const csv = (text: string): Row[] => parse(text, { columns: true, bom: true, skip_empty_lines: true, relax_quotes: true }) as Row[];

// ---------------------------------------------------------------------------------------------------------
// Words and legal forms

/** Lower case, accents folded, apostrophes and quotes dropped, other punctuation as spaces. */
function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`"«»“”„]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '');
}

const elf = csv(show(OS, ELF_FILE));
/** Legal-form phrases (as word lists), longest first: ELF abbreviations and names in every country and spelling. */
const LEGAL_FORMS: string[][] = (() => {
  const phrases = new Set<string>();
  for (const row of elf) {
    const values = [
      row['Entity Legal Form name Local name'] ?? '',
      row['Entity Legal Form name Transliterated name (per ISO 01-140-10)'] ?? '',
      ...(row['Abbreviations Local language'] ?? '').split(';'),
      ...(row['Abbreviations transliterated'] ?? '').split(';'),
    ];
    for (const value of values) {
      const w = words(value);
      // One-letter phrases ("a", "e") would eat initials; names of 6+ words are descriptions, not forms.
      if (w.length === 0 || w.length > 6 || (w.length === 1 && (w[0]?.length ?? 0) < 2)) continue;
      phrases.add(w.join(' '));
    }
  }
  // Forms the sources spell in English that the list gives only in other words.
  for (const extra of [
    'jsc',
    'ojsc',
    'pjsc',
    'cjsc',
    'llc',
    'joint stock company',
    'open joint stock company',
    'closed joint stock company',
    'public joint stock company',
    'limited liability company',
    'co ltd',
    'company limited',
    'corporation limited',
    'co',
    'ltd',
    'limited',
    'inc',
    'corporation',
    'corp',
    'company',
  ])
    phrases.add(extra);
  return [...phrases].map((p) => p.split(' ')).sort((a, b) => b.length - a.length);
})();
const FORMS_BY_FIRST = new Map<string, string[][]>();
for (const phrase of LEGAL_FORMS) {
  const first = phrase[0] ?? '';
  FORMS_BY_FIRST.set(first, [...(FORMS_BY_FIRST.get(first) ?? []), phrase]);
}

/** The name's words split into its legal-form words and its core (every other word), longest forms first; a
 * parenthesised part ("(PCI)", "(Beijing)") is left out: sources add acronyms and places there. */
function splitLegalForms(text: string): { core: string[]; forms: string[] } {
  const w = words(text.replace(/\([^()]*\)/gu, ' '));
  const core: string[] = [];
  const forms: string[] = [];
  for (let i = 0; i < w.length;) {
    const match = (FORMS_BY_FIRST.get(w[i] ?? '') ?? []).find((phrase) => phrase.every((p, j) => w[i + j] === p));
    // A form is only a form at either end of the name, or before another form ("Co Ltd").
    if (match !== undefined && (i === 0 || i + match.length === w.length || core.length > 0)) {
      const atEnd = i + match.length === w.length;
      const atStart = core.length === 0;
      if (atStart || atEnd || (FORMS_BY_FIRST.get(w[i + match.length] ?? '') ?? []).length > 0) {
        forms.push(match.join(' '));
        i += match.length;
        continue;
      }
    }
    core.push(w[i] ?? '');
    i += 1;
  }
  return { core, forms };
}

/** The core words as one key; a leading "the" does not make another name ("The Foundation for ..."). */
const coreKey = (text: string) =>
  splitLegalForms(text)
    .core.filter((w, i) => i > 0 || w !== 'the')
    .join(' ');
const hasNonLatinLetter = (text: string) => /[\p{Script=Cyrillic}\p{Script=Greek}]/u.test(text);
const hasOtherScript = (text: string) => /[^\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Common}\p{Script=Inherited}]/u.test(text);

// ---------------------------------------------------------------------------------------------------------
// Records of the sources

interface SourceRecord {
  source: string;
  name: string;
  lei?: string;
  country: string | null;
  aliases: string[];
  formerNames: string[];
  parent?: string;
}

/** EU Official Journal consolidated sanctions: legal entities, their aliases (Latin, Cyrillic, Greek) and previous names. */
function euRecords(): SourceRecord[] {
  const files = git(OS, 'ls-tree', '--name-only', 'HEAD', `${EU_DIR}/`).trim().split('\n').sort();
  const records: SourceRecord[] = [];
  for (const file of files) {
    for (const row of csv(show(OS, file))) {
      if (!['LegalEntity', 'Company', 'Organization'].includes(row.schema ?? '')) continue;
      const name = (row.name ?? '').trim();
      if (name === '' || hasOtherScript(name) || hasNonLatinLetter(name)) continue;
      const split = (value: string | undefined) =>
        (value ?? '')
          .split(';')
          .map((v) =>
            v
              .trim()
              .replace(/^and\s+/i, '')
              .replace(/[.;]$/, '')
              .trim(),
          )
          .filter((v) => v !== '');
      const lei = (row.leiCode ?? '').trim();
      records.push({
        source: 'eu',
        name,
        lei: lei === '' ? undefined : lei,
        country: null,
        aliases: split(row.alias).map((a) => a.replace(/\s*\([^()]*\)\s*$/u, '').trim()),
        formerNames: split(row.previousName),
      });
    }
  }
  return records;
}

/** US DoD 1260H list: clean names, aliases, previous names ("formerly ...") and parents. */
function dodRecords(): SourceRecord[] {
  return csv(show(OS, DOD_FILE)).map((row) => {
    const formerly = [...(row.Name ?? '').matchAll(/\(formerly ([^)]+)\)/giu)].map((m) => (m[1] ?? '').trim());
    const formerNames = [...formerly, ...(row['Previous Name'] ?? '').split(';')].map((v) => v.trim()).filter((v) => v !== '');
    const aliases = (row.Alias ?? '')
      .split(/,(?!\s*(?:Ltd|Inc|LLC|Limited)\b)/u)
      .map((v) => v.trim())
      .filter((v) => v !== '' && !formerNames.includes(v));
    const parent = (row['Parent Name'] ?? '').replace(/\s*\([^()]*\)\s*$/u, '').trim();
    return {
      source: 'dod',
      name: (row['Clean Name'] ?? '').replace(/\s*\([^()]*\)\s*$/u, '').trim(),
      country: 'CHN',
      aliases,
      formerNames,
      parent: parent === '' ? undefined : parent,
    };
  });
}

/** GLEIF's sample level-1 records: LEI, legal name and previous legal names. */
function gleifRecords(): SourceRecord[] {
  const records: SourceRecord[] = [];
  for (const block of show(LEI_RDF, LEI_FILE).split(/\n\s*\n/)) {
    const head = /^gleif-L1-data:L-([0-9A-Z]{20})\s*$/m.exec(block);
    if (head === null || !block.includes('hasLegalName')) continue;
    const name = /hasLegalName "([^"]+)"/.exec(block)?.[1];
    if (name === undefined) continue;
    const previous = /hasPreviousLegalName\s+((?:"[^"]+"\s*,?\s*)+)/.exec(block)?.[1] ?? '';
    const jurisdiction = /hasLegalJurisdiction lcc-3166-1-adj:([A-Z]{2})/.exec(block)?.[1];
    records.push({
      source: 'gleif',
      name,
      lei: head[1],
      country: jurisdiction === 'US' ? 'USA' : jurisdiction === 'CH' ? 'CHE' : null,
      aliases: [],
      formerNames: [...previous.matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? ''),
    });
  }
  return records;
}

// ---------------------------------------------------------------------------------------------------------
// Organisations: one per core name, records of the same core merged

interface Organisation extends SourceRecord {
  id: string;
}

function slug(text: string): string {
  return (
    words(text)
      .join('-')
      .replace(/[^a-z0-9-]/g, '')
      .slice(0, 48)
      .replace(/-+$/, '') || 'x'
  );
}

const v1Cores = new Set(loadEvaluationSet(1).organisations.flatMap((o) => [o.name, ...o.aliases].map(coreKey)));
const byCore = new Map<string, Organisation>();
const ids = new Set<string>();
for (const record of [...gleifRecords(), ...dodRecords(), ...euRecords()]) {
  const core = coreKey(record.name);
  if (core === '' || v1Cores.has(core)) continue;
  const held = byCore.get(core);
  if (held !== undefined) {
    // The same organisation listed again (another regulation, another list): its names join.
    for (const a of record.aliases) if (!held.aliases.includes(a)) held.aliases.push(a);
    for (const f of record.formerNames) if (!held.formerNames.includes(f)) held.formerNames.push(f);
    held.lei ??= record.lei;
    held.parent ??= record.parent;
    continue;
  }
  let id = `${record.source}-${slug(record.name)}`;
  for (let n = 2; ids.has(id); n += 1) id = `${record.source}-${slug(record.name)}-${n}`;
  ids.add(id);
  byCore.set(core, { ...record, aliases: [...record.aliases], formerNames: [...record.formerNames], id });
}
const all = [...byCore.values()];

// Held out (exist nowhere in the store): a seeded share of the organisations without an LEI, and none that a
// stored organisation names as its parent.
const random = seededRandom(20);
const parentCores = new Set(all.map((o) => (o.parent === undefined ? '' : coreKey(o.parent))));
const holdOut = Number(args['hold-out']);
const heldOut = new Set(all.filter((o) => o.lei === undefined && !parentCores.has(coreKey(o.name)) && random() < holdOut).map((o) => o.id));
const stored = all.filter((o) => !heldOut.has(o.id));

// Any name of a stored organisation, to keep queries from naming another stored organisation by accident.
const coreOwners = new Map<string, Set<string>>();
for (const o of stored) {
  for (const n of [o.name, ...o.aliases, ...o.formerNames]) {
    const key = coreKey(n);
    if (key === '') continue;
    coreOwners.set(key, new Set([...(coreOwners.get(key) ?? []), o.id]));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Queries

const queries: IdentityQuery[] = [];
const seen = new Set<string>();
function ask(kind: IdentityKind, query: string, targetIds: string[], namesakeIds?: string[]): void {
  const text = query.replace(/\s+/g, ' ').trim();
  const key = `${kind}\u0000${text.toLowerCase()}`;
  // A query longer than the lookup accepts is not one a user can ask.
  if (text === '' || text.length > SEARCH_QUERY_MAX_LENGTH || seen.has(key)) return;
  seen.add(key);
  queries.push({ kind, query: text, targetIds: [...targetIds].sort(), ...(namesakeIds ? { namesakeIds: [...namesakeIds].sort() } : {}) });
}

/** The organisations a name names: every stored organisation with that core among its names. */
const ownersOf = (name: string, fallback: string) => [...(coreOwners.get(coreKey(name)) ?? new Set([fallback]))];

/** A stable pseudo-random order of an organisation's aliases (FNV-1a of id and alias). */
function aliasOrder(id: string, alias: string): number {
  let h = 0x811c9dc5;
  for (const c of `${id}\u0000${alias}`) h = Math.imul(h ^ (c.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return h;
}

function kindOfAlias(alias: string, name: string): IdentityKind | undefined {
  if (hasOtherScript(alias)) return undefined;
  if (hasNonLatinLetter(alias)) return 'transliteration';
  const a = splitLegalForms(alias);
  const n = splitLegalForms(name);
  if (a.core.length === 0) return undefined;
  if (a.core.join(' ') === n.core.join(' ')) {
    const sameForms = a.forms.join(' ') === n.forms.join(' ');
    return a.forms.length > 0 && !sameForms ? 'foreign-legal-form' : undefined;
  }
  const nameWords = new Set(n.core);
  if (a.core.every((w) => nameWords.has(w)) && a.core.length < n.core.length && a.core.some((w) => w.length >= 3)) return 'partial';
  return 'other-name';
}

for (const o of stored) {
  ask('exact', o.name, ownersOf(o.name, o.id));
  if (o.lei !== undefined && isValidLei(o.lei)) {
    ask('identifier', o.lei, [o.id]);
    ask('identifier-typed', `LEI: ${o.lei}`, [o.id]);
    ask('identifier-typed', `lei ${o.lei.toLowerCase()}`, [o.id]);
    ask('identifier-typed', `${o.name} LEI ${o.lei}`, [o.id]);
  }
  // Every partial, legal-form and former name; one other-name and one transliteration per organisation (the
  // sources list up to ten), drawn by a seeded generator, keep the set small and no organisation dominant.
  const asked = new Set<IdentityKind>();
  for (const alias of [...o.aliases].sort((x, y) => aliasOrder(o.id, x) - aliasOrder(o.id, y))) {
    const kind = kindOfAlias(alias, o.name);
    if (kind === undefined || ((kind === 'other-name' || kind === 'transliteration') && asked.has(kind))) continue;
    asked.add(kind);
    ask(kind, alias, ownersOf(alias, o.id));
  }
  for (const former of o.formerNames) {
    if (hasOtherScript(former) || coreKey(former) === coreKey(o.name)) continue;
    ask(hasNonLatinLetter(former) ? 'transliteration' : 'former-name', former, ownersOf(former, o.id));
  }
}

// Namesakes: a stored name whose core words another stored name contains, with more words.
const namesakePairs: { short: Organisation; long: Organisation }[] = [];
const byWord = new Map<string, Organisation[]>();
for (const o of stored) for (const w of new Set(splitLegalForms(o.name).core)) byWord.set(w, [...(byWord.get(w) ?? []), o]);
for (const short of stored) {
  const core = splitLegalForms(short.name).core;
  if (core.length < 2 || !core.some((w) => w.length >= 4)) continue;
  const rarest = [...core].sort((x, y) => (byWord.get(x)?.length ?? 0) - (byWord.get(y)?.length ?? 0))[0] ?? '';
  const longer = (byWord.get(rarest) ?? []).filter((long) => {
    if (long.id === short.id) return false;
    const longCore = splitLegalForms(long.name).core;
    // The longer name begins with the shorter's words and adds words (a subsidiary or sister company).
    return longCore.length > core.length && core.every((w, i) => longCore[i] === w);
  });
  // A longer name the source gives as another name of the same organisation is no namesake.
  const owners = ownersOf(short.name, short.id);
  const namesakes = longer.filter((l) => !owners.includes(l.id));
  if (namesakes.length === 0) continue;
  ask(
    'namesake',
    short.name,
    owners,
    namesakes.map((l) => l.id),
  );
  for (const long of namesakes) namesakePairs.push({ short, long });
}

for (const o of all.filter((x) => heldOut.has(x.id))) {
  const core = coreKey(o.name);
  if (coreOwners.has(core)) continue;
  ask('no-organisation', o.name, []);
}

// ---------------------------------------------------------------------------------------------------------
// Pairs

const pairs: IdentityPair[] = [];
const pairKeys = new Set<string>();
function pair(a: string, b: string, same: boolean, why: string): void {
  const key = [a, b]
    .map((x) => x.toLowerCase())
    .sort()
    .join('\u0000');
  if (a.trim() === '' || b.trim() === '' || a === b || pairKeys.has(key) || hasOtherScript(a) || hasOtherScript(b)) return;
  pairKeys.add(key);
  pairs.push({ a, b, same, why });
}
for (const o of all) {
  // One alias and one other-script name per organisation (seeded order), every former name.
  const latin = o.aliases.filter((a) => !hasNonLatinLetter(a)).sort((x, y) => aliasOrder(o.id, x) - aliasOrder(o.id, y))[0];
  const other = o.aliases.filter((a) => hasNonLatinLetter(a)).sort((x, y) => aliasOrder(o.id, x) - aliasOrder(o.id, y))[0];
  if (latin !== undefined) pair(o.name, latin, true, 'alias');
  if (other !== undefined) pair(o.name, other, true, 'other-script name');
  for (const former of o.formerNames) pair(former, o.name, true, 'former name');
  if (o.parent !== undefined && coreKey(o.parent) !== coreKey(o.name)) pair(o.parent, o.name, false, 'parent and subsidiary');
}
for (const { short, long } of namesakePairs) pair(short.name, long.name, false, 'namesake adding words');
// Different organisations sharing a distinctive word (a word at most 5 organisations have): hard negatives.
for (const [word, owners] of [...byWord.entries()].sort(([x], [y]) => (x < y ? -1 : 1))) {
  if (word.length < 5 || owners.length < 2 || owners.length > 5) continue;
  const [first, second] = owners;
  if (first === undefined || second === undefined) continue;
  // Only pairs sharing that one word and little else (a source may list one organisation twice, reworded).
  const [x, y] = [first, second].map((o) => new Set(splitLegalForms(o.name).core));
  if (x === undefined || y === undefined) continue;
  const shared = [...x].filter((w) => y.has(w)).length;
  if (shared !== 1 || shared / (x.size + y.size - shared) > 0.25) continue;
  pair(first.name, second.name, false, `different organisations sharing "${word}"`);
}

// ---------------------------------------------------------------------------------------------------------

const organisations: IdentityOrganisation[] = stored.map((o) => ({
  id: o.id,
  name: o.name,
  country: o.country,
  identifiers: o.lei !== undefined && isValidLei(o.lei) ? [{ type: 'LEI' as const, value: o.lei }] : [],
  source: o.source,
}));

const set = identitySetSchema.parse({
  version: IDENTITY_SET_VERSION,
  description:
    `Real organisations and their real name variation (issue 20 section 7), derived by bench/evaluation/derive-identity-set.ts ` +
    `from opensanctions/opensanctions@${headOf(OS).slice(0, 12)} (EU Official Journal sanctions, US DoD 1260H list, GLEIF ELF list) ` +
    `and GLEIF-IT/lei-rdf@${headOf(LEI_RDF).slice(0, 12)} (GLEIF level-1 sample). See SOURCES.md.`,
  organisations,
  queries,
  pairs,
});
const file = identitySetFile(IDENTITY_SET_VERSION);
const lines = [
  '{',
  `  "version": ${set.version},`,
  `  "description": ${JSON.stringify(set.description)},`,
  '  "organisations": [',
  set.organisations.map((o) => `    ${JSON.stringify(o)}`).join(',\n'),
  '  ],',
  '  "queries": [',
  set.queries.map((q) => `    ${JSON.stringify(q)}`).join(',\n'),
  '  ],',
  '  "pairs": [',
  set.pairs.map((p) => `    ${JSON.stringify(p)}`).join(',\n'),
  '  ]',
  '}',
  '',
];
fs.writeFileSync(file, lines.join('\n'));
const counts: Record<string, number> = {};
for (const q of set.queries) counts[q.kind] = (counts[q.kind] ?? 0) + 1;
process.stderr.write(
  `${file}: ${set.organisations.length} organisations, ${set.queries.length} queries ${JSON.stringify(counts)}, ` +
    `${set.pairs.length} pairs (${set.pairs.filter((p) => p.same).length} same), ${fs.statSync(file).size} bytes\n`,
);
