/**
 * The registry pass of a batch (issue 13, section 2): a row the internal pass left without a match (`no_match`,
 * or `review` with a weak best) is looked up by name on its country's registry, through the streamed search's
 * own registry channel (registry-channel.ts: ABN Lookup for AUS, the aggregator with the country code
 * otherwise; the same adapters, caches and breaker). Its candidates are keyed as the search keys them
 * (prepare-candidate.ts: the country guard, the composite key), graded by the same `assessMatch` as the internal
 * candidates (the row as the query), and decided together with the row's internal candidates by `decideRow`. A
 * registry candidate whose key is an internal candidate's (the database has that company), or scoring below REVIEW_FLOOR (no
 * reviewer would pick it), is left out.
 *
 * Bounds: every lookup first waits for the pacer (the provider's calls per minute, shared by every worker);
 * a batch looks up at most its cap of rows (the rest say so); rows are looked up one at a time. A row without
 * a country (its own, or the batch's default) is skipped and says so. A provider failure is a value on the row
 * (`failed`, with the registry's name): the batch goes on and completes.
 */
import {
  decideRow,
  REGISTRY_NAMES,
  registryCandidatePlace,
  REVIEW_FLOOR,
  type BatchRowResult,
  type RegistryBatchCandidate,
  type RegistryOutcome,
} from '../../core/batch-matching';
import { canonicalName } from '../../core/canonical-name';
import { compositeKey } from '../../core/composite-key';
import { countryFromAnything, GLOBAL_SEARCH_SCOPE, isCountryAlpha3 } from '../../core/countries';
import { typedIdentifierValue } from '../../core/identifiers';
import { clearsRelevanceFloor, type MatchQuery, type MatchSubject } from '../../core/match-confidence';
import { isInactive } from '../../core/registry-status';
import { DEFAULT_ABR_PRESET } from '../../core/national-registry';
import { registryRoute } from '../../core/search-mode';
import type { InternalMatchLookup } from '../search/internal-match-lookup';
import type { GlobalRegistry, InternalMatches, NationalRegistry, WebsiteValidator } from '../search/ports';
import { createCandidatePreparation, type PreparedCandidate, type PreparedFields, type RegistrySource } from '../search/prepare-candidate';
import { registryChannel } from '../search/registry-channel';
import type { RegistryPassOptions, RegistryPendingRow, RegistryRowUpdate } from './match-batch';
import type { Log } from '../ports';

/** Waits until one more call to the registry may be made (the provider's rate, shared by every worker). */
export type RegistryPacer = (source: RegistrySource) => Promise<void>;

export interface RegistryPassDependencies {
  nationalRegistry: NationalRegistry;
  globalRegistry: GlobalRegistry;
  websiteValidator: WebsiteValidator;
  pace: RegistryPacer;
  log: Pick<Log, 'debug' | 'warn'>;
  /**
   * The search's existing-row check (the organisations sharing a candidate's composite key, the account's own
   * before a global one): a registry candidate the database already holds says so and apply settles on it. Without
   * it every registry candidate reads "not yet in the database".
   */
  internalMatches?: InternalMatches;
  /** How long one row's lookup may take in all (default 30 s): past it the row's lookup failed. */
  timeoutMs?: number;
}

export type RegistryPass = (accountId: string, rows: readonly RegistryPendingRow[], options: RegistryPassOptions) => Promise<RegistryRowUpdate[]>;

/** Registry candidates kept per row, and candidates of a row in all. */
const KEEP_REGISTRY = 3;
const KEEP = 6;

/** No internal lookup is needed: the pass compares keys with the row's own internal candidates. */
const noInternalMatches: InternalMatchLookup = {
  prefetch: async () => undefined,
  matchOf: async () => undefined,
  current: async () => new Map(),
};

