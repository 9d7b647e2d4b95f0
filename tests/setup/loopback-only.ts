/**
 * Every test process: a connection to a host that is not loopback fails the test that made it. Tests run
 * the real adapters against contract fakes on 127.0.0.1; a request that leaves the machine means a fake
 * was not wired (or an adapter ignored its base URL). Unix sockets are allowed; a host name is allowed only
 * when it resolves to loopback (the website validator's fakes resolve their domains that way).
 *
 * The browser tests load it into the product they start too (`node --import`), with `LOOPBACK_GUARD_LOG` naming a
 * file: there a refused connection is a provider failure inside the product, so it is also written to that file,
 * which the browser tests' guard (tests/e2e/support/outbound-guard.ts) reads after every test.
 */
import dns from 'node:dns';
import fs from 'node:fs';
import net from 'node:net';
import { isLoopbackAddress } from './loopback-address';

export class OutboundConnectionError extends Error {
  override readonly name = 'OutboundConnectionError';
}

type LookupCallback = (error: Error | null, address: string | { address: string }[], family?: number) => void;
type Lookup = (hostname: string, options: object, callback: LookupCallback) => void;

/** The refusal as an error, also appended to `LOOPBACK_GUARD_LOG` when the process was given one. */
function refusal(message: string): OutboundConnectionError {
  const log = process.env.LOOPBACK_GUARD_LOG;
  if (log) fs.appendFileSync(log, `${message}\n`);
  return new OutboundConnectionError(message);
}

function refuse(host: string): never {
  throw refusal(`test tried to connect to ${host}: only loopback hosts are reachable from tests`);
}

/** A lookup that refuses any answer outside loopback. */
function guardedLookup(lookup: Lookup): Lookup {
  return (hostname, options, callback) =>
    lookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses = Array.isArray(address) ? address.map((a) => a.address) : [address];
      const outside = addresses.find((a) => !isLoopbackAddress(a));
      if (outside !== undefined)
        return callback(refusal(`test tried to connect to ${hostname} (${outside}): only loopback hosts are reachable from tests`), address, family);
      callback(null, address, family);
    });
}

/**
 * The unguarded connect, kept across evaluations: the fast tier runs its files in one worker without isolation, where
 * vitest evaluates this setup file again before each file; each evaluation then replaces the guard instead of wrapping it.
 */
const UNGUARDED_CONNECT = Symbol.for('organisation-search.tests.unguardedConnect');
const kept = globalThis as { [UNGUARDED_CONNECT]?: typeof net.Socket.prototype.connect };
const originalConnect = (kept[UNGUARDED_CONNECT] ??= net.Socket.prototype.connect);

/** The options object of a connect call: net.connect passes `[options, callback]` (normalised), others pass it directly. */
function guardOptions(options: net.TcpSocketConnectOpts & { path?: string | null; lookup?: Lookup }): object {
  if (typeof options.path === 'string') return options; // a unix socket
  const host = options.host ?? 'localhost';
  if (isLoopbackAddress(host) || host === 'localhost') return options;
  if (net.isIP(host.replace(/^\[|\]$/g, ''))) refuse(host);
  return { ...options, lookup: guardedLookup(options.lookup ?? (dns.lookup as unknown as Lookup)) };
}

net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
  const [first] = args;
  if (Array.isArray(first) && typeof first[0] === 'object' && first[0] !== null) {
    first[0] = guardOptions(first[0] as net.TcpSocketConnectOpts); // keeps the array's normalised marker
  } else if (typeof first === 'object' && first !== null) {
    args[0] = guardOptions(first as net.TcpSocketConnectOpts);
  } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    const host = typeof args[1] === 'string' ? args[1] : 'localhost';
    if (!isLoopbackAddress(host) && host !== 'localhost') refuse(host);
  }
  return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;
