/**
 * ReconcileQueries (W3C Reconciliation API 0.2, "Reconciliation Queries"): a batch of queries in, one
 * result per query out, each query retrieved and scored independently of the others.
 *
 * 1. Candidates come from the account-scoped quick lookup: the query string, and each identifier and website
 *    the properties name (so a query with properties only still finds its organisation). One country
 *    condition scopes the lookups to it; none or several search every country.
 * 2. Properties are match conditions: a candidate whose country, identifier or website is different from the
 *    query's is dropped; one without the field stays (graded `missing`).
 * 3. Each candidate carries its Match (core/match-confidence.ts): `score` is the calibrated confidence 0-100,
 *    `match` its decision, and `features` the per-field grades (name, identifier, website, country).
 * 4. Best score first; on a tie, the candidate with more fields graded `same` (it satisfies more of the query),
 *    then by name; an organisation the register lists as inactive after an active namesake, and never `match`
 *    (core/registry-status.ts); at most the query's limit (default 5, at most 25). At most one candidate is `match`
 *    (OpenRefine auto-matches it), none when the best cannot be told apart (core/one-match.ts).
 * 5. `type` and `type_strict` do not restrict: every entity is an Organisation.
 * 6. The account's remembered decisions about the query's text and country (core/match-decision.ts): one judged
 *    `same` first and the match, one judged `different` never a match.
 */
import { GLOBAL_SEARCH_SCOPE } from '../../core/countries';
import {
  ORGANISATION_TYPE,
  candidateLimitOf,
  type MatchConditions,
  type ReconciliationCandidate,
  type ReconciliationQuery,
  type ReconciliationResultBatch,
} from '../../core/reconciliation';
import { applyJudgements } from '../../core/match-decision';
import { atMostOneMatch } from '../../core/one-match';
import { contradictsConditions, featuresOf, matchOfCandidate } from '../../core/reconciliation-match';
import type { Match } from '../../core/match';
import { activeBeforeInactiveNamesakes, type RegistryStatus } from '../../core/registry-status';
import type { ReconciliationDependencies } from './ports';

export type ReconcileQueries = (params: {
  accountId: string;
  queries: Record<string, { query: ReconciliationQuery; conditions: MatchConditions }>;
}) => Promise<ReconciliationResultBatch>;

export function createReconcileQueries(deps: ReconciliationDependencies): ReconcileQueries {
  async function reconcileOne(accountId: string, query: ReconciliationQuery, conditions: MatchConditions): Promise<ReconciliationCandidate[]> {
    const countryIsoAlpha3 = conditions.countries.length === 1 && conditions.countries[0] !== undefined ? conditions.countries[0] : GLOBAL_SEARCH_SCOPE;
    const searches = [query.query ?? '', ...conditions.identifiers.map((i) => i.value), ...conditions.websites].map((s) => s.trim()).filter((s) => s !== '');
    const [found, judgements] = await Promise.all([
      Promise.all([...new Set(searches)].map((text) => deps.quickSearch.execute({ accountId, query: text, countryIsoAlpha3 }))),
      deps.judgements === undefined || (query.query ?? '').trim() === ''
        ? []
        : deps.judgements.forQuery(accountId, {
            query: query.query ?? '',
            countryIsoAlpha3: countryIsoAlpha3 === GLOBAL_SEARCH_SCOPE ? null : countryIsoAlpha3,
          }),
    ]);
    const ids = [...new Set(found.flat().map((candidate) => candidate.existingOrgId))];
    const entities = await Promise.all(ids.map((id) => deps.entities.findEntity(accountId, id)));
    const candidates: (Omit<ReconciliationCandidate, 'match'> & {
      sameFields: number;
      match: Match;
      subject: { name: string; countryIsoAlpha3: string | null };
      registryStatus: RegistryStatus;
    })[] = [];
    for (const entity of entities) {
      if (entity === null) continue;
      const match = matchOfCandidate(query.query, conditions, entity);
      const { score, grades } = match;
      if (contradictsConditions(grades)) continue;
      candidates.push({
        id: entity.id,
        name: entity.name,
        ...(entity.description ? { description: entity.description } : {}),
        score,
        match,
        type: [ORGANISATION_TYPE],
        features: featuresOf(grades),
        sameFields: Object.values(grades).filter((grade) => grade === 'same').length,
        subject: { name: entity.name, countryIsoAlpha3: entity.countryIsoAlpha3 },
        registryStatus: entity.registryStatus,
      });
    }
    candidates.sort((a, b) => b.score - a.score || b.sameFields - a.sameFields || a.name.localeCompare(b.name));
    const ranked = activeBeforeInactiveNamesakes(
      candidates,
      (c) => c.name,
      (c) => c.registryStatus,
    );
    const decided = applyJudgements(
      atMostOneMatch(ranked, { name: (c) => c.subject.name, countryIsoAlpha3: (c) => c.subject.countryIsoAlpha3 }),
      judgements,
      (c) => c.id,
    );
    return decided
      .slice(0, candidateLimitOf(query))
      .map(({ sameFields: _ranking, subject: _subject, registryStatus: _status, match: decision, ...candidate }) => ({ ...candidate, match: decision.match }));
  }

  return async ({ accountId, queries }) => {
    const results: ReconciliationResultBatch = {};
    for (const [key, { query, conditions }] of Object.entries(queries)) {
      results[key] = { result: await reconcileOne(accountId, query, conditions) };
    }
    return results;
  };
}
