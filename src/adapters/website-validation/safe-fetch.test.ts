import { describe, expect, it } from 'vitest';
import { blockedAddressReason, blockedUrl } from './safe-fetch';

const strict = { allowLoopback: false };

describe('the address rule', () => {
  it('refuses IPv4-compatible IPv6 (::/96), written either way, whatever IPv4 address it embeds', () => {
    for (const address of ['::7f00:1', '::127.0.0.1', '::a00:1', '::a9fe:a9fe', '::808:808', '::8.8.8.8']) {
      expect(blockedAddressReason(address, strict), address).toBeDefined();
      // A test's loopback allowance is for loopback itself, not for an address that merely embeds it.
      expect(blockedAddressReason(address, { allowLoopback: true }), address).toBeDefined();
    }
  });

  it('refuses it as a URL host too (the URL parser turns [::127.0.0.1] into [::7f00:1])', () => {
    for (const url of ['http://[::127.0.0.1]/', 'https://[::7f00:1]/', 'http://[0:0:0:0:0:0:a00:1]/']) {
      expect(blockedUrl(new URL(url), strict), url).toMatchObject({ kind: 'blocked-address' });
    }
  });

  it('refuses the other forms that embed an IPv4 address: mapped, NAT64, 6to4, Teredo, translated', () => {
    for (const address of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::7f00:1',
      '64:ff9b::808:808',
      '64:ff9b:1::a00:1',
      '2002:7f00:1::1',
      '2001::1',
      '::ffff:0:a00:1',
    ]) {
      expect(blockedAddressReason(address, strict), address).toBeDefined();
    }
  });

  it('accepts public addresses, and loopback only when allowed', () => {
    expect(blockedAddressReason('8.8.8.8', strict)).toBeUndefined();
    expect(blockedAddressReason('2606:4700:4700::1111', strict)).toBeUndefined();
    expect(blockedAddressReason('::ffff:8.8.8.8', strict)).toBeUndefined();
    expect(blockedAddressReason('::1', strict)).toBeDefined();
    expect(blockedAddressReason('::1', { allowLoopback: true })).toBeUndefined();
    expect(blockedAddressReason('127.0.0.1', { allowLoopback: true })).toBeUndefined();
    expect(blockedAddressReason('::', { allowLoopback: true })).toBeDefined();
  });
});
