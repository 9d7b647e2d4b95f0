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
 *
 * A row's candidates are internal organisations (`kind: 'internal'`) and, after the optional registry pass,
 * registry candidates (`kind: 'registry'`): companies a national registry or the aggregator knows that the
 * database does not, graded by the same match object and decided by the same rule; such a candidate carries
 * the selection candidate (core/selection.ts) that creates it when the batch is applied.
 *
 * A candidate the register lists as inactive (dissolved, cancelled: core/registry-status.ts) is never decided a
 * match: its match object says no, so its row is at best `review`, and "Add accepted organisations" only creates
 * it when a reviewer accepts or picks it. It ranks after an active namesake.
 */
import { z } from 'zod';
import { MATCH_THRESHOLD, matchSchema, type Match } from './match';
import { UNKNOWN_REGISTRY_STATUS, activeBeforeInactiveNamesakes, isInactive, registryStatusBadge, registryStatusSchema } from './registry-status';
import { selectionCandidateSchema } from './selection';
import { identifierIssueSchema, type IdentifierIssue } from './candidates';
import { formatIdentifier, IDENTIFIER_TYPES, mistypedIdentifierMessage, readIdentifiers } from './identifiers';
import { applyJudgements, type Judgement } from './match-decision';
import { atMostOneMatch } from './one-match';

/** Points between the best and the runner-up under which the runner-up is "close" (and reported). */
export const CLOSE_MARGIN = 10;
/** A best candidate below this score leaves the row unmatched rather than doubtful. */
export const REVIEW_FLOOR = 40;
/** The web upload's bounds (the CLI streams any size). */
export const MAX_BATCH_ROWS = 100_000;
/**
 * A batch run's defaults, read by the environment's MATCH_BATCH_CHUNK_SIZE and MATCH_REGISTRY_REVIEW_BELOW
 * and by the run itself: rows per committed chunk; `review` rows scored below this also go to the registry pass.
 */
export const MATCH_BATCH_DEFAULTS = { chunkSize: 500, registryReviewBelow: 50 } as const;
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
  /** Rows matched before the registry pass existed stored no kind: they are internal. */
  kind: z.literal('internal').default('internal'),
  organisationId: z.uuid(),
  name: z.string(),
  countryIsoAlpha3: z.string().nullable(),
  website: z.string().nullable(),
  /** What a register says of it; rows matched before statuses were kept read as unknown. */
  registryStatus: registryStatusSchema.default(UNKNOWN_REGISTRY_STATUS),
  match: matchSchema,
});
export type BatchCandidate = z.infer<typeof batchCandidateSchema>;

/** The registries of the registry pass, by the search's source names, as people know them. */
export const REGISTRY_NAMES = { registry_au: 'ABN Lookup', registry_global: 'OpenCorporates' } as const;
export const registryNameSchema = z.enum(['ABN Lookup', 'OpenCorporates']);
export type RegistryName = z.infer<typeof registryNameSchema>;

/**
 * A registry candidate of a row (the registry pass): not an organisation yet. `key` is its composite key (as
 * the search keys it); `selection` is what the selection use case creates it from when the batch is applied.
 */
export const registryBatchCandidateSchema = z.object({
  kind: z.literal('registry'),
  /** Not an organisation yet: it becomes one when the batch is applied. */
  organisationId: z.null(),
  key: z.string().min(1),
  source: z.enum(['registry_au', 'registry_global']),
  registry: registryNameSchema,
  name: z.string(),
  countryIsoAlpha3: z.string(),
  website: z.string().nullable(),
  /** The registry's identifiers (ABN, ACN, company number...), as shown to a reviewer. */
  identifiers: z.array(z.object({ type: z.string(), value: z.string() })),
  registryStatus: registryStatusSchema.default(UNKNOWN_REGISTRY_STATUS),
  /**
   * The organisation of the database with the same composite key, when there is one the account can see (the
   * search's own existing-row check): "already in the database"; apply settles on it instead of creating one.
   */
  existingOrganisationId: z.uuid().nullable().default(null),
  match: matchSchema,
  selection: selectionCandidateSchema,
});
export type RegistryBatchCandidate = z.infer<typeof registryBatchCandidateSchema>;

