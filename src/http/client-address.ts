/**
 * The address a request comes from, for the sign-in limit. The socket's peer is the client unless that peer is
 * one of TRUSTED_PROXIES: then X-Forwarded-For is read from the right, skipping trusted hops, and the first
 * untrusted hop is the client. A client's own X-Forwarded-For is never believed, so changing it per request
 * no longer buys a fresh bucket, and a malformed hop behind a proxy falls back to the proxy's address (all
 * its clients then share one bucket rather than an attacker choosing one).
 */
import ipaddr from 'ipaddr.js';

/** The request header that carries the address to Better Auth; any value a client sends is replaced. */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** `::ffff:10.0.0.1` and `10.0.0.1` are one address. */
function parseAddress(raw: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const trimmed = raw.trim();
  if (!ipaddr.isValid(trimmed)) return null;
  const address = ipaddr.parse(trimmed);
  return address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress() ? address.toIPv4Address() : address;
}

/** A trusted proxy entry: one address or a CIDR range. Throws on anything else (env.ts reports it). */
export function parseTrustedProxyOrThrow(entry: string): Range {
  const trimmed = entry.trim();
  if (trimmed.includes('/')) return ipaddr.parseCIDR(trimmed);
  const address = parseAddress(trimmed);
  if (!address) throw new Error(`not an IP address or CIDR range: ${entry}`);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

function isTrusted(address: ipaddr.IPv4 | ipaddr.IPv6, trusted: readonly Range[]): boolean {
  return trusted.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
}

export interface ClientAddressInput {
  /** `socket.remoteAddress`; undefined once the socket is gone. */
  socketAddress: string | undefined;
  /** The raw X-Forwarded-For header(s), as Node gives them. */
  forwardedFor: string | string[] | undefined;
  trustedProxies: readonly string[];
}

/** The client's address in canonical form, or null when the socket has none. */
export function clientAddress({ socketAddress, forwardedFor, trustedProxies }: ClientAddressInput): string | null {
  const peer = socketAddress === undefined ? null : parseAddress(socketAddress);
  if (!peer) return null;
  const trusted = trustedProxies.map(parseTrustedProxyOrThrow);
  if (!isTrusted(peer, trusted)) return peer.toNormalizedString();
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '')).split(',').filter((hop) => hop.trim() !== '');
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = parseAddress(hops[i] ?? '');
    if (!hop) return peer.toNormalizedString();
    if (!isTrusted(hop, trusted)) return hop.toNormalizedString();
  }
  return peer.toNormalizedString();
}
