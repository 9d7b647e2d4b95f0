/**
 * Legal forms (issue 20, section 1): the words and phrases that say what kind of entity an organisation is ("Pty Ltd",
 * "GmbH", "Aktiengesellschaft", "Sp. z o.o.", "ООО"), read by canonical-name.ts so that every spelling of a form gives
 * one key form and the search form leaves it out. Taken from the ISO 20275 Entity Legal Forms code list that GLEIF
 * maintains (legal-forms-iso-20275.json, made by scripts/derive-legal-forms.ts; source and licence in
 * docs/matching.md), with a short hand-kept table on top for English spellings the list does not give ("Pty. Ltd.",
 * "Co", "Joint Stock Company") and for the guards below.
 *
 * From each ELF form with an abbreviation:
 * - its names (local and transliterated) are spelled as its abbreviation wherever they appear ("Aktiengesellschaft"
 *   ag, "Osakeyhtiö" oy, "Общество с ограниченной ответственностью" llc), when the name is not English (the list's
 *   English names are registers' descriptions, "Insurance Company", "Development Corporation"), has at most 6 words,
 *   is not a single word under 8 letters ("Firma") and holds no ordinary name word ("Trust", "Fund", "Bank");
 * - its abbreviations are removed from the end of a name by the search form, except the ones that are also ordinary
 *   words or initials at the end of a name: single letters, two-letter ones but a known few (AG, AB, AS, SA, NV...),
 *   and the words of NAME_WORDS ("son", "gen", "trust", "spa");
 * - those of 3+ letters from countries that write the form before the name (Belarus, Lithuania, Latvia, Indonesia...)
 *   are also removed from its start, as are OOO/OAO/PJSC/JSC/LLC/PT/SIA/UAB;
 * - those of 3-6 Latin letters written with two capitals ("GmbH", "KGaA", "ApS", "SARL") are parted from a name they
 *   are run into ("AcmeGmbH"), as are AG, SE, SA, NV, BV, KK, SpA, Ltd, Inc, Corp.
 * Names of forms without an abbreviation ("Trust", "Public Institution") are descriptions, not forms: left alone.
 */
import elf from './legal-forms-iso-20275.json';
import { foldName } from './name-folding';

/** Single words spelled out -> the one abbreviation the key form uses. */
export const WORD_FORMS: Readonly<Record<string, string>> = {
  proprietary: 'pty',
  limited: 'ltd',
  incorporated: 'inc',
  corporation: 'corp',
  company: 'co',
  aktiengesellschaft: 'ag',
  kommanditgesellschaft: 'kg',
  aktiebolag: 'ab',
  aksjeselskap: 'as',
  osakeyhtio: 'oy',
  berhad: 'bhd',
  sendirian: 'sdn',
  // Russian legal forms (transliterated), spelled as their English abbreviations.
  oao: 'ojsc',
  zao: 'cjsc',
  pao: 'pjsc',
  ooo: 'llc',
};

/**
 * Phrases (in key form: lower case, no diacritics, already passed through WORD_FORMS) -> one spelling, applied
 * anywhere in the name. These win over the ELF list's.
 */
const HAND_PHRASES: ReadonlyArray<readonly [string, string]> = [
  ['gesellschaft mit beschrankter haftung', 'gmbh'],
  ['societe a responsabilite limitee', 'sarl'],
  ['societa a responsabilita limitata', 'srl'],
  ['societe par actions simplifiee', 'sas'],
  ['public ltd co', 'plc'],
  ['ltd liability co', 'llc'],
  ['ltd liability partnership', 'llp'],
  ['ltd partnership', 'lp'],
  ['societe anonyme', 'sa'],
  ['sociedad anonima', 'sa'],
  ['sociedade anonima', 'sa'],
  ['societa per azioni', 'spa'],
  ['sociedad limitada', 'sl'],
  ['besloten vennootschap', 'bv'],
  ['naamloze vennootschap', 'nv'],
  ['kabushiki kaisha', 'kk'],
  ['no liability', 'nl'],
  ['open joint stock co', 'ojsc'],
  ['public joint stock co', 'pjsc'],
  ['closed joint stock co', 'cjsc'],
  ['private joint stock co', 'prjsc'],
  ['joint stock co', 'jsc'],
  ['perseroan terbatas', 'pt'],
  ['spolka z ograniczona odpowiedzialnoscia', 'sp z oo'],
  ['spolka akcyjna', 'sa'],
  ['uzdaroji akcine bendrove', 'uab'],
  ['sabiedriba ar ierobezotu atbildibu', 'sia'],
  ['sociedad de responsabilidad ltda', 'srl'],
  ['private ltd', 'pvt ltd'],
  ['co operative', 'cooperative'],
  // Spellings the ELF list gives in another grammatical case or not at all.
  ['sp z o o', 'sp z oo'],
  ['akcine bendrove', 'ab'],
  ['anonim sirketi', 'as'],
  ['limited sirketi', 'ltd sti'],
  ['ltd sirketi', 'ltd sti'],
  ['spolecnost s rucenim omezenym', 'sro'],
  ['akciova spolecnost', 'as'],
  ['gesellschaft mbh', 'gmbh'],
  ['sa de capital variable', 'sa de cv'],
];

