/** Whether an address (IPv4, IPv6, bracketed or not) is loopback; 0.0.0.0 counts (it reaches this machine). */
import ipaddr from 'ipaddr.js';

export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return false;
  const parsed = ipaddr.process(bare);
  return parsed.range() === 'loopback' || (parsed.kind() === 'ipv4' && bare === '0.0.0.0');
}
