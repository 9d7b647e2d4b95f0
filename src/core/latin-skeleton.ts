/**
 * The Latin skeleton of a search form's words (issue 20, section 1: names in other alphabets match their Latin
 * transliteration under the common romanisation schemes). A Cyrillic name is transliterated one way (BGN/PCGN,
 * transliteration.ts); a Latin query may follow another scheme (passport, ISO 9 / GOST, Ukrainian, German or French
 * habits). Rather than trying every variant of a query, both sides are written in one skeleton where the schemes'
 * spellings of a letter meet, and the search form (canonical-name.ts, searchName) is that skeleton:
 *   щ shch / shh -> sh, ц tz / ts -> ts,
 *   the endings -ий / -ый / -ій written -iy, -yy, -ij, -yi, -ii -> -y ("Krasnyy" = "Krasny" = "Krasnij" = "Красный",
 *   "Dmitriy" = "Dmitrii" = "Dmitry"), in a word of four letters or more (not "II").
 * Only spellings that (nearly) never occur in Latin names otherwise, and rules that read a pair of letters or a word's
 * end, so that the search form of a name being typed stays a prefix of the stored one but within such a pair or
 * ending (typing "K" before "Kharkiv's" "h"). Ambiguities
 * that would fold ordinary Latin spellings together (y / i / j, x / ks, zh / z, ch / c, ia / ya) are left to the
 * lookup's typo and trigram steps. The composite key (keyName) is not a skeleton: it stays the name as written.
 */

const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/shch|shh/g, 'sh'],
  [/tz/g, 'ts'],
  [/(?<=\p{L}{2})(?:iy|yy|ij|yi|ii)$/u, 'y'],
];

/** One word (lower-case Latin letters and digits) in its skeleton. */
export function latinSkeleton(word: string): string {
  let out = word;
  for (const [pattern, replacement] of RULES) out = out.replace(pattern, replacement);
  return out;
}
