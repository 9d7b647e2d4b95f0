/**
 * The organisation profile's states (spec: "Organisation profile") and the one vocabulary the interface
 * shows for them, everywhere: the search rows, the identify list, the sidebar, the organisation page.
 * `null` is "never enriched": an organisation nobody has selected or enriched yet.
 */
import { z } from 'zod';

export const PROFILE_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export const profileStatusSchema = z.enum(PROFILE_STATUSES);
export type ProfileStatus = z.infer<typeof profileStatusSchema>;

/** Reads a stored status; anything unknown counts as never enriched. */
export function toProfileStatus(value: string | null | undefined): ProfileStatus | null {
  const parsed = profileStatusSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The settled states (spec: "the last two are the settled states"). */
export const SETTLED_PROFILE_STATUSES: readonly ProfileStatus[] = ['COMPLETED', 'FAILED'];

/**
 * Enrichment has settled (COMPLETED or FAILED): the NAICS add control's gate (the record's
 * `enrichmentComplete`). The one place the rule is written; its SQL form is `profileIsSettled` in
 * src/adapters/db/queries/derived-rules.ts.
 */
export function isEnrichmentSettled(status: string | null | undefined): boolean {
  const known = toProfileStatus(status);
  return known !== null && SETTLED_PROFILE_STATUSES.includes(known);
}

/** What the interface calls each state. */
export function profileStatusLabel(status: string | null | undefined): string {
  switch (toProfileStatus(status)) {
    case 'PENDING':
      return 'Enriching';
    case 'COMPLETED':
      return 'Enriched';
    case 'FAILED':
      return 'Enrichment failed';
    case null:
      return 'Not enriched';
  }
}