export const batchRowCandidateSchema = z.union([registryBatchCandidateSchema, batchCandidateSchema]);
export type BatchRowCandidate = z.infer<typeof batchRowCandidateSchema>;

/** What the registry pass did for a row (null: the row was not sent, e.g. it had an internal match). */
export const REGISTRY_OUTCOMES = ['found', 'not_found', 'failed', 'skipped'] as const;
export const registryOutcomeSchema = z.object({
  status: z.enum(REGISTRY_OUTCOMES),
  registry: registryNameSchema.nullable(),
  /** One sentence for the reviewer: what was looked up where, or why not. */
  message: z.string(),
});
export type RegistryOutcome = z.infer<typeof registryOutcomeSchema>;

export const batchRowResultSchema = z.object({
  decision: batchDecisionSchema,
  best: batchRowCandidateSchema.nullable(),
  /** The second candidate, only when it is within CLOSE_MARGIN of the best. */
  runnerUp: batchRowCandidateSchema.nullable(),
  /** Every candidate scored (at most a few), best first: what a reviewer picks from. */
  candidates: z.array(batchRowCandidateSchema),
  /** One sentence: why this decision. */
  explanation: z.string(),
  /** The registry pass's outcome for this row; null when it did not look the row up. */
  registry: registryOutcomeSchema.nullable().default(null),
  /**
   * The row's identifier when its check digit fails ("73 434 904 927 is not a valid ABN: its check digit fails",
   * the quick lookup's wording): it found nothing by number, and the row says so; null otherwise.
   */
  identifierIssue: identifierIssueSchema.nullable().default(null),
});
export type BatchRowResult = z.infer<typeof batchRowResultSchema>;

/** A candidate's id within its row: an internal organisation's id, or `registry:<key>`. */
export function candidateId(candidate: BatchRowCandidate): string {
  return candidate.kind === 'registry' ? `registry:${candidate.key}` : candidate.organisationId;
}

/** "Registry: ABN Lookup" for a registry candidate; "Internal" for an organisation of the database. */
export function candidateSourceLabel(candidate: BatchRowCandidate): string {
  return candidate.kind === 'registry' ? `Registry: ${candidate.registry}` : 'Internal';
}

/**
 * A reviewer's decision on a row: `accept` the best candidate, `pick` one of the row's candidates (an internal
 * one by `organisationId`, a registry one by `registryKey`: exactly one of them), or `not_in_list`.
 */
export const reviewActionSchema = z
  .discriminatedUnion('action', [
    z.object({ action: z.literal('accept') }),
    z.object({ action: z.literal('pick'), organisationId: z.uuid().optional(), registryKey: z.string().trim().min(1).max(500).optional() }),
    z.object({ action: z.literal('not_in_list') }),
  ])
  .refine((review) => review.action !== 'pick' || (review.organisationId === undefined) !== (review.registryKey === undefined), {
    message: 'Pick names either an organisationId or a registryKey',
    path: ['organisationId'],
  });
export type ReviewAction = z.infer<typeof reviewActionSchema>;

/**
 * Decides a row from its candidates (any order); candidates are returned best first, an inactive one after its
 * active namesake. An inactive candidate is never decided a match by the score, whatever its match object says. The
 * account's judgements about the row's text (core/match-decision.ts) apply: one judged `same` is the decided match
 * (an analyst's explicit word, inactive or not), one judged `different` never is.
 */
