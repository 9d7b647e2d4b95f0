/**
 * The identity evaluation set (issue 20, section 7): real, public organisations with real name variation
 * (identity.v<N>.json, derived by derive-identity-set.ts from the sources in SOURCES.md), the queries a user
 * would type for them with the organisation each names (or none), and a labelled pair set (same / different
 * organisation). The zod schema below is the single source of the file's shape. Disjoint from
 * organisations.v1.json (the quick lookup's tuning set).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { IDENTIFIER_TYPES } from '../../src/core/identifiers';

export const IDENTITY_SET_VERSION = 2;

/** The shapes a query takes (issue 20, section 7), in report order. */
export const IDENTITY_KINDS = [
  'exact',
  'identifier',
  'identifier-typed',
  'partial',
  'former-name',
  'former-name-stored',
  'rename',
  'spelling',
  'other-name',
  'foreign-legal-form',
  'transliteration',
  'translation',
  'namesake',
  'no-organisation',
] as const;
export type IdentityKind = (typeof IDENTITY_KINDS)[number];

/**
 * Kinds of which recall is reported but no target is set: names text cannot tell (a rename sharing no distinctive
 * word, a translation, an acronym or unrelated trading name) unless the organisation stores them.
 */
export const KINDS_WITHOUT_TARGET: ReadonlySet<IdentityKind> = new Set(['rename', 'translation', 'other-name']);

/** What relates a pair's two names (v2 on; set by rule in derive-identity-set.ts, see README). */
export const IDENTITY_PAIR_KINDS = [
  // the same organisation
  'spelling',
  'foreign-legal-form',
  'transliteration',
  'translation',
  'partial',
  'other-name',
  'former-name',
  'rename',
  // different organisations
  'namesake',
  'parent-subsidiary',
  'shared-word',
] as const;
export type IdentityPairKind = (typeof IDENTITY_PAIR_KINDS)[number];

/**
 * The pairs a decision on two names alone should get right (issue 20 section 3's target): the same name written
 * another way (spelling, legal form, transliteration) and every pair of different organisations. Partial names,
 * translations, acronyms and renames are reported but out of scope: a namesake looks the same to text.
 */
export const IN_SCOPE_PAIR_KINDS: ReadonlySet<IdentityPairKind> = new Set([
  'spelling',
  'foreign-legal-form',
  'transliteration',
  'namesake',
  'parent-subsidiary',
  'shared-word',
]);

export const identityOrganisationSchema = z.object({
  /** Stable within the set (`<source>-<slug>`). */
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** The name as the source spells it; the only name stored. */
  name: z.string().min(1),
  country: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable(),
  identifiers: z.array(z.object({ type: z.enum(IDENTIFIER_TYPES), value: z.string().min(1) })),
  /** Which source of SOURCES.md it comes from. */
  source: z.string().min(1),
  /** Former names stored with it (imported as `formerNames`, as a registry gives them); v2 on. */
  formerNames: z.array(z.string().min(1)).optional(),
});
export type IdentityOrganisation = z.infer<typeof identityOrganisationSchema>;

export const identityQuerySchema = z.object({
  kind: z.enum(IDENTITY_KINDS),
  query: z.string().min(1),
  /** The organisations the query names; empty for `no-organisation`. */
  targetIds: z.array(z.string()),
  /** For `namesake`: stored organisations whose names add words to the query's (never a match). */
  namesakeIds: z.array(z.string()).optional(),
});
export type IdentityQuery = z.infer<typeof identityQuerySchema>;

export const identityPairSchema = z.object({
  a: z.string().min(1),
  b: z.string().min(1),
  same: z.boolean(),
  /** What relates the two names (set by rule, see README). */
  kind: z.enum(IDENTITY_PAIR_KINDS),
  /** Why the label holds, from the source ("former name", "alias", "parent and subsidiary", ...). */
  why: z.string().min(1),
});
export type IdentityPair = z.infer<typeof identityPairSchema>;

export const identitySetSchema = z.object({
  version: z.number().int().positive(),
  description: z.string(),
  organisations: z.array(identityOrganisationSchema).min(1),
  queries: z.array(identityQuerySchema).min(1),
  pairs: z.array(identityPairSchema),
});
export type IdentitySet = z.infer<typeof identitySetSchema>;

const here = path.dirname(fileURLToPath(import.meta.url));

export function identitySetFile(version: number): string {
  return path.join(here, `identity.v${version}.json`);
}

/** Reads and validates `identity.v<version>.json`; every target names an organisation of the set. */
export function loadIdentitySet(version: number = IDENTITY_SET_VERSION): IdentitySet {
  const file = identitySetFile(version);
  const set = identitySetSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (set.version !== version) throw new Error(`${file} says version ${set.version}`);
  const ids = new Set<string>();
  for (const o of set.organisations) {
    if (ids.has(o.id)) throw new Error(`duplicate identity-set id ${o.id}`);
    ids.add(o.id);
  }
  for (const q of set.queries)
    for (const id of [...q.targetIds, ...(q.namesakeIds ?? [])]) if (!ids.has(id)) throw new Error(`query "${q.query}" names unknown ${id}`);
  return set;
}

/** The description every imported identity-set organisation carries, which finds it again in the database. */
export function identityMarker(version: number, id: string): string {
  return `[identity v${version}] ${id}`;
}

/** The organisation as one line of `import organisations` (the product's importer): its name, identifiers and (v2) stored former names. */
export function toIdentityImportLine(organisation: IdentityOrganisation, version: number): Record<string, unknown> {
  return {
    name: organisation.name,
    countryIsoAlpha3: organisation.country ?? undefined,
    description: identityMarker(version, organisation.id),
    identifiers: organisation.identifiers,
    ...(organisation.formerNames === undefined ? {} : { formerNames: organisation.formerNames }),
  };
}
