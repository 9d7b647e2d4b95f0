/**
 * Latin transliteration of Cyrillic, Greek, Armenian and Georgian letters (issue 20, section 1: names in other
 * alphabets match their Latin transliteration), for the key and search forms of names (canonical-name.ts, through
 * name-folding.ts). Lower-case letters with their diacritics already removed (NFKD: "ό" is "ο", "й" is "и", "ї"
 * is "і"). Cyrillic follows the BGN/PCGN romanisation that company registers and the press use
 * ("Газпром" gazprom, "Лукойл" lukoil, "Красный" krasnyi), with the Ukrainian letters of the Ukrainian national
 * system when a name has one of і, є, ґ ("Київ" kyiv, "Харків" kharkiv: г h, и y), and Bulgarian ъ as "a" before a
 * consonant ("България" balgariya; the Russian hard sign, before a vowel, is dropped). Greek follows ELOT 743
 * ("Κωτσόβολος" kotsovolos), Armenian BGN/PCGN ("Արարատ" ararat), Georgian the national system of 2002 ("თბილისი"
 * tbilisi). The spelling variants of other schemes (shch / shh, tz / ts, -iy / -yy / -ij / -y) meet in the
 * search form's Latin skeleton (latin-skeleton.ts), on both sides. A table of our own rather than a package: about
 * 150 letters, no dependency to keep. Other scripts (CJK, Arabic, Hebrew, Indic) are left as they are.
 */

const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'i',
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
  ї: 'i',
  є: 'ye',
  ґ: 'g',
  ў: 'u',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  џ: 'dz',
  ђ: 'dj',
  ћ: 'c',
  ѕ: 'dz',
};

const GREEK: Readonly<Record<string, string>> = {
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

/** Ukrainian letters that differ from the Russian reading (Ukrainian national system, 2010). */
const UKRAINIAN: Readonly<Record<string, string>> = { г: 'h', и: 'y', і: 'i', є: 'ie', ґ: 'g' };
/** A name holding one of these is Ukrainian. */
const UKRAINIAN_LETTER = /[іїєґ]/u;

/** Greek letter pairs read as one sound (ELOT 743), before the letters one by one. */
const GREEK_PAIRS: Readonly<Record<string, string>> = { ου: 'ou', αι: 'ai', ει: 'ei', οι: 'oi' };

/** Armenian (BGN/PCGN), lower case; "ու" is one sound, "u". */
const ARMENIAN: Readonly<Record<string, string>> = {
  ա: 'a',
  բ: 'b',
  գ: 'g',
  դ: 'd',
  ե: 'e',
  զ: 'z',
  է: 'e',
  ը: 'y',
  թ: 't',
  ժ: 'zh',
  ի: 'i',
  լ: 'l',
  խ: 'kh',
  ծ: 'ts',
  կ: 'k',
  հ: 'h',
  ձ: 'dz',
  ղ: 'gh',
  ճ: 'ch',
  մ: 'm',
  յ: 'y',
  ն: 'n',
  շ: 'sh',
  ո: 'o',
  չ: 'ch',
  պ: 'p',
  ջ: 'j',
  ռ: 'r',
  ս: 's',
  վ: 'v',
  տ: 't',
  ր: 'r',
  ց: 'ts',
  ւ: 'v',
  փ: 'p',
  ք: 'k',
  օ: 'o',
  ֆ: 'f',
  և: 'yev',
};

/** Georgian Mkhedruli (national system, 2002). */
const GEORGIAN: Readonly<Record<string, string>> = {
  ა: 'a',
  ბ: 'b',
  გ: 'g',
  დ: 'd',
  ე: 'e',
  ვ: 'v',
  ზ: 'z',
  თ: 't',
  ი: 'i',
  კ: 'k',
  ლ: 'l',
  მ: 'm',
  ნ: 'n',
  ო: 'o',
  პ: 'p',
  ჟ: 'zh',
  რ: 'r',
  ს: 's',
  ტ: 't',
  უ: 'u',
  ფ: 'p',
  ქ: 'k',
  ღ: 'gh',
  ყ: 'q',
  შ: 'sh',
  ჩ: 'ch',
  ც: 'ts',
  ძ: 'dz',
  წ: 'ts',
  ჭ: 'ch',
  ხ: 'kh',
  ჯ: 'j',
  ჰ: 'h',
};

const NON_LATIN = /[\u0370-\u03ff\u0400-\u04ff\u0531-\u058a\u10d0-\u10ff]/u;
const LETTER = /[\u0370-\u03ff\u0400-\u04ff\u0531-\u058a\u10d0-\u10ff]/gu;

/**
 * Whether `text` holds a Cyrillic, Greek, Armenian or Georgian letter (either case): a name `transliterate` writes
 * in Latin letters.
 */
export function hasTransliteratedLetters(text: string): boolean {
  return NON_LATIN.test(text);
}

/**
 * `text` (lower case, diacritics removed) with its Cyrillic, Greek, Armenian and Georgian letters in Latin letters;
 * other characters kept.
 */
export function transliterate(text: string): string {
  if (!NON_LATIN.test(text)) return text;
  const cyrillic = UKRAINIAN_LETTER.test(text) ? { ...CYRILLIC, ...UKRAINIAN } : CYRILLIC;
  return (
    text
      .replace(/ου|αι|ει|οι/gu, (pair) => GREEK_PAIRS[pair] ?? pair)
      .replace(/ու/gu, 'u')
      // Bulgarian ъ is a vowel ("България"); the Russian hard sign stands only before a vowel (е, ё, ю, я).
      .replace(/ъ(?=[бвгджзклмнпрстфхцчшщ])/gu, 'a')
      // Ukrainian є begins a word as "ye".
      .replace(/(?<!\p{L})є/gu, 'ye')
      .replace(LETTER, (letter) => cyrillic[letter] ?? GREEK[letter] ?? ARMENIAN[letter] ?? GEORGIAN[letter] ?? letter)
  );
}
