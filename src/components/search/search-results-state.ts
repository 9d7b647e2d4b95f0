/**
 * The one list of search results of a search run, merged by composite key from both channels the client
 * runs in parallel (spec: search route rule 8): the quick lookup's internal candidates, and the streamed
 * search's candidates, identifier patches and channel-degraded notice. Each run has an id; every action of
 * an older run is ignored, so a newer query always wins even if an aborted request still delivers.
 *
 * Order (decision 0007): exact matches (same name, identifier or website: isExactMatch) above the others,
 * whichever channel found them; within each of the two tiers, quick rows first (in their order, the quick
 * lookup's by match score), then streamed rows in arrival order. A row that the quick lookup also found
 * counts as a quick row, whichever channel answered first. A row the register lists as inactive (dissolved,
 * cancelled) comes right after an active namesake (issue 20, section 4: core/registry-status.ts).
 *
 * Merge (a later candidate for a row already shown upgrades it in place, never adds a second row):
 * - the same row = same composite key and, when both sides name an internal organisation, the same
 *   `existingOrgId` (two organisations sharing a key stay two rows); an empty key never merges by key;
 * - known values win, later ones only fill gaps: name, description, country, website, logo, type, score,
 *   and the subtitle pair (`matchedBusinessName` / `parentEntityName`, taken together so they stay exclusive);
 *   a quick row counts as known first even when the stream answered before it (the row keeps its identity);
 * - `match` is the better of the two (the higher score): each channel knows different fields of the row;
 * - identifiers are the union (by type and value); `websiteValidated` and `accountLinked` are OR-ed, and
 *   `existingOrgId` is kept once known: a row can flip from New to Existing, never back; the stream's candidate
 *   reference (`ref`, what a selection sends) is kept once known;
 * - `sources` lists every channel that found the row, in arrival order;
 * - `formerName`: the former name the query matched (a quick row's `formerName`, a streamed row's `matchedOn` when it
 *   is a register's former name), known first wins;
 * - `registryStatus`: a known one (active or inactive) wins over unknown, the later one over an earlier known
 *   one (a register's word is newer than the stored copy); an inactive row is never decided a match.
 * An identifierPatch applies the same rules to the row with its key (preferring the row of the same
 * organisation, then a streamed row); a patch for a key not shown is dropped.
 *
 * Identifier suggestions ("Did you mean 51 824 753 556?", for a query written like an identifier whose check digit
 * fails) come from both channels: the quick lookup's (organisations visible to the account) and the stream's
 * (the registry). They are kept once per type and value, in arrival order, the first one's name kept. Both also
 * say which identifier is not valid and why (`identifierIssue`, the first to arrive kept), so a search for a
 * mistyped number says so instead of "No organisations found".
 */
import type {
  IdentifierIssue,
  IdentifierSuggestion,
  InternalQuickSearchCandidate,
  SearchOrganisationsCandidate,
  SearchOrganisationsIdentifierPatch,
} from '../../core/candidates';
import type { Match } from '../../core/match';
import { isExactMatch } from '../../core/match-confidence';
import { activeBeforeInactiveNamesakes, undecidedWhenInactive, type RegistryStatus } from '../../core/registry-status';

export type Candidate = InternalQuickSearchCandidate | SearchOrganisationsCandidate;

/** What a result row shows, whichever channel found it. */
export interface OrganisationResult {
  /** Row identity: `key#existingOrgId` for existing organisations, else the composite key (fixed once shown). */
  readonly rowKey: string;
  readonly key: string;
  readonly canonicalName: string;
  readonly description: string;
  readonly countryIsoAlpha3: string;
  readonly website: string | null;
  readonly logo: string | null;
  readonly accountLinked: boolean;
  readonly existingOrgId: string | null;
  /** The stream's candidate reference (decision 0017): what selecting the row sends; null for a quick-only row. */
  readonly ref: string | null;
  readonly sources: readonly string[];
  readonly matchedBusinessName: string | null;
  /** The former name the quick lookup matched (shown as "formerly ..."); null otherwise. */
  readonly formerName: string | null;
  readonly parentEntityName: string | null;
  readonly identifiers: readonly { type: string; value: string }[];
  readonly websiteValidated: boolean;
  readonly type: SearchOrganisationsCandidate['type'];
  /** The registry's kind of the matched name (stream rows); carried into the selection payload. */
  readonly nameKind: SearchOrganisationsCandidate['nameKind'];
  /** National-registry relevance score; shown with devMode only. */
  readonly score: number | null;
  /** How sure we are that this row is the organisation the query names, and why. */
  readonly match: Match;
  /** Whether the register still lists it as trading: an inactive row shows a badge in the register's words. */
  readonly registryStatus: RegistryStatus;
}

