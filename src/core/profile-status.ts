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

/** What the interface calls each state: the one vocabulary of pages, filters, counts, the sidebar and the API document. */
export const PROFILE_STATUS_LABELS = {
  PENDING: 'Enriching',
  COMPLETED: 'Enriched',
  FAILED: 'Enrichment failed',
  NONE: 'Not enriched',
} as const satisfies Record<ProfileStatus | 'NONE', string>;

/** What the interface calls each state (`null`, never enriched, is "Not enriched"). */
export function profileStatusLabel(status: string | null | undefined): string {
  return PROFILE_STATUS_LABELS[toProfileStatus(status) ?? 'NONE'];
}

/** The vocabulary as one sentence, for descriptions in the API document and the docs. */
export function profileStatusGlossary(): string {
  return `${PROFILE_STATUSES.map((status) => `\`${status}\` "${PROFILE_STATUS_LABELS[status]}"`).join(', ')}; \`null\` "${PROFILE_STATUS_LABELS.NONE}" (never enriched)`;
}

/** The sources of a field that are web research (the agent, the organisation's website, the company-data provider), not the registry or the search result. */
export const WEB_RESEARCH_SOURCES = ['agent', 'website', 'company_data'] as const;
/** The fields web research is asked for first: a profile without either from web research has nothing beyond the registry. */
export const WEB_RESEARCH_FIELDS = ['description', 'website'] as const;

/** Web research found the description or the website (their provenance, not merely a value: a registry writes a description too). */
export function webResearchFound(sources: readonly { field: string; source: string }[]): boolean {
  return sources.some((s) => (WEB_RESEARCH_FIELDS as readonly string[]).includes(s.field) && (WEB_RESEARCH_SOURCES as readonly string[]).includes(s.source));
}

/** What an enriched profile holds, as far as its state is concerned. */
export interface ProfileStateFacts {
  readonly profileStatus: string | null | undefined;
  /** `webResearchFound` of its field sources. */
  readonly webResearchFound: boolean;
  readonly naicsCount: number;
  readonly failureReason?: string | null | undefined;
}

/**
 * A profile's state as a person reads it: the status word, how it looks (`tone`), a sentence saying what it
 * means, and whether manual classification is the way on. A COMPLETED profile for which web research found neither
 * a description nor a website says so ("Registry data only"): nothing beyond the registry, which is not the same as
 * a complete profile.
 */
export interface ProfileState {
  readonly status: ProfileStatus | null;
  /** `registry-only` is a COMPLETED profile with nothing beyond the registry. */
  readonly kind: 'none' | 'pending' | 'enriched' | 'registry-only' | 'failed';
  readonly label: string;
  readonly tone: 'neutral' | 'progress' | 'success' | 'warning' | 'error';
  readonly detail: string | null;
  /** Enriched without a NAICS code: manual classification is the way to classify it. */
  readonly classifyByHand: boolean;
}

export const REGISTRY_DATA_ONLY_LABEL = 'Registry data only';
export const REGISTRY_DATA_ONLY_DETAIL = 'Web research found no website or description.';
export const NO_NAICS_DETAIL = 'No NAICS code was found: classify it by hand.';

export function profileStateOf(facts: ProfileStateFacts): ProfileState {
  const status = toProfileStatus(facts.profileStatus);
  const classifyByHand = status === 'COMPLETED' && facts.naicsCount === 0;
  const hasReason = typeof facts.failureReason === 'string' && facts.failureReason.trim() !== '';
  switch (status) {
    case 'PENDING':
      return { status, kind: 'pending', label: profileStatusLabel(status), tone: 'progress', detail: null, classifyByHand: false };
    case 'FAILED':
      return {
        status,
        kind: 'failed',
        label: profileStatusLabel(status),
        tone: 'error',
        detail: hasReason ? (facts.failureReason ?? null) : 'The enrichment did not finish.',
        classifyByHand,
      };
    case 'COMPLETED':
      if (!facts.webResearchFound) {
        return { status, kind: 'registry-only', label: REGISTRY_DATA_ONLY_LABEL, tone: 'warning', detail: REGISTRY_DATA_ONLY_DETAIL, classifyByHand };
      }
      return { status, kind: 'enriched', label: profileStatusLabel(status), tone: 'success', detail: null, classifyByHand };
    case null:
      return {
        status,
        kind: 'none',
        label: profileStatusLabel(status),
        tone: 'neutral',
        detail: 'This organisation has not been enriched yet.',
        classifyByHand: false,
      };
  }
}
