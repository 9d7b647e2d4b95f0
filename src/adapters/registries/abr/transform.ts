/**
 * Pure mapping from ABN Lookup payloads to RegistryCandidate (spec: "Registry behaviour: national registry
 * (AUS)" and "Organisation type mapping"). No I/O: the adapter fetches, this decides.
 *
 * Flow (providers/abr.md 7): `selectAbnsToHydrate` picks the distinct ABNs worth a details call from the
 * name hits; `toCandidates` applies the entity-type and name-kind allowlists to the hydrated hits and
 * shapes rows per preset.
 */
import type { NameKind, OrganisationType } from '../../../core/candidates';
import type { Identifier } from '../../../core/identifiers';
import { formatAbn, isValidAcn, normaliseIdentifierValue } from '../../../core/identifiers';
import { activeBeforeInactiveNamesakes, registryStatusOf, type RegistryStatus } from '../../../core/registry-status';
import type { AbrPreset, RegistryCandidate } from '../../../server/search/ports';
import type { AbnDetailsPayload, MatchingName, MatchingNamesPayload } from './schemas';

export interface AbrSearchRules {
  preset: AbrPreset;
  includeSoleTraders: boolean;
}

export interface AbrAllowlists {
  nameKinds: ReadonlySet<NameKind>;
  entityTypes: ReadonlySet<string>;
}

/** The spec's table: PUB, PRV by default; sole traders add IND and the `legal` name kind. */
export function allowlistsFor(rules: AbrSearchRules): AbrAllowlists {
  const nameKinds: NameKind[] = rules.preset === 'entity-only' ? ['entity'] : ['entity', 'business'];
  const entityTypes = ['PUB', 'PRV'];
  if (rules.includeSoleTraders) {
    nameKinds.push('legal');
    entityTypes.push('IND');
  }
  return { nameKinds: new Set(nameKinds), entityTypes: new Set(entityTypes) };
}

const ORGANISATION_TYPE_BY_ENTITY_CODE: Readonly<Record<string, OrganisationType>> = {
  PRV: 'ProprietaryLimited',
  PUB: 'PublicLimited',
  IND: 'SoleProprietor',
};

/** PRV -> ProprietaryLimited, PUB -> PublicLimited, IND -> SoleProprietor; any other code -> null. */
export function organisationTypeFor(entityTypeCode: string): OrganisationType | null {
  return ORGANISATION_TYPE_BY_ENTITY_CODE[entityTypeCode.trim().toUpperCase()] ?? null;
}

/** `NameType` -> name kind (providers/abr.md 4.1). `Entity Name` is provisional: an IND's is `legal`. */
export function nameKindOfNameType(nameType: string): NameKind {
  switch (nameType.trim().toLowerCase()) {
    case 'entity name':
      return 'entity';
    case 'legal name':
      return 'legal';
    case 'business name':
      return 'business';
    case 'trading name':
      return 'trading';
    default:
      return 'other';
  }
}

/** Both status vocabularies (providers/abr.md 4.3): the coded one of MatchingNames and the words of details. */
export function isCancelledStatus(status: string): boolean {
  const s = status.trim().toLowerCase();
  return s === '0000000002' || s === 'cancelled';
}

/**
 * The ABN's status as a registry status: `Active` or `Cancelled` (ABN Lookup's two states, providers/abr.md 4.3),
 * with the date it took effect (`AbnStatusEffectiveFrom`); any other value is unknown.
 */
export function abnRegistryStatus(status: string, effectiveFrom: string | null | undefined): RegistryStatus {
  if (isCancelledStatus(status)) return registryStatusOf('inactive', 'Cancelled', effectiveFrom);
  const s = status.trim().toLowerCase();
  if (s === 'active' || s === '0000000001') return registryStatusOf('active', 'Active', effectiveFrom);
  return registryStatusOf('unknown', status, effectiveFrom);
}

/** A name hit, normalised. */
export interface AbrHit {
  abn: string;
  name: string;
  /** From NameType; `entity` may become `legal` once the entity type is known. */
  kind: NameKind;
  cancelled: boolean;
  isCurrent: boolean;
  state: string;
  postcode: string;
  score: number;
}

