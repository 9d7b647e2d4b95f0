/**
 * String similarity for ranking quick-search candidates (spec: quick-search rule 1, "Jaro-Winkler scoring").
 */

/** Winkler's prefix scale. */
const PREFIX_SCALE = 0.1;
/** Winkler's longest rewarded common prefix. */
const MAX_PREFIX = 4;

/** Scratch buffers reused across calls: this runs on every candidate, so it allocates only to grow. */
let matchedInA: Uint8Array<ArrayBuffer> = new Uint8Array(64);
let matchedInB: Uint8Array<ArrayBuffer> = new Uint8Array(64);

function grown(buffer: Uint8Array<ArrayBuffer>, length: number): Uint8Array<ArrayBuffer> {
  return buffer.length >= length ? buffer : new Uint8Array(Math.max(length, buffer.length * 2));
}

/**
 * Jaro-Winkler similarity in [0, 1] of two strings, compared by UTF-16 code unit and case-sensitively
 * (callers compare normalised forms such as searchName): 1 for equal strings (two empty strings included),
 * 0 when either is empty or nothing matches. Jaro with the standard match window
 * floor(max(|a|, |b|) / 2) - 1, then the Winkler bonus l * 0.1 * (1 - jaro) for a common prefix of
 * l <= 4 characters, applied without a threshold (the textbook definition).
 * Reference values: MARTHA/MARHTA 0.961, DWAYNE/DUANE 0.840, DIXON/DICKSONX 0.813.
 */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const lengthA = a.length;
  const lengthB = b.length;
  if (lengthA === 0 || lengthB === 0) return 0;

  const window = Math.max(0, Math.floor(Math.max(lengthA, lengthB) / 2) - 1);
  matchedInA = grown(matchedInA, lengthA);
  matchedInB = grown(matchedInB, lengthB);
  matchedInA.fill(0, 0, lengthA);
  matchedInB.fill(0, 0, lengthB);

  // Matches: each character of a claims the first unclaimed equal character of b within the window.
  let matches = 0;
  for (let i = 0; i < lengthA; i += 1) {
    const code = a.charCodeAt(i);
    const to = Math.min(lengthB - 1, i + window);
    for (let j = Math.max(0, i - window); j <= to; j += 1) {
      if (matchedInB[j] === 0 && b.charCodeAt(j) === code) {
        matchedInA[i] = 1;
        matchedInB[j] = 1;
        matches += 1;
        break;
      }
    }
  }
  if (matches === 0) return 0;

  // Transpositions: matched characters of a and of b read in order, counting the positions that differ.
  let halfTranspositions = 0;
  let j = 0;
  for (let i = 0; i < lengthA; i += 1) {
    if (matchedInA[i] === 0) continue;
    while (matchedInB[j] === 0) j += 1;
    if (a.charCodeAt(i) !== b.charCodeAt(j)) halfTranspositions += 1;
    j += 1;
  }
  const transpositions = halfTranspositions / 2;

  const m = matches;
  const jaro = (m / lengthA + m / lengthB + (m - transpositions) / m) / 3;

  let prefix = 0;
  const prefixLimit = Math.min(MAX_PREFIX, lengthA, lengthB);
  while (prefix < prefixLimit && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix += 1;

  return jaro + prefix * PREFIX_SCALE * (1 - jaro);
}

/**
 * Damerau-Levenshtein distance (optimal string alignment: deletions, insertions, substitutions and
 * transpositions of neighbours), by code point, giving up past `max` (answers max + 1 then).
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > max) return max + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i += 1) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= y.length; j += 1) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, (previous2[j - 2] ?? 0) + 1);
      current.push(best);
      rowBest = Math.min(rowBest, best);
    }
    if (rowBest > max) return max + 1;
    previous2 = previous;
    previous = current;
  }
  return Math.min(previous[y.length] ?? 0, max + 1);
}
