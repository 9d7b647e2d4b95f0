/**
 * Response shapes that were TypeScript interfaces only, as zod schemas for the API document. Each is tied to
 * its interface in both directions at compile time (`Same` below), so the document cannot drift from what
 * the route returns.
 */
import { z } from 'zod';
import { aquila1EdgeSchema, aquila2EdgeSchema, naicsTagSchema } from '../../../core/organisation-record';
import type { AddOrganisationNaicsResult } from '../../../server/naics/add-organisation-naics';

export { flagCountsSchema, organisationFiguresSchema } from '../../../core/organisation-figures';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(proof: T): T => proof;

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
