/**
 * Spec (manual NAICS classification): 'Classified' means having at least one Aquila1 classification, not
 * having a NAICS tag. The one place the rule is written; the SQL form the queries filter and count with is
 * `organisationIsClassified` in src/adapters/db/queries/derived-rules.ts.
 */

/** Classified: at least one Aquila1 classification (a NAICS tag alone does not classify). */
export function isClassified(aquila1Classifications: number): boolean {
  return aquila1Classifications > 0;
}
