/**
 * channelDegraded (spec: POST /api/organisations/search, rule 6): one
 * `{"_type":"channel-degraded","channel":"registry"}` item when the registry genuinely fails (HTTP error,
 * timeout, network, malformed answer, missing configuration); never for a clean zero-result search, never
 * for our own abort. A degraded registry with zero candidates means "results may be incomplete", never
 * "no matches".
 *
 * Direct mode with a degraded registry "fails the whole stream": the wire form is a 200 NDJSON stream whose
 * only line is the channel-degraded item (any partial registry candidates are discarded), and then the
 * stream ends. The HTTP status cannot change once the first byte is out and the StreamItem union has no
 * error item, so this one line is the whole failure signal; a client in direct mode treats
 * channel-degraded as "the search failed", never as "no matches found".
 */
import type { SearchOrganisationsChannelDegraded } from '../../core/candidates';
import type { SearchMode } from '../../core/search-mode';
import type { RegistryResult } from './ports';

export const REGISTRY_CHANNEL_DEGRADED: SearchOrganisationsChannelDegraded = { _type: 'channel-degraded', channel: 'registry' };

/** Rule 6: the registry's answer is a genuine failure (its own abort is not). */
export function channelDegraded(result: RegistryResult): boolean {
  return result.error !== null && result.error.kind !== 'aborted';
}

/** Direct mode has nothing but the registry: a degraded registry ends the stream after its one line. */
export function degradedRegistryEndsStream(mode: SearchMode): boolean {
  return mode === 'direct';
}

/**
 * The search was stopped by the route's time limit (its time limit aborts with a `TimeoutError`, as `AbortSignal.timeout` does), as
 * opposed to a client going away: a registry that had not answered by then is degraded, since a timeout is a
 * genuine failure of the channel.
 */
export function stoppedByTimeLimit(reason: unknown): boolean {
  return typeof reason === 'object' && reason !== null && (reason as { name?: unknown }).name === 'TimeoutError';
}
