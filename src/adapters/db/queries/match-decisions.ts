/** Remembered decisions (issue 20, section 6), every read and write scoped to the account. */
import { sql } from 'drizzle-orm';
import {
  decisionSourceSchema,
  decisionVerdictSchema,
  judgementMapKey,
  type DecisionSource,
  type DecisionVerdict,
  type Judgement,
  type MatchDecision,
} from '../../../core/match-decision';
import type { Db } from '../client';
import { executePrepared } from '../prepared-statement';
import { isUuid } from './classification';
import { visibleToAccount } from './visibility';

interface DecisionRow extends Record<string, unknown> {
  id: string;
  query: string;
  country_iso_alpha3: string;
  organisation_id: string;
  organisation_name: string;
  verdict: string;
  source: string;
  decided_at: Date | string;
}

function decisionOf(row: DecisionRow): MatchDecision {
  return {
    id: row.id,
    query: row.query,
    countryIsoAlpha3: row.country_iso_alpha3 === '' ? null : row.country_iso_alpha3,
    organisationId: row.organisation_id,
    organisationName: row.organisation_name,
    verdict: decisionVerdictSchema.parse(row.verdict),
    source: decisionSourceSchema.parse(row.source),
    decidedAt: new Date(row.decided_at).toISOString(),
  };
}

export interface DecisionToRecord {
  accountId: string;
  /** The query as typed, and its key (`decisionQueryKey`) and country key (`decisionCountryKey`). */
  query: string;
  queryKey: string;
  countryKey: string;
  organisationId: string;
  verdict: DecisionVerdict;
  source: DecisionSource;
  decidedBy: string | null;
}

/** One query's judgements to look up: its key and country key. */
export interface JudgementKey {
  queryKey: string;
  countryKey: string;
}

/** Inserts or replaces the decision (same account, query key, country, organisation). Null: the organisation is not visible. */
export async function recordDecision(db: Db, decision: DecisionToRecord): Promise<MatchDecision | null> {
  if (!isUuid(decision.organisationId)) return null;
  const result = await db.execute<DecisionRow>(sql`
    with recorded as (
      insert into match_decisions (account_id, query, query_key, country_iso_alpha3, organisation_id, verdict, source, decided_by)
      select ${decision.accountId}::uuid, ${decision.query}, ${decision.queryKey}, ${decision.countryKey}, o.id,
             ${decision.verdict}, ${decision.source}, ${decision.decidedBy}
      from organisations o
      where o.id = ${decision.organisationId}::uuid and ${visibleToAccount(decision.accountId, sql`o.id`)}
      on conflict (account_id, query_key, country_iso_alpha3, organisation_id) do update
        set query = excluded.query, verdict = excluded.verdict, source = excluded.source,
            decided_by = excluded.decided_by, decided_at = now()
      returning *
    )
    select r.id, r.query, r.country_iso_alpha3, r.organisation_id, o.name as organisation_name, r.verdict, r.source, r.decided_at
    from recorded r join organisations o on o.id = r.organisation_id`);
  const [row] = result.rows;
  return row ? decisionOf(row) : null;
}

/** The account's decisions, the latest first. */
export async function listDecisions(db: Db, { accountId }: { accountId: string }): Promise<MatchDecision[]> {
  const result = await db.execute<DecisionRow>(sql`
    select d.id, d.query, d.country_iso_alpha3, d.organisation_id, o.name as organisation_name, d.verdict, d.source, d.decided_at
    from match_decisions d join organisations o on o.id = d.organisation_id
    where d.account_id = ${accountId}::uuid
    order by d.decided_at desc, d.id`);
  return result.rows.map(decisionOf);
}

/** Deletes one of the account's decisions; false when the account has no decision with this id. */
export async function removeDecision(db: Db, { accountId, decisionId }: { accountId: string; decisionId: string }): Promise<boolean> {
  if (!isUuid(decisionId)) return false;
  const result = await db.execute(sql`
    delete from match_decisions where id = ${decisionId}::uuid and account_id = ${accountId}::uuid returning id`);
  return result.rows.length > 0;
}

/** The account's judgements for each key (by `${queryKey}|${countryKey}`), the latest first (a prepared statement: every lookup sends it). */
export async function findJudgements(db: Db, { accountId, keys }: { accountId: string; keys: readonly JudgementKey[] }): Promise<Map<string, Judgement[]>> {
  const found = new Map<string, Judgement[]>();
  if (keys.length === 0) return found;
  const queryKeys = keys.map((k) => k.queryKey);
  const countryKeys = keys.map((k) => k.countryKey);
  const result = await executePrepared<{ query_key: string; country_iso_alpha3: string; organisation_id: string; verdict: string }>(
    db,
    'judgements',
    sql`
    select d.query_key, d.country_iso_alpha3, d.organisation_id, d.verdict
    from match_decisions d
    join unnest(${sql.param(queryKeys)}::text[], ${sql.param(countryKeys)}::text[]) as k(query_key, country_key)
      on d.query_key = k.query_key and d.country_iso_alpha3 = k.country_key
    where d.account_id = ${accountId}::uuid
    order by d.decided_at desc, d.id`,
  );
  for (const row of result.rows) {
    const key = judgementMapKey(row.query_key, row.country_iso_alpha3);
    const list = found.get(key) ?? [];
    list.push({ organisationId: row.organisation_id, verdict: decisionVerdictSchema.parse(row.verdict) });
    found.set(key, list);
  }
  return found;
}
