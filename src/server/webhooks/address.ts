// Where a webhook may go: public addresses only, unless the operator allows private ones
// (WEBHOOK_ALLOW_PRIVATE=true). A hostname is resolved and every address it has is checked, at
// saving and again when sending — the connection then uses an address that was checked, so a name
// that resolves elsewhere between the check and the call (DNS rebinding) gains nothing.
import dns from 'node:dns';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

const PRIVATE = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  PRIVATE.addSubnet(prefix, bits, 'ipv6');

/** Loopback, private, link-local, carrier-grade NAT, multicast or reserved. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]);
  const family = net.isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATE';
  constructor(hostname: string) {
    super(`${hostname} resolves to a private or loopback address`);
    this.name = 'PrivateAddressError';
  }
}

/** Every address of the hostname (an IP literal is its own). */
export async function addressesOf(hostname: string): Promise<string[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(bare)) return [bare];
  const found = await dns.promises.lookup(bare, { all: true, verbatim: true });
  return found.map((entry) => entry.address);
}

/** Whether the URL's host has an address that is not public (unknown hosts count as public). */
export async function pointsToPrivateNetwork(url: string): Promise<boolean> {
  let addresses: string[];
  try {
    addresses = await addressesOf(new URL(url).hostname);
  } catch {
    return false;
  }
  return addresses.some(isPrivateAddress);
}

/**
 * The refusal for a URL whose host is a private IP literal (unless private addresses are allowed),
 * or null: a literal is never looked up, so checkedLookup's check would not run for it.
 */
export function privateLiteralError(url: URL, allowPrivate: boolean): PrivateAddressError | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return net.isIP(host) && !allowPrivate && isPrivateAddress(host)
    ? new PrivateAddressError(host)
    : null;
}

/** How names are resolved: the system's resolver, or another one (a test's, a closed network's). */
export type Resolve = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, found: dns.LookupAddress[]) => void,
) => void;

/** A `lookup` for http.request that refuses hostnames with any private address. */
export function checkedLookup(
  allowPrivate: boolean,
  resolve: Resolve = dns.lookup,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true, verbatim: true }, (error, found) => {
      if (error) return callback(error, '', 4);
      const addresses = found as dns.LookupAddress[];
      if (!allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address)))
        return callback(new PrivateAddressError(hostname), '', 4);
      if (options.all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address`), '', 4);
      return callback(null, first.address, first.family);
    });
  };
}