export function toHits(payload: MatchingNamesPayload): AbrHit[] {
  return payload.Names.map((n: MatchingName) => ({
    abn: normaliseIdentifierValue(n.Abn),
    name: n.Name.trim(),
    kind: nameKindOfNameType(n.NameType),
    cancelled: isCancelledStatus(n.AbnStatus),
    isCurrent: n.IsCurrent,
    state: n.State,
    postcode: n.Postcode,
    score: n.Score,
  }));
}

/**
 * Hits that may yield a row before the entity type is known: current name, allowed kind. A cancelled ABN is kept
 * (issue 20, section 4: it is shown with its status, below active namesakes); its former names are not.
 */
function isPromisingHit(hit: AbrHit, allow: AbrAllowlists): boolean {
  if (!hit.isCurrent || !/^\d{11}$/.test(hit.abn) || hit.name === '') return false;
  if (hit.kind === 'entity' || hit.kind === 'legal') return allow.nameKinds.has('entity') || allow.nameKinds.has('legal');
  return allow.nameKinds.has(hit.kind);
}

/**
 * The distinct ABNs to hydrate, active ABNs first, best score first (the registry's order breaks ties), at most
 * `limit`: a cancelled ABN only takes a call no active one needs. Former names and name kinds outside the preset
 * are dropped before any call is spent.
 */
