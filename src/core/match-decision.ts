/**
 * Decisions remembered (issue 20, section 6): an account's judgement that a query names an organisation (`same`)
 * or does not (`different`). Judgements come from the confirm header's "No" (different), a batch review's "Use
 * the selected one" (same) or "Not in the list" (different on the candidates shown), and `POST /api/decisions`.
 *
 * A judgement is about the query's text as the product normalises names (`searchName`: case, accents,
 * punctuation and trailing legal forms do not count) and its country ('' for a query without one, GLO included).
 * A later decision for the same (account, query key, country, organisation) replaces the earlier one.
 *
 * The rule (one place, used by the quick lookup, the stream, batch decisions and reconciliation): `applyJudgements`
 * puts the organisations judged `same` first, the latest decided a match (`matchedOn.decision: 'same'`), takes the
 * match off every other candidate, and never lets one judged `different` be a match (`matchedOn.decision:
 * 'different'`).
 */
import { z } from 'zod';
import { searchName } from './canonical-name';
import { GLOBAL_SEARCH_SCOPE } from './search-scope';
import type { Match } from './match';

export const DECISION_VERDICTS = ['same', 'different'] as const;
export const decisionVerdictSchema = z.enum(DECISION_VERDICTS);
export type DecisionVerdict = z.infer<typeof decisionVerdictSchema>;

/** Where a decision was taken: the confirm header's "No", a batch review, or the API. */
export const DECISION_SOURCES = ['confirm_header', 'batch_review', 'api'] as const;
export const decisionSourceSchema = z.enum(DECISION_SOURCES);
export type DecisionSource = z.infer<typeof decisionSourceSchema>;

/** How each source reads on the decisions page. */
export const DECISION_SOURCE_LABELS: Readonly<Record<DecisionSource, string>> = {
  confirm_header: 'Confirm header',
  batch_review: 'Batch review',
  api: 'API',
};

const countryInputSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, { error: 'must be an ISO 3166-1 alpha-3 country code or GLO' })
  .transform((c) => c.toUpperCase());

/** `POST /api/decisions`: the body. `countryIsoAlpha3` null, absent or GLO: the query was made without a country. */
export const decisionRequestSchema = z.object({
  query: z.string().trim().min(1, { error: 'must not be empty' }).max(200),
  countryIsoAlpha3: countryInputSchema.nullable().optional(),
  organisationId: z.uuid({ error: 'must be an organisation id' }),
  verdict: decisionVerdictSchema,
});
export type DecisionRequest = z.infer<typeof decisionRequestSchema>;

/** One remembered decision, as listed. `countryIsoAlpha3` null: the query had no country. */
export const matchDecisionSchema = z.object({
  id: z.uuid(),
  query: z.string(),
  countryIsoAlpha3: z.string().nullable(),
  organisationId: z.uuid(),
  organisationName: z.string(),
  verdict: decisionVerdictSchema,
  source: decisionSourceSchema,
  decidedAt: z.string(),
});
export type MatchDecision = z.infer<typeof matchDecisionSchema>;

/** What a decision is compared by: the query's search form (the product's name normalisation). */
export function decisionQueryKey(query: string): string {
  return searchName(query.trim());
}

/** The country a decision is stored and looked up under: '' for none or GLO, else the upper-case alpha-3 code. */
export function decisionCountryKey(countryIsoAlpha3: string | null | undefined): string {
  const country = (countryIsoAlpha3 ?? '').trim().toUpperCase();
  return country === GLOBAL_SEARCH_SCOPE ? '' : country;
}

/** The key judgements are grouped by: a query key and a country key. */
export function judgementMapKey(queryKey: string, countryKey: string): string {
  return `${queryKey}|${countryKey}`;
}

/** A judgement as the rule reads it: which organisation, which verdict; the latest first. */
export interface Judgement {
  organisationId: string;
  verdict: DecisionVerdict;
}

function judged<T extends { match: Match }>(candidate: T, verdict: DecisionVerdict, match: boolean): T {
  const { ambiguity: _ambiguity, ...rest } = candidate.match;
  return { ...candidate, match: { ...rest, match, matchedOn: { ...rest.matchedOn, decision: verdict } } };
}

/**
 * The candidates with the account's judgements applied (see the file's header). `judgements` are the latest first;
 * `organisationIdOf` reads a candidate's organisation (null: not an organisation yet, e.g. a registry lead, which no
 * judgement names). A candidate judged `same` that the caller did not retrieve is not invented here: the caller
 * fetches it by id and passes it in.
 */
export function applyJudgements<T extends { match: Match }>(
  candidates: readonly T[],
  judgements: readonly Judgement[],
  organisationIdOf: (candidate: T) => string | null,
): T[] {
  if (judgements.length === 0) return [...candidates];
  const verdictOf = new Map<string, DecisionVerdict>();
  const sameOrder = new Map<string, number>();
  for (const j of judgements) {
    if (verdictOf.has(j.organisationId)) continue;
    verdictOf.set(j.organisationId, j.verdict);
    if (j.verdict === 'same') sameOrder.set(j.organisationId, sameOrder.size);
  }
  const verdict = (c: T) => {
    const id = organisationIdOf(c);
    return id === null ? undefined : verdictOf.get(id);
  };
  const same = candidates
    .filter((c) => verdict(c) === 'same')
    .sort((a, b) => (sameOrder.get(organisationIdOf(a) ?? '') ?? 0) - (sameOrder.get(organisationIdOf(b) ?? '') ?? 0));
  if (same.length === 0) return candidates.map((c) => (verdict(c) === 'different' ? judged(c, 'different', false) : c));
  // A judged `same` is the match: the latest one; every other candidate is not (at most one match per query).
  const rest = candidates.filter((c) => verdict(c) !== 'same');
  return [
    ...same.map((c, i) => judged(c, 'same', i === 0)),
    ...rest.map((c) => {
      if (verdict(c) === 'different') return judged(c, 'different', false);
      if (!c.match.match) return c;
      const { ambiguity: _ambiguity, ...match } = c.match;
      return { ...c, match: { ...match, match: false } };
    }),
  ];
}