export function decideRow(candidates: readonly BatchRowCandidate[], judgements: readonly Judgement[] = []): BatchRowResult {
  const ordered = activeBeforeInactiveNamesakes(
    [...candidates].sort((a, b) => b.match.score - a.match.score || a.name.localeCompare(b.name)),
    (c) => c.name,
    (c) => c.registryStatus,
  );
  // At most one candidate is decided a match, none when the best cannot be told apart (core/one-match.ts).
  const sorted = applyJudgements(
    atMostOneMatch(ordered, { name: (c) => c.name, countryIsoAlpha3: (c) => c.countryIsoAlpha3 }),
    judgements,
    (c) => c.organisationId,
  );
  const [best, second] = sorted;
  if (best === undefined)
    return {
      decision: 'no_match',
      best: null,
      runnerUp: null,
      candidates: [],
      explanation: 'No organisation matched the name, identifier or website.',
      registry: null,
      identifierIssue: null,
    };
  const runnerUp = second !== undefined && best.match.score - second.match.score <= CLOSE_MARGIN && isRival(second) ? second : null;
  let decision: BatchDecision;
  if (best.match.match && best.match.matchedOn.decision === 'same') decision = 'match';
  else if (isInactive(best.registryStatus)) decision = best.match.score >= REVIEW_FLOOR ? 'review' : 'no_match';
  else if (best.match.match) decision = runnerUp === null ? 'match' : 'review';
  else decision = best.match.score >= REVIEW_FLOOR ? 'review' : 'no_match';
  return { decision, best, runnerUp, candidates: sorted, explanation: explain(decision, best, runnerUp), registry: null, identifierIssue: null };
}

/**
 * A close runner-up makes the row doubtful only when it could be the organisation: its name is not graded
 * different, or it carries the query's identifier or website. A mistyped-looking name ("Eucalypt Health" for
 * "Eucalyptus Health") can score high since decision 0022 while its name is graded different: beside an exact hit
 * it is no rival.
 */
function isRival(candidate: BatchRowCandidate): boolean {
  const { grades } = candidate.match;
  return grades.name !== 'different' || grades.identifier === 'same' || grades.website === 'same';
}

/**
 * Whether the registry pass looks a row up: a row decided `no_match`, or a `review` row whose best candidate is not
 * decided a match (under the threshold, a partial name, an inactive one, or twins that cannot be told apart) or scores
 * below `reviewBelow` (MATCH_REGISTRY_REVIEW_BELOW). So an exact registry hit can rank above a weaker internal
 * candidate ("Eucalyptus Health" beside "Eucalypt Health Pty Ltd", 57). The batch store's SQL reads the same rule.
 */
export function needsRegistryPass(result: Pick<BatchRowResult, 'decision' | 'best'>, reviewBelow: number): boolean {
  if (result.decision === 'no_match') return true;
  return result.decision === 'review' && (result.best?.match.match !== true || result.best.match.score < reviewBelow);
}

/**
 * The identifier a row's identifier column (or its name, when it names one) gives whose check digit fails, with the
 * quick lookup's message (core/identifiers.ts `readIdentifiers`, `mistypedIdentifierMessage`); null when the text
 * names a valid identifier or none that is checked.
 */
export function rowIdentifierIssue(input: Pick<BatchRowInput, 'name' | 'identifier'>): IdentifierIssue | null {
  const text = input.identifier ?? input.name;
  const reading = readIdentifiers(text);
  const [mistyped] = reading.identifiers.length > 0 ? [] : reading.mistyped;
  return mistyped === undefined ? null : { ...mistyped, message: mistypedIdentifierMessage(mistyped) };
}

/** Where a registry candidate stands: on its registry and already in the database, or not yet. */
export function registryCandidatePlace(candidate: RegistryBatchCandidate): string {
  return candidate.existingOrganisationId === null ? 'not yet in the database' : 'already in the database';
}

/** "ABN 57 095 403 820" for a typed identifier, "identifier 57095403820" when its type is not known. */
function identifierEvidence(identifier: { type: string; value: string }): string {
  const known = IDENTIFIER_TYPES.find((t) => t === identifier.type.toUpperCase());
  return known === undefined ? `identifier ${identifier.value}` : `${known} ${formatIdentifier(known, identifier.value)}`;
}

