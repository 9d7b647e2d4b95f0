/**
 * registryLead (spec: POST /api/organisations/search, rule 2; REGISTRY_LEAD_MS = 5000). In auto mode both
 * channels start at once; the agent's candidates are held back (not dropped) until the registry has
 * resolved or the lead has expired, whichever comes first:
 *
 * - registry within the lead: its candidates are placed first, so its verified identifiers own the keys;
 *   the held agent candidates are released after them and go through the same-key dedup (an
 *   identifier-less one folds onto the registry row, rule 7), and the rest streams live.
 * - lead expired: the held agent candidates are released at once and the agent streams live. When the
 *   registry answers later, each registry candidate goes through the same dedup against what was already
 *   emitted: one that merges onto an emitted row (that row had no identifiers, or identical ones) and
 *   brings identifiers it lacked produces an `identifierPatch` for that row's key (`identifierPatch`
 *   below), carrying the row's full identifier set after the merge and existingOrgId/accountLinked
 *   recomputed from the internal rows sharing the key at that moment (this is how a patch "may flip a new
 *   candidate to existing"); one with nothing new is dropped; any other streams as a new candidate (its key
 *   disambiguated when it conflicts, rule 7). The same rule turns a later agent candidate that adds
 *   identifiers to an identifier-less row into a patch.
 *
 * Registry website enrichment (AUS, top websiteTopK) is bounded by the same lead window
 * (registry-channel.ts). In agentic and direct mode there is one channel and no lead: nothing is held.
 */
import type { SearchOrganisationsIdentifierPatch } from '../../core/candidates';
import type { EmittedRow } from '../../core/stream-dedup';
import type { InternalMatch } from './ports';
import type { PreparedCandidate } from './prepare-candidate';
import type { Log, Timers } from '../ports';
import { realTimers } from '../timers';

/** Spec: Limits. */
export const REGISTRY_LEAD_MS = 5000;

export interface RegistryLead {
  /** Agent candidates still held back. */
  readonly holding: boolean;
  /** An agent candidate arrived: what to place now (itself once released; nothing while held). */
  admit(prepared: PreparedCandidate): PreparedCandidate[];
  /** The registry has resolved, or the lead has expired: the held candidates to place, once (then none). */
  release(why: 'registry resolved' | 'lead expired'): PreparedCandidate[];
  /** Stops the lead's timer (the search is over). */
  cancel(): void;
}

export interface RegistryLeadOptions {
  /** Both channels run (auto mode): only then does the registry get a lead. */
  hasLead: boolean;
  leadMs: number;
  /** Called once when the lead expires before the registry resolved. */
  onExpired: () => void;
  log: Pick<Log, 'debug' | 'warn'>;
  /** What the lead waits on: real timers unless a test advances a manual clock. */
  timers?: Timers;
}

export function startRegistryLead(options: RegistryLeadOptions): RegistryLead {
  let released = !options.hasLead;
  const held: PreparedCandidate[] = [];
  const cancelTimer = released ? () => undefined : (options.timers ?? realTimers).after(options.leadMs, options.onExpired);

  return {
    get holding() {
      return held.length > 0;
    },
    admit(prepared) {
      if (released) return [prepared];
      held.push(prepared);
      return [];
    },
    release(why) {
      cancelTimer();
      if (released) return [];
      released = true;
      if (why === 'lead expired') options.log.debug({ leadMs: options.leadMs }, 'registry lead expired; the agent streams');
      return held.splice(0);
    },
    cancel() {
      cancelTimer();
    },
  };
}

/** A late merge that brought identifiers: the row's full set after the merge, its key's match as it is now. */
export function identifierPatch(row: EmittedRow, match: InternalMatch | undefined): Omit<SearchOrganisationsIdentifierPatch, 'ref'> {
  return {
    _type: 'identifierPatch',
    key: row.key,
    identifiers: [...row.identifiers],
    existingOrgId: match?.organisationId ?? null,
    accountLinked: match?.accountLinked ?? false,
  };
}
