import { lookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Addresses a webhook may not reach unless WebhookInternalAddressEnabled: loopback, private, link-local, unspecified. */
const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** Whether an IP address is loopback, private, link-local or unspecified (IPv4-mapped IPv6 included). */
export function isInternalAddress(address: string): boolean {
  const mapped = MAPPED_IPV4.exec(address)?.[1];
  if (mapped) return internal.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return false;
  return internal.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class InternalTargetError extends Error {
  constructor(host: string) {
    super(`webhook target ${host} resolves to an internal address; refused (WebhookInternalAddressEnabled allows it)`);
  }
}

/**
 * A DNS lookup for the webhook's connections that refuses internal answers. Checking at connect
 * time (not before) means a name that changes its answer between check and use is still caught.
 */
export const externalOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => isInternalAddress(entry.address));
    if (refused || addresses.length === 0) return callback(new InternalTargetError(hostname), '', 0);
    if (options.all) return (callback as unknown as (error: null, all: typeof addresses) => void)(null, addresses);
    const [first] = addresses;
    callback(null, first!.address, first!.family);
  });
};

/** Refuses a URL whose host is itself an internal IP literal (connections to literals skip DNS). */
export function assertExternalLiteral(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isInternalAddress(host)) throw new InternalTargetError(host);
}
