/**
 * Derives bench/evaluation/identity.v2.json (the identity evaluation set, issue 20 section 7) from the public
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
 * - queries, by kind (each decided by a rule written here, never by the product's matcher; README.md): `exact`,
 *   `identifier`, `identifier-typed`, `partial`, `spelling` (a Latin alias whose core words are the name's respelled),
 *   `foreign-legal-form`, `transliteration` (a Cyrillic or Greek alias whose BGN/PCGN or ELOT romanisation is the
 *   name's words respelled) and `translation` (any other), `former-name` (sharing a distinctive word) and `rename`
 *   (sharing none), `former-name-stored` (the former names of a seeded half of the organisations that have some,
 *   stored with them), `other-name`, `namesake`, `no-organisation` (real organisations held out of the store);
 * - pairs, each with its kind: same (a name and its alias, former name or other-script name) and different (parent
 *   and subsidiary, namesakes, organisations sharing a word), all from the sources' own records.
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
  type IdentityPairKind,
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
    // Russian forms in Cyrillic, which the list's Russian entries do not cover in every spelling the sources use.
    'общество с ограниченной ответственностью',
    'акционерное общество',
    'публичное акционерное общество',
    'открытое акционерное общество',
    'закрытое акционерное общество',
    'ооо',
    'оао',
    'зао',
    'пао',
    'ао',
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
// Kinds decided by rule, never by the product's matcher (its transliteration and similarity are what is measured)

/**
 * Russian Cyrillic to Latin by the BGN/PCGN 1947 romanisation (the one English-language lists use: ж zh, х kh,
 * ц ts, ч ch, ш sh, щ shch, ю yu, я ya, ы y, й y, е/ё e, signs dropped), Ukrainian and Belarusian letters by their
 * BGN/PCGN values; Greek by ELOT 743 (ISO 843 type 2). Written here, apart from src/core/transliteration.ts, so
 * that the kind of a query never depends on the code it measures.
 */
const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
  ў: 'w',
};
const GREEK: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};
function romanise(text: string): string {
  return [...text.normalize('NFD').replace(/\p{M}/gu, '')]
    .map((c) => {
      const lower = c.toLowerCase();
      return CYRILLIC[lower] ?? GREEK[lower] ?? c;
    })
    .join('');
}

/** Damerau-Levenshtein (optimal string alignment) distance. */
function distance(a: string, b: string): number {
  const rows = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((rows[i - 1]?.[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (rows[i - 1]?.[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? 0;
}

/** Two words are one word spelled two ways: within one edit per four letters of the longer (at least one), or the
 * first, of 5+ letters, is part of the second (names run together: "‘Crimea’‘Chernomorneftegaz’"). */
const closeWords = (a: string, b: string) =>
  a === b || (a.length >= 5 && b.includes(a)) || distance(a, b) <= Math.max(1, Math.floor(Math.max(a.length, b.length) / 4));

/** The core words (legal forms left out, ELF list, in the name's own script and romanised) of 3+ letters, romanised. */
const coreWords = (text: string) => splitLegalForms(splitLegalForms(text).core.map(romanise).join(' ')).core.filter((w) => w.length >= 3);

/**
 * The same words spelled another way: every core word (3+ letters) of each name has a close word in the other
 * (closeWords), or the names are the same once spaces are ignored. "Ostek-CMT" / "OSTEC-SMT", "Avtocom" / "Avtokom".
 */
function sameWordsRespelled(a: string, b: string): boolean {
  const x = coreWords(a);
  const y = coreWords(b);
  if (x.length === 0 || y.length === 0) return false;
  if (x.join('') === y.join('')) return true;
  return x.every((w) => y.some((v) => closeWords(w, v))) && y.every((w) => x.some((v) => closeWords(w, v)));
}

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
        formerNames: split(row.previousName).flatMap(namesOfField),
      });
    }
  }
  return records;
}

