import { describe, expect, it } from 'vitest';
import { disablingWindowInWords, webhookDisabledReason } from './webhooks';

describe('the disabling window in words', () => {
  it('says hours for WEBHOOK_DISABLE_AFTER_HOURS of an hour or more, minutes or seconds for a fraction (tests, demos)', () => {
    expect(disablingWindowInWords(24)).toBe('24 hours');
    expect(disablingWindowInWords(1)).toBe('1 hour');
    expect(disablingWindowInWords(1.5)).toBe('1.5 hours');
    expect(disablingWindowInWords(0.5)).toBe('30 minutes');
    expect(disablingWindowInWords(0.002)).toBe('7 seconds');
    expect(disablingWindowInWords(0.0002)).toBe('1 second');
  });

  it('the reason names the window, since when, and what to do', () => {
    expect(webhookDisabledReason(24, new Date('2026-12-01T06:00:00Z'))).toBe(
      'Every delivery attempt failed for 24 hours (since 2026-12-01T06:00:00.000Z); replay a delivery to enable it again',
    );
  });
});