export function selectAbnsToHydrate(hits: AbrHit[], rules: AbrSearchRules, limit: number): string[] {
  const allow = allowlistsFor(rules);
  const best = new Map<string, { score: number; cancelled: boolean }>();
  for (const hit of hits) {
    if (!isPromisingHit(hit, allow)) continue;
    const seen = best.get(hit.abn);
    best.set(hit.abn, { score: Math.max(seen?.score ?? -1, hit.score), cancelled: (seen?.cancelled ?? false) || hit.cancelled });
  }
  return [...best.entries()]
    .map(([abn, { score, cancelled }], order) => ({ abn, score, cancelled, order }))
    .sort((a, b) => Number(a.cancelled) - Number(b.cancelled) || b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((e) => e.abn);
}

function identifiersOf(abn: string, details: AbnDetailsPayload | undefined): Identifier[] {
  const identifiers: Identifier[] = [{ type: 'ABN', value: abn }];
  const acn = normaliseIdentifierValue(details?.Acn ?? '');
  if (acn !== '' && isValidAcn(acn)) identifiers.push({ type: 'ACN', value: acn });
  return identifiers;
}

function locationOf(hit: AbrHit, details: AbnDetailsPayload | undefined): string {
  const state = details?.AddressState || hit.state;
  const postcode = details?.AddressPostcode || hit.postcode;
  return [state, postcode].filter((p) => p !== '').join(' ');
}

function joinDescription(parts: string[]): string {
  return parts.filter((p) => p.trim() !== '').join(', ');
}

/** Kind order for equal scores: the entity's own name before a business name. */
const KIND_RANK: Readonly<Record<NameKind, number>> = { entity: 0, legal: 0, business: 1, trading: 2, other: 3 };

function bestHit(hits: AbrHit[]): AbrHit | undefined {
  return hits.reduce<AbrHit | undefined>((best, hit) => {
    if (!best) return hit;
    if (hit.score !== best.score) return hit.score > best.score ? hit : best;
    return KIND_RANK[hit.kind] < KIND_RANK[best.kind] ? hit : best;
  }, undefined);
}

interface Row {
  candidate: RegistryCandidate;
  order: number;
}

/**
 * Rows per preset (spec table):
 * - entity-only: one row per ABN whose entity (or, with sole traders, legal) name matched.
 * - business-name-aware: one row per ABN named after the entity; when a business name matched better than
 *   the entity name, it is `matchedBusinessName` (and `nameKind` is `business`).
 * - with-business-names: the entity-name row as above, plus one row per matched business name, named after
 *   it, with `parentEntityName` = the entity's name.
 *
 * `details` holds the AbnDetails of each hydrated ABN; an ABN missing from it failed to hydrate and keeps
 * what the name hit gave (no entity type, so `type` null, ABN only), except business-name-aware rows
 * whose only hits are business names (the row is named after the entity, which is then unknown). Entity types
 * outside the allowlist are dropped. Every row carries the ABN's status (`abnRegistryStatus`): a cancelled ABN is
 * a row marked inactive. Rows come out best score first, in the registry's order for ties, a cancelled ABN after
 * an active namesake.
 */
export function toCandidates(
  hits: AbrHit[],
  hydrated: readonly string[],
  details: ReadonlyMap<string, AbnDetailsPayload>,
  rules: AbrSearchRules,
): RegistryCandidate[] {
  const allow = allowlistsFor(rules);
  const hitsByAbn = new Map<string, AbrHit[]>();
  for (const hit of hits) {
    if (!isPromisingHit(hit, allow)) continue;
    const list = hitsByAbn.get(hit.abn) ?? [];
    list.push(hit);
    hitsByAbn.set(hit.abn, list);
  }

  const rows: Row[] = [];
  hydrated.forEach((abn, abnOrder) => {
    const abnHits = hitsByAbn.get(abn) ?? [];
    const entity = details.get(abn);
    // No details, no entity type: the allowlist cannot be checked, so the record is not shown as a company.
    if (!entity) return;
    const entityType = entity.EntityTypeCode.trim().toUpperCase();
    if (!allow.entityTypes.has(entityType)) return;

    const kindOf = (hit: AbrHit): NameKind => (hit.kind === 'entity' && entityType === 'IND' ? 'legal' : hit.kind);
    const allowed = abnHits.map((hit) => ({ ...hit, kind: kindOf(hit) })).filter((hit) => allow.nameKinds.has(hit.kind));
    if (allowed.length === 0) return;

    const entityName = entity.EntityName.trim() || undefined;
    const type = organisationTypeFor(entity.EntityTypeCode);
    const identifiers = identifiersOf(abn, entity);
    const typeName = entity.EntityTypeName.trim();
    const base = (hit: AbrHit) => ({
      countryIsoAlpha3: 'AUS',
      identifiers,
      website: null,
      websiteValidated: false,
      type,
      score: hit.score,
      registryStatus: abnRegistryStatus(entity.AbnStatus, entity.AbnStatusEffectiveFrom),
    });
    const entityDescription = (hit: AbrHit) => joinDescription([typeName, locationOf(hit, entity)]);

    const entityHits = allowed.filter((hit) => hit.kind === 'entity' || hit.kind === 'legal');
    const businessHits = allowed.filter((hit) => hit.kind === 'business');
    const entityHit = bestHit(entityHits);

    if (rules.preset === 'business-name-aware') {
      const best = bestHit(allowed);
      const name = entityName ?? entityHit?.name;
      if (!best || name === undefined) return;
      rows.push({
        order: abnOrder,
        candidate: {
          ...base(best),
          name,
          description: entityDescription(best),
          nameKind: best.kind,
          matchedBusinessName: best.kind === 'business' ? best.name : null,
          parentEntityName: null,
        },
      });
      return;
    }

    if (entityHit) {
      rows.push({
        order: abnOrder,
        candidate: {
          ...base(entityHit),
          name: entityName ?? entityHit.name,
          description: entityDescription(entityHit),
          nameKind: entityHit.kind,
          matchedBusinessName: null,
          parentEntityName: null,
        },
      });
    }
    if (rules.preset !== 'with-business-names') return;
    const seen = new Set<string>();
    for (const hit of businessHits) {
      const key = hit.name.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push({
        order: abnOrder,
        candidate: {
          ...base(hit),
          name: hit.name,
          description: joinDescription([
            entityName ? `Business name of ${entityName}` : `Business name, ABN ${formatAbn(abn)}`,
            typeName,
            locationOf(hit, entity),
          ]),
          nameKind: 'business',
          matchedBusinessName: null,
          parentEntityName: entityName ?? null,
        },
      });
    }
  });

  const ranked = rows
    .map((row, index) => ({ ...row, index }))
    .sort((a, b) => (b.candidate.score ?? 0) - (a.candidate.score ?? 0) || a.order - b.order || a.index - b.index)
    .map((row) => row.candidate);
  return activeBeforeInactiveNamesakes(
    ranked,
    (c) => c.name,
    (c) => c.registryStatus,
  );
}
