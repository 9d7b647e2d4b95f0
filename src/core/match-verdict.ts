/**
 * The verdict a person reads beside a candidate's score ("Why these matches?"): it must agree with both the score
 * and the decision `match`. A score at or above MATCH_THRESHOLD that is not decided a match is never "Not a match"
 * without a reason: it is "Not decided" and says why (another result is the match, the name is another one, the
 * register lists it as inactive, it cannot be told apart from another, the account decided otherwise).
 */
import { MATCH_THRESHOLD, type Match } from './match';
import { isInactive, type RegistryStatus } from './registry-status';

export interface MatchVerdictContext {
  /** What the register says of the candidate (an inactive one is never decided a match). */
  readonly registryStatus?: RegistryStatus | null;
}

export function matchVerdict(match: Match, context: MatchVerdictContext = {}): string {
  const score = `${match.score} of 100`;
  if (match.match) return `Match: ${score}`;
  if (match.matchedOn.decision === 'different') return `Not a match: ${score}, your account decided it is not this organisation`;
  if (match.ambiguity !== undefined) return `Not decided, ${match.ambiguity}: ${score}`;
  if (match.score < MATCH_THRESHOLD) return `Not a match: ${score}, below the ${MATCH_THRESHOLD} a match needs`;
  if (isInactive(context.registryStatus))
    return `Not decided: ${score}, but the register lists it as ${context.registryStatus?.wording?.toLowerCase() ?? 'inactive'}`;
  if (match.grades.name === 'different' && match.grades.identifier !== 'same' && match.grades.website !== 'same') {
    return `Not decided: ${score}, but its name is another one than the one searched`;
  }
  return `Not decided: ${score}, another result is the match`;
}
