/**
 * Identifier suggestions (issue 12, "Match quality you can trust", section 3): a query written like an ABN, ACN,
 * LEI or NZBN whose check digit fails never reaches a provider as that identifier; instead the service offers
 * the valid identifiers one digit-edit away (adjacent transpositions first, then substitutions:
 * `oneEditNeighbours`) that exist:
 *
 * - `fromDatabase`: carried by an organisation visible to the account, in the country scope of quick search
 *   (one query for every neighbour). The quick lookup answers these.
 * - `fromRegistry`: on ABN Lookup (ABN and ACN only: no register of ours answers for LEI or NZBN), only where
 *   the streamed search would keep an Australian result (AUS or GLO). At most MAX_REGISTRY_PROBES details
 *   calls per search, concurrently, under the request's signal; a failed call is logged and offers nothing.
 *   The streamed search answers these.
 *
 * A query that is a valid identifier, or not written like one, has no suggestions (`[]`, no work).
 */
import type { IdentifierSuggestion, TypedIdentifier } from '../../core/candidates';
import { GLOBAL_SEARCH_SCOPE } from '../../core/countries';
import { formatIdentifier, mistypedIdentifiers, oneEditNeighbours } from '../../core/identifiers';
import type { RegistryLookups } from '../enrichment/ports';
import type { IdentifierDirectory } from './ports';
import type { Log } from '../ports';

/** Registry details calls one search may spend on suggestions. */
export const MAX_REGISTRY_PROBES = 4;
/** Database suggestions offered per typed identifier at most. */
export const MAX_SUGGESTIONS = 5;

export interface SuggestionsInput {
  accountId: string;
  query: string;
  /** A real ISO alpha-3 country or GLO. */
  countryIsoAlpha3: string;
}

/** One mistyped identifier of the query and what it may have meant. */
export interface IdentifierSuggestions {
  typed: TypedIdentifier;
  suggestions: IdentifierSuggestion[];
}

export interface SuggestIdentifiers {
  /** The query's mistyped identifiers (no I/O): empty for names and valid identifiers. */
  mistyped(query: string): TypedIdentifier[];
  fromDatabase(input: SuggestionsInput): Promise<IdentifierSuggestions[]>;
  fromRegistry(input: SuggestionsInput, signal: AbortSignal): Promise<IdentifierSuggestions[]>;
}

export interface SuggestIdentifiersDependencies {
  directory: IdentifierDirectory;
  registry: Pick<RegistryLookups, 'byAbn' | 'byAcn'>;
  log: Pick<Log, 'warn'>;
  maxRegistryProbes?: number;
}

export function createSuggestIdentifiers(deps: SuggestIdentifiersDependencies): SuggestIdentifiers {
  const maxProbes = deps.maxRegistryProbes ?? MAX_REGISTRY_PROBES;

  const mistyped = (query: string): TypedIdentifier[] => mistypedIdentifiers(query.trim());

  return {
    mistyped,

    async fromDatabase({ accountId, query, countryIsoAlpha3 }) {
      const typed = mistyped(query);
      if (typed.length === 0) return [];
      const neighbours = typed.map((t) => ({ typed: t, values: oneEditNeighbours(t.type, t.value) }));
      const identifiers = neighbours.flatMap(({ typed: t, values }) => values.map((value) => ({ type: t.type, value })));
      const carried =
        identifiers.length === 0
          ? []
          : await deps.directory.carried({
              accountId,
              countryIsoAlpha3: countryIsoAlpha3 === GLOBAL_SEARCH_SCOPE ? null : countryIsoAlpha3,
              identifiers,
            });
      const nameOf = new Map(carried.map((c) => [`${c.type}:${c.value}`, c.organisationName]));
      return neighbours.map(({ typed: t, values }) => ({
        typed: t,
        suggestions: values
          .flatMap((value) => {
            const name = nameOf.get(`${t.type}:${value}`);
            return name === undefined ? [] : [suggestion(t.type, value, name, 'internal')];
          })
          .slice(0, MAX_SUGGESTIONS),
      }));
    },

    fromRegistry: (input, signal) => suggestFromRegistry({ registry: deps.registry, log: deps.log, maxRegistryProbes: maxProbes }, input, signal),
  };
}

/**
 * The registry half on its own (the streamed search calls it with its registry port): the valid neighbours of each
 * mistyped ABN or ACN that ABN Lookup has, at most `maxRegistryProbes` details calls, concurrently, under `signal`.
 * Every mistyped identifier of the query is answered, with [] where no register was asked or none was found.
 */
export async function suggestFromRegistry(
  deps: { registry: Pick<RegistryLookups, 'byAbn' | 'byAcn'>; log: Pick<Log, 'warn'>; maxRegistryProbes?: number },
  { query, countryIsoAlpha3 }: Pick<SuggestionsInput, 'query' | 'countryIsoAlpha3'>,
  signal: AbortSignal,
): Promise<IdentifierSuggestions[]> {
  const typed = mistypedIdentifiers(query.trim());
  if (typed.length === 0) return [];
  const onRegister = countryIsoAlpha3 === 'AUS' || countryIsoAlpha3 === GLOBAL_SEARCH_SCOPE;
  let budget = deps.maxRegistryProbes ?? MAX_REGISTRY_PROBES;
  const probes = typed.map((t) => {
    if (!onRegister || (t.type !== 'ABN' && t.type !== 'ACN')) return { typed: t, values: [] as string[] };
    const values = oneEditNeighbours(t.type, t.value).slice(0, Math.max(0, budget));
    budget -= values.length;
    return { typed: t, values };
  });
  return Promise.all(
    probes.map(async ({ typed: t, values }) => {
      const found = await Promise.all(values.map((value) => probe(t.type, value)));
      return { typed: t, suggestions: found.flatMap((s) => (s === undefined ? [] : [s])) };
    }),
  );

  async function probe(type: TypedIdentifier['type'], value: string): Promise<IdentifierSuggestion | undefined> {
    if (signal.aborted) return undefined;
    const lookup = type === 'ABN' ? deps.registry.byAbn : deps.registry.byAcn;
    try {
      const result = await lookup(value, { signal });
      if (!result.ok) {
        if (!signal.aborted) deps.log.warn({ type, failure: result.failure }, 'identifier suggestion: registry look-up failed');
        return undefined;
      }
      return result.value === null ? undefined : suggestion(type, value, result.value.name, 'registry');
    } catch (error) {
      if (!signal.aborted) deps.log.warn({ err: error, type }, 'identifier suggestion: registry look-up threw');
      return undefined;
    }
  }
}

function suggestion(type: TypedIdentifier['type'], value: string, name: string, foundIn: IdentifierSuggestion['foundIn']): IdentifierSuggestion {
  return { type, value, formatted: formatIdentifier(type, value), name, foundIn };
}
