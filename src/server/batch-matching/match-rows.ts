/**
 * Matches supplier rows to the account's visible organisations (issue 13, section 2): for each row, the quick
 * lookup's own lookups (name with its typo step, identifier, website), scoped to the account and to the row's
 * country when it names one; every organisation found is assessed with the match object (`assessMatch`), and
 * `decideRow` turns the candidates into a decision, the best candidate and a close runner-up.
 *
 * A chunk starts with one statement for all its names (`exactNames`): a row naming only a name (and a country)
 * that equals an organisation's name or alias takes those organisations as its candidates without a fuzzy
 * lookup. The other rows run `concurrency` at a time (the lookups are a few ms of database time each): the
 * throughput of a batch is bounded by the database, not by waiting.
 */
import { decideRow, type BatchCandidate, type BatchRowInput, type BatchRowResult } from '../../core/batch-matching';
import { searchName } from '../../core/canonical-name';
import { countryFromAnything } from '../../core/countries';
import { normaliseIdentifierValue, queryHasDigit } from '../../core/identifiers';
import type { Match } from '../../core/match';
import type { MatchQuery, MatchSubject } from '../../core/uncalibrated-match';
import { normaliseWebsiteHost } from '../../core/website';
import type { QuickSearchLookups, QuickSearchRow } from '../quick-search/ports';

/** How the match object is computed: the calibrated `assessMatch` once available, else the uncalibrated one. */
export type AssessMatch = (query: MatchQuery, subject: MatchSubject) => Match;

/**
 * Optional fast path: the visible organisations whose search name or alias equals each of many search names,
 * in one round trip for a whole chunk (keyed by the search name asked for).
 */
export type ExactNameLookup = (accountId: string, searchNames: readonly string[]) => Promise<Map<string, QuickSearchRow[]>>;

export interface MatchRowsDependencies {
  lookups: QuickSearchLookups;
  exactNames?: ExactNameLookup;
  assess: AssessMatch;
  /** Rows matched at once (default 8). */
  concurrency?: number;
}

/** Candidates looked at per row (per lookup). */
const POOL = 10;
/** Candidates kept per row for review. */
const KEEP = 5;

export type MatchRows = (accountId: string, rows: readonly BatchRowInput[]) => Promise<BatchRowResult[]>;

export function createMatchRows(deps: MatchRowsDependencies): MatchRows {
  const concurrency = deps.concurrency ?? 8;
  const matchOne = async (accountId: string, row: BatchRowInput, exact: QuickSearchRow[] | undefined): Promise<BatchRowResult> => {
    const country = row.country === null ? undefined : countryFromAnything(row.country);
    const query: MatchQuery = {
      name: row.name,
      countryIsoAlpha3: country === undefined || country === 'GLO' ? null : country,
      identifier: row.identifier !== null && queryHasDigit(row.identifier) ? normaliseIdentifierValue(row.identifier) || null : null,
      websiteDomain: row.website === null ? null : (normaliseWebsiteHost(row.website) ?? null),
    };
    const scope = { accountId, countryIsoAlpha3: query.countryIsoAlpha3 };
    const wanted = searchName(row.name);
    // The fast path: a row with only a name (and a country) whose name is exactly an organisation's name or alias
    // in its country needs no fuzzy lookup; the equal names are its candidates.
    const exactInCountry = (exact ?? []).filter(
      (r) => query.countryIsoAlpha3 === null || r.countryIsoAlpha3 === null || r.countryIsoAlpha3 === query.countryIsoAlpha3,
    );
    if (exactInCountry.length > 0 && query.identifier === null && query.websiteDomain === null) {
      return decideFrom(
        query,
        exactInCountry.map((found) => ({ row: found, identifierHit: false })),
      );
    }
    const [byName, byIdentifier, byWebsite] = await Promise.all([
      wanted === '' ? Promise.resolve({ rows: [], corrected: async () => [] }) : deps.lookups.byName({ ...scope, searchName: wanted, poolSize: POOL }),
      query.identifier === null ? Promise.resolve([]) : deps.lookups.byIdentifier({ ...scope, valueNormalised: query.identifier, limit: POOL }),
      query.websiteDomain === null ? Promise.resolve([]) : deps.lookups.byWebsite({ ...scope, websiteDomain: query.websiteDomain, limit: POOL }),
    ]);
    const foundExactly = byName.rows.length > 0 || byIdentifier.length > 0 || byWebsite.length > 0;
    // The typo step is the one lookup that can run long under load; a row whose typo step fails is decided
    // without corrections (as the quick lookup answers a cancelled typo step) rather than failing its chunk.
    const nameRows = foundExactly || !/\p{L}/u.test(wanted) ? byName.rows : await byName.corrected().catch(() => []);

    const subjects = new Map<string, { row: QuickSearchRow; identifierHit: boolean }>();
    for (const found of byIdentifier) subjects.set(found.id, { row: found, identifierHit: true });
    for (const found of [...byWebsite, ...nameRows]) if (!subjects.has(found.id)) subjects.set(found.id, { row: found, identifierHit: false });
    return decideFrom(query, [...subjects.values()]);
  };

  const decideFrom = (query: MatchQuery, subjects: { row: QuickSearchRow; identifierHit: boolean }[]): BatchRowResult => {
    const candidates: BatchCandidate[] = subjects.map(({ row: found, identifierHit }) => ({
      kind: 'internal',
      organisationId: found.id,
      name: found.name,
      countryIsoAlpha3: found.countryIsoAlpha3,
      website: found.website,
      match: deps.assess(query, {
        name: found.name,
        matchedAlias: found.matchedAlias,
        countryIsoAlpha3: found.countryIsoAlpha3,
        websiteDomain: found.website === null ? null : (normaliseWebsiteHost(found.website) ?? null),
        identifierHit: identifierHit && query.identifier !== null ? { type: 'identifier', value: query.identifier } : null,
      }),
    }));
    const result = decideRow(candidates);
    return { ...result, candidates: result.candidates.slice(0, KEEP) };
  };

  return async (accountId, rows) => {
    const exact =
      deps.exactNames === undefined
        ? undefined
        : await deps.exactNames(
            accountId,
            rows.map((r) => searchName(r.name)),
          );
    const results: BatchRowResult[] = new Array<BatchRowResult>(rows.length);
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const at = next;
        next += 1;
        const row = rows[at];
        if (row !== undefined) results[at] = await matchOne(accountId, row, exact?.get(searchName(row.name)));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
    return results;
  };
}
