/**
 * Pure derivations and formats of the figures an organisation's classification unlocks (the shapes live in
 * src/core/organisation-figures.ts).
 */
import type { TransactionTotals } from '../../core/organisation-figures';

export { flagCountsSchema, organisationFiguresSchema, type FlagCounts, type OrganisationFigures } from '../../core/organisation-figures';

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