export function createRegistryPass(deps: RegistryPassDependencies): RegistryPass {
  const timeoutMs = deps.timeoutMs ?? 30_000;

  const lookUp = async (accountId: string, row: RegistryPendingRow, country: string): Promise<RegistryRowUpdate> => {
    const route = registryRoute(country);
    const source: RegistrySource = route === 'national' ? 'registry_au' : 'registry_global';
    const registry = REGISTRY_NAMES[source];
    const query: MatchQuery = {
      name: row.input.name,
      // As people type it ("ABN 57 095 403 820"), read like the internal pass reads it (match-rows.ts).
      identifiers: row.input.identifier === null ? [] : [{ type: null, value: typedIdentifierValue(row.input.identifier) }],
      website: row.input.website,
      countryIsoAlpha3: country,
    };
    await deps.pace(source);
    const signal = AbortSignal.timeout(timeoutMs);
    const preparation = createCandidatePreparation({
      scope: country,
      matchQuery: query,
      devMode: false,
      websiteValidator: deps.websiteValidator,
      log: deps.log,
      signal,
    });
    let answer: Awaited<ReturnType<typeof registryChannel>>;
    try {
      answer = await registryChannel(
        { nationalRegistry: deps.nationalRegistry, globalRegistry: deps.globalRegistry, preparation, matches: noInternalMatches, log: deps.log },
        {
          query: row.input.name,
          scope: country,
          accountId,
          abrPreset: DEFAULT_ABR_PRESET,
          includeSoleTraders: false,
          websiteTopK: 0,
          leadDeadline: Date.now() + timeoutMs,
        },
        signal,
      );
    } catch (error) {
      deps.log.warn({ err: error, registry }, 'batch registry lookup failed');
      answer = undefined;
    }
    if (answer === undefined || (answer.degraded && answer.prepared.length === 0)) {
      const why = answer === undefined ? 'did not answer in time' : 'did not answer';
      return withOutcome(row.result, { status: 'failed', registry, message: `${registry} ${why}; resume or re-run the batch to try again.` }, true);
    }
    const internalKeys = new Set(row.result.candidates.flatMap((c) => (c.kind === 'internal' ? (keyOf(c.countryIsoAlpha3 ?? country, c.name) ?? []) : [])));
    const kept = dedupe(answer.prepared)
      // A registry answer too weak to be reviewed (below REVIEW_FLOOR, or under the quick lookup's relevance rule:
      // a weak name scores honestly since decision 0022, so the score alone no longer says it) is no candidate of the row.
      .filter((p) => !internalKeys.has(p.baseKey) && p.fields.match.score >= REVIEW_FLOOR && clearsRelevanceFloor(query, subjectOf(p.fields), p.fields.match))
      .sort((a, b) => b.fields.match.score - a.fields.match.score)
      .slice(0, KEEP_REGISTRY);
    const existing = await existingByKey(
      accountId,
      kept.map((p) => p.baseKey),
    );
    const internalIds = new Set(row.result.candidates.flatMap((c) => (c.kind === 'internal' ? [c.organisationId] : [])));
    // One already among the row's internal candidates (by its organisation) adds nothing.
    const found = kept
      .map((p) => toBatchCandidate(p, source, existing.get(p.baseKey) ?? null))
      .filter((c) => c.existingOrganisationId === null || !internalIds.has(c.existingOrganisationId));
    if (found.length === 0) {
      return withOutcome(row.result, { status: 'not_found', registry, message: `${registry} knows no company close to this name in ${country}.` }, true);
    }
    const internal = row.result.candidates.filter((c) => c.kind === 'internal');
    const decided = decideRow([...internal, ...found]);
    const best = decided.best;
    const message =
      best?.kind === 'registry'
        ? `${registry} found ${found.length === 1 ? 'a company' : `${found.length} companies`}; the best scores ${best.match.score} and is ${registryCandidatePlace(best)}.`
        : `${registry} found ${found.length === 1 ? 'a company' : `${found.length} companies`}, none better than the internal candidates.`;
    return {
      result: { ...decided, candidates: decided.candidates.slice(0, KEEP), registry: { status: 'found', registry, message } },
      lookedUp: true,
    };
  };

  /** The organisations already holding these keys (visible to the account); a failed check reads as none (logged). */
  const existingByKey = async (accountId: string, keys: string[]): Promise<Map<string, string>> => {
    if (deps.internalMatches === undefined || keys.length === 0) return new Map();
    try {
      const found = await deps.internalMatches.byKeys({ accountId, keys, membership: 'skip' });
      return new Map([...found].map(([key, match]) => [key, match.organisationId]));
    } catch (error) {
      deps.log.warn({ err: error }, 'batch registry pass: the existing-row check failed; candidates read as not yet in the database');
      return new Map();
    }
  };

  return async (accountId, rows, options) => {
    let budget = options.budget;
    const updates: RegistryRowUpdate[] = [];
    for (const row of rows) {
      const country = rowCountry(row.input.country) ?? options.defaultCountry;
      if (country === null) {
        const message = 'Not looked up on a registry: the row names no country and the batch has no default country.';
        updates.push(withOutcome(row.result, { status: 'skipped', registry: null, message }, false));
      } else if (row.input.name.trim() === '') {
        updates.push(withOutcome(row.result, { status: 'skipped', registry: null, message: 'Not looked up on a registry: the row has no name.' }, false));
      } else if (budget <= 0) {
        const message = 'Not looked up on a registry: the batch reached its cap of registry lookups (MATCH_REGISTRY_MAX_ROWS).';
        updates.push(withOutcome(row.result, { status: 'skipped', registry: null, message }, false));
      } else {
        budget -= 1;
        updates.push(await lookUp(accountId, row, country));
      }
    }
    return updates;
  };
}