/** The row's explanation in words, from the best candidate's match object. */
export function explain(decision: BatchDecision, best: BatchRowCandidate, runnerUp: BatchRowCandidate | null): string {
  const where = best.kind === 'registry' ? ` (on ${best.registry}, ${registryCandidatePlace(best)})` : '';
  const on = best.match.matchedOn;
  const evidence: string[] = [];
  if (on.identifier) evidence.push(identifierEvidence(on.identifier));
  if (on.website) evidence.push(`website ${on.website}`);
  if (on.name) evidence.push(`${on.nameKind === 'alias' ? 'alias' : 'name'} "${on.name}" (${best.match.grades.name})`);
  if (on.corrections.length > 0) evidence.push(`read ${on.corrections.map((c) => `"${c.from}" as "${c.to}"`).join(', ')}`);
  if (on.decision === 'same') evidence.unshift('your earlier decision for this text');
  const because = evidence.length > 0 ? ` on ${evidence.join(', ')}` : '';
  const score = `score ${best.match.score}`;
  const badge = registryStatusBadge(best.registryStatus);
  if (badge !== null && decision !== 'no_match') {
    return `${best.name}${where} may be it${because} (${score}), but the register says ${badge}: an inactive organisation is never matched automatically.`;
  }
  if (decision === 'match') return `Matched ${best.name}${where}${because} (${score}).`;
  if (decision === 'no_match') return `Best candidate ${best.name}${where} is too weak (${score}).`;
  if (runnerUp !== null && (best.match.match || best.match.ambiguity !== undefined))
    return `${best.name}${where} (${score}) and ${runnerUp.name} (score ${runnerUp.match.score}) are too close to tell apart.`;
  // Not decided a match: under the threshold, or over it on a name graded "different" with nothing else agreeing
  // (decidedMatch: a different name never decides a match alone).
  const short = best.match.score >= MATCH_THRESHOLD ? 'the name alone differs too much to decide' : 'below the match threshold';
  return `${best.name}${where} may be it${because} (${score}, ${short}).`;
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
  /** `internal`, or `Registry: ABN Lookup` / `Registry: OpenCorporates` for a candidate found by the registry pass. */
  'source',
  'registry_key',
  /** What the registry pass did for the row (found, not_found, failed, skipped: why), empty when it did not look. */
  'registry_pass',
  /** What a register says of the best candidate: `active`, `inactive` or `unknown`, with its own word and date ("inactive: Deregistered 2020-05-01"). */
  'registry_status',
  /** The row's identifier when its check digit fails, with the message saying so. */
  'identifier_issue',
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
    organisation_id: best?.kind === 'internal' ? best.organisationId : '',
    organisation_name: best?.name ?? '',
    score: best ? String(best.match.score) : '',
    grade_name: best?.match.grades.name ?? '',
    grade_identifier: best?.match.grades.identifier ?? '',
    grade_website: best?.match.grades.website ?? '',
    grade_country: best?.match.grades.country ?? '',
    explanation: result.explanation,
    runner_up_id: result.runnerUp === null ? '' : candidateId(result.runnerUp),
    runner_up_name: result.runnerUp?.name ?? '',
    runner_up_score: result.runnerUp ? String(result.runnerUp.match.score) : '',
    source: best === null ? '' : best.kind === 'registry' ? candidateSourceLabel(best) : 'internal',
    registry_key: best?.kind === 'registry' ? best.key : '',
    registry_pass: result.registry === null ? '' : `${result.registry.status}: ${result.registry.message}`,
    registry_status: best === null ? '' : registryStatusText(best.registryStatus),
    identifier_issue: result.identifierIssue?.message ?? '',
  };
}

/** `active`, `inactive: Dissolved 2020-03-01`, `unknown`: the status, then the register's word and date when given. */
function registryStatusText(status: BatchRowCandidate['registryStatus']): string {
  const words = [status.wording, status.date].filter((w): w is string => w !== null).join(' ');
  return words === '' ? status.status : `${status.status}: ${words}`;
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
