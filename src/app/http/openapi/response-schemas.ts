/**
 * Response shapes that were TypeScript interfaces only, as zod schemas for the API document. Each is tied to
 * its interface in both directions at compile time (`Same` below), so the document cannot drift from what
 * the route returns.
 */
import { z } from 'zod';
import type { ErrorCode } from '../../../core/errors';
import { aquila1EdgeSchema, aquila2EdgeSchema, naicsTagSchema } from '../../../core/organisation-record';
import type { AddOrganisationNaicsResult } from '../../../server/naics/add-organisation-naics';
import type { ErrorBody } from '../error-response';

export { flagCountsSchema, organisationFiguresSchema } from '../../../core/organisation-figures';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(proof: T): T => proof;

const ERROR_CODES = [
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
same<Same<(typeof ERROR_CODES)[number], ErrorCode | 'internal'>>(true);

export const errorBodySchema = z.object({
  error: z.string().describe('A safe message for people; never internal details'),
  code: z.enum(ERROR_CODES),
  issues: z
    .array(z.object({ field: z.string().describe('Dotted path, "" for the whole body'), rule: z.string(), message: z.string() }))
    .optional()
    .describe('Only with validation_failed: each field and the rule it broke'),
});
same<Same<z.infer<typeof errorBodySchema>, ErrorBody>>(true);

/** What `POST /api/organisations/{id}/naics` answers: the add result's public part. */
export const naicsAddResultSchema = z.object({
  organisationId: z.string(),
  aquila1Synced: z.boolean(),
  transactionsClassified: z.number().int(),
  naics: z.array(naicsTagSchema),
  aquila1: z.array(aquila1EdgeSchema),
  aquila2: z.array(aquila2EdgeSchema),
});
same<Same<z.infer<typeof naicsAddResultSchema>, Pick<AddOrganisationNaicsResult, keyof z.infer<typeof naicsAddResultSchema>>>>(true);

export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
