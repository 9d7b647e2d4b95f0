/**
 * Pure rules of a result row's display (spec: "Result display"): the subtitle, exclusive between
 * "Trading as" and "Trading entity of", and the lettermark shown when there is no logo.
 */

/** "Trading as: X" (from `matchedBusinessName`) or "Trading entity of: X" (from `parentEntityName`), or nothing. */
export function subtitleOf(result: { matchedBusinessName: string | null; parentEntityName: string | null }): string | null {
  if (result.matchedBusinessName) return `Trading as: ${result.matchedBusinessName}`;
  if (result.parentEntityName) return `Trading entity of: ${result.parentEntityName}`;
  return null;
}

/** The lettermark: the name's first letter or digit, upper-cased ("the Acme Co" -> "T", "(1st) Choice" -> "1"); "?" when none. */
export function lettermarkOf(name: string): string {
  const letter = name.trim().match(/[\p{L}\p{N}]/u)?.[0];
  return letter ? letter.toLocaleUpperCase() : '?';
}
