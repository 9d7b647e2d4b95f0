/**
 * Folding a name's text into lower-case Latin words, the first step of its key and search forms (canonical-name.ts)
 * and of the legal-form phrases those forms recognise (legal-forms.ts), so that both are read one way: NFKD without
 * combining marks, case-folded, letters NFKD keeps folded (ß ss, æ ae, ø o, ł l), Cyrillic legal-form abbreviations
 * that are ordinary Latin words once transliterated (АО, АТ, ПАТ) as their English ones, Cyrillic and Greek in Latin
 * letters (transliteration.ts), `&` as `and`, "P/L" as "pty ltd", apostrophes dropped without splitting the word
 * (two quote marks in a row, a quoted word closed and the next opened, part the words), dotted initials joined ("L.L.C." llc), other punctuation as a space.
 */
import { transliterate } from './transliteration';

/** Letters that NFKD does not decompose into a base letter plus marks. */
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/**
 * Abbreviations of Russian, Ukrainian and Kazakh legal forms that, written in Latin letters, are ordinary words or
 * initials ("AO Smith", "Pat", "At"): read as their English abbreviations only when written in Cyrillic. (ООО, ОАО,
 * ЗАО, ПАО are safe in Latin too, see legal-forms.ts.) Lower case, NFKD (so "й" is "и").
 */
const CYRILLIC_FORM_ABBREVIATIONS: Readonly<Record<string, string>> = {
  ао: 'jsc',
  ат: 'jsc',
  пат: 'pjsc',
  прат: 'prjsc',
  тов: 'llc',
  тоо: 'llp',
};
/** "AO" in Latin letters before a Cyrillic word is the Russian form all the same ("AO Зеленодольский завод"). */
const LATIN_AO_BEFORE_CYRILLIC = /(?<![\p{L}\p{N}])ao(?=[\s«"“‘']+[\u0400-\u04ff])/gu;
const CYRILLIC_FORM_ABBREVIATION = new RegExp(`(?<![\\p{L}\\p{N}])(${Object.keys(CYRILLIC_FORM_ABBREVIATIONS).join('|')})(?![\\p{L}\\p{N}])`, 'gu');

/** `text` as lower-case Latin words separated by single spaces ('' when it has no letter or digit). */
export function foldName(text: string): string {
  const lowered = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return (
    transliterate(
      lowered.replace(CYRILLIC_FORM_ABBREVIATION, (word) => ` ${CYRILLIC_FORM_ABBREVIATIONS[word] ?? word} `).replace(LATIN_AO_BEFORE_CYRILLIC, 'jsc'),
    )
      .replace(/[ßæœøłđðþı]/g, (letter) => LETTER_FOLDS[letter] ?? letter)
      .replace(/&/g, ' and ')
      // "P/L" is the Australian "Pty Ltd".
      .replace(/(?<![\p{L}\p{N}])p\s*\/\s*l(?![\p{L}\p{N}])/gu, ' pty ltd ')
      // A closing quote run into an opening one parts the words ("‘Republic of Crimea’‘Chernomorneftegaz’" ->
      // "crimea chernomorneftegaz"): an apostrophe is one mark inside a word, never two in a row.
      .replace(/['‘’`´ʼ]{2,}/g, ' ')
      // Apostrophes go without splitting the word: "O'Brien's" -> "obriens".
      .replace(/['‘’`´ʼ]/g, '')
      // Dotted initials become one token: "L.L.C." -> "llc", "U.S.A" -> "usa" (not "J. Smith").
      .replace(/(?<![\p{L}\p{N}])\p{L}(?:\.\p{L})+(?![\p{L}\p{N}])/gu, (initials) => initials.replace(/\./g, ''))
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
  );
}