/** Russian, Ukrainian and Kazakh forms the ELF list (1.4.1) gives only for Belarus or not at all, as written. */
const HAND_CYRILLIC_PHRASES: ReadonlyArray<readonly [string, string]> = [
  ['Акционерное общество', 'jsc'],
  ['Публичное акционерное общество', 'pjsc'],
  ['Открытое акционерное общество', 'ojsc'],
  ['Закрытое акционерное общество', 'cjsc'],
  ['Общество с ограниченной ответственностью', 'llc'],
  ['Товарищество с ограниченной ответственностью', 'llp'],
  ['Акціонерне товариство', 'jsc'],
  ['Публічне акціонерне товариство', 'pjsc'],
  ['Приватне акціонерне товариство', 'prjsc'],
  ['Товариство з обмеженою відповідальністю', 'llc'],
];

/** Legal forms removed from the end of a name before the ELF list was read. */
const HAND_TRAILING: readonly string[] = [
  'sa de cv',
  'sp z oo',
  'pty ltd',
  'pvt ltd',
  'pte ltd',
  'sdn bhd',
  'and co',
  'de cv',
  'pty',
  'ltd',
  'inc',
  'corp',
  'co',
  'llc',
  'llp',
  'lp',
  'plc',
  'nl',
  'pte',
  'pvt',
  'bhd',
  'gmbh',
  'ag',
  'kg',
  'ohg',
  'ug',
  'ev',
  'se',
  'sa',
  'sas',
  'sarl',
  // Russian "АО" (joint stock company) written in Latin letters after the name ("Volgaburmash AO"); at the end only,
  // since "A. O." begins names ("A. O. Smith Corporation").
  'ao',
  'srl',
  'sl',
  'ltda',
  'bv',
  'nv',
  'ab',
  'as',
  'asa',
  'oy',
  'oyj',
  'aps',
  'kk',
  'sro',
  'kft',
  'zrt',
  'doo',
  'tbk',
  'ojsc',
  'pjsc',
  'cjsc',
  'prjsc',
  'jsc',
  'uab',
  'sia',
];

/** Two-letter abbreviations removed from the end of a name (other two-letter ones are too often initials or words). */
const TWO_LETTER_FORMS: ReadonlySet<string> = new Set([
  'co',
  'lp',
  'nl',
  'ag',
  'kg',
  'ug',
  'ev',
  'se',
  'sa',
  'sl',
  'bv',
  'nv',
  'ab',
  'as',
  'oy',
  'kk',
  'dd',
  'kd',
  'ky',
  'hf',
  'og',
  'eg',
]);

/**
 * Words the ELF list gives as a form (or in a form's name) that are ordinary words at the end of a name, or well-known
 * acronyms: spelled one way if the list says so, never removed, and a form's name holding one is not read as a form.
 */
const NAME_WORDS: ReadonlySet<string> = new Set([
  // Never stripped before the ELF list either ("Acme Day Spa").
  'spa',
  'ad',
  'pc',
  'cv',
  'cooperative',
  // English and other ordinary words, and acronyms of well-known organisations.
  ...[
    'son',
    'sons',
    'gen',
    'gar',
    'per',
    'sam',
    'sal',
    'sat',
    'sac',
    'sec',
    'soc',
    'fab',
    'fon',
    'ste',
    'teo',
    'tub',
    'zoo',
    'gag',
    'bab',
    'ent',
    'oba',
    'sha',
    'sic',
    'sci',
    'src',
    'ska',
    'osk',
    'oth',
    'pac',
    'ong',
    'sap',
    'sab',
  ],
  ...[
    'giz',
    'icc',
    'ibc',
    'emc',
    'psa',
    'mtu',
    'sca',
    'cic',
    'fsa',
    'ccc',
    'npc',
    'ctr',
    'cti',
    'scm',
    'dba',
    'mps',
    'cdc',
    'smc',
    'nbs',
    'crc',
    'lbg',
    'csl',
    'fiamm',
    'bank',
  ],
  ...[
    'trust',
    'trustco',
    'fund',
    'funds',
    'foundation',
    'association',
    'assn',
    'assoc',
    'society',
    'societe',
    'partnership',
    'union',
    'church',
    'club',
    'institute',
  ],
  ...['cooperatie', 'cooperatif', 'cooperation', 'coop', 'consorzio', 'confederation', 'confederazione', 'chartered', 'reit', 'other', 'undivided'],
  ...[
    'bezirk',
    'botschaft',
    'embassy',
    'ambasciate',
    'ambassade',
    'bund',
    'canton',
    'cantone',
    'kanton',
    'commune',
    'comune',
    'gemeinde',
    'district',
    'distretto',
  ],
  ...[
    'procura',
    'procuration',
    'prokura',
    'indivisioni',
    'indivisions',
    'einzelfirma',
    'zivnostnik',
    'orgen',
    'firma',
    'stiftung',
    'fondation',
    'fundacion',
    'fondazione',
  ],
  // Words that begin or run through names rather than end them ("Companhia Vale", "Sparbanken").
  ...['companhia', 'municipio', 'sparbank', 'medlemsbank'],
]);

