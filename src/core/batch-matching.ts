/**
 * Batch matching of a supplier list (issue 13, section 2): the shapes every boundary parses with (a row of the
 * file, the column mapping, a row's result, a reviewer's decision) and the rule that turns the candidates'
 * match objects into a row's decision.
 *
 * A row's decision:
 * - `match`: the best candidate is decided a match (`match.match`) and no runner-up is close to it;
 * - `review`: a doubtful row: the best candidate is a match but a runner-up is within CLOSE_MARGIN points, or
 *   the best is not a match yet scores at least REVIEW_FLOOR;
 * - `no_match`: no candidate, or the best scores below REVIEW_FLOOR.
 */
import { z } from 'zod';
import { matchSchema, type Match } from './match';

/** Points between the best and the runner-up under which the runner-up is "close" (and reported). */
export const CLOSE_MARGIN = 10;
/** A best candidate below this score leaves the row unmatched rather than doubtful. */
export const REVIEW_FLOOR = 40;
/** The web upload's bounds (the CLI streams any size). */
export const MAX_BATCH_ROWS = 100_000;
export const MAX_BATCH_BYTES = 20 * 1024 * 1024;
/** Per-field bounds of a row (longer values are refused, never truncated). */
const MAX_NAME = 300;
const MAX_FIELD = 2048;

export const BATCH_DECISIONS = ['match', 'review', 'no_match'] as const;
export const batchDecisionSchema = z.enum(BATCH_DECISIONS);
export type BatchDecision = z.infer<typeof batchDecisionSchema>;

/** One row of the supplier file, as the column mapping reads it. */
export const batchRowInputSchema = z.object({
  name: z.string().trim().max(MAX_NAME),
  country: z.string().trim().max(100).nullable(),
  identifier: z.string().trim().max(100).nullable(),
  website: z.string().trim().max(MAX_FIELD).nullable(),
});
export type BatchRowInput = z.infer<typeof batchRowInputSchema>;

/** Which column of the file holds each field (header names). Only the name is required. */
export const columnMappingSchema = z.object({
  name: z.string().trim().min(1).max(200),
  country: z.string().trim().min(1).max(200).nullable().optional(),
  identifier: z.string().trim().min(1).max(200).nullable().optional(),
  website: z.string().trim().min(1).max(200).nullable().optional(),
});
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

/** A candidate of a row: the organisation, what the lookups knew about it, and its match object. */
export const batchCandidateSchema = z.object({
  organisationId: z.uuid(),
  name: z.string(),
  countryIsoAlpha3: z.string().nullable(),
  website: z.string().nullable(),
  match: matchSchema,
});
export type BatchCandidate = z.infer<typeof batchCandidateSchema>;

export const batchRowResultSchema = z.object({
  decision: batchDecisionSchema,
  best: batchCandidateSchema.nullable(),
  /** The second candidate, only when it is within CLOSE_MARGIN of the best. */
  runnerUp: batchCandidateSchema.nullable(),
  /** Every candidate scored (at most a few), best first: what a reviewer picks from. */
  candidates: z.array(batchCandidateSchema),
  /** One sentence: why this decision. */
  explanation: z.string(),
});
export type BatchRowResult = z.infer<typeof batchRowResultSchema>;

/** A reviewer's decision on a row. */
export const reviewActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accept') }),
  z.object({ action: z.literal('pick'), organisationId: z.uuid() }),
  z.object({ action: z.literal('not_in_list') }),
]);
export type ReviewAction = z.infer<typeof reviewActionSchema>;

