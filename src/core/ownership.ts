/**
 * Spec (organisation search): "`ownedBy` empty means a globally visible organisation; otherwise it lists
 * owning accounts". The one place the rule is written in TS; its SQL form is `organisationIsGlobal` in
 * src/adapters/db/queries/visibility.ts.
 */

/** Global: no owning account. An owned (private) organisation is the one verification may make global. */
export function isGlobal(ownerAccountIds: readonly string[]): boolean {
  return ownerAccountIds.length === 0;
}
