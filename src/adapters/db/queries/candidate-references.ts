/**
 * The CandidateReferences port over PostgreSQL (`candidate_references`, decision 0017). Recording a batch is one
 * statement: it removes up to PURGE_LIMIT expired rows (by the `expires_at` index, so the table holds about an
 * hour of handed-out candidates), inserts the new candidates and applies the patches. A record is read back only
 * for its own account and before it expires, and only when it still parses as a streamed candidate.
 */
import { sql } from 'drizzle-orm';
import { selectionCandidateSchema, type StreamedSelectionCandidate } from '../../../core/selection';
import { CANDIDATE_REFERENCE_TTL_SECONDS, type CandidateReferences } from '../../../server/selection/candidate-references';
import type { Db } from '../client';
import { isUuid } from './classification';

/** Expired rows removed per recording: bounded work per batch, more than a busy hour adds. */
const PURGE_LIMIT = 500;

export function createCandidateReferences(db: Db, options: { ttlSeconds?: number } = {}): CandidateReferences {
  const ttlSeconds = options.ttlSeconds ?? CANDIDATE_REFERENCE_TTL_SECONDS;
  return {
    async record(accountId, { candidates, patches }) {
      if (candidates.length === 0 && patches.length === 0) return;
      await db.execute(sql`
        with purged as (
          delete from candidate_references
          where id in (select id from candidate_references where expires_at < now() limit ${PURGE_LIMIT})
        ),
        inserted as (
          insert into candidate_references (id, account_id, candidate, expires_at)
          select v.ref, ${accountId}::uuid, v.candidate, now() + make_interval(secs => ${ttlSeconds})
          from jsonb_to_recordset(${JSON.stringify(candidates)}::jsonb) as v(ref uuid, candidate jsonb)
        )
        update candidate_references c
        set candidate = c.candidate || jsonb_build_object('identifiers', p.identifiers, 'existingOrgId', p."existingOrgId")
        from jsonb_to_recordset(${JSON.stringify(patches)}::jsonb) as p(ref uuid, identifiers jsonb, "existingOrgId" text)
        where c.id = p.ref and c.account_id = ${accountId}::uuid and c.expires_at > now()`);
    },

    async find(accountId, ref) {
      if (!isUuid(ref)) return null;
      const { rows } = await db.execute<{ candidate: unknown }>(sql`
        select candidate from candidate_references
        where id = ${ref}::uuid and account_id = ${accountId}::uuid and expires_at > now()`);
      const parsed = selectionCandidateSchema.safeParse(rows[0]?.candidate);
      return parsed.success && parsed.data._type === 'candidate' ? (parsed.data satisfies StreamedSelectionCandidate) : null;
    },
  };
}