/** Decides a row from its candidates (any order); candidates are returned best first. */
export function decideRow(candidates: readonly BatchCandidate[]): BatchRowResult {
  const sorted = [...candidates].sort((a, b) => b.match.score - a.match.score || a.name.localeCompare(b.name));
  const [best, second] = sorted;
  if (best === undefined)
    return { decision: 'no_match', best: null, runnerUp: null, candidates: [], explanation: 'No organisation matched the name, identifier or website.' };
  const runnerUp = second !== undefined && best.match.score - second.match.score <= CLOSE_MARGIN ? second : null;
  let decision: BatchDecision;
  if (best.match.match) decision = runnerUp === null ? 'match' : 'review';
  else decision = best.match.score >= REVIEW_FLOOR ? 'review' : 'no_match';
  return { decision, best, runnerUp, candidates: sorted, explanation: explain(decision, best, runnerUp) };
}

/** The row's explanation in words, from the best candidate's match object. */
export function explain(decision: BatchDecision, best: BatchCandidate, runnerUp: BatchCandidate | null): string {
  const on = best.match.matchedOn;
  const evidence: string[] = [];
  if (on.identifier) evidence.push(`identifier ${on.identifier.type} ${on.identifier.value}`);
  if (on.website) evidence.push(`website ${on.website}`);
  if (on.name) evidence.push(`${on.nameKind === 'alias' ? 'alias' : 'name'} "${on.name}" (${best.match.grades.name})`);
  if (on.corrections.length > 0) evidence.push(`read ${on.corrections.map((c) => `"${c.from}" as "${c.to}"`).join(', ')}`);
  const because = evidence.length > 0 ? ` on ${evidence.join(', ')}` : '';
  const score = `score ${best.match.score}`;
  if (decision === 'match') return `Matched ${best.name}${because} (${score}).`;
  if (decision === 'no_match') return `Best candidate ${best.name} is too weak (${score}).`;
  if (runnerUp !== null && best.match.match) return `${best.name} (${score}) and ${runnerUp.name} (score ${runnerUp.match.score}) are too close to tell apart.`;
  return `${best.name} may be it${because} (${score}, below the match threshold).`;
}

/** The columns of the result file (CSV), in order. */
export const RESULT_COLUMNS = [
  'row',
  'name',
  'country',
  'identifier',
  'website',
  'decision',
  'organisation_id',
  'organisation_name',
  'score',
  'grade_name',
  'grade_identifier',
  'grade_website',
  'grade_country',
  'explanation',
  'runner_up_id',
  'runner_up_name',
  'runner_up_score',
] as const;

export function resultRecord(rowIndex: number, input: BatchRowInput, result: BatchRowResult): Record<(typeof RESULT_COLUMNS)[number], string> {
  const best = result.best;
  return {
    row: String(rowIndex + 1),
    name: input.name,
    country: input.country ?? '',
    identifier: input.identifier ?? '',
    website: input.website ?? '',
    decision: result.decision,
    organisation_id: best?.organisationId ?? '',
    organisation_name: best?.name ?? '',
    score: best ? String(best.match.score) : '',
    grade_name: best?.match.grades.name ?? '',
    grade_identifier: best?.match.grades.identifier ?? '',
    grade_website: best?.match.grades.website ?? '',
    grade_country: best?.match.grades.country ?? '',
    explanation: result.explanation,
    runner_up_id: result.runnerUp?.organisationId ?? '',
    runner_up_name: result.runnerUp?.name ?? '',
    runner_up_score: result.runnerUp ? String(result.runnerUp.match.score) : '',
  };
}

/** One CSV field (RFC 4180: quoted when it holds a comma, quote or line break; formula-leading text neutralised). */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(values: readonly string[]): string {
  return `${values.map(csvField).join(',')}\n`;
}

export type { Match };

/**
 * The header of a CSV text, for mapping columns in the browser before the upload (the server parses the whole
 * file again with csv-parse): the first record's fields, quotes and doubled quotes understood, a BOM dropped.
 */
export function csvHeader(text: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field.trim());
      field = '';
    } else if (c === '\n' || c === '\r') break;
    else field += c;
  }
  fields.push(field.trim());
  return fields.filter((f, i) => f !== '' || i < fields.length - 1);
}