/** US DoD 1260H list: clean names, aliases, previous names ("formerly ...") and parents. */
function dodRecords(): SourceRecord[] {
  return csv(show(OS, DOD_FILE)).map((row) => {
    const formerly = [...(row.Name ?? '').matchAll(/\(formerly ([^)]+)\)/giu)].map((m) => (m[1] ?? '').trim());
    const formerNames = [...formerly, ...(row['Previous Name'] ?? '').split(';').flatMap(namesOfField)].map((v) => v.trim()).filter((v) => v !== '');
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

/**
 * Former names the OpenSanctions crawlers' configuration gives from the source's own text (the .yml files under datasets/):
 * lookups that set a name and its `previousName` / `previous_name`, and matched source strings of the form
 * "Name (formerly Old Name)" / "(f.k.a. Old Name)" / "(formerly known as Old Name)". Names holding digits or more
 * than one comma (addresses) are left out.
 */
function lookupRecords(): SourceRecord[] {
  const files = git(OS, 'ls-tree', '-r', '--name-only', 'HEAD', 'datasets/')
    .trim()
    .split('\n')
    .filter((f) => f.endsWith('.yml'))
    .sort();
  const records: SourceRecord[] = [];
  const unquote = (v: string) =>
    v
      .trim()
      .replace(/^["']|["']$/g, '')
      .trim();
  const plausible = (v: string) => v !== '' && !/\d{2}/.test(v) && (v.match(/,/g) ?? []).length <= 1 && v.length <= 120;
  for (const file of files) {
    const text = show(OS, file);
    if (!/previous_?name|formerly|f\.k\.a\./i.test(text)) continue;
    const lines = text.split('\n');
    for (const [i, line] of lines.entries()) {
      const previous = /^\s+(?:previousName|previous_name):\s*(.+)$/.exec(line)?.[1];
      if (previous !== undefined) {
        // The name set by the same lookup: the nearest `name:` line above, within the lookup.
        const name = lines
          .slice(Math.max(0, i - 4), i)
          .reverse()
          .map((l) => /^\s+name:\s*(.+)$/.exec(l)?.[1])
          .find((v) => v !== undefined);
        if (name !== undefined && plausible(unquote(name)) && plausible(unquote(previous)))
          records.push({ source: 'lookups', name: unquote(name), country: null, aliases: [], formerNames: [unquote(previous)] });
        continue;
      }
      const matched = /^\s+-?\s*match:\s*(.+)$/.exec(line)?.[1];
      const formerly = matched === undefined ? null : /^(.+?),?\s+\((?:formerly known as|formerly|f\.k\.a\.),?\s+([^)]+)\)/i.exec(unquote(matched));
      if (formerly === null) continue;
      const name = (formerly[1] ?? '').trim();
      const old = (formerly[2] ?? '').trim();
      if (plausible(name) && plausible(old) && !/^(located|listed)\b/i.test(old))
        records.push({ source: 'lookups', name, country: null, aliases: [], formerNames: [old] });
    }
  }
  return records;
}

/** A list of names a source gives in one field, comma-separated ("Mail.ru group, VK Company Limited"); a comma
 * before a legal form ("Acme, Inc.") does not separate. */
const namesOfField = (value: string) =>
  value
    .split(/,(?!\s*(?:Ltd|Inc|LLC|Limited|Co\b|S\.A|N\.A|National Association))/u)
    .map((v) => v.trim())
    .filter((v) => v !== '');

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
for (const record of [...gleifRecords(), ...dodRecords(), ...euRecords(), ...lookupRecords()]) {
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

// Distinctive words: core words (3+ letters, romanised) that at most DISTINCTIVE_SHARE of the organisations carry.
const DISTINCTIVE_SHARE = 0.01;
const documentFrequency = new Map<string, number>();
for (const o of all) for (const w of new Set(coreWords(o.name))) documentFrequency.set(w, (documentFrequency.get(w) ?? 0) + 1);
const distinctive = (w: string) => (documentFrequency.get(w) ?? 0) <= Math.max(2, DISTINCTIVE_SHARE * all.length);

/**
 * A rename: the former name shares no distinctive word (spelled within closeWords) with the name ("NOMOS Bank" ->
 * "Otkritie FC Bank": "bank" is not distinctive). Text alone cannot find such a name; only a stored former name can.
 */
function isRename(former: string, name: string): boolean {
  const now = coreWords(name);
  return !coreWords(former).some((w) => distinctive(w) && now.some((v) => closeWords(w, v)));
}

/** A former name worth asking: Latin or Cyrillic/Greek, with another core than the name's. */
const askableFormerNames = (o: Organisation) => o.formerNames.filter((f) => !hasOtherScript(f) && coreKey(f) !== '' && coreKey(f) !== coreKey(o.name));

// Former names stored (as a registry gives them, `formerNames` of the import line): a seeded half of the
// organisations with a former name; the others' former names are asked without being stored.
const storeFormer = seededRandom(21);
const formerStored = new Set(stored.filter((o) => askableFormerNames(o).length > 0 && storeFormer() < 0.5).map((o) => o.id));

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

/** The kinds an alias (or a former name in another script) can be, as a query and as a pair. */
type AliasKind = Extract<IdentityKind, IdentityPairKind>;

function kindOfAlias(alias: string, name: string): AliasKind | undefined {
  if (hasOtherScript(alias)) return undefined;
  // Another script: a transliteration when its romanised core words are the name's respelled, else a translation.
  if (hasNonLatinLetter(alias)) return sameWordsRespelled(alias, name) ? 'transliteration' : 'translation';
  const a = splitLegalForms(alias);
  const n = splitLegalForms(name);
  if (a.core.length === 0) return undefined;
  if (a.core.join(' ') === n.core.join(' ')) {
    const sameForms = a.forms.join(' ') === n.forms.join(' ');
    return a.forms.length > 0 && !sameForms ? 'foreign-legal-form' : undefined;
  }
  const nameWords = new Set(n.core);
  if (a.core.every((w) => nameWords.has(w)) && a.core.length < n.core.length && a.core.some((w) => w.length >= 3)) return 'partial';
  if (sameWordsRespelled(alias, name)) return 'spelling';
  return 'other-name';
}

/** Kinds of which an organisation gives one query (the sources list up to ten such aliases). */
const ONE_PER_ORGANISATION: ReadonlySet<IdentityKind> = new Set(['other-name', 'spelling', 'transliteration', 'translation']);

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
    if (kind === undefined || (ONE_PER_ORGANISATION.has(kind) && asked.has(kind))) continue;
    asked.add(kind);
    ask(kind, alias, ownersOf(alias, o.id));
  }
  for (const former of askableFormerNames(o)) {
    const kind: IdentityKind = formerStored.has(o.id)
      ? 'former-name-stored'
      : hasNonLatinLetter(former)
        ? (kindOfAlias(former, o.name) ?? 'translation')
        : isRename(former, o.name)
          ? 'rename'
          : 'former-name';
    ask(kind, former, ownersOf(former, o.id));
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
function pair(a: string, b: string, same: boolean, kind: IdentityPairKind, why: string): void {
  const key = [a, b]
    .map((x) => x.toLowerCase())
    .sort()
    .join('\u0000');
  if (a.trim() === '' || b.trim() === '' || a === b || pairKeys.has(key) || hasOtherScript(a) || hasOtherScript(b)) return;
  pairKeys.add(key);
  pairs.push({ a, b, same, kind, why });
}
for (const o of all) {
  // Per organisation, the first alias (seeded order) of each kind; every former name.
  const taken = new Set<IdentityPairKind>();
  for (const alias of [...o.aliases].sort((x, y) => aliasOrder(o.id, x) - aliasOrder(o.id, y))) {
    if (hasOtherScript(alias)) continue;
    // An alias whose core and legal forms are the name's (punctuation, quotes, case): a spelling.
    const kind: IdentityPairKind = kindOfAlias(alias, o.name) ?? 'spelling';
    if (taken.has(kind)) continue;
    taken.add(kind);
    pair(o.name, alias, true, kind, hasNonLatinLetter(alias) ? 'other-script name' : 'alias');
  }
  for (const former of askableFormerNames(o)) {
    const kind: IdentityPairKind = hasNonLatinLetter(former)
      ? (kindOfAlias(former, o.name) ?? 'translation')
      : isRename(former, o.name)
        ? 'rename'
        : 'former-name';
    pair(former, o.name, true, kind, 'former name');
  }
  if (o.parent !== undefined && coreKey(o.parent) !== coreKey(o.name)) pair(o.parent, o.name, false, 'parent-subsidiary', 'parent and subsidiary');
}
for (const { short, long } of namesakePairs) pair(short.name, long.name, false, 'namesake', 'namesake adding words');
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
  pair(first.name, second.name, false, 'shared-word', `different organisations sharing "${word}"`);
}

// ---------------------------------------------------------------------------------------------------------

const organisations: IdentityOrganisation[] = stored.map((o) => ({
  id: o.id,
  name: o.name,
  country: o.country,
  identifiers: o.lei !== undefined && isValidLei(o.lei) ? [{ type: 'LEI' as const, value: o.lei }] : [],
  source: o.source,
  ...(formerStored.has(o.id) ? { formerNames: askableFormerNames(o) } : {}),
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
