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