export type SearchStatus = 'idle' | 'searching' | 'done' | 'failed';
/** The two channels of a search run: the internal quick lookup and the streamed registry plus agent search. */
export type SearchChannel = 'quick' | 'stream';
/** `stopped`: the user cancelled the run (Stop, a cleared search) while the channel was still running. */
export type ChannelStatus = 'idle' | 'running' | 'done' | 'failed' | 'stopped';

export interface SearchState {
  readonly runId: number;
  /** Derived from the channels: searching while one runs, failed when every channel failed, else done. */
  readonly status: SearchStatus;
  readonly query: string;
  readonly country: string;
  readonly order: readonly string[];
  readonly byRowKey: Readonly<Record<string, OrganisationResult>>;
  /** The message of a failed run (every channel failed). */
  readonly error: string | null;
  readonly channels: Readonly<Record<SearchChannel, ChannelStatus>>;
  /** Per-channel failure messages (a stream failure next to quick results is shown as a notice). */
  readonly channelErrors: Readonly<Record<SearchChannel, string | null>>;
  /** The registry channel failed: results may be incomplete, and an empty list is never "no matches". */
  readonly degraded: boolean;
  /** Valid identifiers one digit-edit away from a mistyped one in the query, each once, in arrival order. */
  readonly suggestions: readonly IdentifierSuggestion[];
  /** The query's identifier whose check digit fails, with the message saying so (the first channel to tell wins). */
  readonly identifierIssue: IdentifierIssue | null;
  /** The stream was refused (429) and is asked again by itself at this time (epoch ms); null otherwise. */
  readonly streamRetryAt: number | null;
}

export type SearchAction =
  | { type: 'started'; runId: number; query: string; country: string; channels: readonly SearchChannel[] }
  | { type: 'candidates'; runId: number; candidates: readonly Candidate[] }
  | { type: 'identifierPatch'; runId: number; patch: SearchOrganisationsIdentifierPatch }
  | { type: 'degraded'; runId: number }
  | { type: 'identifierSuggestions'; runId: number; issue: IdentifierIssue | null; suggestions: readonly IdentifierSuggestion[] }
  | { type: 'finished'; runId: number; channel: SearchChannel }
  | { type: 'failed'; runId: number; channel: SearchChannel; message: string }
  | { type: 'cancelled'; runId: number }
  | { type: 'cleared' }
  /** The stream was refused for now: it retries by itself at `retryAt` (null: the retry has started). */
  | { type: 'streamRetry'; runId: number; retryAt: number | null }
  /** A kept search shown again (Back or Forward), under a new run id: nothing of an older run reaches it. */
  | { type: 'restored'; runId: number; state: SearchState };

const idleChannels: Record<SearchChannel, ChannelStatus> = { quick: 'idle', stream: 'idle' };
const noErrors: Record<SearchChannel, string | null> = { quick: null, stream: null };

export const initialSearchState: SearchState = {
  runId: 0,
  status: 'idle',
  query: '',
  country: '',
  order: [],
  byRowKey: {},
  error: null,
  channels: idleChannels,
  channelErrors: noErrors,
  degraded: false,
  suggestions: [],
  identifierIssue: null,
  streamRetryAt: null,
};

function rowKeyOf(key: string, existingOrgId: string | null): string {
  if (existingOrgId) return key ? `${key}#${existingOrgId}` : `#${existingOrgId}`;
  return key;
}

