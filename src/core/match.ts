/**
 * The match object every candidate carries (issue "Match quality you can trust", section 2): how sure we
 * are that a candidate is the organisation the query names, and why.
 *
 * - `score` is a calibrated confidence 0-100: of candidates scored around s on the evaluation set, about
 *   s% are right.
 * - `match` is the decision taken from the score (MATCH_THRESHOLD).
 * - `grades` compare the query's fields with the candidate's, in the spirit of D&B match grades.
 * - `matchedOn` says what matched: which name or alias, which identifier, which website, which legal-form
 *   words were ignored and which typo corrections were applied.
 *
 * This file is the contract (one schema gives the type, the validation and the API document). The
 * scoring itself lives in `match-confidence.ts`.
 */
import { z } from 'zod';

export const MATCH_GRADES = ['same', 'similar', 'different', 'missing'] as const;
export const matchGradeSchema = z.enum(MATCH_GRADES);
export type MatchGrade = z.infer<typeof matchGradeSchema>;

export const matchGradesSchema = z.object({
  name: matchGradeSchema,
  identifier: matchGradeSchema,
  website: matchGradeSchema,
  country: matchGradeSchema,
});
export type MatchGrades = z.infer<typeof matchGradesSchema>;

/** Which of the candidate's names matched the query. */
export const MATCHED_NAME_KINDS = ['name', 'alias', 'business_name', 'former_name'] as const;
export const matchedNameKindSchema = z.enum(MATCHED_NAME_KINDS);

export const typoCorrectionSchema = z.object({
  /** The word as the query spelled it. */
  from: z.string(),
  /** The known word it was read as. */
  to: z.string(),
});
export type TypoCorrection = z.infer<typeof typoCorrectionSchema>;

export const matchedOnSchema = z.object({
  /** The candidate name or alias the query matched, as stored; null when no name matched. */
  name: z.string().nullable(),
  nameKind: matchedNameKindSchema.nullable(),
  /** The identifier the query named and the candidate carries; null when none. */
  identifier: z.object({ type: z.string().min(1), value: z.string().min(1) }).nullable(),
  /** The website (registrable domain) the query named and the candidate has; null when none. */
  website: z.string().nullable(),
  /** Legal-form words ignored on either side ("pty", "ltd", "limited", ...). */
  legalFormsIgnored: z.array(z.string()),
  /** Typo corrections applied to the query's words. */
  corrections: z.array(typoCorrectionSchema),
  /**
   * The account's remembered decision about this query and organisation (core/match-decision.ts): `same` ranks it
   * first as the match, `different` never lets it be one. Absent (or null) when the account decided nothing.
   */
  decision: z.enum(['same', 'different']).nullable().optional(),
});
export type MatchedOn = z.infer<typeof matchedOnSchema>;

export const matchSchema = z.object({
  score: z.number().int().min(0).max(100),
  match: z.boolean(),
  grades: matchGradesSchema,
  matchedOn: matchedOnSchema,
  /**
   * Why a candidate whose score reaches the threshold is not decided a match: it cannot be told apart from another
   * ("ambiguous: 2 organisations named Acme Widgets in AUS and USA"; core/one-match.ts). Absent otherwise.
   */
  ambiguity: z.string().optional(),
});
export type Match = z.infer<typeof matchSchema>;

/**
 * A candidate at or above this calibrated score is decided a match (when its name does not contradict it:
 * `decidedMatch`, match-confidence.ts). 80 since decision 0022's threshold section: the names that never decide a
 * match by themselves (a partial name, a namesake, a begun name) are capped just under it, and at 70 that cap (69)
 * put the first candidates of those shapes, right about 80% of the time, at 69. A whole name scores 93 or more by its
 * table, the same identifier 97, the same website 90: the decisions on the evaluation sets are the same as at 70.
 */
export const MATCH_THRESHOLD = 80;

/**
 * The relevance floor: a quick-lookup candidate scored below it is not returned (decision 0007). A query
 * naming no organisation then answers nothing rather than the nearest unrelated name.
 */
export const RELEVANCE_FLOOR = 10;
