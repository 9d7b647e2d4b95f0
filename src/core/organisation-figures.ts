/**
 * The figures an organisation's classification unlocks, as the reads, the figures route, the pages and the
 * API document carry them (one source for the shapes). Amounts are the account's own transactions with the
 * organisation; a transaction is classified for its type when it has an Aquila1 edge for that type.
 */
import { z } from 'zod';
import { PROFILE_STATUS_LABELS } from './profile-status';

export const transactionTotalsSchema = z.object({
  type: z.string(),
  currency: z.string(),
  transactionCount: z.number(),
  totalAmount: z.number(),
  classifiedCount: z.number(),
  classifiedAmount: z.number(),
});

export const sectorAmountSchema = z.object({
  type: z.string(),
  currency: z.string(),
  aquila1Code: z.string(),
  aquila1Name: z.string(),
  /** Sum over classified transactions of amount x the sector's weight. */
  amount: z.number(),
});

export const organisationFiguresSchema = z.object({
  organisationId: z.string(),
  totals: z.array(transactionTotalsSchema),
  sectors: z.array(sectorAmountSchema),
});

export type TransactionTotals = z.infer<typeof transactionTotalsSchema>;
export type SectorAmount = z.infer<typeof sectorAmountSchema>;
export type OrganisationFigures = z.infer<typeof organisationFiguresSchema>;

export const flagCountsSchema = z.object({
  /** Organisations in the account's list. */
  listed: z.number(),
  /** Of those: enrichment settled and no Aquila1 classification (what manual classification fixes). */
  unclassified: z.number(),
  /** Of those: being enriched now (PENDING, "Enriching"). */
  enriching: z.number().describe(`Of those, profile \`PENDING\`: "${PROFILE_STATUS_LABELS.PENDING}"`),
  /** Of those: never enriched (no profile status, "Not enriched"). */
  notEnriched: z.number().describe(`Of those, never enriched (profile status null): "${PROFILE_STATUS_LABELS.NONE}"`),
});
export type FlagCounts = z.infer<typeof flagCountsSchema>;
