/**
 * The same word in another romanisation or spelling (issue 20, sections 1 and 3): "Avtocom" / "Avtokom",
 * "Beltechexport" / "Beltekheksport", "Tsybulka" / "Zybulka", "Kachui" / "Kachouii". Transliteration schemes
 * (BGN/PCGN, ISO 9, GOST, English, German and French habits) spell one sound several ways; a word's respelling key
 * writes each such sound one way, so two spellings of one word get one key, or keys one edit apart
 * ("Abdallah" / "Abdullah").
 */

/** Spellings of one sound, the longer first, and the one way the key writes them. */
const SOUNDS: readonly (readonly [RegExp, string])[] = [
  [/x/g, 'ks'],
  [/ph/g, 'f'],
  [/ck/g, 'k'],
  [/[cq]/g, 'k'],
  [/kh/g, 'h'],
  [/(?:tz|ts|z)/g, 's'],
  [/w/g, 'v'],
  [/ou/g, 'u'],
  [/(?:iy|yi|ie|y)/g, 'i'],
  // A letter written twice is one sound ("Harammein", "Kachouii").
  [/(\p{L})\1+/gu, '$1'],
];

/** The respelling key of a word of a search form (lower case, no accents): each sound written one way. */
export function respellingKey(word: string): string {
  let key = word;
  for (const [spelling, written] of SOUNDS) key = key.replace(spelling, written);
  return key;
}
