/**
 * The words of a row's "Why this match?" explanation (issue 12, section 2): the score and the decision, the
 * grade of each field, and what matched. Pure, so the wording is tested without a browser.
 */
import type { Match, MatchGrade } from '../../core/match';

const FIELD_LABELS = { name: 'Name', identifier: 'Identifier', website: 'Website', country: 'Country' } as const;
const NAME_KIND_LABELS = { name: 'name', alias: 'alias', business_name: 'business name', former_name: 'former name' } as const;

export interface MatchExplanationLines {
  /** "Match 97 of 100", "Not a match: 34 of 100", or "Not decided, ambiguous: 2 organisations named ...: 100 of 100". */
  readonly verdict: string;
  readonly grades: readonly { readonly field: string; readonly grade: MatchGrade }[];
  /** What matched, one sentence each; empty when nothing did. */
  readonly matchedOn: readonly string[];
}

export function explainMatch(match: Match): MatchExplanationLines {
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
    verdict: match.match
      ? `Match ${match.score} of 100`
      : match.ambiguity !== undefined
        ? `Not decided, ${match.ambiguity}: ${match.score} of 100`
        : `Not a match: ${match.score} of 100`,
    grades: (Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[]).map((field) => ({ field: FIELD_LABELS[field], grade: match.grades[field] })),
    matchedOn: lines,
  };
}
