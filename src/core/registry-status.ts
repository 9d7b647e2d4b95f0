/**
 * An organisation's registry status (issue 20, section 4): whether the register still lists it as trading.
 *
 * - `status`: `active`; `inactive` when the register says it is dissolved, deregistered, cancelled or struck
 *   off; `unknown` when no register has said (an agent's find, an import line without one, an old row).
 * - `wording`: the register's own word ("Dissolved", "Cancelled", "Struck off"), shown as it is.
 * - `date`: when that status took effect (`YYYY-MM-DD`): the dissolution date, ABN Lookup's "effective from".
 *
 * The rules every list and decision applies, written once here:
 * - an inactive organisation shows a badge in words (`registryStatusBadge`: "Dissolved 2020", "Cancelled");
 * - it ranks below an active namesake (`activeBeforeInactiveNamesakes`);
 * - it is never decided a match (`undecidedWhenInactive`): batch matching, reconciliation and the lookups take
 *   their decision from the match object, so none of them matches it automatically; a person may still pick it.
 */
import { z } from 'zod';
import { searchName } from './canonical-name';
import type { Match } from './match';

export const REGISTRY_STATUSES = ['active', 'inactive', 'unknown'] as const;
export const registryStatusValueSchema = z.enum(REGISTRY_STATUSES);
export type RegistryStatusValue = z.infer<typeof registryStatusValueSchema>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const registryStatusSchema = z
  .object({
    status: registryStatusValueSchema,
    /** The register's own word for the status ("Dissolved", "Cancelled", "Active"); null when it gave none. */
    wording: z.string().trim().min(1).max(100).nullable(),
    /** When the status took effect (YYYY-MM-DD): the dissolution date, the ABN status's effective date; null when unknown. */
    date: z.string().regex(ISO_DATE, 'a date written YYYY-MM-DD').nullable(),
  })
  .describe("Whether the register still lists the organisation as trading, in the register's own words");
export type RegistryStatus = z.infer<typeof registryStatusSchema>;

export const UNKNOWN_REGISTRY_STATUS: RegistryStatus = Object.freeze({ status: 'unknown', wording: null, date: null });

/** Register words that mean the organisation no longer trades (dissolved, deregistered, cancelled, struck off...). */
const INACTIVE_WORDS =
  /\b(dissolved|deregistered|de-registered|cancell?ed|struck[ -]off|strike[ -]off|removed|liquidated|closed|ceased|inactive|defunct|revoked|terminated|merged out|withdrawn|expired|deleted|dormant)\b/i;
const ACTIVE_WORDS = /^(active|registered|live|current|good standing|in good standing|in existence|existing|normal)$/i;

/** The status a register's word means: inactive words, active words, else unknown (never guessed active). */
export function statusOfWording(wording: string | null | undefined): RegistryStatusValue {
  const word = wording?.trim() ?? '';
  if (word === '') return 'unknown';
  if (INACTIVE_WORDS.test(word)) return 'inactive';
  if (ACTIVE_WORDS.test(word)) return 'active';
  return 'unknown';
}

/** A status from what a register says; blank wording and malformed dates become null. */
export function registryStatusOf(status: RegistryStatusValue, wording?: string | null, date?: string | null): RegistryStatus {
  const word = wording?.trim() ?? '';
  const day = date?.trim().slice(0, 10) ?? '';
  return { status, wording: word === '' ? null : word.slice(0, 100), date: ISO_DATE.test(day) ? day : null };
}

/** Reads stored columns (any unknown value counts as unknown). */
export function toRegistryStatus(
  status: string | null | undefined,
  wording: string | null | undefined,
  date: string | Date | null | undefined,
): RegistryStatus {
  const parsed = registryStatusValueSchema.safeParse(status);
  const day = date instanceof Date ? date.toISOString().slice(0, 10) : date;
  return registryStatusOf(parsed.success ? parsed.data : 'unknown', wording, day);
}

export function isInactive(status: RegistryStatus | null | undefined): boolean {
  return status?.status === 'inactive';
}

/**
 * The badge an inactive organisation shows, in the register's words: "Dissolved 2020" (wording and the year it
 * took effect), "Cancelled" (no date), "Inactive" (no wording). Null for an active or unknown one (no badge).
 */
export function registryStatusBadge(status: RegistryStatus | null | undefined): string | null {
  if (!isInactive(status) || !status) return null;
  const word = status.wording ?? 'Inactive';
  return status.date === null ? word : `${word} ${status.date.slice(0, 4)}`;
}

/** An inactive organisation is never decided a match: its score stays, the decision is no. */
export function undecidedWhenInactive(match: Match, status: RegistryStatus | null | undefined): Match {
  return isInactive(status) && match.match ? { ...match, match: false } : match;
}

/**
 * Orders a ranked list so that an inactive organisation comes right after the last active namesake (same search
 * name) ranked below it; everything else keeps its order. A dissolved "Acme Pty Ltd" scored 100 goes after the
 * active "Acme Pty Ltd" scored 95, but not after an unrelated name.
 */
export function activeBeforeInactiveNamesakes<T>(
  items: readonly T[],
  nameOf: (item: T) => string,
  statusOf: (item: T) => RegistryStatus | null | undefined,
): T[] {
  const names = items.map((item) => searchName(nameOf(item)));
  const lastActive = new Map<string, number>();
  items.forEach((item, i) => {
    if (!isInactive(statusOf(item))) lastActive.set(names[i] ?? '', i);
  });
  const deferred = new Map<string, T[]>();
  const ordered: T[] = [];
  items.forEach((item, i) => {
    const name = names[i] ?? '';
    if (isInactive(statusOf(item)) && (lastActive.get(name) ?? -1) > i) {
      deferred.set(name, [...(deferred.get(name) ?? []), item]);
      return;
    }
    ordered.push(item);
    if (lastActive.get(name) === i) ordered.push(...(deferred.get(name) ?? []));
  });
  return ordered;
}