/** The register's former name a streamed candidate was matched on (shown "formerly ..."), else null. */
function formerNameMatched(match: Match): string | null {
  return match.matchedOn.nameKind === 'former_name' ? match.matchedOn.name : null;
}

function toResult(candidate: Candidate): OrganisationResult {
  const isStreamed = candidate._type === 'candidate';
  return {
    rowKey: rowKeyOf(candidate.key, candidate.existingOrgId),
    key: candidate.key,
    canonicalName: candidate.canonicalName,
    description: candidate.description,
    countryIsoAlpha3: candidate.countryIsoAlpha3,
    website: candidate.website,
    logo: candidate.logo,
    accountLinked: candidate.accountLinked,
    existingOrgId: candidate.existingOrgId,
    ref: isStreamed ? candidate.ref : null,
    sources: [candidate.source],
    matchedBusinessName: isStreamed ? candidate.matchedBusinessName : null,
    formerName: isStreamed ? formerNameMatched(candidate.match) : (candidate.formerName ?? null),
    parentEntityName: isStreamed ? candidate.parentEntityName : null,
    identifiers: isStreamed ? candidate.identifiers : [],
    websiteValidated: isStreamed ? candidate.websiteValidated : false,
    type: isStreamed ? candidate.type : null,
    nameKind: isStreamed ? candidate.nameKind : null,
    score: isStreamed && candidate.source === 'registry_au' ? (candidate.score ?? null) : null,
    match: candidate.match,
    registryStatus: candidate.registryStatus,
  };
}

const identifierId = (identifier: { type: string; value: string }) =>
  `${identifier.type.toUpperCase()}|${identifier.value.replace(/[\s.-]/g, '').toUpperCase()}`;

