/**
 * Who may re-enrich an organisation ("Enrich now", issue 19 section 2). A global organisation's profile is
 * shared by every account, so any account may re-run it only when the profile is not a fresh, settled one:
 * never enriched, still PENDING with no job behind it (a lost job), FAILED, or COMPLETED longer ago than
 * REENRICH_GLOBAL_MIN_AGE_HOURS (a COMPLETED profile with no check date is of unknown age, so it may be).
 * An organisation the account owns is its own to re-enrich at any time. Either way the per-account limit and
 * the one-pending-enrichment-per-organisation rule still apply (server/enrichment/trigger-enrichment.ts).
 */
import type { ProfileStatus } from './profile-status';

/** The default of REENRICH_GLOBAL_MIN_AGE_HOURS: a week. */
export const REENRICH_GLOBAL_MIN_AGE_HOURS_DEFAULT = 24 * 7;

export interface ReEnrichmentSubject {
  /** Owned by the requesting account (visible and not owned means global). */
  ownedByAccount: boolean;
  profileStatus: ProfileStatus | null;
  profileCheckedAt: Date | null;
}

/** The refusal's user message, or null when the account may re-enrich the organisation now. */
export function reEnrichmentRefusal(subject: ReEnrichmentSubject, now: Date, minAgeHours: number): string | null {
  if (subject.ownedByAccount || subject.profileStatus !== 'COMPLETED' || subject.profileCheckedAt === null) return null;
  const allowedFrom = new Date(subject.profileCheckedAt.getTime() + minAgeHours * 3_600_000);
  if (now.getTime() >= allowedFrom.getTime()) return null;
  return `This organisation's profile is shared by every account and was enriched recently; it can be enriched again from ${allowedFrom.toISOString().slice(0, 16).replace('T', ' ')} UTC.`;
}
