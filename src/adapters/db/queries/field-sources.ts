/** Field provenance (`organisation_field_sources`): one row per organisation and field, replaced on rewrite. */
import { asc, eq, sql } from 'drizzle-orm';
import type { FieldSourceRecord } from '../../../core/organisation-profile';
import type { Db } from '../client';
import { organisationFieldSources } from '../schema';

export interface FieldSourceWrite {
  field: string;
  source: FieldSourceRecord['source'];
  retrievedAt: Date;
  evidenceUrl?: string | null;
}

export async function recordFieldSources(db: Db, organisationId: string, sources: readonly FieldSourceWrite[]): Promise<void> {
  // One row per field: the last write of a field wins (an insert may not update the same row twice).
  const byField = new Map(sources.map((s) => [s.field, s]));
  if (byField.size === 0) return;
  await db
    .insert(organisationFieldSources)
    .values(
      [...byField.values()].map((s) => ({ organisationId, field: s.field, source: s.source, retrievedAt: s.retrievedAt, evidenceUrl: s.evidenceUrl ?? null })),
    )
    .onConflictDoUpdate({
      target: [organisationFieldSources.organisationId, organisationFieldSources.field],
      set: { source: sql`excluded.source`, retrievedAt: sql`excluded.retrieved_at`, evidenceUrl: sql`excluded.evidence_url` },
    });
}

export async function listFieldSources(db: Db, organisationId: string): Promise<FieldSourceRecord[]> {
  const rows = await db
    .select()
    .from(organisationFieldSources)
    .where(eq(organisationFieldSources.organisationId, organisationId))
    .orderBy(asc(organisationFieldSources.field));
  return rows.map((r) => ({
    field: r.field,
    source: r.source as FieldSourceRecord['source'],
    retrievedAt: r.retrievedAt.toISOString(),
    evidenceUrl: r.evidenceUrl,
  }));
}
