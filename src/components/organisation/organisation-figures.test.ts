import { describe, expect, it } from 'vitest';
import { classifiedShare, formatAmount, formatShare, formatWeight, transactionTypeLabel } from './organisation-figures';

describe('organisation figures', () => {
  it('computes the classified share, null without any amount', () => {
    expect(classifiedShare({ totalAmount: 200, classifiedAmount: 50 })).toBe(0.25);
    expect(classifiedShare({ totalAmount: 0, classifiedAmount: 0 })).toBeNull();
    expect(classifiedShare({ totalAmount: 100, classifiedAmount: 100.0001 })).toBe(1);
  });

  it('formats shares, weights, amounts and type labels', () => {
    expect(formatShare(null)).toBe('n/a');
    expect(formatShare(0)).toBe('0%');
    expect(formatShare(1)).toBe('100%');
    expect(formatShare(0.3333)).toBe('33.3%');
    expect(formatWeight(0.5)).toBe('50.0%');
    expect(formatAmount(1234.4, 'AUD')).toMatch(/1,234/);
    expect(formatAmount(10, 'NOT-A-CURRENCY')).toBe('10 NOT-A-CURRENCY');
    expect(transactionTypeLabel('SPENT')).toBe('Spend');
    expect(transactionTypeLabel('OTHER')).toBe('OTHER');
  });
});
