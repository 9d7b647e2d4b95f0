/**
 * The words of a row's "Why this match?" explanation (issue 12, section 2): the score and the decision, the
 * grade of each field, and what matched. Pure, so the wording is tested without a browser.
 */
import type { Match, MatchGrade } from '../../core/match';
import { matchVerdict } from '../../core/match-verdict';
import type { RegistryStatus } from '../../core/registry-status';

const FIELD_LABELS = { name: 'Name', identifier: 'Identifier', website: 'Website', country: 'Country' } as const;
const NAME_KIND_LABELS = { name: 'name', alias: 'alias', business_name: 'business name', former_name: 'former name' } as const;

export interface MatchExplanationLines {
  /** core/match-verdict.ts: "Match: 97 of 100", "Not a match: 34 of 100, below ...", "Not decided: 81 of 100, another result is the match". */
  readonly verdict: string;
  /** Each field's grade and what was compared: "Website: not in your search" beside a row that has one. */
  readonly grades: readonly { readonly field: string; readonly grade: MatchGrade; readonly text: string }[];
  /** What matched, one sentence each; empty when nothing did. */
  readonly matchedOn: readonly string[];
}

/** What the row shows of the candidate: which fields it has, so a `missing` grade can say which side lacks it. */
export interface ExplainedCandidate {
  readonly website?: string | null;
  readonly identifiers?: readonly { readonly type: string; readonly value: string }[];
  readonly countryIsoAlpha3?: string | null;
  readonly registryStatus?: RegistryStatus | null;
}

type Field = keyof typeof FIELD_LABELS;

function candidateHas(field: Field, candidate: ExplainedCandidate): boolean {
  switch (field) {
    case 'name':
      return true;
    case 'identifier':
      return (candidate.identifiers ?? []).some((i) => i.type !== 'WEBSITE');
    case 'website':
      return typeof candidate.website === 'string' && candidate.website !== '';
    case 'country':
      return typeof candidate.countryIsoAlpha3 === 'string' && candidate.countryIsoAlpha3 !== '' && candidate.countryIsoAlpha3 !== 'GLO';
  }
}

/** What a grade says was compared: the search's field against this result's. */
export function gradeText(field: Field, grade: MatchGrade, candidate: ExplainedCandidate): string {
  switch (grade) {
    case 'same':
      return 'same as your search';
    case 'similar':
      return 'similar to your search';
    case 'different':
      return 'different from your search';
    case 'missing':
      // One side has none: a result that shows one means the search named none.
      return candidateHas(field, candidate) ? 'not in your search' : 'not on this result';
  }
}

export function explainMatch(match: Match, candidate: ExplainedCandidate = {}): MatchExplanationLines {
  const { matchedOn } = match;
  const lines: string[] = [];
  // Decisions remembered (issue 20, section 6): the account's own answer for this search comes first.
  if (matchedOn.decision === 'same') lines.push('Your account decided this is the organisation for this search');
  if (matchedOn.decision === 'different') lines.push('Your account decided this is not the organisation for this search');
  if (matchedOn.name !== null) lines.push(`Matched the ${NAME_KIND_LABELS[matchedOn.nameKind ?? 'name']} “${matchedOn.name}”`);
  if (matchedOn.identifier !== null) lines.push(`Same ${matchedOn.identifier.type} ${matchedOn.identifier.value}`);
  if (matchedOn.website !== null) lines.push(`Same website ${matchedOn.website}`);
  if (matchedOn.legalFormsIgnored.length > 0) lines.push(`Ignored legal forms: ${matchedOn.legalFormsIgnored.join(', ')}`);
  for (const correction of matchedOn.corrections) lines.push(`Read “${correction.from}” as “${correction.to}”`);
  return {
    verdict: matchVerdict(match, { registryStatus: candidate.registryStatus ?? null }),
    grades: (Object.keys(FIELD_LABELS) as Field[]).map((field) => ({
      field: FIELD_LABELS[field],
      grade: match.grades[field],
      text: gradeText(field, match.grades[field], candidate),
    })),
    matchedOn: lines,
  };
}
