/**
 * Numbers and ordinals written in digits, as words (issue 20, section 1: "1st"/"First", "44"/"Forty-Four"), for the
 * key and search forms of names (canonical-name.ts): "44" -> "forty four", "1st" -> "first", "21st" -> "twenty
 * first", from 1 to 99. Larger numbers stay in digits (a year, a street number: "Acme 2000").
 */

const UNITS = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const UNIT_ORDINALS = [
  '',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
];
const TENS_ORDINALS = ['', '', 'twentieth', 'thirtieth', 'fortieth', 'fiftieth', 'sixtieth', 'seventieth', 'eightieth', 'ninetieth'];

/** 1 to 99 in words ("forty four"). */
export function numberInWords(n: number): string {
  if (n < 20) return UNITS[n] ?? '';
  const unit = n % 10;
  return unit === 0 ? (TENS[n / 10] ?? '') : `${TENS[Math.floor(n / 10)] ?? ''} ${UNITS[unit] ?? ''}`;
}

/** 1st to 99th in words ("twenty first"). */
export function ordinalInWords(n: number): string {
  if (n < 20) return UNIT_ORDINALS[n] ?? '';
  const unit = n % 10;
  return unit === 0 ? (TENS_ORDINALS[n / 10] ?? '') : `${TENS[Math.floor(n / 10)] ?? ''} ${UNIT_ORDINALS[unit] ?? ''}`;
}

/** Every token "1" to "99" and "1st" to "99th" (suffix as written in English) -> its words. */
export const NUMBER_WORDS: Readonly<Record<string, string>> = Object.fromEntries(
  Array.from({ length: 99 }, (_, i) => i + 1).flatMap((n) => {
    const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
    return [
      [String(n), numberInWords(n)],
      [`${n}${suffix}`, ordinalInWords(n)],
    ];
  }),
);
