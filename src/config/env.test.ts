import { describe, expect, it } from 'vitest';
import { InvalidEnvironmentError, parseEnvOrThrow } from './env';

describe('TRUSTED_PROXIES', () => {
  it('is empty by default: no X-Forwarded-For is believed', () => {
    expect(parseEnvOrThrow({}).TRUSTED_PROXIES).toEqual([]);
    expect(parseEnvOrThrow({ TRUSTED_PROXIES: '  ' }).TRUSTED_PROXIES).toEqual([]);
  });

  it('takes a comma-separated list of addresses and CIDR ranges', () => {
    expect(parseEnvOrThrow({ TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.1,::1' }).TRUSTED_PROXIES).toEqual(['10.0.0.0/8', '192.0.2.1', '::1']);
  });

  it('refuses anything else', () => {
    expect(() => parseEnvOrThrow({ TRUSTED_PROXIES: 'proxy.internal' })).toThrow(InvalidEnvironmentError);
    expect(() => parseEnvOrThrow({ TRUSTED_PROXIES: '10.0.0.0/40' })).toThrow(/TRUSTED_PROXIES/);
  });
});

describe('re-enrichment limits', () => {
  it('default to 30 requests per account per hour and a week before a fresh global profile may be re-run', () => {
    expect(parseEnvOrThrow({})).toMatchObject({ REENRICH_RATE_LIMIT_PER_HOUR: 30, REENRICH_GLOBAL_MIN_AGE_HOURS: 168 });
    expect(parseEnvOrThrow({ REENRICH_RATE_LIMIT_PER_HOUR: '5', REENRICH_GLOBAL_MIN_AGE_HOURS: '0' })).toMatchObject({
      REENRICH_RATE_LIMIT_PER_HOUR: 5,
      REENRICH_GLOBAL_MIN_AGE_HOURS: 0,
    });
  });

  it('refuses values that are not whole numbers in range', () => {
    expect(() => parseEnvOrThrow({ REENRICH_RATE_LIMIT_PER_HOUR: '0' })).toThrow(/REENRICH_RATE_LIMIT_PER_HOUR/);
    expect(() => parseEnvOrThrow({ REENRICH_GLOBAL_MIN_AGE_HOURS: '1.5' })).toThrow(/REENRICH_GLOBAL_MIN_AGE_HOURS/);
  });
});
