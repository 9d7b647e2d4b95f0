/**
 * How a reconciliation candidate compares with the query (issue 13 section 1): per-field grades (the grades of
 * core/match.ts: same, similar, different, missing), which properties the candidate contradicts, and the
 * matching features the answer carries.
 *
 * The properties of a query are match conditions: a candidate whose country, identifier or website is
 * `different` from what the query names is not a candidate; one that lacks the field (`missing`) stays.
 */
import { searchName } from './canonical-name';
import type { MatchGrade, MatchGrades } from './match';
import { normaliseIdentifierValue } from './identifiers';
import type { MatchConditions } from './reconciliation';
import { jaroWinkler } from './similarity';
import { registrableDomain } from './website';

/** What a candidate organisation offers for comparison. */
export interface ReconciliationSubject {
  name: string;
  aliases: readonly string[];
  countryIsoAlpha3: string | null;
  website: string | null;
  identifiers: readonly { type: string; value: string }[];
}

/** A name this close (Jaro-Winkler of the search forms) or closer is `similar`; equal search forms are `same`. */
export const SIMILAR_NAME = 0.85;

/** Jaro-Winkler of the query's search form against the name's and each alias's; 0 without a query. */
export function nameSimilarity(queryText: string | undefined, subject: Pick<ReconciliationSubject, 'name' | 'aliases'>): number {
  const wanted = searchName(queryText ?? '');
  if (wanted === '') return 0;
  return Math.max(...[subject.name, ...subject.aliases].map((name) => jaroWinkler(wanted, searchName(name))));
}

export function gradeCandidate(queryText: string | undefined, conditions: MatchConditions, subject: ReconciliationSubject): { grades: MatchGrades; similarity: number } {
  const similarity = nameSimilarity(queryText, subject);
  return {
    similarity,
    grades: {
      name: searchName(queryText ?? '') === '' ? 'missing' : similarity === 1 ? 'same' : similarity >= SIMILAR_NAME ? 'similar' : 'different',
      identifier: identifierGrade(conditions.identifiers, subject.identifiers),
      website: websiteGrade(conditions.websites, subject.website),
      country: conditions.countries.length === 0 || subject.countryIsoAlpha3 === null ? 'missing' : conditions.countries.includes(subject.countryIsoAlpha3) ? 'same' : 'different',
    },
  };
}

function identifierGrade(wanted: MatchConditions['identifiers'], held: ReconciliationSubject['identifiers']): MatchGrade {
  const comparable = held.filter((h) => h.type !== 'WEBSITE' && wanted.some((w) => w.type === null || w.type === h.type));
  if (wanted.length === 0 || comparable.length === 0) return 'missing';
  const same = wanted.some((w) => comparable.some((h) => (w.type === null || w.type === h.type) && normaliseIdentifierValue(h.value) === w.value));
  return same ? 'same' : 'different';
}

function websiteGrade(wanted: readonly string[], website: string | null): MatchGrade {
  const domain = website === null ? undefined : registrableDomain(website);
  if (wanted.length === 0 || domain === undefined) return 'missing';
  return wanted.includes(domain) ? 'same' : 'different';
}

/** The candidate contradicts a property the query named (its properties are match conditions). */
export function contradictsConditions(grades: MatchGrades): boolean {
  return grades.identifier === 'different' || grades.website === 'different' || grades.country === 'different';
}

const GRADE_VALUE: Record<Exclude<MatchGrade, 'missing'>, number> = { same: 1, similar: 0.5, different: 0 };

/**
 * The matching features of a candidate: one per graded field (`name`, `identifier`, `website`, `country`: 1 same,
 * 0.5 similar, 0 different; absent when missing) and `name_similarity`, the raw Jaro-Winkler 0..1.
 */
export function featuresOf(grades: MatchGrades, similarity: number): { id: string; value: number }[] {
  const features = (Object.entries(grades) as [keyof MatchGrades, MatchGrade][])
    .filter((entry): entry is [keyof MatchGrades, Exclude<MatchGrade, 'missing'>] => entry[1] !== 'missing')
    .map(([id, grade]) => ({ id, value: GRADE_VALUE[grade] }));
  return [...features, { id: 'name_similarity', value: Math.round(similarity * 1000) / 1000 }];
}

/**
 * UNCALIBRATED score and decision, used until the calibrated confidence (core/match-confidence.ts) is merged:
 * the name similarity scaled 0-100 (100 when the identifier is the same), and a match only on an identifier
 * that is the same, or on the same name with the same country or website. Not a probability.
 */
export function uncalibratedScoreAndMatch(grades: MatchGrades, similarity: number): { score: number; match: boolean } {
  const score = grades.identifier === 'same' ? 100 : Math.round(similarity * 100);
  const match = grades.identifier === 'same' || (grades.name === 'same' && (grades.country === 'same' || grades.website === 'same'));
  return { score, match };
}