/** Countries whose forms are written before the name ("UAB Telia", "SIA Tet", "PT Astra"): their forms of 3+ letters are removed from the start too. */
const LEADING_COUNTRIES: ReadonlySet<string> = new Set(['BY', 'RU', 'UA', 'KZ', 'KG', 'UZ', 'TJ', 'AM', 'AZ', 'GE', 'MD', 'LT', 'LV', 'ID', 'VN', 'MN']);

/** Forms removed from the start of a name before the ELF list was read ("OAO" and "Open Joint Stock Company" are "ojsc" by then). */
const HAND_LEADING: readonly string[] = ['pt', 'llc', 'ojsc', 'cjsc', 'pjsc', 'prjsc', 'jsc', 'uab', 'sia'];

/** Forms parted from a name they are run into before the ELF list was read ("SiemensAG", "AcmeGmbH", "FooLtd"). */
const HAND_JOINED: readonly string[] = ['AG', 'GmbH', 'SE', 'SA', 'SpA', 'NV', 'BV', 'KK', 'Ltd', 'LLC', 'LLP', 'Inc', 'PLC', 'Plc', 'Pty', 'Corp'];

const MAX_NAME_WORDS = 6;
const MIN_SINGLE_WORD_NAME_LENGTH = 8;

/** The key-form words of a written phrase, legal-form words spelled one way ("Limited Liability Company" -> ltd liability co). */
function phraseWords(text: string): string[] {
  const folded = foldName(text);
  return folded === '' ? [] : folded.split(' ').flatMap((word) => (WORD_FORMS[word] ?? word).split(' '));
}

const letters = (phrase: string): number => phrase.replace(/ /g, '').length;

/** Runs of single letters joined, as dotted initials are ("s a de c v" -> "sa de cv", "a s" -> "as"). */
function joinedInitials(phrase: string): string {
  return phrase.replace(/(?<![a-z0-9])[a-z](?: [a-z](?![a-z0-9]))+/g, (run) => run.replace(/ /g, ''));
}

function removableAtEnd(phrase: string): boolean {
  const words = phrase.split(' ');
  if (words.some((word) => NAME_WORDS.has(word))) return false;
  if (words.length > 1) return letters(phrase) >= 3 && words.length <= MAX_NAME_WORDS;
  return phrase.length >= 3 || TWO_LETTER_FORMS.has(phrase);
}

interface LegalFormTables {
  /** Phrase (key-form words joined by a space) -> the words it is spelled as. */
  phrases: Map<string, string[]>;
  trailing: Set<string>;
  leading: Set<string>;
  joined: Set<string>;
  spacedInitials: Map<string, string>;
}

