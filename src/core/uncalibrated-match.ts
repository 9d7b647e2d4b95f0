/**
 * An UNCALIBRATED match object for batch matching, used only until the calibrated `assessMatch` of the issue
 * "Match quality you can trust" (src/core/match-confidence.ts) is available. Its score is a hand-set blend of
 * Jaro-Winkler name similarity, exact identifier and website equality and the country: it is NOT a
 * probability, and decisions taken from it are labelled uncalibrated wherever they are reported.
 */
import { searchName } from './canonical-name';
import type { Match, MatchGrade } from './match';
import { jaroWinkler } from './similarity';

export interface MatchQuery {
  name: string;
  /** ISO alpha-3, or null when the row names no (recognisable) country. */
  countryIsoAlpha3: string | null;
  /** Normalised identifier value, or null. */
  identifier: string | null;
  /** Normalised website host, or null. */
  websiteDomain: string | null;
}

export interface MatchSubject {
  name: string;
  /** The alias search value the name lookup matched, when an alias matched better than the name. */
  matchedAlias: string | null;
  countryIsoAlpha3: string | null;
  websiteDomain: string | null;
  /** The identifier the identifier lookup found this organisation by (type and value), or null. */
  identifierHit: { type: string; value: string } | null;
}

/**
 * The threshold these uncalibrated scores were decided by (the product's MATCH_THRESHOLD was 70 then; it is 80 since
 * decision 0022's threshold section, for calibrated scores): kept, so old batches' record and the benchmark's
 * comparison read as they were made.
 */
const UNCALIBRATED_MATCH_THRESHOLD = 70;

const LEGAL_FORM = /\b(pty|ltd|limited|inc|incorporated|llc|plc|gmbh|corp|corporation|co|company|proprietary)\b\.?/gi;

export function uncalibratedAssessMatch(query: MatchQuery, subject: MatchSubject): Match {
  const wanted = searchName(query.name);
  const byName = wanted === '' ? 0 : jaroWinkler(wanted, searchName(subject.name));
  const byAlias = wanted === '' || subject.matchedAlias === null ? 0 : jaroWinkler(wanted, subject.matchedAlias);
  const nameSimilarity = Math.max(byName, byAlias);
  const nameGrade: MatchGrade = wanted === '' ? 'missing' : nameSimilarity >= 0.97 ? 'same' : nameSimilarity >= 0.85 ? 'similar' : 'different';
  const identifierGrade: MatchGrade = query.identifier === null ? 'missing' : subject.identifierHit !== null ? 'same' : 'missing';
  const websiteGrade: MatchGrade =
    query.websiteDomain === null || subject.websiteDomain === null ? 'missing' : sameSite(query.websiteDomain, subject.websiteDomain) ? 'same' : 'different';
  const countryGrade: MatchGrade =
    query.countryIsoAlpha3 === null || subject.countryIsoAlpha3 === null
      ? 'missing'
      : query.countryIsoAlpha3 === subject.countryIsoAlpha3
        ? 'same'
        : 'different';

  let score: number;
  if (identifierGrade === 'same') score = nameGrade === 'different' ? 80 : 97;
  else if (websiteGrade === 'same') score = nameGrade === 'different' ? 72 : 92;
  else if (nameSimilarity >= 0.99) score = 84;
  else if (nameSimilarity >= 0.97) score = 76;
  else if (nameSimilarity >= 0.93) score = 62;
  else if (nameSimilarity >= 0.85) score = 48;
  else score = Math.round(nameSimilarity * 40);
  if (countryGrade === 'same' && identifierGrade !== 'same') score += 4;
  if (countryGrade === 'different') score -= 25;
  if (websiteGrade === 'different') score -= 15;
  score = Math.max(0, Math.min(100, score));

  return {
    score,
    match: score >= UNCALIBRATED_MATCH_THRESHOLD,
    grades: { name: nameGrade, identifier: identifierGrade, website: websiteGrade, country: countryGrade },
    matchedOn: {
      name:
        nameGrade === 'different' || nameGrade === 'missing' ? null : byAlias > byName && subject.matchedAlias !== null ? subject.matchedAlias : subject.name,
      nameKind: nameGrade === 'different' || nameGrade === 'missing' ? null : byAlias > byName ? 'alias' : 'name',
      identifier: subject.identifierHit,
      website: websiteGrade === 'same' ? subject.websiteDomain : null,
      legalFormsIgnored: [...new Set([...query.name.matchAll(LEGAL_FORM)].map((m) => m[1]?.toLowerCase() ?? '').filter((w) => w !== ''))],
      corrections: [],
    },
  };
}

function sameSite(a: string, b: string): boolean {
  const strip = (host: string) => host.replace(/^www\./, '');
  return strip(a) === strip(b);
}