/** The row's own country when it names a real one. */
function rowCountry(value: string | null): string | null {
  if (value === null) return null;
  const country = countryFromAnything(value);
  return country === undefined || country === GLOBAL_SEARCH_SCOPE || !isCountryAlpha3(country) ? null : country;
}

function keyOf(country: string, name: string): string | undefined {
  try {
    return compositeKey(country, canonicalName(name));
  } catch {
    return undefined;
  }
}

/** One candidate per key (an active one before an inactive namesake, then the best graded), as the stream shows one row per key. */
function dedupe(prepared: readonly PreparedCandidate[]): PreparedCandidate[] {
  const byKey = new Map<string, PreparedCandidate>();
  const rank = (p: PreparedCandidate) => (isInactive(p.fields.registryStatus) ? 0 : 1000) + p.fields.match.score;
  for (const p of prepared) {
    const seen = byKey.get(p.baseKey);
    if (seen === undefined || rank(p) > rank(seen)) byKey.set(p.baseKey, p);
  }
  return [...byKey.values()];
}

function toBatchCandidate(prepared: PreparedCandidate, source: RegistrySource, existingOrganisationId: string | null): RegistryBatchCandidate {
  const { match, ...fields } = prepared.fields;
  const registrySource = source === 'registry_au' ? 'registry_au' : 'registry_global';
  return {
    kind: 'registry',
    organisationId: null,
    key: prepared.baseKey,
    source: registrySource,
    registry: REGISTRY_NAMES[registrySource],
    name: fields.canonicalName,
    countryIsoAlpha3: fields.countryIsoAlpha3,
    website: fields.website,
    identifiers: fields.identifiers.map((i) => ({ type: i.type, value: i.value })),
    registryStatus: fields.registryStatus,
    existingOrganisationId,
    match,
    // What the selection use case creates the organisation from (or settles on, when the database has it): the
    // stream's candidate, without its match.
    selection: { ...fields, key: prepared.baseKey, existingOrgId: existingOrganisationId, accountLinked: false, logo: null },
  };
}

/** The row's result as it was, with the pass's outcome (nothing found: the internal decision stands). */
function withOutcome(result: BatchRowResult, outcome: RegistryOutcome, lookedUp: boolean): RegistryRowUpdate {
  return { result: { ...result, registry: outcome }, lookedUp };
}

/** What a registry answer says of the organisation, as the match rules read it. */
function subjectOf(fields: PreparedFields): MatchSubject {
  return {
    name: fields.canonicalName,
    otherNames: [
      ...(fields.matchedBusinessName ? [{ value: fields.matchedBusinessName, kind: 'business_name' as const }] : []),
      ...(fields.formerNames ?? []).map((value) => ({ value, kind: 'former_name' as const })),
    ],
    identifiers: fields.identifiers,
    website: fields.website,
    countryIsoAlpha3: fields.countryIsoAlpha3,
  };
}