function buildTables(): LegalFormTables {
  const votes = new Map<string, Map<string, number>>();
  const abbreviations = new Set<string>();
  const trailing = new Set(HAND_TRAILING);
  const leading = new Set(HAND_LEADING);
  const joined = new Set(HAND_JOINED);
  const spacedInitials = new Map<string, string>();
  for (const [country, language, names, written] of elf.forms as [string, string, string[], string[]][]) {
    const spelled = written.map((abbreviation) => phraseWords(abbreviation).join(' ')).filter((phrase) => letters(phrase) >= 2);
    for (const phrase of spelled) {
      abbreviations.add(phrase);
      const initials = joinedInitials(phrase);
      // "A/S", "K/S", "S. A." written with spaces: one word at the end of a name, as canonical-name.ts joins "S A".
      if (initials !== phrase && /^[a-z]( [a-z])+$/.test(phrase)) spacedInitials.set(phrase, initials);
    }
    const forms = [...new Set(spelled.map(joinedInitials))];
    for (const phrase of forms) {
      abbreviations.add(phrase);
      if (!removableAtEnd(phrase)) continue;
      trailing.add(phrase);
      if (LEADING_COUNTRIES.has(country) && letters(phrase) >= 3) leading.add(phrase);
    }
    for (const abbreviation of written) {
      const compact = abbreviation.replace(/[.\s]/g, '');
      const capitals = compact.replace(/[^A-Z]/g, '').length;
      if (/^[A-Za-z]{3,6}$/.test(compact) && capitals >= 2 && trailing.has(phraseWords(compact).join(' '))) joined.add(compact);
    }
    // The form's one spelling: its first one-word abbreviation, else its shortest.
    const canonical = forms.find((phrase) => !phrase.includes(' ')) ?? [...forms].sort((a, b) => a.length - b.length)[0];
    if (canonical === undefined) continue;
    // English names are US states' and Commonwealth registers' descriptions ("Insurance Company", "Development
    // Corporation", "Public Company"), not forms written beside a name: the hand table holds the English forms.
    if (language === 'en') continue;
    for (const name of names) {
      const words = phraseWords(name);
      if (words.length === 0 || words.length > MAX_NAME_WORDS || words.some((word) => NAME_WORDS.has(word))) continue;
      if (words.length === 1 && (words[0] ?? '').length < MIN_SINGLE_WORD_NAME_LENGTH) continue;
      const phrase = words.join(' ');
      if (phrase === canonical) continue;
      const tally = votes.get(phrase) ?? new Map<string, number>();
      tally.set(canonical, (tally.get(canonical) ?? 0) + 1);
      votes.set(phrase, tally);
    }
  }
  const phrases = new Map<string, string[]>();
  for (const [phrase, tally] of votes) {
    // An abbreviation is never respelled; a name given two spellings takes the one most forms give it.
    if (abbreviations.has(phrase)) continue;
    const [best] = [...tally].sort(([a, m], [b, n]) => n - m || a.length - b.length || a.localeCompare(b));
    if (best !== undefined) phrases.set(phrase, best[0].split(' '));
  }
  for (const [written, spelling] of HAND_CYRILLIC_PHRASES) phrases.set(phraseWords(written).join(' '), spelling.split(' '));
  for (const [phrase, spelling] of HAND_PHRASES) phrases.set(phrase, spelling.split(' '));
  return { phrases, trailing, leading, joined, spacedInitials };
}

const TABLES = buildTables();

/** Phrase (key-form words joined by one space) -> the words it is spelled as in the key form. */
export const LEGAL_FORM_PHRASES: ReadonlyMap<string, readonly string[]> = TABLES.phrases;
/** The most words of a phrase in LEGAL_FORM_PHRASES. */
export const MAX_LEGAL_FORM_PHRASE_WORDS = Math.max(...[...TABLES.phrases.keys()].map((phrase) => phrase.split(' ').length));

/** Legal forms (key form, as LEGAL_FORM_PHRASES spells them) that the search form removes from the end of a name. */
export const TRAILING_LEGAL_FORMS: ReadonlySet<string> = TABLES.trailing;
/** The most words of a form in TRAILING_LEGAL_FORMS or LEADING_LEGAL_FORMS. */
export const MAX_LEGAL_FORM_WORDS = Math.max(...[...TABLES.trailing, ...TABLES.leading].map((phrase) => phrase.split(' ').length));
/**
 * The hand-kept trailing forms: the only ones that may take a name's first word with them ("Pty Ltd" alone is a
 * name of legal words; "EMC Corp" keeps "emc" although EMC is also a form in the list). Also the legal-form words a
 * query may end with (canonical-name.ts, searchNameWithoutLegalFormWords), as before the list was read.
 */
export const HAND_TRAILING_LEGAL_FORMS: ReadonlySet<string> = new Set(HAND_TRAILING);

/** Abbreviations written as spaced single letters -> one word, at the end of a name only ("Acme A/S" acme as). */
export const SPACED_INITIAL_FORMS: ReadonlyMap<string, string> = TABLES.spacedInitials;

/** Legal forms (key form) that the search form removes from the start of a name ("OOO Romashka", "UAB Telia"). */
export const LEADING_LEGAL_FORMS: ReadonlySet<string> = TABLES.leading;

/** A legal form written against the word before it, after a lower-case letter: "SiemensAG", "AcmeGmbH", "FooLtd". */
export const JOINED_LEGAL_FORM = new RegExp(
  `(\\p{Ll})(${[...TABLES.joined].sort((a, b) => b.length - a.length || a.localeCompare(b)).join('|')})(?![\\p{L}\\p{N}])`,
  'gu',
);
