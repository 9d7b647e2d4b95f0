/**
 * The SQL form of the specs' derived rules, one place for every query that filters or counts by them (a core
 * function cannot run inside a query). Each mirrors the core function named beside it; the integration test
 * tests/integration/derived-rules-sql.test.ts proves the two agree on the same rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PROFILE_STATUSES, SETTLED_PROFILE_STATUSES, WEB_RESEARCH_FIELDS, WEB_RESEARCH_SOURCES, type ProfileStatus } from '../../../core/profile-status';

/**
 * Mirrors `isClassified` (core/classification): at least one Aquila1 classification; a NAICS tag alone does
 * not classify. `organisationId` is the SQL expression of the organisation's id.
 */
export function organisationIsClassified(organisationId: SQL): SQL {
  return sql`exists (select 1 from organisation_aquila1 oa where oa.organisation_id = ${organisationId})`;
}

/**
 * Mirrors `isEnrichmentSettled` (core/profile-status): the status is COMPLETED or FAILED. Never null: a
 * never-enriched organisation (null status) is not settled, so `not profileIsSettled(...)` counts it.
 */
export function profileIsSettled(profileStatus: SQL): SQL {
  return sql`coalesce(${profileStatus} in (${sql.join(
    SETTLED_PROFILE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )}), false)`;
}

/**
 * A transaction is classified for a type when it has an Aquila1 edge for that type (spec: backfill step;
 * core/organisation-figures). No core function computes it: only queries do, all through this fragment.
 */
export function transactionIsClassifiedFor(transactionId: SQL, type: SQL): SQL {
  return sql`exists (select 1 from transaction_aquila1 ta where ta.transaction_id = ${transactionId} and ta."for" = ${type})`;
}

/**
 * The profile is in `status` (`NONE`: never enriched, any value that is not a profile status): the one SQL form of
 * the status vocabulary, shared by the identify list's status filter and the account list's counts, so a count
 * ("Enriching 3") and the filter of the same name always find the same organisations.
 */
export function profileStatusIs(profileStatus: SQL, status: ProfileStatus | 'NONE'): SQL {
  if (status !== 'NONE') return sql`${profileStatus} = ${status}`;
  return sql`coalesce(${profileStatus}, '') not in (${sql.join(
    PROFILE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})`;
}

/**
 * Mirrors the identify list's status filter, which is `profileStateOf`'s state (core/profile-status, core/identify-list):
 * COMPLETED is "Enriched" only when web research found a description or website, REGISTRY_ONLY is COMPLETED without
 * (registry data only); the other choices are `profileStatusIs`. So the Status column and the filter of the same name
 * always agree.
 */
export function profileStateIs(organisationId: SQL, profileStatus: SQL, state: ProfileStatus | 'REGISTRY_ONLY' | 'NONE'): SQL {
  if (state === 'COMPLETED') return sql`(${profileStatus} = 'COMPLETED' and ${webResearchFoundFor(organisationId)})`;
  if (state === 'REGISTRY_ONLY') return sql`(${profileStatus} = 'COMPLETED' and not ${webResearchFoundFor(organisationId)})`;
  return profileStatusIs(profileStatus, state);
}

/** Web research found the organisation's description or website: the SQL form of `webResearchFound` (core/profile-status). */
export function webResearchFoundFor(organisationId: SQL): SQL {
  const list = (values: readonly string[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  return sql`exists (select 1 from organisation_field_sources wr where wr.organisation_id = ${organisationId}
    and wr.field in (${list(WEB_RESEARCH_FIELDS)}) and wr.source in (${list(WEB_RESEARCH_SOURCES)}))`;
}
