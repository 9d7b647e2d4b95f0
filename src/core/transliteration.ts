/**
 * Latin transliteration of Cyrillic and Greek letters (issue 20, section 1: names in other alphabets match their
 * Latin transliteration), for the key and search forms of names (canonical-name.ts). Lower-case letters with their
 * diacritics already removed (NFKD: "й" is "и" there, "ό" is "ο"). Cyrillic follows the BGN/PCGN romanisation
 * that company registers and the press use ("Газпром" -> "gazprom", "Лукойл" -> "lukoil"), Greek ELOT 743
 * ("Κωτσόβολος" -> "kotsovolos"). A table of our own rather than a package: 70 letters, no dependency to keep.
 * Other scripts (CJK, Arabic, Hebrew, Indic) are left as they are.
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

/** Greek letter pairs read as one sound (ELOT 743), before the letters one by one. */
const GREEK_PAIRS: Readonly<Record<string, string>> = { ου: 'ou', αι: 'ai', ει: 'ei', οι: 'oi' };

const NON_LATIN = /[\u0370-\u03ff\u0400-\u04ff]/u;

/** `text` (lower case, diacritics removed) with its Cyrillic and Greek letters in Latin letters; other characters kept. */
export function transliterate(text: string): string {
  if (!NON_LATIN.test(text)) return text;
  return text
    .replace(/ου|αι|ει|οι/gu, (pair) => GREEK_PAIRS[pair] ?? pair)
    .replace(/[\u0370-\u03ff\u0400-\u04ff]/gu, (letter) => CYRILLIC[letter] ?? GREEK[letter] ?? letter);
}