function unionIdentifiers(known: OrganisationResult['identifiers'], incoming: OrganisationResult['identifiers']): OrganisationResult['identifiers'] {
  const seen = new Set(known.map(identifierId));
  const added = incoming.filter((identifier) => {
    const id = identifierId(identifier);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  return added.length > 0 ? [...known, ...added] : known;
}

/** Later information fills gaps but never erases what is known (an existing organisation stays existing). */
function mergeResults(known: OrganisationResult, incoming: OrganisationResult): OrganisationResult {
  const knownSubtitle = known.matchedBusinessName !== null || known.parentEntityName !== null;
  return {
    ...known,
    canonicalName: known.canonicalName || incoming.canonicalName,
    description: known.description || incoming.description,
    countryIsoAlpha3: known.countryIsoAlpha3 || incoming.countryIsoAlpha3,
    website: known.website ?? incoming.website,
    logo: known.logo ?? incoming.logo,
    accountLinked: known.accountLinked || incoming.accountLinked,
    existingOrgId: known.existingOrgId ?? incoming.existingOrgId,
    ref: known.ref ?? incoming.ref,
    sources: [...new Set([...known.sources, ...incoming.sources])],
    matchedBusinessName: knownSubtitle ? known.matchedBusinessName : incoming.matchedBusinessName,
    parentEntityName: knownSubtitle ? known.parentEntityName : incoming.parentEntityName,
    formerName: known.formerName ?? incoming.formerName,
    identifiers: unionIdentifiers(known.identifiers, incoming.identifiers),
    websiteValidated: known.websiteValidated || incoming.websiteValidated,
    type: known.type ?? incoming.type,
    nameKind: known.nameKind ?? incoming.nameKind,
    score: known.score ?? incoming.score,
    ...withStatus(incoming.match.score > known.match.score ? incoming.match : known.match, known.registryStatus, incoming.registryStatus),
  };
}

/** The row's status (a known one over unknown, the later over the earlier) and its match, never decided when inactive. */
function withStatus(match: Match, known: RegistryStatus, incoming: RegistryStatus): Pick<OrganisationResult, 'match' | 'registryStatus'> {
  const registryStatus = incoming.status === 'unknown' ? known : incoming;
  return { registryStatus, match: undecidedWhenInactive(match, registryStatus) };
}

const foundByQuick = (row: OrganisationResult) => row.sources.includes('internal');

/**
 * Quick candidates first (search route rule 8), whichever answered first: when the quick lookup's row lands on a
 * row only the stream had shown, the row reads as if the quick row had come first (the organisation's own name,
 * description and website win), keeping its identity and the sources in arrival order.
 */
function mergedInArrivalOrder(known: OrganisationResult, incoming: OrganisationResult): OrganisationResult {
  if (!foundByQuick(incoming) || foundByQuick(known)) return mergeResults(known, incoming);
  return { ...mergeResults(incoming, known), rowKey: known.rowKey, sources: [...new Set([...known.sources, ...incoming.sources])] };
}

function sameOrganisation(row: OrganisationResult, incoming: { key: string; existingOrgId: string | null }): boolean {
  if (row.existingOrgId !== null && incoming.existingOrgId !== null) return row.existingOrgId === incoming.existingOrgId && row.key === incoming.key;
  return incoming.key !== '' && row.key === incoming.key;
}

/** The row an incoming result merges into: the same row key, else the first row of the same organisation by key. */
function findRow(order: readonly string[], byRowKey: Readonly<Record<string, OrganisationResult>>, incoming: OrganisationResult): string | undefined {
  if (byRowKey[incoming.rowKey]) return incoming.rowKey;
  return order.find((rowKey) => {
    const row = byRowKey[rowKey];
    return row !== undefined && sameOrganisation(row, incoming);
  });
}

const isStreamedRow = (row: OrganisationResult) => row.sources.some((source) => source !== 'internal');

function findPatchTarget(state: SearchState, patch: SearchOrganisationsIdentifierPatch): string | undefined {
  const rows = state.order.flatMap((rowKey) => {
    const row = state.byRowKey[rowKey];
    return row && row.key === patch.key ? [row] : [];
  });
  const target =
    (patch.existingOrgId !== null ? rows.find((row) => row.existingOrgId === patch.existingOrgId) : undefined) ?? rows.find(isStreamedRow) ?? rows[0];
  return target?.rowKey;
}

function withChannel(state: SearchState, channel: SearchChannel, status: ChannelStatus, message: string | null): SearchState {
  const channels = { ...state.channels, [channel]: status };
  const channelErrors = { ...state.channelErrors, [channel]: message };
  const started = (Object.keys(channels) as SearchChannel[]).filter((c) => channels[c] !== 'idle');
  const overall: SearchStatus = started.some((c) => channels[c] === 'running')
    ? 'searching'
    : started.length > 0 && started.every((c) => channels[c] === 'failed')
      ? 'failed'
      : 'done';
  const error = overall === 'failed' ? (started.map((c) => channelErrors[c]).find((m) => m !== null) ?? null) : null;
  const streamRetryAt = channel === 'stream' ? null : state.streamRetryAt;
  return { ...state, channels, channelErrors, status: overall, error, streamRetryAt };
}

const suggestionId = (suggestion: IdentifierSuggestion) => `${suggestion.type}|${suggestion.value}`;

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'started': {
      const channels = { ...idleChannels };
      for (const channel of action.channels) channels[channel] = 'running';
      return {
        ...initialSearchState,
        runId: action.runId,
        status: action.channels.length > 0 ? 'searching' : 'done',
        query: action.query,
        country: action.country,
        channels,
      };
    }
    case 'cleared':
      return { ...initialSearchState, runId: state.runId };
    case 'restored':
      return { ...action.state, runId: action.runId };
    case 'candidates': {
      if (action.runId !== state.runId) return state;
      const order = [...state.order];
      const byRowKey: Record<string, OrganisationResult> = { ...state.byRowKey };
      for (const candidate of action.candidates) {
        const incoming = toResult(candidate);
        const target = findRow(order, byRowKey, incoming);
        const known = target ? byRowKey[target] : undefined;
        if (target && known) {
          byRowKey[target] = mergedInArrivalOrder(known, incoming);
        } else {
          byRowKey[incoming.rowKey] = incoming;
          order.push(incoming.rowKey);
        }
      }
      return { ...state, order, byRowKey };
    }
    case 'identifierPatch': {
      if (action.runId !== state.runId) return state;
      const target = findPatchTarget(state, action.patch);
      const known = target ? state.byRowKey[target] : undefined;
      if (!target || !known) return state;
      const patched: OrganisationResult = {
        ...known,
        identifiers: unionIdentifiers(known.identifiers, action.patch.identifiers),
        existingOrgId: known.existingOrgId ?? action.patch.existingOrgId,
        ref: known.ref ?? action.patch.ref,
        accountLinked: known.accountLinked || action.patch.accountLinked,
      };
      return { ...state, byRowKey: { ...state.byRowKey, [target]: patched } };
    }
    case 'degraded':
      return action.runId === state.runId ? { ...state, degraded: true } : state;
    case 'streamRetry':
      return action.runId === state.runId && state.channels.stream === 'running' ? { ...state, streamRetryAt: action.retryAt } : state;
    case 'identifierSuggestions': {
      if (action.runId !== state.runId) return state;
      const known = new Set(state.suggestions.map(suggestionId));
      const added = action.suggestions.filter((suggestion) => {
        const id = suggestionId(suggestion);
        if (known.has(id)) return false;
        known.add(id);
        return true;
      });
      const identifierIssue = state.identifierIssue ?? action.issue;
      if (added.length === 0 && identifierIssue === state.identifierIssue) return state;
      return { ...state, suggestions: [...state.suggestions, ...added], identifierIssue };
    }
    case 'finished':
      return action.runId === state.runId && state.channels[action.channel] === 'running' ? withChannel(state, action.channel, 'done', null) : state;
    case 'failed':
      return action.runId === state.runId && state.channels[action.channel] === 'running'
        ? withChannel(state, action.channel, 'failed', action.message)
        : state;
    case 'cancelled': {
      if (action.runId !== state.runId) return state;
      const running = (Object.keys(state.channels) as SearchChannel[]).filter((channel) => state.channels[channel] === 'running');
      return running.reduce((next, channel) => withChannel(next, channel, 'stopped', null), state);
    }
  }
}

