/**
 * The evaluation set of the quick lookup (issue 12): real, public company names (organisations.v<N>.json)
 * and queries that name no organisation. The zod schema below is the single source of the file's shape;
 * see README.md in this folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { IDENTIFIER_TYPES } from '../../src/core/identifiers';

export const EVALUATION_VERSION = 1;

export const evaluationOrganisationSchema = z
  .object({
    /** Stable id within the set (`<country>-<slug>`); variants and results refer to it. */
    id: z.string().regex(/^[a-z0-9-]+$/),
    /** The registered name, as the registry spells it. */
    name: z.string().min(1),
    /** ISO 3166-1 alpha-3, or null for an organisation with no country (Global). */
    country: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .nullable(),
    /** The trailing legal form exactly as `name` ends with it ("Limited", "Co., Ltd.", "& Co."); absent when none. */
    legalForm: z.string().min(1).optional(),
    /** Main public domain. */
    website: z.string().min(1).optional(),
    /** Only identifiers known for certain (ABN, ACN, Companies House number). */
    identifiers: z.array(z.object({ type: z.enum(IDENTIFIER_TYPES), value: z.string().min(1) })).default([]),
    /** Trading names, former names, well-known short names. */
    aliases: z.array(z.string().min(1)).default([]),
    /** Namesake group: organisations sharing a core name ("mitsubishi", "virgin"). */
    group: z.string().min(1).optional(),
  })
  .refine((o) => o.legalForm === undefined || o.name.endsWith(o.legalForm), { message: 'name must end with legalForm' });
export type EvaluationOrganisation = z.infer<typeof evaluationOrganisationSchema>;

export const evaluationSetSchema = z.object({
  version: z.number().int().positive(),
  description: z.string(),
  organisations: z.array(evaluationOrganisationSchema).min(1),
  /** Queries that name no organisation at all (invented names, gibberish, people, phrases). */
  noOrganisationQueries: z.array(z.string().min(1)),
});
export type EvaluationSet = z.infer<typeof evaluationSetSchema>;

const here = path.dirname(fileURLToPath(import.meta.url));

/** Reads and validates `organisations.v<version>.json`. */
export function loadEvaluationSet(version: number = EVALUATION_VERSION): EvaluationSet {
  const file = path.join(here, `organisations.v${version}.json`);
  const set = evaluationSetSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (set.version !== version) throw new Error(`${file} says version ${set.version}`);
  const ids = new Set<string>();
  for (const o of set.organisations) {
    if (ids.has(o.id)) throw new Error(`duplicate evaluation id ${o.id}`);
    ids.add(o.id);
  }
  return set;
}

/** The description every imported evaluation organisation carries, which finds it again in the database. */
export function evaluationMarker(version: number, id: string): string {
  return `[evaluation v${version}] ${id}`;
}

/** The organisation as one line of `import organisations` (the product's importer). */
export function toImportLine(organisation: EvaluationOrganisation, version: number): Record<string, unknown> {
  return {
    name: organisation.name,
    countryIsoAlpha3: organisation.country ?? undefined,
    website: organisation.website,
    description: evaluationMarker(version, organisation.id),
    identifiers: organisation.identifiers,
    aliases: organisation.aliases,
  };
}
