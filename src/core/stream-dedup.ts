/**
 * Same-key de-duplication of the search stream (spec: POST /api/organisations/search, rule 7), as pure
 * functions over the rows already emitted under one base composite key.
 *
 * - Two candidates sharing a key merge only when one side has no identifiers or both sides carry identical
 *   identifier sets (same types and values, values compared in normalised form).
 * - A shared identifier type with a different value, or disjoint identifier types, keeps them separate;
 *   the later one's key is disambiguated by the first available of ACN, ABN, CH, the aggregator's company
 *   id (OPENCORPORATES), else its first identifier: `AUS|acme pty ltd|ACN:005749986`.
 * - An identifier-less candidate folds onto an existing registry row (the first one emitted under the
 *   key), else onto the first row.
 *
 * One company, one row (issue 20, section 5, which overrides rule 7's literal reading): before the same-key
 * rule, a candidate whose registry identifiers (ABN, ACN, CH, the aggregator's id, LEI) are all carried with the
 * same values by a row already shown, or which carries all of that row's, merges into that row whatever its key
 * (`sameCompanyRow`), whichever side has more identifiers.
 */
import { normaliseIdentifierValue, REGISTRY_IDENTIFIER_TYPES } from './identifiers';

export interface DedupIdentifier {
  type: string;
  value: string;
}

/** A row already emitted under a base key. */
export interface EmittedRow {
  /** The key the row was emitted with (the base key, or a disambiguated one). */
  key: string;
  identifiers: readonly DedupIdentifier[];
  /** True when a registry channel discovered the row. */
  fromRegistry: boolean;
  /** Base keys of candidates of other keys merged into this row as the same company (their internal matches count). */
  mergedKeys?: string[];
}

export interface IncomingCandidate {
  baseKey: string;
  identifiers: readonly DedupIdentifier[];
}

export type DedupDecision =
  /** A new row under `key` (the base key when it is free, else a disambiguated key). */
  | { action: 'emit'; key: string }
  /**
   * The candidate merges onto `into`. `identifiers` is the row's full set after the merge;
   * `added` lists what the candidate brought that the row lacked (empty: nothing to patch).
   */
  | { action: 'merge'; into: EmittedRow; identifiers: DedupIdentifier[]; added: DedupIdentifier[] };

/** Disambiguation order (rule 7): ACN, ABN, CH, the aggregator's company id, then the first identifier. */
export const DISAMBIGUATION_ORDER = ['ACN', 'ABN', 'CH', 'OPENCORPORATES'] as const;

function identity(identifier: DedupIdentifier): string {
  return `${identifier.type.trim().toUpperCase()}:${normaliseIdentifierValue(identifier.value)}`;
}

/** Same types and values, order and formatting aside. */
export function identicalIdentifierSets(a: readonly DedupIdentifier[], b: readonly DedupIdentifier[]): boolean {
  const left = new Set(a.map(identity));
  const right = new Set(b.map(identity));
  if (left.size !== right.size) return false;
  for (const id of left) if (!right.has(id)) return false;
  return true;
}

/** Rule 7's merge condition: one side has no identifiers, or both sides have identical sets. */
export function canMerge(a: readonly DedupIdentifier[], b: readonly DedupIdentifier[]): boolean {
  return a.length === 0 || b.length === 0 || identicalIdentifierSets(a, b);
}

/** `<key>|<TYPE>:<normalised value>` with the first available identifier in {@link DISAMBIGUATION_ORDER}. */
export function disambiguatedKey(baseKey: string, identifiers: readonly DedupIdentifier[]): string {
  const byType = (type: string) => identifiers.find((i) => i.type.trim().toUpperCase() === type);
  const chosen = DISAMBIGUATION_ORDER.map(byType).find((i) => i !== undefined) ?? identifiers[0];
  if (chosen === undefined) return baseKey;
  return `${baseKey}|${identity(chosen)}`;
}

/** Identifiers of `incoming` that `existing` lacks (by normalised identity). */
export function addedIdentifiers(existing: readonly DedupIdentifier[], incoming: readonly DedupIdentifier[]): DedupIdentifier[] {
  const have = new Set(existing.map(identity));
  const added: DedupIdentifier[] = [];
  for (const identifier of incoming) {
    const id = identity(identifier);
    if (have.has(id)) continue;
    have.add(id);
    added.push(identifier);
  }
  return added;
}

/**
 * Decides where a candidate goes given the rows already emitted under its base key (in emission order).
 * Pure: the caller records the outcome (a new row, or the merged row's new identifier set).
 */
export function decideSameKey(rows: readonly EmittedRow[], incoming: IncomingCandidate): DedupDecision {
  if (rows.length === 0) return { action: 'emit', key: incoming.baseKey };

  if (incoming.identifiers.length === 0) {
    const into = rows.find((r) => r.fromRegistry) ?? rows[0];
    if (into !== undefined) return { action: 'merge', into, identifiers: [...into.identifiers], added: [] };
  }

  const into =
    rows.find((r) => r.identifiers.length > 0 && identicalIdentifierSets(r.identifiers, incoming.identifiers)) ?? rows.find((r) => r.identifiers.length === 0);
  if (into !== undefined) {
    const added = addedIdentifiers(into.identifiers, incoming.identifiers);
    return { action: 'merge', into, identifiers: [...into.identifiers, ...added], added };
  }

  const used = new Set(rows.map((r) => r.key));
  let key = used.has(incoming.baseKey) ? disambiguatedKey(incoming.baseKey, incoming.identifiers) : incoming.baseKey;
  // Two distinct identifier sets can still pick the same disambiguator (same ACN, different ABN): number them.
  for (let n = 2; used.has(key); n += 1) key = `${disambiguatedKey(incoming.baseKey, incoming.identifiers)}#${n}`;
  return { action: 'emit', key };
}

/** The identifiers that name one legal entity in a registry: a row carrying the same ones is the same company. */
export const SAME_COMPANY_IDENTIFIER_TYPES: readonly string[] = [...REGISTRY_IDENTIFIER_TYPES, 'LEI'];

function registryIdentities(identifiers: readonly DedupIdentifier[]): Set<string> {
  return new Set(identifiers.filter((i) => SAME_COMPANY_IDENTIFIER_TYPES.includes(i.type.trim().toUpperCase())).map(identity));
}

function isSubset(small: ReadonlySet<string>, large: ReadonlySet<string>): boolean {
  for (const id of small) if (!large.has(id)) return false;
  return true;
}

/**
 * The emitted row (any key) that is the same company as a candidate: both carry registry identifiers and one
 * side's are all carried, with the same values, by the other. Undefined when none is.
 */
export function sameCompanyRow(rows: Iterable<EmittedRow>, identifiers: readonly DedupIdentifier[]): EmittedRow | undefined {
  const incoming = registryIdentities(identifiers);
  if (incoming.size === 0) return undefined;
  for (const row of rows) {
    const shown = registryIdentities(row.identifiers);
    if (shown.size === 0) continue;
    if (isSubset(incoming, shown) || isSubset(shown, incoming)) return row;
  }
  return undefined;
}
