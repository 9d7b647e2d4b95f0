/**
 * A profile's state as a badge, in the one vocabulary (core/profile-status.ts `profileStateOf`): "Enriching",
 * "Enriched", "Registry data only", "Enrichment failed", "Not enriched". Every surface that shows a profile's
 * state (the organisation header and page, the identify sidebar) uses it.
 */
import type { ProfileState, ProfileStateFacts } from '../../core/profile-status';
import './profile-state-badge.css';

/** The facts of a profile or record that decide its state. */
export function profileStateFacts(record: {
  profileStatus: string | null;
  webResearchFound: boolean;
  naics: readonly unknown[];
  profileFailureReason?: string | null;
}): ProfileStateFacts {
  return {
    profileStatus: record.profileStatus,
    webResearchFound: record.webResearchFound,
    naicsCount: record.naics.length,
    failureReason: record.profileFailureReason ?? null,
  };
}

export function ProfileStateBadge({ state, ariaLive }: { state: ProfileState; ariaLive?: 'polite' }) {
  return (
    <span className={`status-badge status-${state.kind}`} data-profile-status={state.status ?? 'NONE'} data-profile-state={state.kind} aria-live={ariaLive}>
      {state.label}
    </span>
  );
}
