/**
 * How a reconciliation candidate compares with the query (issue 13 section 1): its Match (core/match.ts,
 * scored by `assessMatch` in core/match-confidence.ts: the calibrated score 0-100, the decision and the
 * per-field grades), whether it contradicts the query's properties, and the matching features the answer
 * carries.
 *
 * The properties of a query are match conditions: a candidate whose country, identifier or website is
 * `different` from what the query names is not a candidate; one that lacks the field (`missing`) stays.
 */
import { readIdentifiers } from './identifiers';
import type { Match, MatchGrade, MatchGrades } from './match';
import { assessMatch } from './match-confidence';
import { undecidedWhenInactive, type RegistryStatus } from './registry-status';
import type { MatchConditions } from './reconciliation';
import { registrableDomain } from './website';

/** What a candidate organisation offers for comparison. */
export interface ReconciliationSubject {
  name: string;
  aliases: readonly string[];
  countryIsoAlpha3: string | null;
  website: string | null;
  identifiers: readonly { type: string; value: string }[];
  /** An organisation the register lists as inactive is never decided a match (`match: false`, so OpenRefine never auto-matches it). */
  registryStatus?: RegistryStatus;
}

/**
 * The Match of a candidate for a reconciliation query (never decided a match when the register lists it as inactive). A query may name several countries or websites (a
 * property with several values): the one the candidate has is compared when it is among them, else the first.
 * The query string is read like the quick lookup's (readIdentifiers): the identifiers it names as people type
 * them ("A.C.N. 609 840 486", "Telstra ABN 33 051 775 556") are compared as identifiers, the rest as the name.
 */
export function matchOfCandidate(queryText: string | undefined, conditions: MatchConditions, subject: ReconciliationSubject): Match {
  const domain = subject.website === null ? undefined : registrableDomain(subject.website);
  const country =
    subject.countryIsoAlpha3 !== null && conditions.countries.includes(subject.countryIsoAlpha3) ? subject.countryIsoAlpha3 : conditions.countries[0];
  const website = domain !== undefined && conditions.websites.includes(domain) ? domain : conditions.websites[0];
  const text = queryText ?? '';
  const reading = readIdentifiers(text);
  const readAny = reading.identifiers.length > 0 || reading.mistyped.length > 0;
  const match = assessMatch(
    {
      name: readAny ? reading.rest : text,
      identifiers: [...conditions.identifiers, ...reading.identifiers],
      website: website ?? null,
      countryIsoAlpha3: country ?? null,
    },
    {
      name: subject.name,
      otherNames: subject.aliases.map((value) => ({ value, kind: 'alias' as const })),
      identifiers: subject.identifiers.filter((i) => i.type !== 'WEBSITE'),
      website: subject.website,
      countryIsoAlpha3: subject.countryIsoAlpha3,
    },
  );
  return undecidedWhenInactive(match, subject.registryStatus);
}

/** The candidate contradicts a property the query named (its properties are match conditions). */
export function contradictsConditions(grades: MatchGrades): boolean {
  return grades.identifier === 'different' || grades.website === 'different' || grades.country === 'different';
}

const GRADE_VALUE: Record<Exclude<MatchGrade, 'missing'>, number> = { same: 1, similar: 0.5, different: 0 };

/**
 * The matching features of a candidate: one per graded field, `name`, `identifier`, `website` and `country`,
 * valued 1 (same), 0.5 (similar) or 0 (different); a field the query or the candidate lacks has no feature.
 */
export function featuresOf(grades: MatchGrades): { id: string; value: number }[] {
  return (Object.entries(grades) as [keyof MatchGrades, MatchGrade][])
    .filter((entry): entry is [keyof MatchGrades, Exclude<MatchGrade, 'missing'>] => entry[1] !== 'missing')
    .map(([id, grade]) => ({ id, value: GRADE_VALUE[grade] }));
}
