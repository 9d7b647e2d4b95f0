/**
 * At most one match per query (issue 20, section 3): of the candidates one query answers, at most one is
 * `match: true`, in the quick lookup, batch decisions and reconciliation alike.
 *
 * - Several candidates decided a match: the best-scored keeps it; the others are not a match.
 * - Candidates that cannot be told apart (decided a match with the same best score and as many fields graded `same`:
 *   the same name with no country, identifier or website to separate them) are none of them a match, and each says why in `match.ambiguity`:
 *   "ambiguous: 2 organisations named Acme Widgets in AUS and USA".
 */
import type { Match } from './match';

/** What the rule reads of a candidate. */
export interface OneMatchCandidate {
  match: Match;
}

export interface OneMatchFields<T> {
  name: (candidate: T) => string;
  countryIsoAlpha3: (candidate: T) => string | null;
}

function ambiguityOf(names: readonly string[], countries: readonly (string | null)[]): string {
  const distinctNames = [...new Set(names)];
  const places = [...new Set(countries.filter((c): c is string => c !== null && c !== '' && c !== 'GLO'))].sort();
  const named = distinctNames.length === 1 ? ` named ${distinctNames[0]}` : ` equally like the query (${distinctNames.join(', ')})`;
  const where = places.length > 1 ? ` in ${places.slice(0, -1).join(', ')} and ${places[places.length - 1]}` : places.length === 1 ? ` in ${places[0]}` : '';
  return `ambiguous: ${names.length} organisations${named}${where}`;
}

/** The candidates, in the same order, with at most one decided a match (see the file's header). */
export function atMostOneMatch<T extends OneMatchCandidate>(candidates: readonly T[], fields: OneMatchFields<T>): T[] {
  const matched = candidates.filter((c) => c.match.match);
  if (matched.length <= 1) return [...candidates];
  // The best: the highest score, then the most fields graded `same` (an identifier or website that separates them).
  const strength = (c: T) => c.match.score * 10 + Object.values(c.match.grades).filter((grade) => grade === 'same').length;
  const top = Math.max(...matched.map(strength));
  const best = matched.filter((c) => strength(c) === top);
  const ambiguity = best.length > 1 ? ambiguityOf(best.map(fields.name), best.map(fields.countryIsoAlpha3)) : undefined;
  const keeper = ambiguity === undefined ? best[0] : undefined;
  return candidates.map((candidate) => {
    if (!candidate.match.match || candidate === keeper) return candidate;
    const inTie = ambiguity !== undefined && best.includes(candidate);
    return { ...candidate, match: { ...candidate.match, match: false, ...(inTie ? { ambiguity } : {}) } };
  });
}
