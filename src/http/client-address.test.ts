import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustedProxyOrThrow } from './client-address';

describe('clientAddress', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress({ socketAddress: '203.0.113.7', forwardedFor: '198.51.100.1', trustedProxies: [] })).toBe('203.0.113.7');
    expect(clientAddress({ socketAddress: '::ffff:203.0.113.7', forwardedFor: undefined, trustedProxies: [] })).toBe('203.0.113.7');
  });

  it('is the socket peer when the peer is not one of the trusted proxies', () => {
    expect(clientAddress({ socketAddress: '203.0.113.7', forwardedFor: '198.51.100.1', trustedProxies: ['10.0.0.0/8'] })).toBe('203.0.113.7');
  });

  it('behind a trusted proxy, is the first untrusted hop from the right (a client-sent prefix is ignored)', () => {
    const trustedProxies = ['10.0.0.0/8', '192.0.2.1'];
    expect(clientAddress({ socketAddress: '10.1.2.3', forwardedFor: '198.51.100.1', trustedProxies })).toBe('198.51.100.1');
    expect(clientAddress({ socketAddress: '10.1.2.3', forwardedFor: '1.1.1.1, 198.51.100.1, 192.0.2.1', trustedProxies })).toBe('198.51.100.1');
    expect(clientAddress({ socketAddress: '::ffff:10.1.2.3', forwardedFor: ['1.1.1.1', '198.51.100.1'], trustedProxies })).toBe('198.51.100.1');
  });

  it('behind a trusted proxy, falls back to the proxy for a missing or malformed chain', () => {
    const trustedProxies = ['10.0.0.0/8'];
    expect(clientAddress({ socketAddress: '10.1.2.3', forwardedFor: undefined, trustedProxies })).toBe('10.1.2.3');
    expect(clientAddress({ socketAddress: '10.1.2.3', forwardedFor: 'not-an-ip', trustedProxies })).toBe('10.1.2.3');
    expect(clientAddress({ socketAddress: '10.1.2.3', forwardedFor: '10.9.9.9', trustedProxies })).toBe('10.1.2.3');
  });

  it('handles IPv6 peers and ranges', () => {
    expect(clientAddress({ socketAddress: '2001:db8::1', forwardedFor: '2001:db8:ffff::9', trustedProxies: ['2001:db8::/64'] })).toBe(
      '2001:db8:ffff:0:0:0:0:9',
    );
    expect(clientAddress({ socketAddress: undefined, forwardedFor: '198.51.100.1', trustedProxies: [] })).toBeNull();
  });
});

describe('parseTrustedProxyOrThrow', () => {
  it('takes addresses and CIDR ranges and refuses anything else', () => {
    expect(parseTrustedProxyOrThrow('10.0.0.0/8')[1]).toBe(8);
    expect(parseTrustedProxyOrThrow('192.0.2.1')[1]).toBe(32);
    expect(parseTrustedProxyOrThrow('::1')[1]).toBe(128);
    expect(() => parseTrustedProxyOrThrow('proxy.example')).toThrow();
    expect(() => parseTrustedProxyOrThrow('10.0.0.0/99')).toThrow();
  });
});
