/**
 * Composite keys: `<ISO_ALPHA3>|<keyName(name)>`, e.g. `AUS|acme pty ltd` (spec: Composite key).
 * GLO never anchors a key (spec: Global (GLO) scope, rule 4).
 */
import { keyName } from './canonical-name';
import { GLOBAL_SEARCH_SCOPE, isCountryAlpha3 } from './countries';

/** Why a key could not be built; a literal code callers can switch on. */
export type InvalidCompositeKeyReason = 'global_scope' | 'not_a_country' | 'empty_name';

/**
 * Thrown when a composite key is built from GLO, XXX, a country that is not a normalised upper-case
 * ISO alpha-3 code, or a name without letters or digits. Callers validate first; reaching it is a bug.
 */
export class InvalidCompositeKeyError extends Error {
  override readonly name = 'InvalidCompositeKeyError';
  readonly reason: InvalidCompositeKeyReason;
  constructor(reason: InvalidCompositeKeyReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** Separator between the country and the key name; keyName never contains it. */
export const COMPOSITE_KEY_SEPARATOR = '|';

/**
 * Builds `<ISO_ALPHA3>|<keyName(name)>` with the deterministic canonicaliser (no model call, no cache).
 * Throws InvalidCompositeKeyError for GLO or XXX ("Building a key with country GLO or XXX is rejected"),
 * for anything that is not an upper-case assigned alpha-3 code ('aus' included: keys are built from
 * normalised countries) and for a name whose key form is empty.
 */
export function compositeKey(countryIsoAlpha3: string, name: string): string {
  if (countryIsoAlpha3 === GLOBAL_SEARCH_SCOPE) {
    throw new InvalidCompositeKeyError('global_scope', 'A composite key cannot be built for the GLO scope');
  }
  if (!isCountryAlpha3(countryIsoAlpha3)) {
    throw new InvalidCompositeKeyError(
      'not_a_country',
      `A composite key needs an upper-case ISO 3166-1 alpha-3 country, got ${JSON.stringify(countryIsoAlpha3)}`,
    );
  }
  const key = keyName(name);
  if (key === '') {
    throw new InvalidCompositeKeyError('empty_name', `A composite key needs a name with letters or digits, got ${JSON.stringify(name)}`);
  }
  return `${countryIsoAlpha3}${COMPOSITE_KEY_SEPARATOR}${key}`;
}

/**
 * Splits a composite key at its first `|` into the country and the key name; undefined when the country
 * is not an upper-case assigned alpha-3 code (GLO included) or the name part is empty. The name part is
 * returned as stored, so disambiguated keys (spec: search rule 7) survive the round trip.
 */
export function parseCompositeKey(key: string): { countryIsoAlpha3: string; name: string } | undefined {
  const at = key.indexOf(COMPOSITE_KEY_SEPARATOR);
  if (at === -1) return undefined;
  const countryIsoAlpha3 = key.slice(0, at);
  const name = key.slice(at + 1);
  if (!isCountryAlpha3(countryIsoAlpha3) || name.trim() === '') return undefined;
  return { countryIsoAlpha3, name };
}
