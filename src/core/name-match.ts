/**
 * Whether an organisation's name is the name a register gives an entity: the check behind verification
 * ("an active registry record whose name matches") and behind accepting an agent's claimed identifier.
 */
import { searchName } from './canonical-name';
import { jaroWinkler } from './similarity';

/**
 * Jaro-Winkler of the search names at or above which two names are the same name written differently
 * ("Koala Logistic" / "Koala Logistics" 0.987). Below it sit different names that share a stem
 * ("Koala Logistics" / "Koala Logistic Solutions" 0.925).
 */
export const REGISTERED_NAME_THRESHOLD = 0.93;

/**
 * True when `organisationName` is the registered name or one of the record's other names (business or
 * previous names): their search names (legal forms, case, diacritics and punctuation ignored, `&` as `and`)
 * are equal, or their Jaro-Winkler similarity is at least REGISTERED_NAME_THRESHOLD. A name without letters or
 * digits matches nothing (two empty search names would otherwise score 1).
 */
export function registeredNameMatches(organisationName: string, record: { name: string; otherNames: readonly string[] }): boolean {
  const ours = searchName(organisationName);
  if (ours === '') return false;
  return [record.name, ...record.otherNames].some((registered) => {
    const theirs = searchName(registered);
    if (theirs === '') return false;
    return theirs === ours || jaroWinkler(ours, theirs) >= REGISTERED_NAME_THRESHOLD;
  });
}
