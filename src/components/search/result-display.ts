/**
 * Pure rules of a result row's display (spec: "Result display"): the subtitle, exclusive between
 * "formerly", "Trading as" and "Trading entity of", and the lettermark shown when there is no logo.
 */

/**
 * "formerly X" (the former name the query matched, issue 20), else "Trading as: X" (from `matchedBusinessName`) or
 * "Trading entity of: X" (from `parentEntityName`), or nothing.
 */
export function subtitleOf(result: { matchedBusinessName: string | null; parentEntityName: string | null; formerName?: string | null }): string | null {
  if (result.formerName) return `formerly ${result.formerName}`;
  if (result.matchedBusinessName) return `Trading as: ${result.matchedBusinessName}`;
  if (result.parentEntityName) return `Trading entity of: ${result.parentEntityName}`;
  return null;
}

/** The lettermark: the name's first letter or digit, upper-cased ("the Acme Co" -> "T", "(1st) Choice" -> "1"); "?" when none. */
export function lettermarkOf(name: string): string {
  const letter = name.trim().match(/[\p{L}\p{N}]/u)?.[0];
  return letter ? letter.toLocaleUpperCase() : '?';
}
