/**
 * The real quick lookup over the evaluation set (bench/evaluation), as the calibration of match confidence
 * sees it: the set imported with the product's importer (global organisations), every query of the set run
 * through the quick-search use case under Global, and each returned candidate marked right when it is an
 * organisation the query names. The set is split in two halves by organisation (a query belongs to the
 * half of its first target; queries naming no organisation alternate): the name calibration is fitted on
 * `fit` and checked on `test`, so the check never sees what the table was made from.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/adapters/db/client';
import { importOrganisations } from '../../src/adapters/db/queries/imports/import-organisations';
import { searchName } from '../../src/core/canonical-name';
import type { Match } from '../../src/core/match';
import { matchQueryOfSearch, nameSimilarity } from '../../src/core/match-confidence';
import type { QuickSearch } from '../../src/server/quick-search/quick-search';
import { EVALUATION_VERSION, toImportLine, type EvaluationSet } from '../evaluation/evaluation-set';
import type { EvaluationQuery } from '../evaluation/variants';
import type { Observation } from './isotonic';

export type Half = 'fit' | 'test';

export interface CandidateOutcome {
  canonicalName: string;
  right: boolean;
  match: Match;
}

export interface QueryOutcome {
  query: EvaluationQuery;
  half: Half;
  candidates: CandidateOutcome[];
}

/** FNV-1a of the organisation's evaluation id: which half it falls in. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function halfOf(query: EvaluationQuery, index: number): Half {
  const first = [...query.targetIds].sort()[0];
  if (first === undefined) return index % 2 === 0 ? 'fit' : 'test';
  return hash(first) % 2 === 0 ? 'fit' : 'test';
}

/** Imports the set as global organisations; answers organisation id -> evaluation id. */
export async function importEvaluationSet(db: Db, set: EvaluationSet): Promise<Map<string, string>> {
  const lines = set.organisations.map((o) => JSON.stringify(toImportLine(o, EVALUATION_VERSION)));
  await importOrganisations(db, lines);
  const prefix = `[evaluation v${EVALUATION_VERSION}] `;
  const rows = await db.execute<{ id: string; description: string }>(sql`select id, description from organisations where description like ${`${prefix}%`}`);
  return new Map(rows.rows.map((r) => [r.id, r.description.slice(prefix.length)]));
}

/** Queries in flight at once (the machine is shared; the database does the work). */
const CONCURRENCY = 3;

/** Runs every query through the quick lookup and marks the candidates, in the queries' order. */
export async function runEvaluationQueries(
  quickSearch: QuickSearch,
  accountId: string,
  queries: readonly EvaluationQuery[],
  evaluationIds: ReadonlyMap<string, string>,
): Promise<QueryOutcome[]> {
  const outcomes: QueryOutcome[] = new Array<QueryOutcome>(queries.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < queries.length; index = next++) {
      const query = queries[index];
      if (query === undefined) continue;
      const candidates = await quickSearch.execute({ accountId, query: query.query, countryIsoAlpha3: 'GLO' });
      outcomes[index] = {
        query,
        half: halfOf(query, index),
        candidates: candidates.map((c) => ({
          canonicalName: c.canonicalName,
          right: query.targetIds.includes(evaluationIds.get(c.existingOrgId) ?? ''),
          match: c.match,
        })),
      };
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return outcomes;
}

/**
 * What the name calibration is fitted on: the raw name similarity of each candidate whose score the name
 * decides (not one lifted by the same identifier or website), and whether it is right.
 */
export function nameObservations(outcomes: readonly QueryOutcome[]): Observation[] {
  return outcomes.flatMap(({ query, candidates }) => {
    const queryForm = searchName(matchQueryOfSearch(query.query, null).name);
    return candidates
      .filter((c) => c.match.grades.identifier !== 'same' && c.match.grades.website !== 'same' && queryForm !== '')
      .map((c) => ({ raw: nameSimilarity(queryForm, searchName(c.match.matchedOn.name ?? c.canonicalName)).raw, right: c.right }));
  });
}

export interface ReliabilityRow {
  /** Scores from (inclusive) to (exclusive; 101 for the last bucket). */
  from: number;
  to: number;
  candidates: number;
  meanScore: number;
  precision: number;
}

export const SCORE_BUCKETS: readonly (readonly [number, number])[] = [
  [0, 20],
  [20, 40],
  [40, 60],
  [60, 70],
  [70, 80],
  [80, 90],
  [90, 101],
];

/** Per score bucket: how many candidates, their mean score, and the share of them that are right. */
export function reliabilityTable(outcomes: readonly QueryOutcome[]): ReliabilityRow[] {
  const all = outcomes.flatMap((o) => o.candidates);
  return SCORE_BUCKETS.map(([from, to]) => {
    const inBucket = all.filter((c) => c.match.score >= from && c.match.score < to);
    const n = inBucket.length;
    return {
      from,
      to,
      candidates: n,
      meanScore: n === 0 ? 0 : inBucket.reduce((s, c) => s + c.match.score, 0) / n,
      precision: n === 0 ? 0 : inBucket.filter((c) => c.right).length / n,
    };
  });
}
