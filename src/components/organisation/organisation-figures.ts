/**
 * The figures an organisation's classification unlocks, as the pages and the figures route carry them,
 * and their pure derivations. Amounts are the account's own transactions with the organisation; a
 * transaction is classified for its type when it has an Aquila1 edge for that type.
 */
import { z } from 'zod';

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
  /** Of those: enrichment not settled yet. */
  enriching: z.number(),
});
export type FlagCounts = z.infer<typeof flagCountsSchema>;

/** Classified share of the amount, 0..1; null when there is no amount at all. */
export function classifiedShare(totals: Pick<TransactionTotals, 'totalAmount' | 'classifiedAmount'>): number | null {
  if (totals.totalAmount <= 0) return null;
  return Math.min(1, Math.max(0, totals.classifiedAmount / totals.totalAmount));
}

export function formatShare(share: number | null): string {
  return share === null ? 'n/a' : `${(share * 100).toFixed(share === 0 || share === 1 ? 0 : 1)}%`;
}

export function formatWeight(weight: number): string {
  return `${(weight * 100).toFixed(weight === 0 || weight === 1 ? 0 : 1)}%`;
}

export function formatAmount(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-AU', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    return `${amount.toFixed(0)} ${currency}`;
  }
}

const TYPE_LABELS: Record<string, string> = { SPENT: 'Spend', INVESTED: 'Investment', RECEIVED: 'Received' };
export function transactionTypeLabel(type: string): string {
  return TYPE_LABELS[type] ?? type;
}
