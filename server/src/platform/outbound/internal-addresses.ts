import { BlockList, isIP } from 'node:net';

/**
 * Addresses a fetch made for a caller may not reach: unspecified, loopback, private, CGNAT,
 * link-local, unique-local, multicast and broadcast (IPv4-mapped IPv6 forms included).
 */
const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is internal (see above); anything that is not an IP address counts as internal. */
export function isInternalAddress(address: string): boolean {
  // BlockList matches IPv4-mapped IPv6 addresses (::ffff:7f00:1) against the IPv4 subnets.
  const family = isIP(address);
  if (family === 0) return true;
  return internal.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Decides, for each address a host resolved to, whether a connection there is refused. */
export type AddressPolicy = (address: string) => boolean;

/** The default for fetches made for a caller. */
export const refuseInternal: AddressPolicy = isInternalAddress;

/** For fetches an operator configured (or when OUTBOUND_ALLOW_INTERNAL is set). */
export const refuseNothing: AddressPolicy = () => false;

export const policyFor = (allowInternal: boolean): AddressPolicy => (allowInternal ? refuseNothing : refuseInternal);