/**
 * The rows in display order (decision 0007): exact matches, then the others; within each, rows the quick lookup
 * found first, then streamed-only rows, each in arrival order.
 */
export function resultsOf(state: SearchState): OrganisationResult[] {
  const rows = state.order.flatMap((rowKey) => {
    const result = state.byRowKey[rowKey];
    return result ? [result] : [];
  });
  const fromQuick = (row: OrganisationResult) => row.sources.includes('internal');
  const quickFirst = (tier: OrganisationResult[]) => [...tier.filter(fromQuick), ...tier.filter((row) => !fromQuick(row))];
  const exact = (row: OrganisationResult) => isExactMatch(row.match);
  return activeBeforeInactiveNamesakes(
    [...quickFirst(rows.filter(exact)), ...quickFirst(rows.filter((row) => !exact(row)))],
    (row) => row.canonicalName,
    (row) => row.registryStatus,
  );
}

/** A row as the list shows it: `position` is its place in arrival order, fixed for the run (stable option ids). */
export interface ResultRow {
  readonly result: OrganisationResult;
  readonly position: number;
}

export interface ResultList {
  /** The quick lookup is still out: a placeholder holds the top of the list, where its rows will go. */
  readonly quickPending: boolean;
  readonly rows: readonly ResultRow[];
}

/**
 * What the list shows, so rows do not jump under the user more than ranking needs: in resultsOf's order
 * (exact matches first, quick rows first within a tier), with a placeholder at the top while the quick lookup
 * runs; streamed rows appended to their tier in arrival order or updated in place; and only the rows `keep`
 * accepts (the scope filter), in the same order.
 */
export function resultListOf(state: SearchState, keep: (result: OrganisationResult) => boolean = () => true): ResultList {
  const positions = new Map(state.order.map((rowKey, index) => [rowKey, index]));
  const rows = resultsOf(state)
    .filter(keep)
    .map((result) => ({ result, position: positions.get(result.rowKey) ?? -1 }));
  return { quickPending: state.channels.quick === 'running', rows };
}
