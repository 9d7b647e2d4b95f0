/**
 * Preparing a candidate (spec: POST /api/organisations/search, rules 3 and 5; Website validation): what
 * happens to each candidate a channel reports before it is placed in the stream.
 *
 * 1. `key`: the country guard and the composite key, once per candidate.
 *    - Its own country, normalised to alpha-3; GLO, XXX or unmappable -> dropped with a warning (under GLO
 *      each candidate's own country must be a real country; Global scope rule 3).
 *    - Rule 5, country guard: outside GLO a candidate whose country differs from the requested one is
 *      dropped, whatever the agent was told.
 *    - Rule 3: the canonical name and the base composite key `<country>|<canonical name>`; a name with no
 *      key is dropped with a warning. The rest of rule 3 (the internal rows sharing the key, owned preferred
 *      over global, and `existingOrgId`) is placing's: place-candidates.ts over internal-match-lookup.ts.
 * 2. `prepare`: website validation, then the candidate's fields. Website validation runs on every candidate
 *    that carries a website not already validated (registry website enrichment validates its own): accepted
 *    -> websiteValidated true; rejected or the validator failing -> the website is removed. So a candidate's
 *    website is always a validated one. Per-candidate enrichment of the candidate object belongs here, in
 *    `prepare`: both channels' candidates pass through it.
 *
 * 3. `match`: the candidate's match for the query (core/match-confidence.ts), over its name, the registry's
 *    matched business name, its identifiers, its website once validated (a removed website is missing) and
 *    its country.
 * 4. An LEI-carrying candidate whose register status is unknown (an agent's find) is looked up on GLEIF beside its
 *    website validation (`leiRegistry`): the entity's status (so a dissolved one is never decided a match) and its
 *    direct parent. A miss or a failure leaves the candidate as reported (logged); it never holds the stream up past
 *    the search's signal.
 *
 * `source` stays the discovering channel; the registry's relevance `score` is kept for national-registry
 * candidates with devMode on, never otherwise.
 */
import type { SearchOrganisationsCandidate, SearchSource } from '../../core/candidates';
import { canonicalName } from '../../core/canonical-name';
import { compositeKey } from '../../core/composite-key';
import { countryFromAnything, GLOBAL_SEARCH_SCOPE, isCountryAlpha3 } from '../../core/countries';
import { assessMatch, type MatchQuery, type MatchSubject } from '../../core/match-confidence';
import { UNKNOWN_REGISTRY_STATUS, undecidedWhenInactive } from '../../core/registry-status';
import type { RegistryLookups } from '../enrichment/ports';
import type { RegistryStatus } from '../../core/registry-status';
import type { AgentCandidate, RegistryCandidate, WebsiteValidator } from './ports';
import type { Log } from '../ports';

export type RegistrySource = Exclude<SearchSource, 'agent'>;

/** A candidate as the channel that discovered it reported it. */
export type DiscoveredCandidate = { source: RegistrySource; candidate: RegistryCandidate } | { source: 'agent'; candidate: AgentCandidate };

/** A candidate past the country guard, with its country, canonical name and base composite key. */
export interface KeyedCandidate<D extends DiscoveredCandidate = DiscoveredCandidate> {
  discovered: D;
  country: string;
  canonicalName: string;
  baseKey: string;
}

/** The stream item's fields that preparing a candidate decides (placing it decides the rest). */
export type PreparedFields = Omit<SearchOrganisationsCandidate, 'ref' | 'key' | 'existingOrgId' | 'accountLinked' | 'logo'>;

/** A candidate past the guards, keyed, website validated; not yet de-duplicated or matched. */
export interface PreparedCandidate {
  baseKey: string;
  fromRegistry: boolean;
  fields: PreparedFields;
}

export interface CandidatePreparation {
  /** The country guard and the composite key (rules 5 and 3); undefined, logged, when the candidate is dropped. */
  key<D extends DiscoveredCandidate>(discovered: D): KeyedCandidate<D> | undefined;
  /** Website validation and the candidate's fields: the one place a candidate is enriched. */
  prepare(keyed: KeyedCandidate): Promise<PreparedCandidate>;
}

export interface CandidatePreparationDependencies {
  /** The requested country's alpha-3, or GLO. */
  scope: string;
  /** The search's query as a match query (matchQueryOfSearch), for each candidate's `match`. */
  matchQuery: MatchQuery;
  devMode: boolean;
  websiteValidator: WebsiteValidator;
  log: Pick<Log, 'debug' | 'warn'>;
  /** The search's signal: a validation still running when it aborts is abandoned. */
  signal: AbortSignal;
  /** GLEIF by LEI, for LEI-carrying candidates without a register status; without it they stay as reported. */
  leiRegistry?: Pick<RegistryLookups, 'byLei'>;
}

type Keyed =
  | { ok: true; country: string; canonicalName: string; baseKey: string }
  | { ok: false; why: 'unmappable' | 'other-country' | 'no-key'; country?: string; error?: unknown };

