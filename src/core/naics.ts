/**
 * NAICS codes (North American Industry Classification System, 2017 edition as loaded by the seed).
 * Users pick only leaf codes: level 5, six digits. Levels: 2-digit sector = 1, subsector = 2,
 * industry group = 3, NAICS industry = 4, six-digit national industry = 5 (the leaves).
 */
import { z } from 'zod';
import { ValidationError } from './errors';

export const NAICS_LEAF_LEVEL = 5;
export const NAICS_CODE_PATTERN = /^\d{6}$/;
export const NAICS_CODE_MESSAGE = 'A NAICS code is exactly six digits';

declare const naicsCodeBrand: unique symbol;
/** A code that passed the six-digit format check. */
export type NaicsCode = string & { readonly [naicsCodeBrand]: true };

export const naicsCodeSchema = z
  .string()
  .regex(NAICS_CODE_PATTERN, NAICS_CODE_MESSAGE)
  .transform((code) => code as NaicsCode);

export function isNaicsCode(value: unknown): value is NaicsCode {
  return typeof value === 'string' && NAICS_CODE_PATTERN.test(value);
}

/** Re-validates a code (the use case does this itself, whatever its caller checked). */
export function parseNaicsCodeOrThrow(value: unknown, field = 'naicsCode'): NaicsCode {
  if (isNaicsCode(value)) return value;
  throw new ValidationError([{ field, rule: 'invalid_format', message: NAICS_CODE_MESSAGE }]);
}

/**
 * Level of a code of any length: '11' or '31-33' (sector) = 1 ... '111110' = 5. Undefined for anything else.
 */
export function naicsLevelOfCode(code: string): number | undefined {
  if (/^\d{2}-\d{2}$/.test(code)) return 1;
  if (!/^\d{2,6}$/.test(code)) return undefined;
  return code.length - 1;
}

/**
 * The published titles carry layout debris: trailing spaces and, above the leaves, a trailing "T"
 * (the Census footnote marker for "United States, Canada and Mexico industries"). Removes both.
 */
export function cleanNaicsTitle(title: string): string {
  return title
    .trim()
    .replace(/(?<=[a-z)])T$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The typeahead item. */
export const naicsSearchResultSchema = z.object({
  name: z.string(),
  code: z.string(),
  /** The official index entry the term matched, when the title does not hold the term's words ("Fasteners (e.g., ...)"). */
  matchedPhrase: z.string().optional(),
});
export type NaicsSearchResult = z.infer<typeof naicsSearchResultSchema>;

export const NAICS_TERM_MIN_LENGTH = 2;
export const NAICS_TERM_MAX_LENGTH = 200;

/** The transaction types that carry a basket. RECEIVED is reserved and never populated. */
export const BASKET_TYPES = ['SPENT', 'INVESTED'] as const;
export type BasketType = (typeof BASKET_TYPES)[number];
export const basketTypeSchema = z.enum(BASKET_TYPES);