/** Rules 3 and 5 without logging: the candidate's country, canonical name and base key, or why it is dropped. */
function keyed(candidate: { name: string; countryIsoAlpha3: string }, scope: string): Keyed {
  const country = countryFromAnything(candidate.countryIsoAlpha3);
  if (country === undefined || !isCountryAlpha3(country)) return { ok: false, why: 'unmappable' };
  if (scope !== GLOBAL_SEARCH_SCOPE && country !== scope) return { ok: false, why: 'other-country', country };
  const name = canonicalName(candidate.name);
  try {
    return { ok: true, country, canonicalName: name, baseKey: compositeKey(country, name) };
  } catch (error) {
    return { ok: false, why: 'no-key', error };
  }
}

export function createCandidatePreparation(deps: CandidatePreparationDependencies): CandidatePreparation {
  const { scope, log, signal } = deps;

  const validatedWebsite = async (name: string, website: string | null, alreadyValidated: boolean) => {
    if (website === null) return { website: null, websiteValidated: false };
    if (alreadyValidated) return { website, websiteValidated: true };
    try {
      const verdict = await deps.websiteValidator.validate(name, website, { signal });
      return verdict.accepted ? { website, websiteValidated: true } : { website: null, websiteValidated: false };
    } catch (error) {
      if (!signal.aborted) log.warn({ err: error, website }, 'website validation failed; website removed');
      return { website: null, websiteValidated: false };
    }
  };

  /** What GLEIF says of an LEI the candidate carries: its status and direct parent; undefined when it cannot say. */
  const leiRecord = async (reported: { identifiers: readonly { type: string; value: string }[] }, known: RegistryStatus | undefined) => {
    const lei = reported.identifiers.find((i) => i.type === 'LEI')?.value;
    if (deps.leiRegistry === undefined || lei === undefined || (known !== undefined && known.status !== 'unknown')) return undefined;
    try {
      const found = await deps.leiRegistry.byLei(lei, { signal });
      if (!found.ok) {
        if (!signal.aborted) log.warn({ failure: found.failure }, 'LEI look-up of a candidate failed; candidate kept as reported');
        return undefined;
      }
      return found.value ?? undefined;
    } catch (error) {
      if (!signal.aborted) log.warn({ err: error }, 'LEI look-up of a candidate failed; candidate kept as reported');
      return undefined;
    }
  };

  return {
    key(discovered) {
      const channel = discovered.source;
      const result = keyed(discovered.candidate, scope);
      if (result.ok) return { discovered, country: result.country, canonicalName: result.canonicalName, baseKey: result.baseKey };
      if (result.why === 'unmappable') log.warn({ channel, country: discovered.candidate.countryIsoAlpha3 }, 'search candidate dropped: country unmappable');
      else if (result.why === 'other-country') log.debug({ channel, country: result.country, scope }, 'search candidate dropped by the country guard');
      else log.warn({ channel, err: result.error }, 'search candidate dropped: no composite key');
      return undefined;
    },

    async prepare({ discovered, country, canonicalName: name, baseKey }) {
      const reported = discovered.candidate;
      const fromRegistry = discovered.source !== 'agent';
      const reportedStatus = discovered.source === 'agent' ? undefined : discovered.candidate.registryStatus;
      const [site, lei] = await Promise.all([
        validatedWebsite(name, reported.website, discovered.source !== 'agent' && discovered.candidate.websiteValidated),
        leiRecord(reported, reportedStatus),
      ]);
      const businessName = discovered.source === 'agent' ? null : discovered.candidate.matchedBusinessName;
      const registryStatus = lei?.registryStatus ?? reportedStatus ?? UNKNOWN_REGISTRY_STATUS;
      const details = registryDetails(discovered, deps.devMode);
      const formerNames = discovered.source === 'agent' ? [] : (discovered.candidate.formerNames ?? []);
      const subject: MatchSubject = {
        name,
        otherNames: [
          ...(businessName === null ? [] : [{ value: businessName, kind: 'business_name' as const }]),
          ...formerNames.map((value) => ({ value, kind: 'former_name' as const })),
        ],
        identifiers: reported.identifiers,
        website: site.website,
        countryIsoAlpha3: country,
      };
      return {
        baseKey,
        fromRegistry,
        fields: {
          _type: 'candidate',
          canonicalName: name,
          description: reported.description,
          countryIsoAlpha3: country,
          source: discovered.source,
          ...site,
          identifiers: reported.identifiers,
          ...details,
          parentEntityName: details.parentEntityName ?? lei?.parentName ?? null,
          registryStatus,
          ...(formerNames.length === 0 ? {} : { formerNames }),
          // An organisation the register lists as inactive is never decided a match (core/registry-status.ts).
          match: undecidedWhenInactive(assessMatch(deps.matchQuery, subject), registryStatus),
        },
      };
    },
  };
}

/** What only a registry knows: name kind, trading names, organisation type, and (devMode, AUS) its relevance score. */
function registryDetails(
  discovered: DiscoveredCandidate,
  devMode: boolean,
): Pick<PreparedFields, 'nameKind' | 'matchedBusinessName' | 'parentEntityName' | 'type' | 'score'> {
  if (discovered.source === 'agent') return { nameKind: null, matchedBusinessName: null, parentEntityName: null, type: null };
  const { candidate } = discovered;
  return {
    nameKind: candidate.nameKind,
    matchedBusinessName: candidate.matchedBusinessName,
    parentEntityName: candidate.parentEntityName,
    type: candidate.type,
    ...(devMode && discovered.source === 'registry_au' ? { score: candidate.score } : {}),
  };
}
